"""Memory isolation: five facts, three readers, two enforcements (the app filter and the policy)."""

from __future__ import annotations

from typing import Any

import pytest

from memory.models import Memory
from memory.services import memory_write
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import visible_q

pytestmark = pytest.mark.django_db(transaction=True)


def _five_facts(world):
    access = world.access(world.owner)
    org = world.org.pk
    facts: list[dict[str, Any]] = [
        dict(category="empresa", text="La empresa repara frenos y embragues."),
        dict(
            category="cliente",
            text="Talleres García paga a 60 días.",
            subject="Talleres García",
            attribute="plazo_pago",
            value="60 días",
        ),
        dict(
            category="proveedor",
            text="Aceros del Norte entrega los lunes.",
            subject="Aceros del Norte",
            attribute="dia_entrega",
            value="lunes",
        ),
        dict(category="preferencia", text="Prefiero respuestas cortas."),
        dict(
            category="empresa",
            text="Estoy pensando en cambiar de gestoría.",
            requested_visibility="private_in_org",
        ),
    ]
    return [
        memory_write(access=access, organization_id=org, explicit=True, **fact).memory
        for fact in facts
    ]


def _texts_app(access):
    return sorted(Memory.objects.filter(visible_q(access)).values_list("text", flat=True))


def _texts_rls(access):
    with as_assistant(access):
        # No app filter on purpose: only the row-level security policy decides.
        return sorted(Memory.objects.values_list("text", flat=True))


def test_each_person_sees_exactly_their_layers_through_app_filter_and_ai_reader(world_tx):
    # Given the owner writes five facts
    written = _five_facts(world_tx)
    assert [m.visibility for m in written] == [
        "shared",
        "shared",
        "shared",
        "private_in_org",
        "private_in_org",
    ]
    assert [m.area for m in written] == ["general", "contacts", "expenses", "general", "general"]

    author = world_tx.access(world_tx.owner)
    colleague = world_tx.access(world_tx.reader)
    stranger = world_tx.access(world_tx.outsider, world_tx.other_org)
    everything = sorted(m.text for m in written)
    colleague_sees = ["La empresa repara frenos y embragues.", "Talleres García paga a 60 días."]

    # When each reads, then the app filter and ai_reader agree on exactly these rows
    for read in (_texts_app, _texts_rls):
        assert read(author) == everything
        assert read(colleague) == colleague_sees
        assert read(stranger) == []
