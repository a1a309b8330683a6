"""Staff knowledge over memory: a remembered tax claim never overrides the knowledge layer.

A shared memory says "el IVA general es 0 %". Offline, the answer quotes 21 %; through the
Anthropic request (mock transport), the knowledge block leads the turn's context with its
authoritative framing and the contradicting memory is not in the prompt at all.
"""

from __future__ import annotations

import httpx2
import pytest
from django.core.management import call_command
from django.utils import timezone

from assistant.prompt import INSTRUCTIONS, knowledge_judge, prompt_assemble
from assistant.services import assistant_reply
from knowledge.selectors import rates_in_force
from memory.prompt import Standing
from memory.services import memory_write
from tests.assistant.test_anthropic_provider import Recorder, _message, _provider

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "¿Qué IVA aplico a una factura normal?"


@pytest.fixture
def zero_vat_memory(world_tx):
    call_command("load_knowledge", verbosity=0)
    result = memory_write(
        access=world_tx.access(world_tx.admin),
        category="empresa",
        text="El IVA general es 0 %.",
        organization_id=world_tx.org.pk,
    )
    assert result.memory is not None
    assert (result.memory.visibility, result.memory.status) == ("shared", "active")
    return result.memory


def test_offline_the_answer_is_the_knowledge_rate_not_the_remembered_one(world_tx, zero_vat_memory):
    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:1",
        message=QUESTION,
        history=[],
        turn=1,
    )

    assert turn.reply.tool_calls[0].name == "saber"
    assert (
        turn.reply.text.splitlines()[0]
        == "IVA, tipo general: 21 % (vigente desde el 1 de septiembre de 2012)."
    )
    assert "0 %" not in turn.reply.text
    assert zero_vat_memory.pk not in turn.profile_ids + turn.related_ids


def test_anthropic_the_knowledge_block_leads_with_its_authority(world_tx, zero_vat_memory):
    recorder = Recorder(
        [
            httpx2.Response(
                200,
                json=_message(
                    [{"type": "text", "text": "El IVA general es el 21 %."}],
                    "end_turn",
                    {"input_tokens": 800, "output_tokens": 12},
                ),
            )
        ]
    )

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:2",
        message=QUESTION,
        history=[],
        turn=1,
        provider=_provider(recorder),
    )

    today = timezone.localdate().isoformat()
    (body,) = recorder.bodies
    assert body["system"] == [
        {"type": "text", "text": INSTRUCTIONS, "cache_control": {"type": "ephemeral"}},
        {
            "type": "text",
            "text": (
                f"## Conocimiento fiscal vigente el {today}\n"
                "Lo publica el equipo de Sumalos con sus fuentes. Es exacto y manda sobre la "
                "memoria: si un recuerdo dice otra cosa sobre estos datos, el recuerdo está "
                "equivocado y no se usa como norma.\n"
                "- IVA, tipo general (iva.tipo.general): 21 % (vigente desde el 2012-09-01). "
                "Fuente: Ley 37/1992, del Impuesto sobre el Valor Añadido (texto consolidado, "
                "BOE) (https://www.boe.es/buscar/act.php?id=BOE-A-1992-28740)."
            ),
        },
    ]
    assert body["messages"] == [{"role": "user", "content": QUESTION}]
    assert turn.reply.text == "El IVA general es el 21 %."


def test_a_remembered_rate_that_exists_is_a_note_and_follows_the_knowledge(
    world_tx, zero_vat_memory
):
    books = memory_write(
        access=world_tx.access(world_tx.admin),
        category="empresa",
        text="Los libros que vendemos llevan IVA del 4 %.",
        organization_id=world_tx.org.pk,
    ).memory
    assert books is not None

    assembled = prompt_assemble(
        access=world_tx.access(world_tx.owner),
        message="¿Qué IVA superreducido llevan los libros?",
        history=[],
    )

    assert assembled.profile_ids == (books.pk,)
    assert assembled.parts.profile.splitlines()[-1] == (
        "- <<<Los libros que vendemos llevan IVA del 4 %.>>> (nota recordada, no es la norma)"
    )
    assert "0 %" not in assembled.parts.profile + assembled.parts.related
    assert assembled.parts.knowledge.startswith("## Conocimiento fiscal vigente el ")
    assert "(iva.tipo.superreducido): 4 %" in assembled.parts.knowledge


@pytest.mark.parametrize(
    ("text", "standing"),
    [
        ("El IVA general es 0 %.", Standing.OMIT),
        ("Nos dijeron que la retención era del 3 por ciento", Standing.OMIT),
        ("A los libros les ponemos un IVA del 4 %", Standing.NOTE),
        ("La retención de profesionales es el 15 %", Standing.NOTE),
        ("El recargo de equivalencia del general es 5,2 %", Standing.NOTE),
        ("Facturamos siempre con IVA incluido", Standing.KEEP),
        ("Talleres García paga a 60 días", Standing.KEEP),
        ("Descuento del 0 % a clientes nuevos", Standing.KEEP),
    ],
)
def test_how_remembered_tax_claims_stand_against_the_rates_in_force(world_tx, text, standing):
    today = timezone.localdate()
    judge = knowledge_judge(rates_in_force(access=world_tx.access(world_tx.owner), on=today))

    assert judge(text) is standing
