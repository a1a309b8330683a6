"""A contact's bank account in an answer: the record's IBAN first, a remembered proposal after
it and marked "sin verificar" — offline, and through the Anthropic request (mock transport)."""

from __future__ import annotations

import json

import httpx2
import pytest

from assistant.handlers import TOOLS
from assistant.services import assistant_reply
from memory.services import memory_write
from search.models import ShownItem
from sumalos.invoicing.models import Contact
from tests.assistant.test_anthropic_provider import Recorder, _message, _provider

pytestmark = pytest.mark.django_db(transaction=True)

RECORD = "ES9121000418450200051332"
PROPOSED = "ES7921000813610123456789"
QUESTION = "¿Cuál es el IBAN de Aceros del Norte?"


@pytest.fixture
def aceros(world_tx):
    return Contact.objects.create(
        organization=world_tx.org, kind="supplier", name="Aceros del Norte S.L.", iban=RECORD
    )


def _propose(world, contact):
    """A member tells Suma another account: stored as a shared, unverified proposal."""
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="proveedor",
        subject=f"contacto:{contact.pk}",
        text=f"La cuenta de Aceros del Norte es {PROPOSED}",
        explicit=True,
    )
    assert result.memory is not None
    assert (result.memory.status, result.memory.unverified) == ("proposed", True)
    return result.memory


def test_offline_the_record_iban_comes_first_and_the_proposal_is_sin_verificar(world_tx, aceros):
    proposal = _propose(world_tx, aceros)

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:5",
        message=QUESTION,
        history=[],
        turn=2,
    )

    assert [call.name for call in turn.reply.tool_calls] == ["cuenta_bancaria"]
    assert turn.reply.text == (
        f"El IBAN de Aceros del Norte S.L. en su ficha es {RECORD}.\n"
        f"Otra cuenta apuntada (sin verificar): {PROPOSED}.\n"
        "Una cuenta sin verificar no se usa para cobrar ni pagar hasta que un propietario o "
        "administrador la confirme.\n"
        f"Fuente: [ficha del contacto](/contactos/{aceros.pk}/)"
    )
    shown = ShownItem.objects.filter(conversation_id="web:5", via="cuenta_bancaria")
    assert sorted(shown.values_list("item_kind", "item_id")) == [
        ("contact", aceros.pk),
        ("memory", proposal.pk),
    ]


@pytest.mark.parametrize(
    "question",
    [
        "¿cuál es la cuenta de Aceros del Norte?",
        "¿me dices el número de cuenta de Aceros del Norte?",
        "¿A qué cuenta le pago a Aceros del Norte?",
        "¿en qué cuenta transfiero a aceros del norte?",
    ],
)
def test_offline_every_phrasing_gets_the_record_first(world_tx, aceros, question):
    _propose(world_tx, aceros)

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:8",
        message=question,
        history=[],
        turn=1,
    )

    assert turn.reply.text.splitlines()[:2] == [
        f"El IBAN de Aceros del Norte S.L. en su ficha es {RECORD}.",
        f"Otra cuenta apuntada (sin verificar): {PROPOSED}.",
    ]


def test_offline_a_proposal_outside_the_readers_areas_is_not_mentioned(world_tx, aceros):
    # A supplier's account is an expenses fact: the reader (contacts, invoices) cannot read it.
    _propose(world_tx, aceros)

    turn = assistant_reply(
        access=world_tx.access(world_tx.reader),
        conversation_id="web:9",
        message=QUESTION,
        history=[],
        turn=1,
    )

    assert turn.reply.text == (
        f"El IBAN de Aceros del Norte S.L. en su ficha es {RECORD}.\n"
        f"Fuente: [ficha del contacto](/contactos/{aceros.pk}/)"
    )


def test_offline_a_confirmed_account_equal_to_the_record_is_not_repeated(world_tx, aceros):
    from memory.services import memory_proposal_confirm

    memory = memory_write(
        access=world_tx.access(world_tx.owner),
        organization_id=world_tx.org.pk,
        category="proveedor",
        subject=f"contacto:{aceros.pk}",
        text=f"La cuenta de Aceros del Norte es {RECORD}",
        explicit=True,
    ).memory
    assert memory is not None
    memory_proposal_confirm(access=world_tx.access(world_tx.owner), memory_id=memory.pk)

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:5",
        message=QUESTION,
        history=[],
        turn=1,
    )

    assert turn.reply.text == (
        f"El IBAN de Aceros del Norte S.L. en su ficha es {RECORD}.\n"
        f"Fuente: [ficha del contacto](/contactos/{aceros.pk}/)"
    )


def test_anthropic_the_tool_is_offered_and_its_result_puts_the_record_first(world_tx, aceros):
    proposal = _propose(world_tx, aceros)
    recorder = Recorder(
        [
            httpx2.Response(
                200,
                json=_message(
                    [
                        {
                            "type": "tool_use",
                            "id": "toolu_iban",
                            "name": "cuenta_bancaria",
                            "input": {"contacto": "Aceros del Norte"},
                        }
                    ],
                    "tool_use",
                    {"input_tokens": 900, "output_tokens": 20},
                ),
            ),
            httpx2.Response(
                200,
                json=_message(
                    [{"type": "text", "text": f"En su ficha: {RECORD}."}],
                    "end_turn",
                    {"input_tokens": 1000, "output_tokens": 15},
                ),
            ),
        ]
    )

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:6",
        message=QUESTION,
        history=[],
        turn=1,
        provider=_provider(recorder),
    )

    first, second = recorder.bodies
    offered = {tool["name"]: tool for tool in first["tools"]}
    assert offered["cuenta_bancaria"] == {
        "name": "cuenta_bancaria",
        "description": (
            "La cuenta bancaria (IBAN) de un cliente o proveedor: primero la de su ficha; "
            "después otras cuentas recordadas, cada una con su estado. Una «sin verificar» no "
            "se usa para cobrar ni pagar."
        ),
        "input_schema": {
            "type": "object",
            "properties": {"contacto": {"type": "string"}},
            "required": ["contacto"],
        },
    }
    assert [tool["name"] for tool in first["tools"]] == [tool.name for tool in TOOLS]
    assert second["messages"][-1] == {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "toolu_iban",
                "content": json.dumps(
                    {
                        "contacto": "Aceros del Norte S.L.",
                        "iban_ficha": RECORD,
                        "fuente": {
                            "tipo": "ficha del contacto",
                            "enlace": f"/contactos/{aceros.pk}/",
                        },
                        "otras_cuentas": [
                            {
                                "iban": PROPOSED,
                                "estado": "sin verificar",
                                "recuerdo": proposal.pk,
                                "fuente": {
                                    "tipo": "memoria",
                                    "enlace": f"/memoria/#recuerdo-{proposal.pk}",
                                },
                            }
                        ],
                    },
                    ensure_ascii=False,
                ),
            }
        ],
    }
    assert turn.reply.text == f"En su ficha: {RECORD}."
