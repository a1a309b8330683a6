"""System checks: the restricted role must exist and every policy must match the rule."""

from __future__ import annotations

import logging
from typing import Any

from django.core.checks import Error, Warning, register
from django.db import DatabaseError, connection

from sumalos.embedded import READER_ROLE
from sumalos.rls.policies import TABLE_POLICIES
from sumalos.rls.sql import READER_POLICY, rule_fingerprint

logger = logging.getLogger("sumalos.rls")


@register()
def check_reader_role(app_configs: Any = None, **kwargs: Any) -> list[Warning | Error]:
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT rolbypassrls, rolsuper, rolcanlogin FROM pg_roles WHERE rolname = %s",
                [READER_ROLE],
            )
            row = cursor.fetchone()
    except DatabaseError as error:
        return [Warning(f"Could not check the {READER_ROLE} role: {error}", id="rls.W001")]
    if row is None:
        message = (
            f"The restricted role {READER_ROLE} is missing: row-level security is NOT enforcing "
            "the assistant's reads (only the app filter is). Create it with "
            f"CREATE ROLE {READER_ROLE} NOLOGIN NOBYPASSRLS and GRANT it to the app role."
        )
        logger.error(message)
        return [Error(message, id="rls.E001")]
    bypass, superuser, login = row
    if bypass or superuser or login:
        return [
            Error(
                f"The role {READER_ROLE} must be NOLOGIN, NOSUPERUSER and NOBYPASSRLS.",
                id="rls.E002",
            )
        ]
    return []


def policy_fingerprints() -> dict[str, str]:
    """Map each protected table to the rule fingerprint in its reader policy's comment."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT c.relname, obj_description(p.oid, 'pg_policy')
            FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
            WHERE p.polname = %s
            """,
            [READER_POLICY],
        )
        return {table: comment or "" for table, comment in cursor.fetchall()}


@register()
def check_policies_match_code(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """Each protected table's policy must be the one ``TABLE_POLICIES`` declares today."""
    try:
        found = policy_fingerprints()
    except DatabaseError:
        return []
    if not found:  # not migrated yet
        return []
    errors = []
    for table, using in TABLE_POLICIES.items():
        expected = f"rule:{rule_fingerprint(using)}"
        if table in found and found[table] != expected:
            errors.append(
                Error(
                    f"The row-level security policy of {table} differs from the code; "
                    "add a migration holding the SQL that protect_table_sql() renders now.",
                    id="rls.E003",
                )
            )
    return errors
