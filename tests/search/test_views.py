"""Ledger pages: per conversation for owners and admins, and the personal export (DESIGN §7).

Rows are references resolved through the rule when read; so are the notices and the audit
log's texts, and deleting a memory takes its text out of all of them.
"""

from __future__ import annotations

import json

import pytest

from channels_app.models import LearnedNotice
from channels_app.selectors import learned_notices_pending
from memory.models import MemoryAudit
from memory.services import memory_delete, memory_make_private, memory_write
from search.services import outbox_drain
from search.tools import buscar
from tests.search.conftest import TODAY

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def reader_was_shown(records, world_tx):
    buscar(
        access=world_tx.access(world_tx.reader),
        query="B26361758",
        today=TODAY,
        conversation_id="web:42",
        turn=1,
    )


def test_an_owner_sees_what_a_member_was_shown(client, world_tx, reader_was_shown):
    client.force_login(world_tx.owner)

    page = client.get("/registro/conversaciones/web:42/", {"persona": "reader@uno.test"})

    assert page.status_code == 200
    assert "contact #" in page.content.decode()
    assert "Talleres García S.L." in page.content.decode()


def test_a_member_without_management_sees_nothing_of_others(client, world_tx, reader_was_shown):
    client.force_login(world_tx.bookkeeper)

    page = client.get("/registro/conversaciones/web:42/")

    assert "Talleres García S.L." not in page.content.decode()
    assert "No hay nada registrado que puedas ver" in page.content.decode()


def test_the_export_holds_what_the_person_was_shown(client, records, world_tx, reader_was_shown):
    client.force_login(world_tx.reader)

    data = json.loads(client.get("/registro/mis-datos.json").content)

    shown = [(row["conversation_id"], row["kind"], row["id"]) for row in data["shown"]]
    assert shown[0] == ("web:42", "contact", records.talleres.pk)
    assert set(shown[1:]) == {
        ("web:42", "document", records.visit_notes.pk),
        ("web:42", "quote", records.quote.pk),
        ("web:42", "invoice", records.boiler_invoice.pk),
        ("web:42", "invoice", records.tap_invoice.pk),
    }
    assert data["memories"] == []


@pytest.fixture
def reader_private_memory(records, world_tx):
    """The reader's private remark, shown to them by a search in conversation web:7."""
    access = world_tx.access(world_tx.reader)
    memory = memory_write(
        access=access,
        category="empresa",
        text="Me iré de la empresa en marzo, antes de la campaña de Talleres García",
        area="general",
        requested_visibility="private_in_org",
        explicit=True,
        organization_id=world_tx.org.pk,
    ).memory
    assert memory is not None and memory.visibility == "private_in_org"
    outbox_drain()
    buscar(access=access, query="irme de la empresa en marzo", conversation_id="web:7", turn=1)
    return memory


def _row_of(page: str, memory_id: int) -> str:
    """The table row of the ledger page that refers to one memory."""
    return next(row for row in page.split("<tr>") if f"memory #{memory_id}<" in row)


def test_an_owner_sees_that_a_private_memory_was_shown_never_its_text(
    client, world_tx, reader_private_memory
):
    client.force_login(world_tx.owner)

    page = client.get("/registro/conversaciones/web:7/").content.decode()

    row = _row_of(page, reader_private_memory.pk)
    assert "reader@uno.test" in row
    assert "Privada en la organización" in row
    assert "<em>no visible</em>" in row
    assert "marzo" not in page


def test_the_person_sees_their_own_ledger_in_full(client, world_tx, reader_private_memory):
    client.force_login(world_tx.reader)

    page = client.get("/registro/conversaciones/web:7/").content.decode()

    row = _row_of(page, reader_private_memory.pk)
    assert f"<td>{reader_private_memory.text}</td>" in row


def test_deleting_the_memory_removes_its_text_from_the_ledger_and_the_export(
    client, world_tx, reader_private_memory
):
    memory_delete(access=world_tx.access(world_tx.reader), memory_id=reader_private_memory.pk)
    client.force_login(world_tx.reader)

    page = client.get("/registro/conversaciones/web:7/").content.decode()
    data = json.loads(client.get("/registro/mis-datos.json").content)

    assert "<em>eliminado</em>" in _row_of(page, reader_private_memory.pk)
    assert "marzo" not in page
    shown = [row for row in data["shown"] if row["kind"] == "memory"]
    assert [(row["id"], row["layer"], row["text"]) for row in shown] == [
        (reader_private_memory.pk, "private_in_org", "eliminado")
    ]
    assert "marzo" not in json.dumps(data, ensure_ascii=False)


def test_a_notice_is_readable_only_while_its_memory_is(world_tx, reader_private_memory):
    access = world_tx.access(world_tx.reader)
    notice = LearnedNotice.objects.create(
        conversation_id="web:7",
        channel="web",
        owner_user=world_tx.reader,
        memory=reader_private_memory,
        text=reader_private_memory.text,
        visibility=reader_private_memory.visibility,
    )
    assert learned_notices_pending(access=access, conversation_id="web:7") == [notice]

    memory_delete(access=access, memory_id=reader_private_memory.pk)

    assert learned_notices_pending(access=access, conversation_id="web:7") == []
    notice.refresh_from_db()
    assert (notice.memory_id, notice.text, notice.value) == (None, "", "")


def test_the_audit_log_shows_a_memory_text_only_while_the_manager_may_read_it(client, world_tx):
    author = world_tx.access(world_tx.admin)
    memory = memory_write(
        access=author,
        category="empresa",
        text="Los lunes cerramos a las tres por la revisión de la furgoneta",
        area="general",
        requested_visibility="shared",
        explicit=True,
        organization_id=world_tx.org.pk,
    ).memory
    assert memory is not None and memory.visibility == "shared"
    client.force_login(world_tx.owner)
    assert "cerramos a las tres" in client.get("/memoria/registro/").content.decode()

    memory_make_private(access=author, memory_id=memory.pk)

    page = client.get("/memoria/registro/").content.decode()
    api = client.get("/api/memories/audit/").json()
    assert "cerramos a las tres" not in page
    texts = [
        (e["action"], *(state and state["text"] for state in (e["before"], e["after"])))
        for e in api
    ]
    assert texts == [("unshare", None, None), ("create", None, None)]
    assert api[1]["before"] is None

    memory_delete(access=author, memory_id=memory.pk)

    stored = list(MemoryAudit.objects.filter(memory_id=memory.pk).values_list("before", "after"))
    assert all(
        state is None or (state["text"], state["value"]) == ("", "")
        for pair in stored
        for state in pair
    )
    assert len(stored) == 2
