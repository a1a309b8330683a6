"""Logins are throttled by django-axes, on the login page and in the admin (settings.py)."""

from __future__ import annotations

import pytest

from tests.world import PASSWORD, World


@pytest.fixture(autouse=True)
def _axes_on(settings):
    settings.AXES_ENABLED = True


def test_after_five_wrong_passwords_the_right_one_gets_the_spanish_lockout_page(
    client, world: World
):
    wrong = [
        client.post("/entrar/", {"username": "reader@uno.test", "password": f"mal-{n}"})
        for n in range(5)
    ]

    response = client.post("/entrar/", {"username": "reader@uno.test", "password": PASSWORD})

    assert [r.status_code for r in wrong] == [200, 200, 200, 200, 429]
    assert response.status_code == 429
    assert "Demasiados intentos fallidos" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_lockout_is_for_that_account_from_that_address_only(client, world: World):
    for n in range(5):
        client.post("/entrar/", {"username": "reader@uno.test", "password": f"mal-{n}"})

    colleague = client.post("/entrar/", {"username": "owner@uno.test", "password": PASSWORD})

    assert colleague.status_code == 302
    assert client.session["_auth_user_id"] == str(world.owner.pk)


def test_a_success_before_the_limit_starts_the_count_again(client, world: World):
    for n in range(4):
        client.post("/entrar/", {"username": "reader@uno.test", "password": f"mal-{n}"})
    client.post("/entrar/", {"username": "reader@uno.test", "password": PASSWORD})
    client.post("/salir/")

    again = [
        client.post("/entrar/", {"username": "reader@uno.test", "password": f"mal-{n}"})
        for n in range(4)
    ]
    response = client.post("/entrar/", {"username": "reader@uno.test", "password": PASSWORD})

    assert [r.status_code for r in again] == [200, 200, 200, 200]
    assert response.status_code == 302


def test_the_admin_login_is_throttled_too(client, world: World):
    world.admin.is_staff = True
    world.admin.save(update_fields=["is_staff"])
    for n in range(5):
        client.post("/admin/login/", {"username": "admin@uno.test", "password": f"mal-{n}"})

    response = client.post("/admin/login/", {"username": "admin@uno.test", "password": PASSWORD})

    assert response.status_code == 429
    assert "Demasiados intentos fallidos" in response.content.decode()
    assert "_auth_user_id" not in client.session
