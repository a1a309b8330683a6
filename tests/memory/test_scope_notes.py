"""Scope markers decide the layer and are never dropped: the cleaned sentence is the note."""

from __future__ import annotations

import pytest

from channels_app.models import WebChat
from learning.recordar import recordar
from memory.models import Memory
from memory.scope import asks_to_keep, marked_visibility, requested_visibility, strip_markers
from tests.support import queue_drain, wait_for
from tests.world import World

PRIV, PERS, SHARED = "private_in_org", "personal", "shared"


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        (
            "Hostal Miramar paga a 90 dias, apuntalo solo para mi, no lo compartas",
            "Hostal Miramar paga a 90 dias",
        ),
        (
            "solo pa mi: el de Saltoki me hace un 15 de descuento",
            "El de Saltoki me hace un 15 de descuento",
        ),
        ("Talleres Garcia paga a 60 dias (esto para mi solo)", "Talleres Garcia paga a 60 dias"),
        ("que no lo vea nadie: voy a pedir un aumento en enero", "Voy a pedir un aumento en enero"),
        (
            "no se lo digas a los demas pero Saunier Duval sube precios en marzo",
            "Saunier Duval sube precios en marzo",
        ),
        ("esto es confidencial: estamos mirando otra furgoneta", "Estamos mirando otra furgoneta"),
        (
            "compartelo con el equipo: Saltoki ya no abre los sabados",
            "Saltoki ya no abre los sabados",
        ),
        ("keep this private: Aceros Norte gives us 30 days", "Aceros Norte gives us 30 days"),
        ("Mi hija Sara empieza la uni en septiembre", "Mi hija Sara empieza la uni en septiembre"),
    ],
)
def test_strip_markers_keeps_the_fact_and_drops_only_the_marker(text, cleaned):
    assert strip_markers(text) == cleaned


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("no quiero que lo vean los demas: el cliente Ruiz me debe 200", PRIV),
        ("que nadie se entere, el proveedor de azulejos nos hace precio especial", PRIV),
        ("solo yo: el portero de Colon abre a las 7", PRIV),
        ("solo lo quiero para mi, el hostal tiene 20 habitaciones", PRIV),
        ("para uso personal: la gestoria cobra 120", PRIV),
        ("don't tell anyone, the hostal pays late", PRIV),
        ("apuntalo para todo el equipo: pedidos a Saltoki antes de las 12", SHARED),
        ("for the whole team: the warehouse opens at 7", SHARED),
        ("me voy de vacas a Cadiz en julio", PERS),
        ("mi cumple es el 14 de febrero", PERS),
        ("llevo la furgoneta al taller para el equipo de Paterna", None),
        ("la obra de Paterna la cerramos en 12000", None),
    ],
)
def test_markers_and_own_life_in_colloquial_phrasing(text, expected):
    assert requested_visibility(text) == expected
    assert asks_to_keep(text) is (expected is not None)


def test_a_narrowing_marker_wins_over_a_sharing_one_in_the_same_message():
    assert marked_visibility("para todos no, solo para mi: el cliente Ruiz regatea") == PRIV


def test_recordar_keeps_the_cleaned_sentence_at_the_narrowed_layer(world: World):
    [result] = recordar(
        access=world.access(world.admin),
        text="guardamelo en privado: Carmen cobra 1800 netos",
        organization_id=world.org.pk,
    )

    assert result.memory is not None
    memory = Memory.objects.get(pk=result.memory.pk)
    assert (memory.visibility, memory.owner_user_id, memory.text, memory.proposed_visibility) == (
        PRIV,
        world.admin.pk,
        "Carmen cobra 1800 netos.",
        None,
    )


def _chat_say(client, user, text: str) -> None:
    client.force_login(user)
    assert client.post("/suma/nueva/").status_code == 302
    chat_id = (
        WebChat.objects.filter(owner_user=user)
        .order_by("-id")
        .values_list("public_id", flat=True)[0]
    )
    assert client.post(f"/suma/{chat_id}/mensaje/", {"text": text}).status_code == 302


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_marked_remark_without_a_typed_fact_is_kept_as_a_private_note(client, world_tx, worker):
    worker()
    # Given a member tells Suma something no pattern extracts, and asks to keep it to themselves,
    _chat_say(client, world_tx.reader, "que no lo vea nadie: voy a pedir un aumento en enero")
    queue_drain()
    wait_for(lambda: Memory.objects.exists())

    # then the worker keeps the sentence without the marker, as the writer's private note.
    assert list(
        Memory.objects.values_list("visibility", "owner_user_id", "text", "proposed_visibility")
    ) == [(PRIV, world_tx.reader.pk, "Voy a pedir un aumento en enero.", None)]


def test_courtesy_words_left_by_a_marker_are_dropped_too():
    assert strip_markers("que quede entre tu y yo: el hostal paga tarde") == "El hostal paga tarde"
    assert strip_markers("solo para mi, porfa: la gestoria es cara") == "La gestoria es cara"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("nadie mas lo tiene que saber: Ruiz paga tarde", PRIV),
        ("pa ti y pa mi: Ruiz paga tarde", PRIV),
        ("no lo pongas para todos: Ruiz paga tarde", PRIV),
        ("que lo vea todo el mundo: abrimos a las 8", SHARED),
        ("no vendemos a todos los clientes", None),
        ("no trabajamos con la empresa de Ruiz", None),
        ("no se lo mandes a todos los clientes", None),
    ],
)
def test_negated_sharing_narrows_and_plain_negations_ask_nothing(text, expected):
    assert marked_visibility(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Prefiero que me contestes corto y sin emojis", PERS),
        ("Los martes no trabajo por la tarde", PERS),
        ("Mi DNI es 12345678Z", PERS),
        ("I prefer short answers", PERS),
        ("mi email de la empresa es info@taller.es", None),
        ("no trabajo con Saltoki", None),
        ("El cliente prefiere que le llame", None),
    ],
)
def test_how_the_writer_likes_answers_and_works_is_their_own(text, expected):
    assert requested_visibility(text) == expected
