"""The "Lo he aprendido" card stays until closed, closing is kept per person and notice, and
the list of what Suma learned is read under the visibility rule, with undo only where allowed.
"""

from __future__ import annotations

import pytest
from django.test import Client

from assistant.models import LearnedNoticeDismissal
from channels_app.models import LearnedNotice
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from memory.models import Memory
from sumalos.accounts.models import User
from sumalos.accounts.services import membership_add
from sumalos.invoicing.models import Contact
from tests.pages.html import block_text
from tests.world import PASSWORD, World

CARD = "Lo he aprendido Talleres García S.L. paga a 60 días. Deshacer Entendido, cerrar"


def _garcia(world: World) -> Contact:
    return Contact.objects.create(
        organization=world.org, kind="customer", name="Talleres García S.L.", payment_terms_days=30
    )


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _learnt_in_a_chat(world: World, user: User, text: str) -> str:
    """``user`` says ``text`` in a new web chat and Suma learns from it; the chat's URL."""
    access = world.access(user)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
    outbox_drain(handler=message_learn)
    return f"/suma/{chat.public_id}/"


@pytest.mark.django_db(transaction=True)
def test_the_card_survives_the_next_message_until_it_is_closed(world_tx: World):
    # Given the owner told Suma a new payment term in the chat page.
    _garcia(world_tx)
    owner = _client(world_tx.owner)
    owner.post("/suma/nueva/")
    chat_url = owner.get("/suma/")["Location"]
    owner.post(chat_url + "mensaje/", {"text": "Talleres García ahora paga a 60 días, no a 30"})
    outbox_drain(handler=message_learn)
    notice = LearnedNotice.objects.get()
    assert block_text(owner.get(chat_url).content.decode(), "learned-card") == CARD

    # When the owner sends another message, the card is still there, undo included.
    owner.post(chat_url + "mensaje/", {"text": "¿cuánto facturé en enero de 2027?"})
    page = owner.get(chat_url).content.decode()
    assert block_text(page, "learned-card") == CARD
    assert f'action="/suma/aprendido/{notice.pk}/deshacer/"' in page

    # When the owner closes it, it is gone, and stays gone after the next message.
    closed = owner.post("/suma/aprendido/cerrar/", {"notice": [str(notice.pk)], "next": chat_url})
    assert closed.status_code == 302
    assert closed["Location"] == chat_url
    owner.post(chat_url + "mensaje/", {"text": "Gracias"})
    page = owner.get(chat_url).content.decode()
    assert block_text(page, "learned-card") is None
    assert list(LearnedNoticeDismissal.objects.values_list("user_id", "notice_id")) == [
        (world_tx.owner.pk, notice.pk)
    ]
    # What was learned stays in the list, with its undo.
    assert str(block_text(page, "learned-list")).startswith(
        "Lo que Suma ha aprendido Talleres García S.L. paga a 60 días. Lo dijiste tú en el chat web"
    )
    # And a fresh login (another browser) does not bring the card back: the server keeps it.
    browser = Client()
    assert browser.login(email=world_tx.owner.email, password=PASSWORD)
    assert block_text(browser.get(chat_url).content.decode(), "learned-card") is None


@pytest.mark.django_db
def test_closing_is_kept_per_person_and_only_for_notices_one_may_read(world: World):
    # Given a notice of the owner's (a customer fact: the contacts area).
    _garcia(world)
    chat_url = _learnt_in_a_chat(world, world.owner, "Talleres García ahora paga a 60 días")
    notice = LearnedNotice.objects.get()

    # When the bookkeeper (no contacts area) and the reader (reads contacts) close it.
    _client(world.bookkeeper).post("/suma/aprendido/cerrar/", {"notice": [str(notice.pk)]})
    _client(world.reader).post("/suma/aprendido/cerrar/", {"notice": [str(notice.pk), "x"]})

    # Then only the reader's close is kept, and the owner's card is untouched.
    assert list(LearnedNoticeDismissal.objects.values_list("user_id", "notice_id")) == [
        (world.reader.pk, notice.pk)
    ]
    page = _client(world.owner).get(chat_url).content.decode()
    assert block_text(page, "learned-card") == CARD


@pytest.mark.django_db
def test_the_list_shows_only_notices_of_memories_one_may_read(world: World):
    # Given a customer fact from the owner and a private preference of the reader.
    _garcia(world)
    _learnt_in_a_chat(world, world.owner, "Talleres García ahora paga a 60 días")
    _learnt_in_a_chat(world, world.reader, "Apúntalo solo para mí: prefiero las facturas en PDF")
    private = Memory.objects.get(owner_user=world.reader)
    assert private.visibility in ("personal", "private_in_org")

    def listed(user: User) -> list[str]:
        page = _client(user).get("/suma/temporal/").content.decode()
        text = block_text(page, "learned-list")
        assert text is not None
        return [item for item in ("60 días", "PDF") if item in text]

    # Then each person sees what they may read, and no more.
    assert listed(world.owner) == ["60 días"]
    assert listed(world.reader) == ["60 días", "PDF"]
    assert listed(world.bookkeeper) == []
    assert listed(world.outsider) == []


@pytest.mark.django_db
def test_undo_is_offered_only_where_the_rights_allow_it(world: World):
    # Given a member who writes contacts corrects the owner's shared term: undoing would bring
    # the owner's version back, which only owners and admins may do.
    clerk = User.objects.create_user(
        email="clerk@uno.test", password=PASSWORD, full_name="Clara Contactos"
    )
    membership_add(organization=world.org, user=clerk, write_areas=["contacts"])
    _garcia(world)
    _learnt_in_a_chat(world, world.owner, "Talleres García ahora paga a 60 días")
    chat_url = _learnt_in_a_chat(world, clerk, "Talleres García ahora paga a 90 días")
    corrected = LearnedNotice.objects.get(owner_user=clerk)
    assert corrected.superseded_memory is not None
    assert corrected.memory is not None

    # Then her card and list show what she taught, without an undo she could not do.
    page = _client(clerk).get(chat_url).content.decode()
    assert block_text(page, "learned-card") == (
        "Lo he aprendido Talleres García S.L. paga a 90 días. Entendido, cerrar"
    )
    assert "/deshacer/" not in page
    # And the server refuses it all the same, leaving the memory as it was.
    refused = _client(clerk).post(f"/suma/aprendido/{corrected.pk}/deshacer/", {"next": chat_url})
    assert refused.status_code == 302
    assert Memory.objects.get(pk=corrected.memory.pk).status == "active"
    assert LearnedNotice.objects.get(pk=corrected.pk).undone_at is None
