"""What each source row becomes in the index: text, policy columns, provenance, edges (DESIGN §7).

One builder per source table reads the row as the app (the indexer copies the row's own
policy columns, so the index can never be wider than its source) and returns an ``Item``,
or None when the row is gone or must not be searchable (a superseded memory, a draft-less
empty message). Field-level rules apply here too: a contact's IBAN is never indexed, and a
quote's prices are not in its text (``search.fields``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict

from django.urls import reverse

from search.extraction import content_type_of, extract_text
from search.models import EntityEdge, ExternalItem, Kind
from sumalos.accounts.models import Area
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument
from sumalos.platform.text import MONTHS, fold
from sumalos.rls.rule import Visibility

Edge = tuple[str, str, int]


@dataclass(frozen=True)
class Item:
    kind: str
    source_id: int
    visibility: str
    organization_id: int | None
    area: str
    key: str
    title: str
    body: str
    updated_at: datetime.datetime
    link: str = ""
    summary: str = ""
    owner_user_id: int | None = None
    owner_phone: str | None = None
    tax_id: str = ""
    number: str = ""
    date: datetime.date | None = None
    edges: list[Edge] = field(default_factory=list)
    # Chunk vectors embed "title. text"; False: the text alone (a message, whose vector is
    # the one the memory gate computes, so either can reuse the other's; decision 0029).
    titled_vectors: bool = True


def normalize_identifier(value: str) -> str:
    """Upper case without spaces, dots or dashes: how tax IDs and numbers are compared."""
    return "".join(ch for ch in value.upper() if ch.isalnum())


def spanish_date(day: datetime.date) -> str:
    return f"{day.day} de {MONTHS[day.month - 1]} de {day.year}"


def euros(amount: object) -> str:
    whole, _, cents = f"{amount:.2f}".partition(".")
    groups = f"{int(whole):,}".replace(",", ".")
    return f"{groups},{cents} €"


class _RecordPolicy(TypedDict):
    visibility: str
    organization_id: int
    area: str


def _record(organization_id: int, area: str) -> _RecordPolicy:
    """Policy columns of an organization record: a shared row of its area, no owner."""
    return {"visibility": Visibility.SHARED, "organization_id": organization_id, "area": area}


def contact_item(row_id: int) -> Item | None:
    contact = Contact.objects.filter(pk=row_id).first()
    if contact is None:
        return None
    kind = "Cliente" if contact.kind == Contact.Kind.CUSTOMER else "Proveedor"
    parts = [f"{kind}: {contact.name}"]
    if contact.tax_id:
        parts.append(f"NIF {contact.tax_id}")
    place = ", ".join(p for p in (contact.address, contact.city) if p)
    if place:
        parts.append(place)
    if contact.email:
        parts.append(f"correo {contact.email}")
    if contact.phone:
        parts.append(f"teléfono {contact.phone}")
    parts.append(f"paga a {contact.payment_terms_days} días")
    if contact.notes:
        parts.append(contact.notes)
    return Item(
        kind=Kind.CONTACT,
        source_id=contact.pk,
        **_record(contact.organization_id, Area.CONTACTS),
        key=contact.name,
        title=contact.name,
        summary=f"{kind} de {contact.city}" if contact.city else kind,
        body=". ".join(parts) + ".",
        tax_id=normalize_identifier(contact.tax_id),
        link=reverse("invoicing:contact_detail", args=[contact.pk]),
        updated_at=contact.updated_at,
    )


def _billing_item(kind: str, document: Invoice | Quote, *, with_prices: bool) -> Item:
    noun = "Factura" if kind == Kind.INVOICE else "Presupuesto"
    label = document.number or f"borrador {document.pk}"
    lines = [line.description for line in document.lines.all()]
    status = document.get_status_display().lower()
    paid = getattr(document, "paid_at", None)
    if paid is not None:
        status = f"cobrada el {spanish_date(paid)}"
    text = (
        f"{noun} {label} para {document.contact.name}, {spanish_date(document.issue_date)}, "
        f"{status}. Conceptos: {'; '.join(lines)}."
    )
    if with_prices:
        text += f" Total {euros(document.total)}."
    if document.notes:
        text += f" {document.notes}"
    return Item(
        kind=kind,
        source_id=document.pk,
        **_record(document.organization_id, Area.INVOICES),
        key=document.number or f"{noun} {document.pk}",
        title=f"{noun} {label} · {document.contact.name}",
        summary=f"{spanish_date(document.issue_date)}; {'; '.join(lines)[:160]}",
        body=text,
        number=normalize_identifier(document.number),
        date=document.issue_date,
        link=reverse(f"invoicing:{kind}_detail", args=[document.pk]),
        updated_at=document.updated_at,
        edges=[(EntityEdge.Relation.FOR_CONTACT, Kind.CONTACT, document.contact_id)],
    )


def invoice_item(row_id: int) -> Item | None:
    invoice = Invoice.objects.select_related("contact").filter(pk=row_id).first()
    return None if invoice is None else _billing_item(Kind.INVOICE, invoice, with_prices=True)


def quote_item(row_id: int) -> Item | None:
    # Prices are a field of their own (search.fields): only consultar shows them, and only
    # to those who may read them, so they never enter the searchable text.
    quote = Quote.objects.select_related("contact").filter(pk=row_id).first()
    return None if quote is None else _billing_item(Kind.QUOTE, quote, with_prices=False)


def expense_item(row_id: int) -> Item | None:
    expense = Expense.objects.select_related("supplier").filter(pk=row_id).first()
    if expense is None:
        return None
    supplier = expense.supplier.name if expense.supplier else "sin proveedor"
    text = (
        f"Gasto (factura recibida): {expense.concept}, {spanish_date(expense.date)}, "
        f"proveedor {supplier}"
        f"{', categoría ' + expense.category if expense.category else ''}, "
        f"total {euros(expense.total)}."
    )
    return Item(
        kind=Kind.EXPENSE,
        source_id=expense.pk,
        **_record(expense.organization_id, Area.EXPENSES),
        key=expense.concept,
        title=f"Gasto: {expense.concept} · {supplier}",
        summary=f"{spanish_date(expense.date)}; {euros(expense.total)}",
        body=text,
        date=expense.date,
        link=reverse("invoicing:expense_list") + f"#gasto-{expense.pk}",
        updated_at=expense.updated_at,
        edges=(
            [(EntityEdge.Relation.FROM_SUPPLIER, Kind.CONTACT, expense.supplier_id)]
            if expense.supplier_id
            else []
        ),
    )


def document_item(row_id: int) -> Item | None:
    document = UploadedDocument.objects.filter(pk=row_id).first()
    if document is None:
        return None
    text = document.text
    if not text and document.file:
        with document.file.open("rb") as handle:
            data = handle.read()
        text = extract_text(data, content_type_of(document.file.name or "", document.content_type))
    return Item(
        kind=Kind.DOCUMENT,
        source_id=document.pk,
        visibility=Visibility.SHARED,
        organization_id=document.organization_id,
        area=document.area,
        key=document.title,
        title=document.title,
        summary=text[:160],
        body=text,
        link=reverse("invoicing:document_download", args=[document.pk]),
        updated_at=document.updated_at,
        edges=(
            [(EntityEdge.Relation.ABOUT, Kind.CONTACT, document.contact_id)]
            if document.contact_id
            else []
        ),
    )


def memory_item(row_id: int) -> Item | None:
    from memory.models import Memory

    memory = Memory.objects.filter(pk=row_id, status=Memory.Status.ACTIVE).first()
    if memory is None:
        return None
    return Item(
        kind=Kind.MEMORY,
        source_id=memory.pk,
        visibility=memory.visibility,
        organization_id=memory.organization_id,
        owner_user_id=memory.owner_user_id,
        owner_phone=memory.owner_phone,
        area=memory.area,
        key=memory.text[:300],
        title=memory.text[:300],
        body=memory.text,
        link=reverse("memory:center") + f"#recuerdo-{memory.pk}",
        updated_at=memory.updated_at,
        edges=(
            [(EntityEdge.Relation.ABOUT, Kind.CONTACT, memory.contact_id)]
            if memory.contact_id
            else []
        ),
    )


def _mentioned_contacts(organization_id: int | None, text: str) -> list[Edge]:
    """Contacts of the message's organization named in full (or by tax ID) in its text.

    Asserted once here, by the indexer that holds the organization's contact list, so that
    retrieval follows an edge instead of guessing a join from a string at answer time.
    """
    if organization_id is None or not text:
        return []
    folded = f" {fold(text)} "
    compact = normalize_identifier(text)
    edges: list[Edge] = []
    for pk, name, tax_id in Contact.objects.filter(organization_id=organization_id).values_list(
        "pk", "name", "tax_id"
    ):
        named = f" {fold(name)} " in folded or f" {fold(_short_name(name))} " in folded
        if named or (tax_id and normalize_identifier(tax_id) in compact):
            edges.append((EntityEdge.Relation.MENTIONS, Kind.CONTACT, pk))
    return edges


LEGAL_SUFFIXES = (" S.L.", " S.A.", " S.L.U.", " S.C.", " C.B.")


def _short_name(name: str) -> str:
    for suffix in LEGAL_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def message_item(row_id: int) -> Item | None:
    from channels_app.models import AiMessage

    message = AiMessage.objects.filter(pk=row_id).first()
    if message is None or not message.text.strip():
        return None
    speaker = "Suma" if message.role == "assistant" else "Persona"
    return Item(
        kind=Kind.MESSAGE,
        source_id=message.pk,
        visibility=message.visibility,
        organization_id=message.organization_id,
        owner_user_id=message.owner_user_id,
        owner_phone=message.owner_phone,
        area=message.area,
        key=message.text[:300],
        title=f"{speaker}, {spanish_date(message.created_at.date())}",
        summary=message.text[:160],
        body=message.text,
        date=message.created_at.date(),
        link=f"conversacion:{message.conversation_id}#{message.pk}",
        updated_at=message.updated_at,
        edges=_mentioned_contacts(message.organization_id, message.text),
        titled_vectors=False,
    )


def external_item(row_id: int) -> Item | None:
    item = ExternalItem.objects.select_related("source").filter(pk=row_id).first()
    if item is None:
        return None
    return Item(
        kind=Kind.EXTERNAL,
        source_id=item.pk,
        visibility=Visibility.SHARED,
        organization_id=item.source.organization_id,
        area=item.source.area,
        key=item.title,
        title=item.title,
        # Zero-copy: the title and a short summary only; the body stays at the source.
        summary=item.summary,
        body=item.summary,
        link=item.source.base_url.rstrip("/") + "/" + item.path.lstrip("/"),
        updated_at=item.modified_at,
    )


BUILDERS: dict[str, tuple[str, Callable[[int], Item | None]]] = {
    "contacts": (Kind.CONTACT, contact_item),
    "invoices": (Kind.INVOICE, invoice_item),
    "quotes": (Kind.QUOTE, quote_item),
    "expenses": (Kind.EXPENSE, expense_item),
    "uploaded_documents": (Kind.DOCUMENT, document_item),
    "memories": (Kind.MEMORY, memory_item),
    "ai_messages": (Kind.MESSAGE, message_item),
    "search_external_items": (Kind.EXTERNAL, external_item),
}
TABLE_OF_KIND = {kind: table for table, (kind, _) in BUILDERS.items()}
