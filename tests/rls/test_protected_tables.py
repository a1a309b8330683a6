"""Every table with an organization column is protected by row-level security or exempt, and
every text column outside the rule is declared: layered text lives only under the rule."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

from assistant.compaction import compact
from assistant.models import ConversationSummary
from assistant.offline import OfflineProvider
from channels_app.models import LearnedNotice
from channels_app.services.chats import web_chat_append, web_chat_create
from memory.services import memory_delete, memory_write
from search.models import ShownItem
from search.services import outbox_drain
from search.tools import buscar
from sumalos.rls.assistant import as_assistant
from sumalos.rls.checks import policy_fingerprints
from sumalos.rls.policies import EXEMPT_TABLES, TABLE_POLICIES
from sumalos.rls.sql import rule_fingerprint

pytestmark = pytest.mark.django_db


def _tables_with_an_organization_column() -> set[str]:
    return {
        model._meta.db_table
        for model in apps.get_models()
        if any(field.column == "organization_id" for field in model._meta.concrete_fields)
    }


def test_every_table_with_an_organization_column_is_protected_or_exempt():
    unaccounted = _tables_with_an_organization_column() - set(TABLE_POLICIES) - set(EXEMPT_TABLES)

    assert unaccounted == set()


def test_every_protected_table_has_enable_and_force_and_the_declared_policy():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class"
            " WHERE relname = ANY(%s) AND relkind = 'r'",
            [list(TABLE_POLICIES)],
        )
        flags = {name: (enabled, forced) for name, enabled, forced in cursor.fetchall()}
    fingerprints = policy_fingerprints()

    for table, using in TABLE_POLICIES.items():
        assert flags.get(table) == (True, True), table
        assert fingerprints.get(table) == f"rule:{rule_fingerprint(using)}", table


def test_exempt_tables_are_not_readable_by_the_reader():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name FROM information_schema.role_table_grants"
            " WHERE grantee = 'ai_reader' AND table_name = ANY(%s)",
            [list(EXEMPT_TABLES)],
        )
        assert cursor.fetchall() == []


# Every text column of a table outside the rule, and what it holds. A column that is not listed
# fails the walk below: a new one must say which of the three it is before it can be merged.
REFERENCE = "reference"  # ids, names of tools, settings, hashes: nothing derived from a layered row
SOURCE = "source"  # the channel row as its owner wrote it; read only by its owner's access
RESOLVED = "resolved"  # a copy resolved through the rule when read, emptied when its source goes

TEXT_OUTSIDE_THE_RULE: dict[str, dict[str, str]] = {
    "django_admin_log": {
        "object_id": REFERENCE,
        # Only organization records are registered in the admin (staff tooling, no memories).
        "object_repr": REFERENCE,
        "change_message": REFERENCE,
    },
    "auth_permission": {"name": REFERENCE, "codename": REFERENCE},
    "auth_group": {"name": REFERENCE},
    "django_content_type": {"app_label": REFERENCE, "model": REFERENCE},
    "django_session": {"session_key": REFERENCE, "session_data": REFERENCE},
    "django_celery_beat_crontabschedule": {
        "minute": REFERENCE,
        "hour": REFERENCE,
        "day_of_month": REFERENCE,
        "month_of_year": REFERENCE,
        "day_of_week": REFERENCE,
    },
    "django_celery_beat_periodictask": {
        "name": REFERENCE,
        "task": REFERENCE,
        "args": REFERENCE,
        "kwargs": REFERENCE,
        "queue": REFERENCE,
        "exchange": REFERENCE,
        "routing_key": REFERENCE,
        "headers": REFERENCE,
        "description": REFERENCE,
    },
    # Login throttling (django-axes): failed logins only; axes drops the password from post_data.
    "axes_accessattempt": {
        "user_agent": REFERENCE,
        "username": REFERENCE,
        "http_accept": REFERENCE,
        "path_info": REFERENCE,
        "get_data": REFERENCE,
        "post_data": REFERENCE,
    },
    "axes_accessfailurelog": {
        "user_agent": REFERENCE,
        "username": REFERENCE,
        "http_accept": REFERENCE,
        "path_info": REFERENCE,
    },
    "axes_accesslog": {
        "user_agent": REFERENCE,
        "username": REFERENCE,
        "http_accept": REFERENCE,
        "path_info": REFERENCE,
        "session_hash": REFERENCE,
    },
    "users": {"password": REFERENCE, "email": REFERENCE, "full_name": REFERENCE},
    "organizations": {"name": REFERENCE, "tax_id": REFERENCE},
    "memberships": {"read_areas": REFERENCE, "write_areas": REFERENCE},
    "tax_rates": {"source_title": REFERENCE, "source_url": REFERENCE},
    # Changes to shared memories: memory_audit_log shows the texts only while the viewer may
    # read the memory; a trigger empties them when the memory is deleted.
    "memory_audit": {"actor_phone": REFERENCE, "before": RESOLVED, "after": RESOLVED},
    "search_outbox": {
        "table_name": REFERENCE,
        "status": REFERENCE,
        "last_error": REFERENCE,
        "outcome": REFERENCE,
    },
    # The ledger: references only (kind, id, layer, when); ledger_lines resolves the text.
    "search_shown_items": {
        "person_phone": REFERENCE,
        "conversation_id": REFERENCE,
        "via": REFERENCE,
        "agent_role": REFERENCE,
        "item_kind": REFERENCE,
        "version": REFERENCE,
        "fields": REFERENCE,
    },
    "search_external_sources": {
        "name": REFERENCE,
        "base_url": REFERENCE,
        "sync_username": REFERENCE,
        "sync_password": REFERENCE,
    },
    "search_external_credentials": {"username": REFERENCE, "password": REFERENCE},
    # Listing data of a shared source (title, 160-character summary); never a layered row.
    "search_external_items": {
        "path": REFERENCE,
        "title": REFERENCE,
        "summary": REFERENCE,
        "etag": REFERENCE,
    },
    "ai_usage": {"provider": REFERENCE, "model": REFERENCE},
    "web_chats": {"title": SOURCE, "transcript": SOURCE},
    "whatsapp_messages": {
        "message_sid": REFERENCE,
        "phone": REFERENCE,
        "body": SOURCE,
        "media": SOURCE,
        "caption": SOURCE,
        "transcript": SOURCE,
        # The masked variants the triggers copy into ai_messages (under the rule).
        "body_masked": SOURCE,
        "caption_masked": SOURCE,
    },
    "channel_outbox": {"last_error": REFERENCE, "outcome": REFERENCE},
    # The one reply to an inbound message: the text waits here only until it is sent, then the
    # outbound whatsapp_messages row holds it and this one keeps the ids (decision 0022).
    "whatsapp_replies": {
        "idempotency_key": REFERENCE,
        "phone": REFERENCE,
        "provider_message_id": REFERENCE,
        "body": SOURCE,
    },
    "phone_links": {"phone": REFERENCE},
    "phone_authorizations": {"read_areas": REFERENCE, "write_areas": REFERENCE},
    "whatsapp_link_codes": {"code_hmac": REFERENCE},
    # What was learnt, for the "Lo he aprendido" card: shown only while its memory is readable
    # by its owner (learned_notices_pending); a trigger empties it when the memory is deleted.
    "learned_notices": {
        "conversation_id": REFERENCE,
        "owner_phone": REFERENCE,
        "text": RESOLVED,
        "value": RESOLVED,
    },
}

_TEXT_TYPES = {"CharField", "TextField", "JSONField", "ArrayField", "EmailField", "URLField"}


def _free_text_columns_outside_the_rule() -> dict[str, set[str]]:
    """Text columns of unprotected tables; a column with choices holds a code, not text."""
    found: dict[str, set[str]] = {}
    for model in apps.get_models():
        table = model._meta.db_table
        if table in TABLE_POLICIES:
            continue
        columns = {
            str(field.column)
            for field in model._meta.concrete_fields
            if field.get_internal_type() in _TEXT_TYPES and not field.choices
        }
        if columns:
            found[table] = columns
    return found


def test_every_text_column_outside_the_rule_is_declared_and_none_is_stale():
    found = _free_text_columns_outside_the_rule()
    declared = {table: set(columns) for table, columns in TEXT_OUTSIDE_THE_RULE.items()}

    undeclared = {t: sorted(c - declared.get(t, set())) for t, c in found.items()}
    stale = {t: sorted(c - found.get(t, set())) for t, c in declared.items()}

    assert {t: c for t, c in undeclared.items() if c} == {}
    assert {t: c for t, c in stale.items() if c} == {}


def test_the_ledger_holds_references_only():
    assert set(TEXT_OUTSIDE_THE_RULE["search_shown_items"].values()) == {REFERENCE}
    assert "item_key" not in {
        field.column for field in apps.get_model("search", "ShownItem")._meta.concrete_fields
    }


def _columns_holding(marker: str, kinds: set[str]) -> list[str]:
    """``table.column`` of the declared columns of those kinds whose text contains ``marker``."""
    found = []
    with connection.cursor() as cursor:
        for table, columns in TEXT_OUTSIDE_THE_RULE.items():
            for column, kind in columns.items():
                if kind not in kinds:
                    continue
                cursor.execute(
                    f'SELECT count(*) FROM "{table}" WHERE "{column}"::text ILIKE %s',
                    [f"%{marker}%"],
                )
                if cursor.fetchone()[0]:
                    found.append(f"{table}.{column}")
    return found


@pytest.mark.django_db(transaction=True)
def test_layered_text_reaches_no_reference_column_and_leaves_every_copy_when_deleted(world_tx):
    access = world_tx.access(world_tx.owner)
    shared, private = (
        memory_write(
            access=access,
            category="empresa",
            text=text,
            area="general",
            requested_visibility=visibility,
            explicit=True,
            organization_id=world_tx.org.pk,
        ).memory
        for text, visibility in [
            ("La furgoneta grande se revisa en Talleres Zubizarreta", "shared"),
            ("La furgoneta pequeña se revisa en Talleres Quiroga", "private_in_org"),
        ]
    )
    assert shared is not None and private is not None
    LearnedNotice.objects.create(
        conversation_id="web:1",
        channel="web",
        owner_user=world_tx.owner,
        memory=private,
        text=private.text,
        value=private.value,
        visibility=private.visibility,
    )
    outbox_drain()
    buscar(access=access, query="dónde se revisa la furgoneta", conversation_id="web:1", turn=1)
    assert set(
        ShownItem.objects.filter(conversation_id="web:1").values_list("item_kind", "item_id")
    ) >= {("memory", shared.pk), ("memory", private.pk)}

    assert _columns_holding("Zubizarreta", {REFERENCE}) == []
    assert _columns_holding("Quiroga", {REFERENCE}) == []
    assert _columns_holding("Zubizarreta", {RESOLVED}) == ["memory_audit.after"]
    assert _columns_holding("Quiroga", {RESOLVED}) == ["learned_notices.text"]

    memory_delete(access=access, memory_id=shared.pk)
    memory_delete(access=access, memory_id=private.pk)

    assert _columns_holding("Zubizarreta", {REFERENCE, RESOLVED, SOURCE}) == []
    assert _columns_holding("Quiroga", {REFERENCE, RESOLVED, SOURCE}) == []


@pytest.mark.django_db(transaction=True)
def test_a_compaction_summary_carries_its_conversation_columns_and_only_its_owner_reads_it(
    world_tx,
):
    access = world_tx.access(world_tx.reader)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    padding = " Más detalles de la obra." * 110
    for number in range(32):
        web_chat_append(
            access=access, chat_id=chat.pk, role="user", text=f"Punto {number}.{padding}"
        )

    summary = compact(
        access=access,
        conversation_id=chat.conversation_id,
        channel="web",
        summariser=OfflineProvider(),
    )

    assert summary is not None
    stored = ConversationSummary.objects.filter(pk=summary.pk).values(
        "visibility", "organization_id", "owner_user_id", "owner_phone", "area"
    )
    assert list(stored) == [
        {
            "visibility": "private_in_org",
            "organization_id": world_tx.org.pk,
            "owner_user_id": world_tx.reader.pk,
            "owner_phone": None,
            "area": "general",
        }
    ]
    readers = {}
    for user in (world_tx.reader, world_tx.owner, world_tx.admin, world_tx.outsider):
        with as_assistant(world_tx.access(user)):
            readers[user.email] = ConversationSummary.objects.count()
    assert readers == {
        "reader@uno.test": 1,
        "owner@uno.test": 0,
        "admin@uno.test": 0,
        "outsider@dos.test": 0,
    }
