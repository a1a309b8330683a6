"""POST /webhooks/whatsapp/: signature, replay, 400/403/413, linking by code (DESIGN §6)."""

from __future__ import annotations

import pytest
from django.test import Client

from channels_app.access import access_for_phone
from channels_app.models import AiMessage, LinkCode, PhoneLink, WhatsappMessage
from channels_app.selectors import whatsapp_history_unadopted
from channels_app.services.linking import (
    code_hmac,
    whatsapp_history_adopt,
    whatsapp_link_code_create,
    whatsapp_unlink,
)
from tests.channels.conftest import Phones
from tests.support import PATH, whatsapp_params, whatsapp_post
from tests.world import World

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def test_a_signed_message_is_stored_and_acknowledged(
    phones: Phones, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        response = whatsapp_post(whatsapp_params("SM" + "a" * 32, phones.unlinked, "Hola Suma"))

    assert response.status_code == 200
    assert list(WhatsappMessage.objects.values_list("phone", "body", "direction")) == [
        (phones.unlinked, "Hola Suma", "inbound")
    ]
    assert len(callbacks) == 1


def test_a_replay_returns_200_and_stores_nothing_new(phones: Phones):
    params = whatsapp_params("SM" + "b" * 32, phones.unlinked, "Hola")
    whatsapp_post(params)

    response = whatsapp_post(params)

    assert response.status_code == 200
    assert WhatsappMessage.objects.count() == 1
    assert AiMessage.objects.count() == 1


def test_a_forged_signature_is_403_and_stores_nothing(phones: Phones):
    response = whatsapp_post(
        whatsapp_params("SM" + "c" * 32, phones.unlinked, "Hola"), signature="forged"
    )

    assert response.status_code == 403
    assert WhatsappMessage.objects.count() == 0


@pytest.mark.parametrize(
    "params",
    [
        {"From": "whatsapp:+34600999888", "Body": "sin sid"},
        {"MessageSid": "SM" + "d" * 32, "From": "whatsapp:600", "Body": "número raro"},
        {"MessageSid": "SM" + "e" * 32, "From": "whatsapp:+34600999888", "NumMedia": "x"},
    ],
)
def test_a_malformed_request_is_400(params: dict[str, str]):
    assert whatsapp_post(params).status_code == 400
    assert WhatsappMessage.objects.count() == 0


def test_a_request_that_is_not_form_encoded_is_400():
    response = Client().post(PATH, data="{}", content_type="application/json")

    assert response.status_code == 400


def test_an_oversized_request_is_413(phones: Phones):
    response = whatsapp_post(whatsapp_params("SM" + "f" * 32, phones.unlinked, "x" * 70_000))

    assert response.status_code == 413
    assert WhatsappMessage.objects.count() == 0


def test_a_voice_note_is_stored_with_its_media_and_caption(phones: Phones):
    whatsapp_post(
        whatsapp_params(
            "SM" + "g" * 32,
            phones.unlinked,
            "escucha esto",
            NumMedia="1",
            MediaUrl0="https://api.twilio.com/media/ME1",
            MediaContentType0="audio/ogg",
        )
    )

    message = WhatsappMessage.objects.get()
    assert (message.body, message.caption, message.transcript, message.media) == (
        "",
        "escucha esto",
        "",
        [{"url": "https://api.twilio.com/media/ME1", "content_type": "audio/ogg"}],
    )


def test_linking_by_code_links_the_number_that_sent_it(
    world: World, django_capture_on_commit_callbacks
):
    phone = "+34611222333"
    whatsapp_post(whatsapp_params("SM" + "h" * 32, phone, "Hola, ¿quién eres?"))
    code = whatsapp_link_code_create(
        access=world.access(world.reader), organization_id=world.org.pk
    )
    assert LinkCode.objects.get().code_hmac == code_hmac(code)
    assert code not in str(list(LinkCode.objects.values()))

    with django_capture_on_commit_callbacks(execute=True):
        whatsapp_post(whatsapp_params("SM" + "i" * 32, phone, f"vincular {code.lower()}"))

    access = access_for_phone(phone)
    assert (access.user_id, access.organization_ids) == (world.reader.pk, (world.org.pk,))
    stored = WhatsappMessage.objects.filter(direction="inbound").order_by("id")
    assert [m.body for m in stored] == ["Hola, ¿quién eres?", "VINCULAR ······"]
    reply = WhatsappMessage.objects.get(direction="outbound")
    assert reply.body == (
        "Listo: este número queda vinculado a tu cuenta de Sumalos en Taller Uno. Tienes 1 "
        "mensajes anteriores de este número; si quieres verlos también en la web, acéptalo "
        "desde Sumalos."
    )
    # Earlier history is offered, never adopted automatically.
    reader = world.access(world.reader)
    assert whatsapp_history_unadopted(access=reader) == 2
    assert whatsapp_history_adopt(access=reader) == 2
    # The two earlier messages, plus the reply sent after linking (owned by the user at once).
    assert AiMessage.objects.filter(owner_phone=phone, owner_user=world.reader).count() == 3


def test_a_number_linked_to_another_account_is_refused(
    world: World, phones: Phones, django_capture_on_commit_callbacks
):
    code = whatsapp_link_code_create(access=world.access(world.owner), organization_id=world.org.pk)

    with django_capture_on_commit_callbacks(execute=True):
        whatsapp_post(whatsapp_params("SM" + "j" * 32, phones.linked, f"VINCULAR {code}"))

    assert PhoneLink.objects.get(phone=phones.linked).user == world.reader
    assert WhatsappMessage.objects.get(direction="outbound").body == (
        "Este número ya está vinculado a otra cuenta de Sumalos."
    )


def test_a_wrong_or_expired_code_links_nothing(world: World, django_capture_on_commit_callbacks):
    whatsapp_link_code_create(access=world.access(world.owner), organization_id=world.org.pk)

    with django_capture_on_commit_callbacks(execute=True):
        whatsapp_post(whatsapp_params("SM" + "k" * 32, "+34622000111", "VINCULAR ZZZZZZ"))

    assert PhoneLink.objects.count() == 0


def test_unlinking_drops_the_organizations_of_the_number(world: World, phones: Phones):
    whatsapp_unlink(access=world.access(world.reader))

    assert access_for_phone(phones.linked).organization_ids == ()


def test_guessing_codes_is_stopped_after_five_attempts(
    world: World, django_capture_on_commit_callbacks
):
    phone = "+34622000222"
    code = whatsapp_link_code_create(access=world.access(world.owner), organization_id=world.org.pk)
    with django_capture_on_commit_callbacks(execute=True):
        for attempt in range(5):
            whatsapp_post(whatsapp_params(f"SM{attempt:032d}", phone, "VINCULAR ZZZZZZ"))
        # The right code, but only after five wrong guesses in the code's lifetime.
        whatsapp_post(whatsapp_params("SM" + "z" * 32, phone, f"VINCULAR {code}"))

    assert PhoneLink.objects.filter(phone=phone).count() == 0
    assert WhatsappMessage.objects.filter(direction="outbound").latest("id").body == (
        "Demasiados intentos desde este número. Espera unos minutos y pide un código nuevo."
    )
