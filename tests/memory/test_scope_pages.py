"""Scope from intent through the pages and the API (Django's test client), for each role."""

from __future__ import annotations

import pytest

from memory.models import Memory
from memory.services import REASON_IBAN_NO_CONTACTS
from sumalos.accounts.services import organization_set_shared_mode
from tests.world import logged_in

IBAN = "ES7921000813610123456789"


def _mode(world, mode):
    organization_set_shared_mode(
        access=world.access(world.owner), organization=world.org, shared_mode=mode
    )


def _api_write(world, user, text, category="proveedor"):
    return logged_in(user).post(
        "/api/memories/", {"category": category, "text": text}, content_type="application/json"
    )


def test_solo_para_mi_in_the_recordar_form_is_stored_private_and_colleagues_never_see_it(world):
    # Given the owner writes a customer fact in the form, with no visibility chosen,
    response = logged_in(world.owner).post(
        "/memoria/recordar/",
        {
            "category": "cliente",
            "text": "Solo para mí: Hostal Miramar paga a 90 días",
            "visibility": "",
        },
    )

    # then it is the owner's private note, not a company fact nor a proposal,
    memory = Memory.objects.get()
    assert response.status_code == 302
    assert (memory.visibility, memory.owner_user_id, memory.proposed_visibility) == (
        "private_in_org",
        world.owner.pk,
        None,
    )
    # and no colleague's memory center shows it.
    for colleague in (world.admin, world.reader, world.bookkeeper):
        page = logged_in(colleague).get("/memoria/").content.decode()
        assert "Hostal Miramar" not in page


@pytest.mark.parametrize(
    ("mode", "writer", "expected"),
    [
        ("confirm", "bookkeeper", ("private_in_org", True)),
        ("confirm", "admin", ("shared", False)),
        ("off", "bookkeeper", ("private_in_org", False)),
        ("off", "owner", ("private_in_org", False)),
        ("auto", "bookkeeper", ("shared", False)),
    ],
)
def test_api_writes_follow_the_shared_mode(world, mode, writer, expected):
    _mode(world, mode)

    response = _api_write(world, getattr(world, writer), "Saltoki nos cobra 12 € el porte")

    assert response.status_code == 201
    assert (response.json()["visibility"], response.json()["proposed"]) == expected


def test_a_members_api_write_in_confirm_mode_is_offered_to_the_owner_not_shared(world):
    _mode(world, "confirm")

    _api_write(world, world.bookkeeper, "Saltoki nos cobra 12 € el porte")

    owner_view = logged_in(world.owner).get("/api/memories/").json()
    admin_view = logged_in(world.admin).get("/api/memories/").json()
    assert [(m["visibility"], m["proposed_visibility"]) for m in owner_view] == [
        ("private_in_org", "shared")
    ]
    assert admin_view == owner_view


@pytest.mark.parametrize(
    "spelling",
    ["es79-2100-0813-6101-2345-6789", "ES79.2100.0813.6101.2345.6789", "ES7921000813610123456789"],
)
def test_an_api_iban_is_an_unverified_proposal_and_needs_the_contacts_area(world, spelling):
    text = f"La cuenta de Hostal Miramar es {spelling}"

    by_admin = _api_write(world, world.admin, text, category="empresa")
    by_bookkeeper = _api_write(world, world.bookkeeper, text)

    assert by_admin.status_code == 201
    body = by_admin.json()["memory"]
    assert (body["status"], body["unverified"], body["value"], body["notice"]) == (
        "proposed",
        True,
        IBAN,
        "sin verificar",
    )
    assert by_bookkeeper.status_code == 422
    assert by_bookkeeper.json()["reason"] == REASON_IBAN_NO_CONTACTS
    assert Memory.objects.count() == 1
