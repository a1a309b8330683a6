"""From a stored message to a memory: the drain, the gate, extraction, notices, forgetting."""

from __future__ import annotations

import pytest

from channels_app.models import LearnedNotice, OutboxEntry, WebChat, WhatsappMessage
from channels_app.selectors import learned_notices_pending
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.forgetting import web_chat_delete
from channels_app.services.learning import message_learn
from channels_app.services.notices import learned_notice_undo
from channels_app.services.outbox import outbox_drain
from channels_app.services.recordar import recordar
from memory.models import Memory
from sumalos.accounts.models import Membership
from sumalos.ai.models import AiUsage
from sumalos.invoicing.models import Contact
from tests.channels.conftest import Phones
from tests.world import World

pytestmark = pytest.mark.django_db


@pytest.fixture
def garcia(world: World) -> Contact:
    return Contact.objects.create(
        organization=world.org, kind="customer", name="Talleres García S.L.", tax_id="B12345674"
    )


def _say(world: World, text: str, user=None) -> int:
    access = world.access(user or world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
    return chat.pk


def _facts() -> list[tuple]:
    return list(
        Memory.objects.order_by("id").values_list(
            "visibility", "category", "subject", "attribute", "value", "status"
        )
    )


def test_a_web_payment_term_becomes_a_shared_fact_on_the_contact(world: World, garcia: Contact):
    _say(world, "Talleres Garsia ahora paga a 60 días, no a 30")

    report = outbox_drain(handler=message_learn)

    assert (report.claimed, report.done) == (1, 1)
    assert _facts() == [
        ("shared", "cliente", f"contacto:{garcia.pk}", "plazo_pago", "60 días", "active")
    ]
    assert Memory.objects.get().text == "Talleres García S.L. paga a 60 días."
    assert list(AiUsage.objects.order_by("id").values_list("purpose", "cost")) == [
        ("gate", 0),
        ("extraction", 0),
        ("embedding", 0),
    ]


def test_processing_a_message_twice_learns_nothing_twice(world: World, garcia: Contact):
    _say(world, "Talleres García ahora paga a 60 días")
    entry = OutboxEntry.objects.get()

    message_learn(message_id=entry.message_id)
    message_learn(message_id=entry.message_id)

    assert len(_facts()) == 1
    assert LearnedNotice.objects.count() == 1


def test_a_correction_on_another_channel_supersedes_the_fact(
    world: World, garcia: Contact, phones: Phones
):
    _say(world, "Talleres García paga a 60 días")
    outbox_drain(handler=message_learn)
    Membership.objects.filter(user=world.reader).update(write_areas=["contacts"])
    WhatsappMessage.objects.create(
        message_sid="SMcorr1",
        direction="inbound",
        phone=phones.linked,
        organization=world.org,
        body="No, Talleres García ya paga a 90 días",
    )
    from channels_app.models import PhoneAuthorization

    PhoneAuthorization.objects.update(write_areas=["contacts"])

    outbox_drain(handler=message_learn)

    assert [(f[4], f[5]) for f in _facts()] == [("60 días", "superseded"), ("90 días", "active")]


def test_a_person_who_left_between_writing_and_learning_learns_nothing(
    world: World, garcia: Contact
):
    _say(world, "Talleres García paga a 45 días", user=world.admin)
    Membership.objects.filter(user=world.admin, organization=world.org).delete()

    outbox_drain(handler=message_learn)

    assert _facts() == []
    assert OutboxEntry.objects.get().outcome == "no_access"


def test_small_talk_and_orders_are_ignored(world: World, garcia: Contact):
    _say(world, "Hazme una factura a Talleres García por el cambio de pastillas")
    _say(world, "Gracias")

    outbox_drain(handler=message_learn)

    assert _facts() == []
    assert sorted(OutboxEntry.objects.values_list("outcome", flat=True)) == ["ignore", "ignore"]


def test_a_secret_is_refused_and_leaves_no_trace(world: World):
    _say(world, "La contraseña del banco es Perro2024!, apúntala")

    outbox_drain(handler=message_learn)

    assert _facts() == []
    assert OutboxEntry.objects.get().outcome == "refuse"


def test_the_notice_is_pending_for_the_card_and_undo_forgets(world: World, garcia: Contact):
    conversation_id = WebChat.objects.get(
        pk=_say(world, "Talleres García paga a 60 días")
    ).conversation_id
    outbox_drain(handler=message_learn)
    access = world.access(world.owner)

    notices = learned_notices_pending(access=access, conversation_id=conversation_id)

    assert [(n.text, n.visibility) for n in notices] == [
        ("Talleres García S.L. paga a 60 días.", "shared")
    ]
    assert (
        learned_notices_pending(access=world.access(world.reader), conversation_id=conversation_id)
        == []
    )

    learned_notice_undo(access=access, notice_id=notices[0].pk)

    assert _facts() == []
    assert learned_notices_pending(access=access, conversation_id=conversation_id) == []


def test_recordar_saves_in_the_same_turn_under_the_ladder(world: World):
    results = recordar(
        access=world.access(world.owner), text="Háblame de tú", organization_id=world.org.pk
    )

    assert [(r.visibility, r.memory.attribute, r.memory.value) for r in results if r.memory] == [
        ("private_in_org", "tono", "tú")
    ]


def test_recordar_in_a_temporary_conversation_writes_nothing(world: World):
    with pytest.raises(Exception, match="temporal"):
        recordar(
            access=world.access(world.owner),
            text="Háblame de tú",
            organization_id=world.org.pk,
            temporary=True,
        )

    assert _facts() == []


def test_deleting_a_chat_forgets_private_memories_only_it_taught(world: World):
    chat_id = _say(world, "Mi hijo se llama Juan")
    _say(world, "Talleres García paga a 60 días")  # shared; another chat
    outbox_drain(handler=message_learn)
    assert Memory.objects.filter(attribute="hijo").count() == 1

    deleted = web_chat_delete(access=world.access(world.owner), chat_id=chat_id)

    assert deleted == 1
    assert Memory.objects.filter(attribute="hijo").count() == 0
