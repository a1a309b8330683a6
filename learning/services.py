"""Learning from one stored message: rebuild the access, gate, extract, ``memory_write``.

Runs in the worker after the reply has gone (DESIGN §6). The writer's access is rebuilt from
the database as it is now: a person who left the organization between writing and learning
learns nothing. Every AI call lands in the usage ledger; what was learnt becomes a notice, and
so does what the gate kept but could not be kept (a policy, a write refused, nothing found):
"No lo he guardado: …", never the message's own words. Decision record: docs/decisions/0026.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction

from channels_app.access import access_for_phone
from channels_app.models import AiMessage, Channel, LearnedNotice
from learning.base import (
    PERSONAL_SCOPE_CATEGORIES,
    ContactName,
    ExtractedFact,
    GateDecision,
    KnownAttribute,
)
from learning.offline.extract import group_by_address, note_fact, worth_a_note
from learning.offline.subjects import link, match_contacts
from learning.providers import get_provider
from memory.learned import reads_as_private
from memory.policy import (
    REASON_CONFIDENTIAL,
    REASON_INJECTION,
    REASON_INSULT,
    REASON_SPECIAL_BACKGROUND,
    is_nothing_to_store,
)
from memory.scope import (
    asks_to_keep,
    fact_visibility,
    marked_visibility,
    narrowest,
    note_category,
)
from memory.scope import requested_visibility as scope_requested
from memory.selectors import memory_subject_attributes
from memory.services import (
    MAX_TEXT,
    WriteResult,
    memory_contact_proposal_create,
    memory_write,
)
from sumalos.accounts.access import AiAccess, access_for_user
from sumalos.accounts.models import Area, Organization, User
from sumalos.ai.models import AiUsage
from sumalos.ai.usage import Usage, usage_record
from sumalos.embeddings import MODEL_NAME
from sumalos.invoicing.models import Contact
from sumalos.invoicing.selectors import contact_find, contact_list
from sumalos.platform.text import fold
from sumalos.rls.rule import Visibility

THIRD_PARTY = frozenset({"cliente", "proveedor"})
CATEGORY_OF_KIND = {
    Contact.Kind.CUSTOMER.value: "cliente",
    Contact.Kind.SUPPLIER.value: "proveedor",
}

# What the person hears when the gate kept a message and nothing of it was kept. The reasons
# name the kind of content only: a refusal notice never repeats what was written.
NOT_KEPT = "No lo he guardado: {reason}"
POLICY_REASONS = {
    "secret": REASON_CONFIDENTIAL,
    "injection": REASON_INJECTION,
    "insult": REASON_INSULT,
    "special": REASON_SPECIAL_BACKGROUND,
}
REASON_NOTHING_FOUND = (
    "no he sabido sacar de tu mensaje un dato concreto que recordar. Si quieres que lo "
    "recuerde, dímelo con otras palabras o pídeme «apunta que …»."
)

# "Apúntalo", "recuerda que…": the person asked Suma to keep it, whatever the gate thinks.
_KEEP_REQUEST = re.compile(
    r"\b(?:apunta(?:lo|la|los|las|te)?|anota(?:lo|la)?|recuerda(?:lo|la)?|guarda(?:lo|la)?|"
    r"memoriza(?:lo|la)?|no\s+(?:te\s+)?olvides)\b"
)


# Asked in so many words to note what follows ("apúntame una cosica: …", "anota esto:", "guárdame
# este dato"): the gate's "nothing" does not drop the message before extraction; a statement
# with nothing to keep ("apunta esto: lo de ayer fue un desastre") is still told, not noted.
_NOTE_WHAT_FOLLOWS = re.compile(
    r"\b(?:apunta|anota|guarda|apuntate|anotate)(?:me)?\s+(?:una\s+cos(?:a|ita|ica|illa|eta)|esto|"
    r"lo\s+siguiente|este\s+dato)\b(?!\s*\?)"
)


def notes_what_follows(text: str) -> bool:
    return _NOTE_WHAT_FOLLOWS.search(fold(text)) is not None


@dataclass(frozen=True)
class LearnOutcome:
    outcome: str  # no_message | not_a_person | no_access | refuse | ignore | learn | ...
    learnt: int = 0


def access_for_message(message: AiMessage) -> AiAccess | None:
    """The writer's access now, narrowed to the message's organization; None if lost."""
    org_ids = [message.organization_id] if message.organization_id is not None else []
    if message.channel == Channel.WHATSAPP and message.owner_phone:
        access = access_for_phone(message.owner_phone, organization_ids=org_ids)
    elif message.owner_user_id is not None:
        user = User.objects.filter(pk=message.owner_user_id, is_active=True).first()
        if user is None:
            return None
        access = access_for_user(user, organization_ids=org_ids)
    else:
        return None
    if message.organization_id is not None and message.organization_id not in access.permissions:
        return None
    return access


@dataclass
class BatchReads:
    """What the messages of one claimed batch need read, read once for all of them.

    The learning drain learns a batch in one transaction (decision 0028); the first message
    that asks reads every message of the batch and each one's previous assistant turn in two
    statements, inside that transaction, and a writer's access is built once per writer and
    organization: the access "as it is now" is the one at the batch's start, not a second
    later (decision 0029). A message outside ``message_ids`` is read alone, as before.
    """

    message_ids: Sequence[int]
    _messages: dict[int, AiMessage] | None = None
    _previous: dict[int, str] = field(default_factory=dict)
    _accesses: dict[tuple[object, ...], AiAccess | None] = field(default_factory=dict)
    _contacts: dict[tuple[object, ...], list[ContactName]] = field(default_factory=dict)

    def _load(self) -> dict[int, AiMessage]:
        if self._messages is None:
            self._messages = AiMessage.objects.in_bulk(list(self.message_ids))
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT m.id, p.text FROM ai_messages m"
                    " CROSS JOIN LATERAL (SELECT text FROM ai_messages"
                    "     WHERE conversation_id = m.conversation_id AND role = 'assistant'"
                    "       AND id < m.id ORDER BY id DESC LIMIT 1) p"
                    " WHERE m.id = ANY(%s)",
                    [list(self.message_ids)],
                )
                self._previous = dict(cursor.fetchall())
        return self._messages

    def message(self, message_id: int) -> AiMessage | None:
        if message_id not in self.message_ids:
            return AiMessage.objects.filter(pk=message_id).first()
        return self._load().get(message_id)

    def previous(self, message: AiMessage) -> str | None:
        if message.pk not in self.message_ids:
            return previous_turn(message)
        self._load()
        return self._previous.get(message.pk)

    @staticmethod
    def _writer(message: AiMessage) -> tuple[object, ...]:
        writer = (
            ("phone", message.owner_phone)
            if message.channel == Channel.WHATSAPP and message.owner_phone
            else ("user", message.owner_user_id)
        )
        return (*writer, message.organization_id)

    def access(self, message: AiMessage) -> AiAccess | None:
        key = self._writer(message)
        if key not in self._accesses:
            self._accesses[key] = access_for_message(message)
        return self._accesses[key]

    def contacts(self, message: AiMessage, access: AiAccess) -> list[ContactName]:
        """The contacts the writer may read, read once per writer and organization: learning
        adds no contact, and the access they were read with is the batch's too."""
        key = self._writer(message)
        if key not in self._contacts:
            self._contacts[key] = readable_contacts(
                access=access, organization_id=message.organization_id
            )
        return self._contacts[key]


def previous_turn(message: AiMessage) -> str | None:
    """Suma's last turn before ``message`` in its conversation: context for the gate."""
    return (
        AiMessage.objects.filter(
            conversation_id=message.conversation_id, role="assistant", id__lt=message.pk
        )
        .order_by("-id")
        .values_list("text", flat=True)
        .first()
    )


def asks_to_be_told(*, text: str, gate: GateDecision) -> bool:
    """Whether the writer meant this to be kept: then not keeping it is said, never silent."""
    folded = fold(text)
    asked = bool(_KEEP_REQUEST.search(folded)) and "?" not in folded
    return gate.remember or asks_to_keep(text) or asked


# How sure the gate must be of a personal category before its scope narrows a message: below it,
# on the policy sets tuned on, the category-made scope was wrong for 34 lines meant to be shared
# or proposed and right for 3 about the writer's own life (docs/memory.md, "Policy round 28").
SCOPE_CONFIDENCE = 0.5


def message_requested_visibility(*, text: str, gate: GateDecision) -> str | None:
    """The visibility a message asks for: its markers and own-life facts, then the gate's scope.

    Each fact is written as a new sentence without the person's words ("solo para mí"), so the
    scope is read from the message itself, by the rules and, where they read nothing, by the
    learned private marker, and handed to every write; it only narrows.
    """
    # A category guessed without confidence (a customer's address read as the writer's profile
    # at 0.29) narrows nothing: the markers and own-life rules have already spoken for the
    # message, and the learned private marker speaks below.
    # Nor does it narrow a message that asks, in so many words, to be shared: the person's words
    # decide before a guess does.
    marked = scope_requested(text)
    confident = gate.scope == "personal" and gate.p_category >= SCOPE_CONFIDENCE
    from_gate = Visibility.PERSONAL if confident and marked != Visibility.SHARED else None
    asked = narrowest(marked, from_gate)
    if asked is None and reads_as_private(text):
        # Kept to oneself in words no rule reads: the learned private marker (decision 0053).
        return Visibility.PRIVATE_IN_ORG
    return asked


def readable_contacts(*, access: AiAccess, organization_id: int | None) -> list[ContactName]:
    """The contacts the writer may read now: the only ones a fact can be linked to."""
    if organization_id is None or not access.can_read(organization_id, Area.CONTACTS):
        return []
    return [
        ContactName(pk, name, kind)
        for pk, name, kind in contact_list(
            access=access, organization_id=organization_id
        ).values_list("pk", "name", "kind")
    ]


def organization_name(organization_id: int | None) -> str:
    """The name of the organization a message belongs to: a fact about it is the company's."""
    if organization_id is None:
        return ""
    names = Organization.objects.filter(pk=organization_id).values_list("name", flat=True)
    return names.first() or ""


def fact_subject(
    *,
    access: AiAccess,
    organization_id: int | None,
    fact: ExtractedFact,
    contacts: list[ContactName] | None = None,
) -> tuple[str, Contact | None]:
    """``contacto:<id>`` for a readable contact the fact names, else the name as written.

    The tax ID decides first, then the contact the extractor matched, then the contact
    matcher over the readable contacts (partial names, typos, role words). A name that links
    to nothing stays as written: an unlinked subject. ``contacts``: the readable contacts when
    the caller already read them.
    """
    if not fact.subject_name and not fact.subject_tax_id:
        return "", None
    if contacts is None:
        contacts = readable_contacts(access=access, organization_id=organization_id)
    readable = {c.id for c in contacts}
    contact = None
    if fact.subject_tax_id:
        contact = contact_find(
            access=access, organization_id=organization_id, name="", tax_id=fact.subject_tax_id
        )
    if contact is None and fact.subject_contact_id in readable:
        contact = Contact.objects.get(pk=fact.subject_contact_id)
    if contact is None and fact.subject_name and not fact.subject_set_apart:
        named = link(fact.subject_name, contacts)
        contact = Contact.objects.get(pk=named.id) if named is not None else None
    if contact is not None:
        return f"contacto:{contact.pk}", contact
    return fact.subject_name, None


def proposal_contact(
    *, access: AiAccess, organization_id: int | None, fact: ExtractedFact
) -> Contact | None:
    """The contact a fact names when its writer may not read the contacts (decision 0035).

    Her fact stays hers, under the name she wrote; the match only ever feeds a proposal on
    the contacts area, which she does not read and is not told about. The contacts are read
    here without her access on purpose, for that and nothing else.
    """
    name = fact.subject_name or fact.subject_hint
    if (
        organization_id is None
        or not name
        or fact.subject_set_apart
        or access.can_read(organization_id, Area.CONTACTS)
    ):
        return None
    everyone = [
        ContactName(pk, name, kind)
        for pk, name, kind in Contact.objects.filter(organization_id=organization_id).values_list(
            "pk", "name", "kind"
        )
    ]
    if fact.subject_name:
        named = link(fact.subject_name, everyone)
    else:
        # A clause, not a name: the contact it names, or else the one the previous message of
        # a follow-up names, or else the one "los de …" means by the address the clause gives
        # ("los de los tubos de levante: pedidos@saneamientoslevante.com").
        named = (
            _named_above_others(fact.subject_hint, everyone)
            or _named_above_others(fact.previous_hint, everyone)
            or getattr(group_by_address(fact.subject_hint, everyone), "contact", None)
        )
    return Contact.objects.get(pk=named.id) if named is not None else None


def _named_above_others(text: str, everyone: list[ContactName]) -> ContactName | None:
    """The contact ``text`` names, when it names one above any other."""
    mentions = match_contacts(text, everyone) if text else []
    unique = len(mentions) == 1 or (len(mentions) > 1 and mentions[0].score > mentions[1].score)
    return mentions[0].contact if mentions and unique else None


def known_attributes(
    *, access: AiAccess, organization_id: int | None, contacts: list[ContactName], text: str
) -> list[KnownAttribute]:
    """Attributes already stored about the contacts the message names (DESIGN §5)."""
    if organization_id is None:
        return []
    known: list[KnownAttribute] = []
    for mention in match_contacts(text, contacts)[:3]:
        if mention.contact is None:
            continue
        subject = f"contacto:{mention.contact.id}"
        for stored in memory_subject_attributes(
            access=access, organization_id=organization_id, subject=subject
        ):
            known.append(KnownAttribute(subject, stored.attribute, stored.value))
    return known


def fact_write(
    *,
    access: AiAccess,
    organization_id: int | None,
    fact: ExtractedFact,
    explicit: bool,
    source_message_id: int | None,
    confidence: float = 1.0,
    requested_visibility: str | None = None,
    contacts: list[ContactName] | None = None,
    shared_in_words: bool = False,
    guessed_personal: bool = False,
) -> WriteResult:
    """Write one fact through ``memory_write``, linked to its contact when there is one.

    A linked fact takes its category from the contact (customer or supplier); a note keeps
    its sentence and no attribute, so two notes about one subject never collide by name. From
    a writer who may not read the contacts, a fact naming one is also proposed, linked, to
    those who may (``proposal_contact``, decision 0035).
    """
    subject, contact = fact_subject(
        access=access, organization_id=organization_id, fact=fact, contacts=contacts
    )
    text, category = fact.text, fact.category
    if contact is not None:
        if fact.subject_name and fact.subject_name in text:
            text = text.replace(fact.subject_name, contact.name)
        category = CATEGORY_OF_KIND.get(contact.kind, category)
    elif shared_in_words and category in PERSONAL_SCOPE_CATEGORIES:
        # Asked, in so many words, to be shared: the company's, not the writer's profile or
        # taste ("lo dejo para todos: la próxima ITV de la furgoneta es en marzo").
        category = "empresa"
    elif (
        guessed_personal and category in PERSONAL_SCOPE_CATEGORIES and requested_visibility is None
    ):
        # The gate guessed the message is about the writer, unsure, and the extractor read a
        # fact about the writer too ("Háblame de tú"): the person's own, in every organization.
        requested_visibility = Visibility.PERSONAL
    result = memory_write(
        access=access,
        category=category,
        text=text,
        subject=subject,
        attribute="" if fact.note else fact.attribute,
        value="" if fact.note else fact.value,
        explicit=explicit,
        requested_visibility=requested_visibility,
        source_message_id=str(source_message_id) if source_message_id else None,
        organization_id=organization_id,
        confidence=confidence,
        shared_in_words=shared_in_words,
    )
    # memory_write embeds the sentence once: recorded here, at cost 0 (local model).
    usage_record(
        purpose=AiUsage.Purpose.EMBEDDING,
        usages=[Usage("offline", MODEL_NAME)],
        message_id=source_message_id,
    )
    proposed = (
        proposal_contact(access=access, organization_id=organization_id, fact=fact)
        if not result.refused and requested_visibility in (None, Visibility.SHARED)
        else None
    )
    if proposed is not None and organization_id is not None:
        # Her own result is what she is told; the proposal is for those who read contacts.
        memory_contact_proposal_create(
            access=access,
            organization_id=organization_id,
            contact_id=proposed.pk,
            category=CATEGORY_OF_KIND.get(proposed.kind, fact.category),
            text=fact.text.replace(fact.subject_name, proposed.name)
            if fact.subject_name
            else fact.text,
            attribute="" if fact.note else fact.attribute,
            value="" if fact.note else fact.value,
            source_message_id=str(source_message_id) if source_message_id else None,
            confidence=confidence,
        )
    return result


def facts_save(
    *,
    access: AiAccess,
    message: AiMessage,
    facts: list[ExtractedFact],
    explicit: bool,
    confidence: float = 1.0,
    requested_visibility: str | None = None,
    contacts: list[ContactName] | None = None,
    guessed_personal: bool = False,
) -> list[WriteResult]:
    """Write each fact of a message; a notice for what was learnt and for what was refused."""
    results = []
    shared_in_words = marked_visibility(message.text) == Visibility.SHARED
    for fact in facts:
        try:
            # A fact memory_write rejects (an unreadable contact, a text too long) is told to
            # the person and leaves the message's other facts standing.
            with transaction.atomic():
                result = fact_write(
                    access=access,
                    organization_id=message.organization_id,
                    fact=fact,
                    explicit=explicit,
                    source_message_id=message.pk,
                    confidence=confidence,
                    requested_visibility=fact_visibility(
                        message.text, f"{fact.text} {fact.value}", asked=requested_visibility
                    ),
                    contacts=contacts,
                    shared_in_words=shared_in_words,
                    guessed_personal=guessed_personal,
                )
        except (ValidationError, PermissionDenied) as error:
            reason = " ".join(getattr(error, "messages", None) or [str(error)])
            result = WriteResult(memory=None, refused=True, reason=reason)
        results.append(result)
        if result.refused:
            refusal_notice_create(access=access, message=message, reason=result.reason)
        elif result.memory is not None and not result.merged:
            LearnedNotice.objects.create(
                conversation_id=message.conversation_id,
                channel=message.channel,
                owner_user_id=access.user_id,
                owner_phone=access.phone if access.user_id is None else None,
                source_message=message,
                memory=result.memory,
                superseded_memory=result.superseded,
                text=result.memory.text,
                value=result.memory.value,
                visibility=result.visibility or "",
                proposed=result.proposed,
            )
    return results


def refusal_notice_create(*, access: AiAccess, message: AiMessage, reason: str) -> LearnedNotice:
    """Tell the writer that something of ``message`` was not kept, and why (once per reason).

    A notice with no memory and a text: the web chat's card and the next WhatsApp reply show
    it to its owner only. Learning the message twice adds no second notice.
    """
    reason = reason.strip() or REASON_NOTHING_FOUND
    text = NOT_KEPT.format(reason=reason[:1].lower() + reason[1:])
    owner_phone = access.phone if access.user_id is None else None
    notice, _ = LearnedNotice.objects.get_or_create(
        source_message=message,
        memory=None,
        text=text,
        defaults={
            "conversation_id": message.conversation_id,
            "channel": message.channel,
            "owner_user_id": access.user_id,
            "owner_phone": owner_phone,
            "visibility": "",
        },
    )
    return notice


def noted(*, message: str, category: str, contacts: list[ContactName]) -> list[ExtractedFact]:
    """A message the gate keeps but no fact came out of: its cleaned sentence, as one note.

    A remembered fact is never dropped in silence: "Apúntalo solo para mí…" loses its marker,
    the rest is kept about the contact it names, under the gate's category (one's own life
    stays with the person).
    """
    note = note_fact(message, contacts)
    if note is None or len(note.text) > MAX_TEXT:
        return []
    return [replace(note, category=note_category(message, category))]


# No savepoint of its own: the drain runs each message in one already (a failure rolls back
# to it), and alone it is the transaction.
@transaction.atomic(savepoint=False)
def message_learn(*, message_id: int, reads: BatchReads | None = None) -> LearnOutcome:
    """Learn what one message teaches, if anything; safe to run twice (merges, no twins).

    ``reads``: the batch's reads, shared with the other messages of its batch.
    """
    reads = reads or BatchReads(message_ids=())
    message = reads.message(message_id)
    if message is None:
        return LearnOutcome("no_message")
    if message.role != "user" or not message.text.strip():
        return LearnOutcome("not_a_person")
    access = reads.access(message)
    if access is None:
        return LearnOutcome("no_access")
    previous = reads.previous(message)
    provider = get_provider()
    gate = provider.gate(message=message.text, previous=previous)
    usage_record(purpose=AiUsage.Purpose.GATE, usages=gate.usage, message_id=message.pk)
    outcome = gate.value.outcome
    told = asks_to_be_told(text=message.text, gate=gate.value)
    if outcome == "refuse":
        if told:
            reason = POLICY_REASONS.get(gate.value.policy, REASON_NOTHING_FOUND)
            refusal_notice_create(access=access, message=message, reason=reason)
        return LearnOutcome(outcome)
    # A message that is, as a whole, a question or a task for now teaches nothing, whatever
    # values the extractor would take from it ("mete el albarán AR-7 como gasto de material,
    # 86,90 €"): recordar judges the whole message the same way (check_content).
    # A wish about where to keep it ("¿me apuntas, solo para mí, que…?") asks for it to be kept,
    # whatever the form of the rest (policy round 30).
    marked = marked_visibility(message.text) is not None
    if (is_nothing_to_store(message.text) and not marked) or (
        outcome == "ignore"
        and not (asks_to_keep(message.text) or marked or notes_what_follows(message.text))
    ):
        if told:
            refusal_notice_create(access=access, message=message, reason=REASON_NOTHING_FOUND)
        return LearnOutcome("ignore")
    contacts = reads.contacts(message, access)
    known = known_attributes(
        access=access,
        organization_id=message.organization_id,
        contacts=contacts,
        text=message.text,
    )
    extraction = provider.extract(
        message=message.text,
        previous=previous,
        known=known,
        contacts=contacts,
        organization=organization_name(message.organization_id),
    )
    usage_record(purpose=AiUsage.Purpose.EXTRACTION, usages=extraction.usage, message_id=message.pk)
    facts = extraction.value
    if not facts and (asks_to_keep(message.text) or worth_a_note(message.text)):
        facts = noted(message=message.text, category=gate.value.category, contacts=contacts)
    if not facts:
        refusal_notice_create(access=access, message=message, reason=REASON_NOTHING_FOUND)
        return LearnOutcome(outcome)
    results = facts_save(
        access=access,
        message=message,
        facts=facts,
        explicit=False,
        confidence=gate.value.p_remember,
        requested_visibility=message_requested_visibility(text=message.text, gate=gate.value),
        contacts=contacts,
        guessed_personal=gate.value.scope == "personal",
    )
    learnt = sum(1 for r in results if r.memory is not None and not r.merged and not r.refused)
    return LearnOutcome(outcome, learnt)
