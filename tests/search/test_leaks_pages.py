"""No page shows anyone another person's personal or private text, for every demo person.

Each demo person gets a personal memory, a private memory in their organization, a chat turn
through the web page (its message holds a health remark, a bank password and a card number),
a compaction summary and a "Lo he aprendido" notice, each marked with a word of their own.
Suma's turns and a search then fill the ledger, with references to all of them. Every person
then reads every ledger page, the notices of every chat, the memory centre with its
proposals, the audit log (page and API), their personal export and the search over indexed
messages; no word of anybody else's may appear, and the secrets appear nowhere but in their
owner's own chat.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from assistant.models import ConversationSummary
from channels_app.models import AiMessage, LearnedNotice, WebChat
from fixtures.demo import DOMAIN, TODAY, build_demo
from memory.models import Memory
from memory.services import memory_write
from search.models import Kind, SearchDocument, ShownItem
from search.services import source_index
from search.tools import buscar
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import User
from sumalos.rls.assistant import as_assistant
from sumalos.taxes.models import TaxRate
from sumalos.taxes.seed import seed_rates

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "demo-para-pruebas"
BANK_PASSWORD = "Pz7kLm29qWx"
CARD = "4539 1488 0343 6467"
# One word per person and item; none of them occurs in the demo data.
WORDS = {
    "pablo": ("Aldebarán", "Betelgeuse", "Canopus", "Deneb", "Electra"),
    "lucia": ("Fomalhaut", "Gienah", "Hadar", "Izar", "Jabbah"),
    "andres": ("Kochab", "Lesath", "Menkar", "Nashira", "Okab"),
    "carmen": ("Polaris", "Rasalhague", "Sadalmelik", "Tarazed", "Unukalhai"),
    "elena": ("Vindemiatrix", "Wasat", "Yildun", "Zaniah", "Achernar"),
    "nora": ("Bellatrix", "Capella", "Diphda", "Enif", "Furud"),
}


def _plant(user: User) -> tuple[WebChat, Client]:
    """Memories, a chat turn through the page, a summary and a notice, all this person's own."""
    name = user.email.split("@")[0]
    personal, private, said, summarised, learnt = WORDS[name]
    access = access_for_user(user)
    org_id = access.organization_ids[0]
    memory_write(
        access=access,
        category="preferencia",
        text=f"Los domingos juego al pádel con {personal}",
        requested_visibility="personal",
        explicit=True,
    )
    private_memory = memory_write(
        access=access,
        category="empresa",
        text=f"Quiero cambiar la gestoría por la de {private}",
        area="general",
        requested_visibility="private_in_org",
        explicit=True,
        organization_id=org_id,
    ).memory
    assert private_memory is not None
    client = Client()
    client.force_login(user)
    client.post("/suma/nueva/")
    chat = WebChat.objects.filter(owner_user=user).latest("id")
    client.post(
        f"/suma/{chat.public_id}/mensaje/",
        {
            "text": f"Tengo la tensión alta y lo sabe {said}. La clave del banco es "
            f"{BANK_PASSWORD} y la tarjeta {CARD}. ¿Qué sabes de la gestoría y del pádel?"
        },
    )
    columns = (
        AiMessage.objects.filter(conversation_id=chat.conversation_id)
        .values("visibility", "organization_id", "owner_user_id", "owner_phone", "area")
        .last()
    )
    assert columns is not None
    ConversationSummary.objects.create(
        conversation_id=chat.conversation_id,
        points=[{"id": 1, "text": f"Habló de su médico {summarised}", "messages": []}],
        **columns,
    )
    LearnedNotice.objects.create(
        conversation_id=chat.conversation_id,
        channel="web",
        owner_user=user,
        memory=private_memory,
        text=f"{private_memory.text} ({learnt})",
        visibility=private_memory.visibility,
    )
    # The demo's own changes fill the outbox; index this person's rows at once.
    for message_id in AiMessage.objects.filter(owner_user=user).values_list("pk", flat=True):
        source_index(table="ai_messages", row_id=message_id)
    for memory_id in Memory.objects.filter(owner_user=user).values_list("pk", flat=True):
        source_index(table="memories", row_id=memory_id)
    # A search in the chat: the message and the memories reach the ledger as references.
    for turn, query in [(2, said), (3, "gestoría")]:
        buscar(
            access=access,
            query=query,
            today=TODAY,
            conversation_id=chat.conversation_id,
            turn=turn,
        )
    return chat, client


def _pages(client: Client, chats: list[WebChat], conversations: list[str]) -> dict[str, str]:
    urls = [
        "/memoria/",
        "/memoria/registro/",
        "/api/memories/",
        "/api/memories/audit/",
        "/registro/mis-datos.json",
        *(f"/registro/conversaciones/{cid}/" for cid in conversations),
        *(f"/suma/{chat.public_id}/" for chat in chats),
    ]
    pages = {}
    for url in urls:
        response = client.get(url)
        body = response.content.decode()
        # JSON escapes non-ASCII; compare on the decoded text.
        if response.get("Content-Type", "").startswith("application/json"):
            body = json.dumps(json.loads(body), ensure_ascii=False)
        pages[url] = body
    return pages


def test_no_page_shows_another_persons_personal_or_private_text_to_any_demo_person():
    if not TaxRate.objects.exists():
        seed_rates()
    build_demo(password=PASSWORD)
    users = {u.email.split("@")[0]: u for u in User.objects.filter(email__endswith=f"@{DOMAIN}")}
    planted = {name: _plant(user) for name, user in sorted(users.items())}
    chats = [chat for chat, _ in planted.values()]
    conversations = sorted(set(ShownItem.objects.values_list("conversation_id", flat=True)))
    leaks: list[str] = []
    own_seen: dict[str, set[str]] = {}

    for viewer, (own_chat, client) in sorted(planted.items()):
        pages = _pages(client, chats, conversations)
        access = access_for_user(users[viewer])
        # The answer echoes the question: only the items count.
        found = {
            word: str(
                [
                    result[key]
                    for result in [buscar(access=access, query=word, today=TODAY)]
                    for key in ("memories", "results", "related")
                ]
            )
            for words in WORDS.values()
            for word in words
        }
        # Under row-level security, as the assistant reads: only one's own summary and messages.
        with as_assistant(access):
            summaries = list(ConversationSummary.objects.values_list("owner_user_id", flat=True))
            messages = set(
                SearchDocument.objects.filter(kind=Kind.MESSAGE).values_list(
                    "owner_user_id", flat=True
                )
            )
        if summaries != [users[viewer].pk] or messages != {users[viewer].pk}:
            leaks.append(f"{viewer} RLS: resúmenes {summaries}, mensajes {messages}")
        own_seen[viewer] = {
            word for word in WORDS[viewer] if any(word in body for body in pages.values())
        }
        for owner, words in WORDS.items():
            if owner == viewer:
                continue
            for word in words:
                leaks += [f"{viewer} {url}: {word}" for url, b in pages.items() if word in b]
                if word in found[word]:
                    leaks.append(f"{viewer} buscar: {word}")
        for url, body in pages.items():
            if url == f"/suma/{own_chat.public_id}/":
                continue
            for secret in (BANK_PASSWORD, CARD, CARD.replace(" ", "")):
                if secret in body:
                    leaks.append(f"{viewer} {url}: {secret}")

    assert leaks == [], "\n".join(leaks)
    # The check could fail: each person does see their own words (the summary is prompt-only).
    assert {name: sorted(seen) for name, seen in own_seen.items()} == {
        name: sorted(w for i, w in enumerate(words) if i != 3) for name, words in WORDS.items()
    }
    # Managers do get rows about their members' private items, without the text.
    pablo = planted["pablo"][1]
    andres_chat = planted["andres"][0].conversation_id
    page = pablo.get(f"/registro/conversaciones/{andres_chat}/").content.decode()
    assert "andres@demo.sumalos.es" in page
    assert "<em>no visible</em>" in page
    assert AiMessage.objects.filter(text__contains="[dato oculto]").count() == len(planted)
