"""What each of Suma's tools does, through the services and selectors of its layer.

Every handler reads with the caller's access (the selectors apply the visibility rule and the
areas; the knowledge and memory reads also run under row-level security) and returns plain
dicts that carry provenance, so the reply can cite them.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import asdict
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from assistant.tools import Tool, ToolContext
from knowledge.selectors import FactValue, rates_in_force, saber
from learning.recordar import recordar
from memory.selectors import memory_latest_for, payment_term_for
from search.tools import buscar, consultar, cuenta_bancaria, recuperar
from sumalos.invoicing.figures import (
    Period,
    document_by_number,
    expense_figure,
    invoiced_figure,
    invoices_due,
    invoices_matching,
    pending_invoices,
    quotes_matching,
    withholding_usual,
)
from sumalos.invoicing.models import Contact, Invoice, Quote
from sumalos.invoicing.selectors import (
    contact_find,
    invoiced_total,
    outstanding_for_contact,
    visible,
)
from sumalos.invoicing.services import LineInput, invoice_draft_create, quote_draft_create
from sumalos.platform.text import fold
from sumalos.rls.assistant import as_assistant
from sumalos.taxes.warnings import tax_rate_warnings

RECORD_SOURCE = "ficha del contacto"
# Memory attributes about a contact (learning's vocabulary).
PAYMENT_METHOD_ATTRIBUTE = "metodo_pago"
CONTACT_PERSON_ATTRIBUTE = "persona_contacto"


def _organization(context: ToolContext) -> int:
    if len(context.access.organization_ids) != 1:
        raise ValidationError("Elige primero una organización.")
    return context.access.organization_ids[0]


def contact_match(context: ToolContext, name: str, *, kind: str | None = None) -> Contact:
    """The readable contact meant by ``name``, or a Spanish refusal."""
    organization_id = _organization(context)
    contact = contact_find(
        access=context.access, organization_id=organization_id, name=name, kind=kind
    )
    if contact is None:
        raise ValidationError(f"No encuentro ningún contacto parecido a «{name}».")
    return contact


def payment_terms_for(context: ToolContext, contact: Contact) -> tuple[int, str]:
    """Days to pay and where they came from: memory, then the contact's field (DESIGN §8)."""
    with as_assistant(context.access):
        term = payment_term_for(access=context.access, contact=contact)
    if term.memory is not None:
        return term.days, f"memoria: «{term.memory.text}»"
    return term.days, RECORD_SOURCE


def _amount(value: Any) -> Decimal:
    try:
        amount = Decimal(str(value).replace(",", "."))
    except InvalidOperation as error:
        raise ValidationError("El importe no es un número.") from error
    if amount < 0:
        raise ValidationError("El importe no puede ser negativo.")
    return amount


def _date(value: Any) -> datetime.date:
    if not value:
        return timezone.localdate()
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError as error:
        raise ValidationError("La fecha debe ir en formato AAAA-MM-DD.") from error


def _line(args: dict[str, Any]) -> LineInput:
    """The one line a spoken request names: concept, amount, optional quantity."""
    return LineInput(
        description=str(args["concepto"]).strip().capitalize(),
        quantity=_amount(args.get("cantidad") or 1),
        unit_price=_amount(args["importe"]),
    )


def _preview(document: Invoice | Quote, *, kind: str, extra: dict[str, Any]) -> dict[str, Any]:
    lines = [
        {
            "concepto": line.description,
            "cantidad": str(line.quantity.normalize()),
            "precio": str(line.unit_price),
            "iva": str(line.vat_rate.normalize()),
            "retencion": str(line.withholding_rate.normalize()),
        }
        for line in document.lines.all()
    ]
    url_name = "invoice_detail" if kind == "factura" else "quote_detail"
    return {
        "tipo": kind,
        "id": document.pk,
        "estado": "borrador (sin emitir: confírmalo antes de emitir)",
        "cliente": document.contact.name,
        "fecha": document.issue_date.isoformat(),
        "lineas": lines,
        "base": str(document.subtotal),
        "iva": str(document.vat_total),
        "retencion": str(document.withholding_total),
        "total": str(document.total),
        "avisos": tax_rate_warnings(document),
        "fuente": {"tipo": kind, "enlace": reverse(f"invoicing:{url_name}", args=[document.pk])},
        **extra,
    }


def crear_borrador_factura(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    contact = contact_match(context, str(args["cliente"]), kind=Contact.Kind.CUSTOMER)
    days, terms_source = payment_terms_for(context, contact)
    withholding = args.get("retencion")
    if withholding is None:
        withholding = withholding_usual(
            access=context.access, organization_id=contact.organization_id, contact=contact
        )
    invoice = invoice_draft_create(
        access=context.access,
        contact=contact,
        issue_date=_date(args.get("fecha")),
        lines=[_line(args)],
        payment_terms_days=days,
        apply_withholding=bool(withholding),
    )
    preview = _preview(
        invoice,
        kind="factura",
        extra={
            "vencimiento": invoice.due_date.isoformat(),
            "plazo_dias": days,
            "plazo_fuente": terms_source,
        },
    )
    context.drafts.append(preview)
    return preview


def crear_presupuesto(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    contact = contact_match(context, str(args["cliente"]), kind=Contact.Kind.CUSTOMER)
    quote = quote_draft_create(
        access=context.access,
        contact=contact,
        issue_date=_date(args.get("fecha")),
        lines=[_line(args)],
    )
    preview = _preview(
        quote,
        kind="presupuesto",
        extra={"valido_hasta": quote.valid_until.isoformat() if quote.valid_until else None},
    )
    context.drafts.append(preview)
    return preview


def _fact_row(fact: FactValue) -> dict[str, Any]:
    return {
        "clave": fact.key,
        "nombre": fact.label,
        "valor": fact.value,
        "unidad": fact.unit,
        "vigente_desde": fact.valid_from.isoformat() if fact.valid_from else None,
        "vigente_hasta": fact.valid_to.isoformat() if fact.valid_to else None,
        "fuente": asdict(fact.source) if fact.source else None,
    }


def saber_tool(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    on = _date(args.get("fecha")) if args.get("fecha") else context.today
    knowledge = saber(query=str(args["pregunta"]), access=context.access, date=on)
    result: dict[str, Any] = {
        "fecha": knowledge.on.isoformat(),
        "datos": [_fact_row(fact) for fact in knowledge.facts],
        "pasajes": [
            {
                "articulo": passage.entry,
                "titulo": passage.title,
                "encabezado": passage.heading,
                "texto": passage.text,
                "fuentes": [asdict(source) for source in passage.sources],
            }
            for passage in knowledge.passages
        ],
    }
    if args.get("porcentaje") not in (None, ""):
        # "un 5,2 de más, ¿eso qué es?": the percentages in force with that value.
        asked = _amount(args["porcentaje"])
        result["porcentajes"] = [
            _fact_row(fact)
            for fact in rates_in_force(access=context.access, on=knowledge.on)
            if _amount(fact.value) == asked
        ]
    return result


def recordar_tool(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    results = recordar(
        access=context.access,
        text=str(args["texto"]),
        organization_id=_organization(context) if context.access.organization_ids else None,
        temporary=context.temporary,
        requested_visibility=args.get("ambito"),
    )
    refused = [r.reason for r in results if r.refused]
    saved = [r for r in results if r.memory is not None and not r.refused]
    if not saved:
        return {"error": " ".join(refused) or "No he encontrado nada que guardar."}
    return {
        "guardado": [r.memory.text for r in saved if r.memory is not None],
        "explicacion": " ".join(r.reason for r in saved if r.reason),
    }


def facturado_en(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    today = context.today or timezone.localdate()
    month = int(args["mes"])
    year = int(args.get("anio") or (today.year if month <= today.month else today.year - 1))
    if not 1 <= month <= 12:
        raise ValidationError("El mes debe estar entre 1 y 12.")
    total = invoiced_total(
        access=context.access, organization_id=_organization(context), year=year, month=month
    )
    return {
        "mes": month,
        "anio": year,
        "total": str(total),
        "fuente": {"tipo": "facturas emitidas", "enlace": reverse("invoicing:invoice_list")},
    }


def pendiente_de(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    contact = contact_match(context, str(args["cliente"]), kind=Contact.Kind.CUSTOMER)
    return {
        "cliente": contact.name,
        "pendiente": str(outstanding_for_contact(access=context.access, contact=contact)),
        "fuente": {
            "tipo": "facturas emitidas sin cobrar",
            "enlace": reverse("invoicing:contact_detail", args=[contact.pk]),
        },
    }


def _ledger_conversation(context: ToolContext) -> str | None:
    """Where the ledger records what a tool showed; nowhere in a temporary conversation."""
    return None if context.temporary else context.conversation_id


def buscar_tool(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    return buscar(
        access=context.access,
        query=str(args["consulta"]),
        today=context.today,
        conversation_id=_ledger_conversation(context),
        turn=context.turn,
    )


def consultar_tool(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    return consultar(
        access=context.access,
        kind=str(args["tipo"]),
        id=int(args["id"]),
        conversation_id=_ledger_conversation(context),
        turn=context.turn,
    )


def cuenta_bancaria_tool(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    contact = contact_match(context, str(args["contacto"]))
    return cuenta_bancaria(
        access=context.access,
        contact_id=contact.pk,
        conversation_id=context.conversation_id,
        turn=context.turn,
    )


def recuperar_tool(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    before = args.get("antes_de")
    return recuperar(
        access=context.access,
        conversation_id=context.conversation_id,
        limit=min(int(args.get("cuantos") or 20), 50),
        before_id=int(before) if before else None,
        turn=context.turn,
    )


def _today(context: ToolContext) -> datetime.date:
    return context.today or timezone.localdate()


def _period(args: dict[str, Any]) -> Period | None:
    if not args.get("desde") and not args.get("hasta"):
        return None
    start = datetime.date.fromisoformat(str(args.get("desde") or "2000-01-01"))
    end = datetime.date.fromisoformat(str(args.get("hasta") or "2999-12-31"))
    if end < start:
        raise ValidationError("El periodo termina antes de empezar.")
    return start, end


def _words(value: Any) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(str(value or "")))


def _customer(context: ToolContext, name: str) -> Contact:
    """A customer by name: through the contacts area, or as named on a readable invoice."""
    organization_id = _organization(context)
    contact = contact_find(
        access=context.access,
        organization_id=organization_id,
        name=name,
        kind=Contact.Kind.CUSTOMER,
    )
    if contact is None:
        invoice = (
            visible(context.access, Invoice)
            .filter(organization_id=organization_id, contact__name__unaccent__icontains=name)
            .select_related("contact")
            .first()
        )
        contact = invoice.contact if invoice is not None else None
    if contact is None:
        raise ValidationError(f"No encuentro ningún cliente parecido a «{name}».")
    return contact


def _invoice_row(invoice: Invoice) -> dict[str, Any]:
    return {
        "numero": invoice.number,
        "cliente": invoice.contact.name,
        "fecha": invoice.issue_date.isoformat(),
        "vencimiento": invoice.due_date.isoformat(),
        "cobrada_el": invoice.paid_at.isoformat() if invoice.paid_at else None,
        "base": str(invoice.subtotal),
        "total": str(invoice.total),
        "enlace": reverse("invoicing:invoice_detail", args=[invoice.pk]),
    }


INVOICES_SOURCE = "facturas emitidas"
EXPENSES_SOURCE = "gastos"
# Up to this many invoices behind a figure are listed by number.
FEW = 3


def facturado(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    organization_id = _organization(context)
    contact = _customer(context, str(args["cliente"])) if args.get("cliente") else None
    base = bool(args.get("sin_iva"))
    figure = invoiced_figure(
        access=context.access,
        organization_id=organization_id,
        period=_period(args),
        contact_id=contact.pk if contact else None,
        concept=_words(args.get("concepto")),
        base=base,
    )
    link = (
        reverse("invoicing:contact_detail", args=[contact.pk])
        if contact
        else reverse("invoicing:invoice_list")
    )
    return {
        "total": str(figure.total),
        "sin_iva": base,
        "base_imponible": str(figure.base),
        "total_con_iva": str(figure.with_vat),
        "iva_repercutido": str(figure.vat),
        "retencion_irpf": str(figure.withholding),
        "facturas": figure.count,
        "numeros": [_invoice_row(d) for d in figure.documents] if figure.count <= FEW else [],
        "cliente": contact.name if contact else None,
        "fuente": {"tipo": INVOICES_SOURCE, "enlace": link},
    }


def gastado(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    base = bool(args.get("sin_iva"))
    figure = expense_figure(
        access=context.access,
        organization_id=_organization(context),
        period=_period(args),
        words=_words(args.get("concepto")),
        supplier=str(args.get("proveedor") or ""),
        base=base,
    )
    return {
        "total": str(figure.total),
        "sin_iva": base,
        "base_imponible": str(figure.base),
        "total_con_iva": str(figure.with_vat),
        "iva_soportado": str(figure.vat),
        "gastos": figure.count,
        "fuente": {"tipo": EXPENSES_SOURCE, "enlace": reverse("invoicing:expense_list")},
    }


def impuestos(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """VAT charged and IRPF withheld on issued invoices, and VAT paid on expenses, by period.

    A side the caller may not read comes back as ``None`` with the refusal, never as zero.
    """
    organization_id = _organization(context)
    period = _period(args)
    contact = _customer(context, str(args["cliente"])) if args.get("cliente") else None
    result: dict[str, Any] = {"cliente": contact.name if contact else None, "avisos": []}
    try:
        sold = invoiced_figure(
            access=context.access,
            organization_id=organization_id,
            period=period,
            contact_id=contact.pk if contact else None,
        )
        result |= {
            "base_facturada": str(sold.base),
            "iva_repercutido": str(sold.vat),
            "retencion_irpf": str(sold.withholding),
            "facturas": sold.count,
            "fuente": {"tipo": INVOICES_SOURCE, "enlace": reverse("invoicing:invoice_list")},
        }
    except PermissionDenied as refusal:
        result |= {"iva_repercutido": None, "retencion_irpf": None}
        result["avisos"].append(str(refusal.args[0]))
    try:
        bought = expense_figure(
            access=context.access, organization_id=organization_id, period=period
        )
        result |= {
            "base_gastos": str(bought.base),
            "iva_soportado": str(bought.vat),
            "gastos": bought.count,
        }
        result.setdefault(
            "fuente", {"tipo": EXPENSES_SOURCE, "enlace": reverse("invoicing:expense_list")}
        )
    except PermissionDenied as refusal:
        result["iva_soportado"] = None
        result["avisos"].append(str(refusal.args[0]))
    if result["iva_repercutido"] is None and result["iva_soportado"] is None:
        raise PermissionDenied(" ".join(result["avisos"]))
    return result


def facturas_pendientes(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    contact = _customer(context, str(args["cliente"])) if args.get("cliente") else None
    figure = pending_invoices(
        access=context.access,
        organization_id=_organization(context),
        contact_id=contact.pk if contact else None,
        overdue_on=_today(context) if args.get("solo_vencidas") else None,
        period=_period(args),
    )
    link = (
        reverse("invoicing:contact_detail", args=[contact.pk])
        if contact
        else reverse("invoicing:invoice_list") + "?estado=issued"
    )
    return {
        "cliente": contact.name if contact else None,
        "total": str(figure.total),
        "cuantas": figure.count,
        "facturas": [_invoice_row(invoice) for invoice in figure.documents],
        "hoy": _today(context).isoformat(),
        "fuente": {"tipo": "facturas emitidas sin cobrar", "enlace": link},
    }


def vencimientos(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    period = _period(args)
    if period is None:
        raise ValidationError("Dime de qué periodo quieres los vencimientos.")
    figure = invoices_due(
        access=context.access, organization_id=_organization(context), period=period
    )
    return {
        "total": str(figure.total),
        "facturas": [_invoice_row(invoice) for invoice in figure.documents],
        "fuente": {
            "tipo": "facturas emitidas sin cobrar",
            "enlace": reverse("invoicing:invoice_list"),
        },
    }


def documento(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """One invoice or quote by its number: amounts, dates and whether it was paid."""
    number = str(args["numero"]).strip().upper()
    document = document_by_number(
        access=context.access, organization_id=_organization(context), number=number
    )
    if document is None:
        raise ValidationError(f"No encuentro ningún documento con el número {number}.")
    if isinstance(document, Invoice):
        return {
            "tipo": "factura",
            "estado": document.get_status_display(),
            **_invoice_row(document),
            "iva": str(document.vat_total),
            "retencion": str(document.withholding_total),
            "fuente": {
                "tipo": "factura",
                "enlace": reverse("invoicing:invoice_detail", args=[document.pk]),
            },
        }
    return {
        "tipo": "presupuesto",
        "numero": document.number,
        "estado": document.get_status_display(),
        "cliente": document.contact.name,
        "fecha": document.issue_date.isoformat(),
        "valido_hasta": document.valid_until.isoformat() if document.valid_until else None,
        "base": str(document.subtotal),
        "total": str(document.total),
        "fuente": {
            "tipo": "presupuesto",
            "enlace": reverse("invoicing:quote_detail", args=[document.pk]),
        },
    }


def facturas_de(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Issued invoices (or drafts, with ``borradores``) of a customer and period whose lines
    name a concept, newest first."""
    contact = _customer(context, str(args["cliente"])) if args.get("cliente") else None
    found = invoices_matching(
        access=context.access,
        organization_id=_organization(context),
        period=_period(args),
        contact_id=contact.pk if contact else None,
        concept=_words(args.get("concepto")),
        drafts=bool(args.get("borradores")),
    )
    return {
        "cliente": contact.name if contact else None,
        "facturas": [_invoice_row(invoice) for invoice in found[:10]],
        "cuantas": len(found),
        "fuente": {
            "tipo": "borradores de factura" if args.get("borradores") else INVOICES_SOURCE,
            "enlace": reverse("invoicing:contact_detail", args=[contact.pk])
            if contact
            else reverse("invoicing:invoice_list"),
        },
    }


def presupuestos_de(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Quotes (numbered, or drafts with ``borradores``) of a customer and period whose lines
    name a concept, newest first."""
    contact = _customer(context, str(args["cliente"])) if args.get("cliente") else None
    found = quotes_matching(
        access=context.access,
        organization_id=_organization(context),
        period=_period(args),
        contact_id=contact.pk if contact else None,
        concept=_words(args.get("concepto")),
        drafts=bool(args.get("borradores")),
    )
    return {
        "cliente": contact.name if contact else None,
        "presupuestos": [
            {
                "numero": quote.number,
                "cliente": quote.contact.name,
                "fecha": quote.issue_date.isoformat(),
                "valido_hasta": quote.valid_until.isoformat() if quote.valid_until else None,
                "base": str(quote.subtotal),
                "total": str(quote.total),
                "enlace": reverse("invoicing:quote_detail", args=[quote.pk]),
            }
            for quote in found[:10]
        ],
        "cuantos": len(found),
        "fuente": {
            "tipo": "presupuestos",
            "enlace": reverse("invoicing:contact_detail", args=[contact.pk])
            if contact
            else reverse("invoicing:quote_list"),
        },
    }


# Ways of paying, as a contact's notes or a memory word them.
PAYMENT_METHODS = (
    (r"\bbizum\b", "Bizum"),
    (r"\btransferencia", "transferencia"),
    (r"\bdomiciliaci|\brecibo", "domiciliación bancaria"),
    (r"\bcontado\b|\befectivo\b|\bmetalico\b", "al contado"),
    (r"\btarjeta\b|\bdatafono\b", "tarjeta"),
    (r"\bpagare|\bcheque\b", "pagaré"),
    (r"\bconfirming\b", "confirming"),
)


def payment_method_in(text: str) -> str | None:
    """The way of paying a text names ("Pagan a 30 días por transferencia." → transferencia)."""
    folded = fold(text)
    return next((name for pattern, name in PAYMENT_METHODS if re.search(pattern, folded)), None)


def _remembered(context: ToolContext, contact: Contact, attribute: str) -> dict[str, Any] | None:
    """The newest active memory of ``attribute`` about the contact that this person may read."""
    with as_assistant(context.access):
        memory = memory_latest_for(
            access=context.access, subject=f"contacto:{contact.pk}", attribute=attribute
        )
    if memory is None:
        return None
    day = memory.updated_at.date().isoformat()
    return {"valor": memory.value, "texto": memory.text, "fecha": day}


def contacto(context: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """A contact's card (tax ID, email, phone, town, notes), its payment term and way of paying
    and who to ask for: what the record says and what memory says, each with its source."""
    contact = contact_match(context, str(args["contacto"]))
    days, source = payment_terms_for(context, contact)
    method = _remembered(context, contact, PAYMENT_METHOD_ATTRIBUTE)
    person = _remembered(context, contact, CONTACT_PERSON_ATTRIBUTE)
    return {
        "contacto": contact.name,
        "tipo": contact.get_kind_display().lower(),
        "nif": contact.tax_id,
        "correo": contact.email,
        "telefono": contact.phone,
        "direccion": contact.address,
        "poblacion": contact.city,
        "notas": contact.notes,
        "plazo_ficha": contact.payment_terms_days,
        "plazo_memoria": days if source != RECORD_SOURCE else None,
        "memoria": source.removeprefix("memoria: ") if source != RECORD_SOURCE else None,
        "forma_pago_ficha": payment_method_in(contact.notes),
        "forma_pago_memoria": (
            {**method, "forma": payment_method_in(f"{method['valor']} {method['texto']}")}
            if method
            else None
        ),
        "encargado_memoria": person,
        "fuente": {
            "tipo": "ficha del contacto",
            "enlace": reverse("invoicing:contact_detail", args=[contact.pk]),
        },
    }


TEXT = {"type": "string"}
DRAFT_PARAMETERS = {
    "cliente": TEXT,
    "concepto": TEXT,
    "importe": {"type": "number"},
    "cantidad": {"type": "number"},
    "fecha": TEXT,
}
INVOICE_DRAFT_PARAMETERS = {
    **DRAFT_PARAMETERS,
    "retencion": {
        "type": "boolean",
        "description": "Aplicar retención de IRPF; sin indicar, como en la última factura",
    },
}
TOOLS = [
    Tool(
        "buscar",
        "Busca en todo lo que la persona puede ver: recuerdos primero, luego contactos, "
        "facturas, presupuestos, gastos, documentos y mensajes. Devuelve fuentes.",
        {"consulta": TEXT},
        buscar_tool,
        required=("consulta",),
    ),
    Tool(
        "consultar",
        "Lee un registro concreto por tipo e id (contact, invoice, quote, expense, document).",
        {
            "tipo": {
                "type": "string",
                "enum": ["contact", "invoice", "quote", "expense", "document"],
            },
            "id": {"type": "integer"},
        },
        consultar_tool,
        required=("tipo", "id"),
    ),
    Tool(
        "cuenta_bancaria",
        "La cuenta bancaria (IBAN) de un cliente o proveedor: primero la de su ficha; después "
        "otras cuentas recordadas, cada una con su estado. Una «sin verificar» no se usa para "
        "cobrar ni pagar.",
        {"contacto": TEXT},
        cuenta_bancaria_tool,
        required=("contacto",),
    ),
    Tool(
        "recuperar",
        "Recupera los mensajes exactos de esta conversación (los citados en el resumen).",
        {"antes_de": {"type": "integer"}, "cuantos": {"type": "integer"}},
        recuperar_tool,
    ),
    Tool(
        "saber",
        "Normas fiscales españolas (IVA, IRPF, modelos, plazos, facturas) vigentes en una fecha; "
        "porcentaje para saber qué tipos vigentes tienen ese valor (5,2 → recargo de "
        "equivalencia general).",
        {
            "pregunta": TEXT,
            "fecha": {"type": "string", "description": "AAAA-MM-DD"},
            "porcentaje": {"type": "string", "description": "un número, p. ej. 5,2"},
        },
        saber_tool,
        required=("pregunta",),
    ),
    Tool(
        "recordar",
        "Guarda algo que la persona pide recordar explícitamente.",
        {"texto": TEXT, "ambito": {"type": "string", "enum": ["personal", "private_in_org"]}},
        recordar_tool,
        required=("texto",),
    ),
    Tool(
        "crear_borrador_factura",
        "Crea un borrador de factura (no se emite hasta que la persona confirme).",
        INVOICE_DRAFT_PARAMETERS,
        crear_borrador_factura,
        required=("cliente", "concepto", "importe"),
    ),
    Tool(
        "crear_presupuesto",
        "Crea un borrador de presupuesto.",
        DRAFT_PARAMETERS,
        crear_presupuesto,
        required=("cliente", "concepto", "importe"),
    ),
    Tool(
        "facturado_en",
        "Total facturado (facturas emitidas) en un mes.",
        {"mes": {"type": "integer"}, "anio": {"type": "integer"}},
        facturado_en,
        required=("mes",),
    ),
    Tool(
        "pendiente_de",
        "Lo que un cliente debe todavía (facturas emitidas sin cobrar).",
        {"cliente": TEXT},
        pendiente_de,
        required=("cliente",),
    ),
    Tool(
        "facturado",
        "Total facturado (facturas emitidas, IVA incluido salvo sin_iva) entre dos fechas, "
        "de un cliente o de todos, y de un concepto si se da, con su base imponible, IVA "
        "repercutido y retención de IRPF. Sin fechas: desde siempre.",
        {
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
            "cliente": TEXT,
            "concepto": TEXT,
            "sin_iva": {"type": "boolean"},
        },
        facturado,
    ),
    Tool(
        "impuestos",
        "IVA repercutido y retenciones de IRPF de las facturas emitidas (de un cliente si se "
        "da) e IVA soportado de los gastos, entre dos fechas, con sus bases imponibles.",
        {
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
            "cliente": TEXT,
        },
        impuestos,
    ),
    Tool(
        "gastado",
        "Total de gastos (IVA incluido salvo sin_iva) entre dos fechas, de un concepto, "
        "categoría o proveedor si se dan, con su base imponible y su IVA soportado.",
        {
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
            "concepto": TEXT,
            "proveedor": TEXT,
            "sin_iva": {"type": "boolean"},
        },
        gastado,
    ),
    Tool(
        "facturas_pendientes",
        "Facturas emitidas sin cobrar, de un cliente o de todos; solo_vencidas para las que ya "
        "pasaron su vencimiento; desde/hasta para las emitidas en ese periodo.",
        {
            "cliente": TEXT,
            "solo_vencidas": {"type": "boolean"},
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
        },
        facturas_pendientes,
    ),
    Tool(
        "vencimientos",
        "Facturas emitidas sin cobrar cuyo vencimiento cae entre dos fechas.",
        {
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
        },
        vencimientos,
        required=("desde", "hasta"),
    ),
    Tool(
        "documento",
        "Una factura o un presupuesto por su número (F2026-0044, P2026-0007): importes, "
        "fechas, vencimiento, cobro o validez.",
        {"numero": TEXT},
        documento,
        required=("numero",),
    ),
    Tool(
        "facturas_de",
        "Facturas emitidas (o borradores sin emitir, con borradores) de un cliente y periodo "
        "cuyo concepto contiene unas palabras, de la más reciente a la más antigua.",
        {
            "cliente": TEXT,
            "concepto": TEXT,
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
            "borradores": {"type": "boolean"},
        },
        facturas_de,
    ),
    Tool(
        "presupuestos_de",
        "Presupuestos (numerados, o borradores con borradores) de un cliente y periodo cuyo "
        "concepto contiene unas palabras, del más reciente al más antiguo.",
        {
            "cliente": TEXT,
            "concepto": TEXT,
            "desde": {"type": "string", "description": "AAAA-MM-DD"},
            "hasta": {"type": "string", "description": "AAAA-MM-DD"},
            "borradores": {"type": "boolean"},
        },
        presupuestos_de,
    ),
    Tool(
        "contacto",
        "La ficha de un contacto (NIF, correo, teléfono, dirección, población, notas), su plazo "
        "y forma de pago y su persona de contacto: lo que dice la ficha y lo recordado, si lo "
        "hay; cuando no coinciden, di las dos cosas con su fuente.",
        {"contacto": TEXT},
        contacto,
        required=("contacto",),
    ),
]
