"""Every table with an organization column is protected by row-level security or exempt."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

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
