"""The system check speaks up when the restricted role is missing."""

import pytest

from sumalos.rls import checks

pytestmark = pytest.mark.django_db


def test_the_check_is_quiet_when_the_role_exists():
    assert checks.check_reader_role() == []
    assert checks.check_policies_match_code() == []


def test_a_missing_role_is_a_system_check_error(monkeypatch):
    monkeypatch.setattr(checks, "READER_ROLE", "no_such_reader_role")

    errors = checks.check_reader_role()

    assert [error.id for error in errors] == ["rls.E001"]
    assert "no_such_reader_role is missing" in errors[0].msg
