"""The read tools: provenance, subject memories, field permissions, the ledger (DESIGN §7)."""

from __future__ import annotations

import pytest

from channels_app.models import AiMessage
from memory.services import memory_write
from search.models import ShownItem
from search.selectors import shown_in_conversation
from search.services import outbox_drain
from search.tools import NO_IBAN_ACCESS, NOT_FOUND, buscar, consultar, cuenta_bancaria, recuperar
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import User
from sumalos.accounts.services import membership_add
from tests.search.conftest import TALLERES_IBAN, TODAY

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def talleres_memories(records, world_tx):
    access = world_tx.access(world_tx.owner)
    written = [
        memory_write(
            access=access,
            category="cliente",
            text=text,
            subject=f"contacto:{records.talleres.pk}",
            attribute=attribute,
            value=value,
            area="contacts",
            requested_visibility="shared",
            explicit=True,
            organization_id=world_tx.org.pk,
        ).memory
        for text, attribute, value in [
            ("Talleres García paga siempre a 30 días", "plazo_pago", "30"),
            ("En Talleres García hay que preguntar por Marisa", "persona_contacto", "Marisa"),
        ]
    ]
    outbox_drain()
    return written


def test_buscar_returns_the_contact_with_provenance_memories_and_what_it_joins(
    records, world_tx, talleres_memories
):
    result = buscar(
        access=world_tx.access(world_tx.owner), query="qué sabemos de Talleres García", today=TODAY
    )

    first = result["results"][0]
    assert (first["kind"], first["id"], first["key"]) == (
        "contact",
        records.talleres.pk,
        "Talleres García S.L.",
    )
    assert first["provenance"]["source"] == "Contacto"
    assert first["provenance"]["link"] == f"/contactos/{records.talleres.pk}/"
    assert first["provenance"]["updated_at"] == records.talleres.updated_at.isoformat()
    assert sorted(m["text"] for m in first["memories"]) == [
        "En Talleres García hay que preguntar por Marisa",
        "Talleres García paga siempre a 30 días",
    ]
    joined = {(item["kind"], item["id"]) for item in result["related"] + result["results"]}
    assert {
        ("invoice", records.boiler_invoice.pk),
        ("invoice", records.tap_invoice.pk),
        ("quote", records.quote.pk),
        ("document", records.visit_notes.pk),
    } <= joined
    assert "iban" not in str(result).lower()


def test_buscar_lists_memories_first(records, world_tx, talleres_memories):
    result = buscar(
        access=world_tx.access(world_tx.owner), query="preguntar por Marisa", today=TODAY
    )

    assert result["memories"][0]["id"] == talleres_memories[1].pk


def test_consultar_shows_the_iban_to_whoever_may_read_invoices(records, world_tx):
    contact = consultar(
        access=world_tx.access(world_tx.reader), kind="contact", id=records.talleres.pk
    )

    assert contact["fields"]["iban"] == TALLERES_IBAN


def test_a_hidden_field_is_absent_not_redacted(records, world_tx):
    only_contacts = User.objects.create_user(
        email="contacts@uno.test", password="x", full_name="Solo Contactos"
    )
    membership_add(organization=world_tx.org, user=only_contacts, read_areas=["contacts"])
    access = access_for_user(only_contacts, organization_ids=[world_tx.org.pk])

    contact = consultar(access=access, kind="contact", id=records.talleres.pk)
    for_cuentas = consultar(
        access=world_tx.access(world_tx.owner),
        kind="contact",
        id=records.talleres.pk,
        role="cuentas",
    )

    assert "iban" not in contact["fields"]
    assert "iban" not in for_cuentas["fields"]
    assert TALLERES_IBAN not in str(contact) + str(for_cuentas)


def test_quote_prices_need_the_invoices_area_and_the_role_field(records, world_tx):
    owner = world_tx.access(world_tx.owner)

    full = consultar(access=owner, kind="quote", id=records.quote.pk)
    fiscal = consultar(access=owner, kind="quote", id=records.quote.pk, role="fiscal")

    assert full["fields"]["total"] == "774.40"
    assert full["fields"]["lines"] == [
        {
            "description": "Instalación de plato de ducha",
            "quantity": "1.000",
            "unit_price": "640.00",
            "vat_rate": "21.00",
        }
    ]
    assert fiscal == {"error": NOT_FOUND}


def test_consultar_of_a_record_out_of_reach_is_not_found(records, world_tx):
    reader = world_tx.access(world_tx.reader)

    assert consultar(access=reader, kind="expense", id=records.expense.pk) == {"error": NOT_FOUND}
    assert consultar(access=reader, kind="contact", id=records.other_contact.pk) == {
        "error": NOT_FOUND
    }
    assert ShownItem.objects.count() == 0


def _message(world, owner, conversation, n, text):
    return AiMessage.objects.create(
        conversation_id=conversation,
        channel="web",
        external_id=f"{conversation}:{n}",
        visibility="private_in_org",
        organization=world.org,
        owner_user=owner,
        area="general",
        role="user",
        text=text,
    )


def test_recuperar_reads_only_the_callers_own_conversation(records, world_tx):
    mine = [_message(world_tx, world_tx.reader, "web:7", n, f"mensaje {n}") for n in (1, 2, 3)]
    _message(world_tx, world_tx.owner, "web:8", 1, "de otra persona")

    own = recuperar(access=world_tx.access(world_tx.reader), conversation_id="web:7", limit=2)
    other = recuperar(access=world_tx.access(world_tx.reader), conversation_id="web:8")

    assert [m["id"] for m in own["messages"]] == [mine[1].pk, mine[2].pk]
    assert other["messages"] == []


def test_the_ledger_answers_what_a_person_was_shown_in_a_conversation(records, world_tx):
    reader = world_tx.access(world_tx.reader)
    buscar(access=reader, query="B26361758", today=TODAY, conversation_id="web:42", turn=1)
    consultar(
        access=reader,
        kind="invoice",
        id=records.boiler_invoice.pk,
        conversation_id="web:42",
        turn=2,
    )
    buscar(
        access=world_tx.access(world_tx.owner),
        query="caldera",
        today=TODAY,
        conversation_id="web:43",
        turn=1,
    )

    as_owner = shown_in_conversation(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:42",
        person_user_id=world_tx.reader.pk,
    )
    as_bookkeeper = shown_in_conversation(
        access=world_tx.access(world_tx.bookkeeper), conversation_id="web:42"
    )

    rows = [(r.turn, r.via, r.item_kind, r.item_id, r.fields) for r in as_owner]
    assert rows[0] == (1, "buscar", "contact", records.talleres.pk, [])
    invoice_fields = ["contact", "due_date", "issue_date", "lines", "notes", "number"]
    invoice_fields += ["paid_at", "status", "subtotal", "total", "vat_total", "withholding_total"]
    assert rows[-1] == (2, "consultar", "invoice", records.boiler_invoice.pk, invoice_fields)
    assert {r[0] for r in rows} == {1, 2}
    assert list(as_bookkeeper) == []


def test_recuperar_masks_a_secret_in_a_message_copied_before_masking(records, world_tx):
    # An ai_messages row from before the masked copies: the secret is still in its text.
    old = _message(world_tx, world_tx.reader, "web:9", 1, "la contraseña del banco es Xk9#pq2Lm")

    found = recuperar(access=world_tx.access(world_tx.reader), conversation_id="web:9")

    assert [(m["id"], m["text"], m["key"]) for m in found["messages"]] == [
        (
            old.pk,
            "la contraseña del banco es [dato oculto]",
            "la contraseña del banco es [dato oculto]",
        )
    ]


OTHER_IBAN = "ES7921000813610123456789"


def test_cuenta_bancaria_puts_the_record_first_and_a_proposal_after_it(records, world_tx):
    proposal = memory_write(
        access=world_tx.access(world_tx.owner),
        organization_id=world_tx.org.pk,
        category="cliente",
        subject=f"contacto:{records.talleres.pk}",
        text=f"Talleres García ha cambiado de cuenta: {OTHER_IBAN.lower()}",
        explicit=True,
    ).memory
    assert proposal is not None

    account = cuenta_bancaria(
        access=world_tx.access(world_tx.reader),
        contact_id=records.talleres.pk,
        conversation_id="web:50",
        turn=1,
    )

    assert account == {
        "contacto": "Talleres García S.L.",
        "iban_ficha": TALLERES_IBAN,
        "fuente": {"tipo": "ficha del contacto", "enlace": f"/contactos/{records.talleres.pk}/"},
        "otras_cuentas": [
            {
                "iban": OTHER_IBAN,
                "estado": "sin verificar",
                "recuerdo": proposal.pk,
                "fuente": {"tipo": "memoria", "enlace": f"/memoria/#recuerdo-{proposal.pk}"},
            }
        ],
    }
    shown = ShownItem.objects.filter(conversation_id="web:50").order_by("item_kind")
    assert [(s.via, s.item_kind, s.item_id, s.fields) for s in shown] == [
        ("cuenta_bancaria", "contact", records.talleres.pk, ["iban"]),
        ("cuenta_bancaria", "memory", proposal.pk, []),
    ]


def test_cuenta_bancaria_is_refused_without_the_iban_field_and_out_of_reach(records, world_tx):
    only_contacts = User.objects.create_user(
        email="contacts@uno.test", password="x", full_name="Solo Contactos"
    )
    membership_add(organization=world_tx.org, user=only_contacts, read_areas=["contacts"])
    access = access_for_user(only_contacts, organization_ids=[world_tx.org.pk])

    hidden = cuenta_bancaria(
        access=access, contact_id=records.talleres.pk, conversation_id="web:51", turn=1
    )
    elsewhere = cuenta_bancaria(
        access=world_tx.access(world_tx.owner),
        contact_id=records.other_contact.pk,
        conversation_id="web:51",
        turn=1,
    )

    assert hidden == {"error": NO_IBAN_ACCESS}
    assert elsewhere == {"error": NOT_FOUND}
    assert ShownItem.objects.count() == 0
