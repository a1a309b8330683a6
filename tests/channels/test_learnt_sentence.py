"""The WhatsApp "he aprendido esto…" sentence is a derived copy: secrets in it are masked.

A memory learnt before its phrasing was known to be a secret (the detectors grow; the stored
row stays until remasked) must not be read back in clear on the next WhatsApp reply. Tried as
a person would: a signed message to the webhook, the reply task run, the outbound read back.
"""

from __future__ import annotations

import pytest

from channels_app.models import LearnedNotice, WhatsappMessage
from memory.models import Memory
from tests.channels.conftest import Phones
from tests.support import whatsapp_params, whatsapp_post
from tests.world import World

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_tasks")]


def _notice(world: World, phones: Phones, text: str) -> None:
    memory = Memory.objects.create(
        organization=world.org,
        visibility="private_in_org",
        owner_user=phones.linked_user,
        category="empresa",
        text=text,
    )
    LearnedNotice.objects.create(
        conversation_id=f"whatsapp:{phones.linked}",
        channel="whatsapp",
        owner_user=phones.linked_user,
        memory=memory,
        text=text,
        visibility="private_in_org",
    )


def _reply(phones: Phones) -> WhatsappMessage:
    response = whatsapp_post(whatsapp_params("SM" + "c" * 32, phones.linked, "Hola Suma"))
    assert response.status_code == 200
    return WhatsappMessage.objects.get(direction="outbound", phone=phones.linked)


def test_a_secret_in_a_learnt_notice_is_masked_in_the_whatsapp_sentence(
    world_tx: World, phones_tx: Phones
):
    _notice(world_tx, phones_tx, "La alarma del almacén: el código es 4471.")

    outbound = _reply(phones_tx)

    assert outbound.body.endswith(
        "Por cierto, he aprendido esto: La alarma del almacén: el código es [dato oculto]. "
        "Si no es así, dímelo y lo corrijo."
    )
    assert "4471" not in outbound.body
    assert LearnedNotice.objects.get().shown_at is not None


def test_a_notice_without_secrets_is_said_as_written(world_tx: World, phones_tx: Phones):
    _notice(world_tx, phones_tx, "Talleres García paga a 60 días.")

    outbound = _reply(phones_tx)

    assert outbound.body.endswith(
        "Por cierto, he aprendido esto: Talleres García paga a 60 días. "
        "Si no es así, dímelo y lo corrijo."
    )
    assert outbound.body_masked is None
