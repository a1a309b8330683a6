"""A NUL or another control character in any field is cleaned, never a 500 (text.py)."""

from __future__ import annotations

import json

import pytest

from channels_app.models import AiMessage, WebChat, WhatsappMessage
from memory.models import Memory
from sumalos.platform.text import clean_text
from tests.support import whatsapp_params, whatsapp_post
from tests.world import PASSWORD, World


def test_clean_text_keeps_tabs_and_line_breaks_and_drops_every_other_control_character():
    every_control = "".join(chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)])

    assert clean_text(f"a{every_control}b") == "a\t\n\rb"
    assert clean_text("Fontanería Martín ✓ 👍🏽") == "Fontanería Martín ✓ 👍🏽"


@pytest.mark.django_db(transaction=True)
def test_a_nul_byte_in_a_chat_message_is_cleaned(client, world_tx: World):
    client.force_login(world_tx.owner)
    client.post("/suma/nueva/")
    chat = WebChat.objects.get(owner_user=world_tx.owner)

    response = client.post(f"/suma/{chat.public_id}/mensaje/", {"text": "hola\x00 que tal\x07"})

    assert response.status_code == 302
    assert list(
        AiMessage.objects.filter(conversation_id=chat.conversation_id, role="user").values_list(
            "text", flat=True
        )
    ) == ["hola que tal"]


def test_a_nul_byte_in_the_recordar_form_is_cleaned(client, world: World):
    client.force_login(world.owner)

    response = client.post(
        "/memoria/recordar/",
        {"category": "preferencia", "text": "Prefiero las facturas\x00 en PDF\x1b"},
    )

    assert response.status_code == 302
    assert list(Memory.objects.values_list("text", flat=True)) == ["Prefiero las facturas en PDF"]


def test_a_nul_byte_in_an_api_json_body_is_cleaned(client, world: World):
    client.force_login(world.owner)

    response = client.post(
        "/api/memories/",
        data=json.dumps({"category": "preferencia", "text": "Prefiero\u0000 el correo\u0008"}),
        content_type="application/json",
    )

    assert response.status_code == 201
    assert list(Memory.objects.values_list("text", flat=True)) == ["Prefiero el correo"]


def test_invalid_json_in_the_api_is_a_400(client, world: World):
    client.force_login(world.owner)

    response = client.post(
        "/api/memories/", data=b'{"text": "a\x00', content_type="application/json"
    )

    assert response.status_code == 400
    assert Memory.objects.count() == 0


def test_a_nul_byte_in_a_signed_webhook_body_is_cleaned_after_the_signature(db):
    response = whatsapp_post(whatsapp_params("SM" + "0" * 32, "+34600999888", "Hola\x00 Suma"))

    assert response.status_code == 200
    assert list(WhatsappMessage.objects.values_list("body", flat=True)) == ["Hola Suma"]


def test_a_nul_byte_in_the_login_form_and_the_query_string_is_no_500(client, world: World):
    refused = client.post(
        "/entrar/?next=/\x00", {"username": "owner@uno.test\x00", "password": "x"}
    )
    accepted = client.post("/entrar/", {"username": "owner\x00@uno.test", "password": PASSWORD})

    assert refused.status_code == 200
    assert accepted.status_code == 302
    assert accepted["Location"] == "/"
