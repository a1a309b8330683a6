"""Nothing the gate keeps is dropped in silence: what is not kept says so, and why.

Mirrors ``learning/services.py`` (``refusal_notice_create`` and its callers): a policy refusal,
a write ``memory_write`` refuses, a message with nothing to extract. The notice names the kind
of content only, is read by its owner only, and reaches the web chat's card and list and the
next WhatsApp reply (the last through a real worker).
"""

from __future__ import annotations

import pytest

from assistant.selectors import learned_card, learned_recent
from channels_app.models import LearnedNotice, WebChat, WhatsappMessage
from channels_app.selectors import learned_notices_pending
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import outbox_drain
from learning.services import NOT_KEPT, REASON_NOTHING_FOUND, message_learn
from memory.models import Memory
from memory.policy import REASON_CONFIDENTIAL
from memory.services.write import REASON_IBAN_NO_CONTACTS
from sumalos.accounts.models import User
from sumalos.invoicing.models import Contact
from tests.support import (
    queue_drain,
    wait_for,
    whatsapp_params,
    whatsapp_post,
)
from tests.world import World

SECRET = "apunta que el pin de la tarjeta de la empresa es 4471"
SECRET_REFUSED = (
    "No lo he guardado: no guardo contraseñas, códigos de verificación, claves de API ni números "
    "de tarjeta: son secretos y no deben quedar en la memoria."
)
NOTHING_FOUND = NOT_KEPT.format(reason=REASON_NOTHING_FOUND)


def _say(world: World, text: str, user: User | None = None) -> str:
    access = world.access(user or world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
    outbox_drain(handler=message_learn)
    return WebChat.objects.get(pk=chat.pk).conversation_id


def _notices() -> list[tuple[str, int | None, int | None]]:
    return list(
        LearnedNotice.objects.order_by("id").values_list("text", "memory_id", "owner_user_id")
    )


@pytest.mark.django_db
def test_a_secret_the_writer_asked_to_keep_is_refused_and_the_writer_is_told(world: World):
    conversation_id = _say(world, SECRET)

    assert Memory.objects.count() == 0
    assert _notices() == [(SECRET_REFUSED, None, world.owner.pk)]
    assert NOT_KEPT.format(reason="n" + REASON_CONFIDENTIAL[1:]) == SECRET_REFUSED
    # The notice never repeats what was written.
    assert "4471" not in SECRET_REFUSED
    card = learned_card(access=world.access(world.owner), conversation_id=conversation_id)
    assert [(i.text, i.memory_id, i.can_undo) for i in card] == [(SECRET_REFUSED, None, False)]


@pytest.mark.django_db
def test_small_talk_is_not_answered_with_a_refusal(world: World):
    _say(world, "Gracias")

    assert _notices() == []


@pytest.mark.django_db
def test_a_bank_account_from_a_writer_who_may_not_read_contacts_is_refused_and_told(
    world: World,
):
    Contact.objects.create(organization=world.org, kind="supplier", name="Ferretería Ruiz")

    _say(
        world,
        "Apunta que Ferretería Ruiz tiene la cuenta ES91 2100 0418 4502 0005 1332",
        user=world.bookkeeper,
    )

    assert Memory.objects.count() == 0
    assert _notices() == [
        (
            NOT_KEPT.format(reason="n" + REASON_IBAN_NO_CONTACTS[1:]),
            None,
            world.bookkeeper.pk,
        )
    ]


@pytest.mark.django_db
def test_a_request_to_keep_with_nothing_to_keep_is_told(world: World):
    _say(world, "apunta esto: lo de ayer fue un desastre total")

    assert Memory.objects.count() == 0
    assert _notices() == [(NOTHING_FOUND, None, world.owner.pk)]


@pytest.mark.django_db
def test_learning_twice_tells_once_and_only_the_writer_reads_it(world: World):
    conversation_id = _say(world, SECRET)
    message_id = LearnedNotice.objects.get().source_message_id
    assert message_id is not None

    message_learn(message_id=message_id)

    assert len(_notices()) == 1
    assert [i.text for i in learned_recent(access=world.access(world.owner))] == [SECRET_REFUSED]
    assert learned_recent(access=world.access(world.admin)) == []
    assert (
        learned_notices_pending(access=world.access(world.admin), conversation_id=conversation_id)
        == []
    )


@pytest.mark.django_db
def test_the_chat_page_shows_the_refusal_on_the_card(client, world: World):
    _say(world, SECRET)
    chat = WebChat.objects.get()
    client.force_login(world.owner)

    page = client.get(f"/suma/{chat.public_id}/").content.decode()

    assert SECRET_REFUSED in page
    assert "4471" not in page.split('id="learned-card"')[1]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_through_a_real_worker_the_next_whatsapp_reply_says_what_was_not_kept(
    world_tx: World, worker
):
    phone = "+34655000333"
    worker()
    whatsapp_post(whatsapp_params("SM" + "3" * 32, phone, SECRET))
    wait_for(lambda: WhatsappMessage.objects.filter(direction="outbound", phone=phone).exists())
    queue_drain()
    wait_for(lambda: LearnedNotice.objects.filter(owner_phone=phone).exists())

    whatsapp_post(whatsapp_params("SM" + "4" * 32, phone, "Gracias"))
    wait_for(lambda: WhatsappMessage.objects.filter(direction="outbound", phone=phone).count() == 2)

    second = WhatsappMessage.objects.filter(direction="outbound", phone=phone).order_by("id")[1]
    assert second.body.endswith(f"\n\n{SECRET_REFUSED}")
    assert Memory.objects.filter(owner_phone=phone).count() == 0
    assert LearnedNotice.objects.get(owner_phone=phone).shown_at is not None
