"""The gate's scope: what the person asked for, then their own life, then the category."""

from __future__ import annotations

import pytest

from learning.offline.gate import decide, message_scope


@pytest.mark.parametrize(
    ("message", "scope"),
    [
        # A family fact was filed under the organization.
        ("Mi hija Sara empieza la universidad en septiembre", "personal"),
        ("Hostal Miramar paga a 90 días, apúntalo solo para mí, no lo compartas", "personal"),
        ("Talleres García paga a 60 días", "organizacion"),
    ],
)
def test_the_gate_reads_the_scope_from_the_message(message: str, scope: str) -> None:
    assert decide(message, None).scope == scope


@pytest.mark.parametrize(
    ("message", "category", "scope"),
    [
        ("Que no lo vea nadie: Aceros sube precios", "proveedor", "personal"),
        ("Para todos: cerramos en agosto", "preferencia", "organizacion"),
        ("Me encanta el café solo", "empresa", "personal"),
        ("Reparamos frenos y embragues", "empresa", "organizacion"),
        ("Reparamos frenos y embragues", "preferencia", "personal"),
        ("Solo para mí: nada", "ninguno", None),
    ],
)
def test_markers_and_own_life_decide_before_the_category(
    message: str, category: str, scope: str | None
) -> None:
    assert message_scope(message, category) == scope
