"""Ledger pages: per conversation for owners and admins, and the personal export (DESIGN §7)."""

from __future__ import annotations

import json

import pytest

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
