"""Every retrieval path, for every demo principal and agent role, stays inside their access.

The demo world (three organizations, six people) plus private messages and memories is
indexed; then each leg alone, the fusion, ``buscar`` (results, memories, related items),
``consultar`` on records of every organization and the graph hop run for every person and role.
Each returned item is checked against the source row with the plain-Python rule of DESIGN §3
(``tests/search/oracle.py``), and protected fields against their declared rule. The external
connector's path is covered in ``test_external.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from channels_app.models import AiMessage
from fixtures.demo import DOMAIN, TODAY, build_demo
from memory.models import Memory
from memory.services import memory_write
from search.agents import ROLES, Scope, scope_for
from search.models import Kind, SearchDocument
from search.retrieval import LEGS, rank
from search.selectors import neighbour_ids
from search.services import reindex_all, source_index
from search.tools import buscar, consultar
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument
from sumalos.invoicing.services import may_see_iban
from sumalos.taxes.models import TaxRate
from sumalos.taxes.seed import seed_rates
from tests.search.oracle import RECORD_AREAS, visible

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

QUERIES = [
    "Talleres García",
    "Talleres Garsia",
    "B26361758",
    "la factura de la caldera del mes pasado",
    "gestoría",
    "furgoneta",
    "Marisa",
    "termos",
    "reforma integral de cocina",
    "diseño de cubierta",
    "azulejo",
    "condiciones generales",
]
RECORD_MODELS: dict[str, Any] = {
    Kind.CONTACT: Contact,
    Kind.INVOICE: Invoice,
    Kind.QUOTE: Quote,
    Kind.EXPENSE: Expense,
    Kind.DOCUMENT: UploadedDocument,
}


def _source_row(kind: str, source_id: int) -> dict[str, Any]:
    """The four policy columns as the source table says, not as the index copied them."""
    if kind in RECORD_AREAS:
        record = RECORD_MODELS[kind]._default_manager.get(pk=source_id)
        columns = {"visibility": "shared", "area": RECORD_AREAS[kind]}
        return {
            **columns,
            "organization_id": record.organization_id,
            "owner_user_id": None,
            "owner_phone": None,
        }
    if kind == Kind.DOCUMENT:
        document = UploadedDocument.objects.get(pk=source_id)
        return {
            "visibility": "shared",
            "area": document.area,
            "organization_id": document.organization_id,
            "owner_user_id": None,
            "owner_phone": None,
        }
    model = AiMessage if kind == Kind.MESSAGE else Memory
    row = model.objects.get(pk=source_id)
    return {
        "visibility": row.visibility,
        "area": row.area,
        "organization_id": row.organization_id,
        "owner_user_id": row.owner_user_id,
        "owner_phone": row.owner_phone,
    }


def _allowed(scope: Scope, kind: str, source_id: int) -> bool:
    return kind in scope.role.kinds and visible(scope.access, _source_row(kind, source_id))


def _demo_extras(users: dict[str, User], martin: Organization, nora: Organization) -> None:
    """Private messages and memories, so those paths have something to hide."""
    talleres = Contact.objects.get(organization=martin, name="Talleres García S.L.")
    gestoria = Contact.objects.get(organization=martin, name="Gestoría Ibáñez")
    pablo = access_for_user(users["pablo"], organization_ids=[martin.pk])
    memory_write(
        access=pablo,
        category="cliente",
        text="En Talleres García hay que preguntar por Marisa",
        subject=f"contacto:{talleres.pk}",
        attribute="persona_contacto",
        value="Marisa",
        area="contacts",
        requested_visibility="shared",
        explicit=True,
        organization_id=martin.pk,
    )
    memory_write(
        access=pablo,
        category="proveedor",
        text="La Gestoría Ibáñez cobra los honorarios cada trimestre",
        subject=f"contacto:{gestoria.pk}",
        area="expenses",
        requested_visibility="shared",
        explicit=True,
        organization_id=martin.pk,
    )
    memory_write(
        access=access_for_user(users["carmen"], organization_ids=[martin.pk]),
        category="preferencia",
        text="Prefiero revisar los termos y la furgoneta los lunes",
        requested_visibility="personal",
        explicit=True,
    )
    for n, (who, org, visibility, text) in enumerate(
        [
            ("andres", martin, "private_in_org", "Llamar a Talleres García por los termos"),
            ("carmen", martin, "private_in_org", "Ticket de gasóleo de la furgoneta perdido"),
            ("nora", nora, "private_in_org", "Enviar el diseño de cubierta a la editorial"),
            ("lucia", None, "personal", "Recordar la reforma integral de cocina de mi madre"),
        ]
    ):
        message = AiMessage.objects.create(
            conversation_id=f"web:{who}",
            channel="web",
            external_id=f"web:{who}:{n}",
            visibility=visibility,
            organization=org,
            owner_user=users[who],
            area="general",
            role="user",
            text=text,
        )
        source_index(table="ai_messages", row_id=message.pk)


def _check_found(scope: Scope, items: list[dict[str, Any]], leaks: list[str], where: str) -> None:
    for item in items:
        if not _allowed(scope, item["kind"], item["id"]):
            leaks.append(f"{where}: {item['kind']}:{item['id']}")
        for memory in item.get("memories", []):
            if not _allowed(scope, Kind.MEMORY, memory["id"]):
                leaks.append(f"{where}: memoria {memory['id']} de {item['kind']}:{item['id']}")


def test_no_retrieval_path_reaches_outside_the_access_of_any_demo_principal():
    if not TaxRate.objects.exists():
        seed_rates()
    build_demo(password="demo-para-pruebas")
    users = {u.email.split("@")[0]: u for u in User.objects.filter(email__endswith=f"@{DOMAIN}")}
    martin = Organization.objects.get(name="Fontanería Martín")
    nora = Organization.objects.get(name="Estudio Nora")
    _demo_extras(users, martin, nora)
    reindex_all()
    ibans = [iban for iban in Contact.objects.exclude(iban="").values_list("iban", flat=True)]
    # Up to 15 records of each kind in each organization.
    records = [
        (kind, pk)
        for kind, model in RECORD_MODELS.items()
        for org in Organization.objects.order_by("id")
        for pk in model._default_manager.filter(organization=org)
        .order_by("id")
        .values_list("pk", flat=True)[:15]
    ]
    contacts = list(Contact.objects.values_list("pk", flat=True))
    leaks: list[str] = []
    checked = 0

    for name, user in sorted(users.items()):
        access = access_for_user(user)
        for role in sorted(ROLES):
            scope = scope_for(access, role)
            where = f"{name}/{role}"
            for question in QUERIES:
                for legs in [(leg,) for leg in LEGS] + [LEGS]:
                    ranking = rank(scope=scope, question=question, today=TODAY, legs=legs)
                    documents = SearchDocument.objects.in_bulk([pk for pk, _ in ranking.ranked])
                    for document in documents.values():
                        checked += 1
                        if not _allowed(scope, document.kind, document.source_id):
                            leaks.append(f"{where} {legs} «{question}»: {document}")
                found = buscar(access=access, query=question, role=role, today=TODAY)
                items = found["memories"] + found["results"] + found["related"]
                checked += len(items)
                _check_found(scope, items, leaks, f"{where} buscar «{question}»")
                text = str(found)
                leaks += [f"{where} buscar «{question}»: IBAN" for iban in ibans if iban in text]
            for contact_id in contacts:
                for document_id in neighbour_ids(
                    scope=scope, kind=Kind.CONTACT, source_id=contact_id
                ):
                    document = SearchDocument.objects.get(pk=document_id)
                    checked += 1
                    if not _allowed(scope, document.kind, document.source_id):
                        leaks.append(f"{where} salto desde contacto {contact_id}: {document}")
            for kind, pk in records:
                result = consultar(access=access, kind=kind, id=pk, role=role)
                if "error" in result:
                    continue
                checked += 1
                _check_found(scope, [result], leaks, f"{where} consultar")
                org = RECORD_MODELS[kind]._default_manager.get(pk=pk).organization_id
                fields = result["fields"]
                if "iban" in fields and not (
                    "contact.iban" in scope.role.fields and may_see_iban(access, org)
                ):
                    leaks.append(f"{where} consultar {kind}:{pk}: IBAN")
                if (
                    kind == Kind.QUOTE
                    and "total" in fields
                    and "quote.prices" not in scope.role.fields
                ):
                    leaks.append(f"{where} consultar {kind}:{pk}: precios")

    assert leaks == []
    assert checked > 5000
