"""Logging in by email and switching the active organization."""

import pytest

from sumalos.accounts.middleware import SESSION_KEY
from tests.world import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_login_page_is_served_in_spanish(client):
    response = client.get("/entrar/")

    assert response.status_code == 200
    assert "Entrar en Sumalos" in response.content.decode()


def test_a_person_logs_in_with_email_and_lands_in_their_organization(client, world):
    response = client.post("/entrar/", {"username": "reader@uno.test", "password": PASSWORD})

    assert response.status_code == 302
    home = client.get("/")
    assert home.status_code == 200
    assert client.session[SESSION_KEY] == world.org.pk
    assert "Taller Uno" in home.content.decode()


def test_a_wrong_password_is_refused_with_a_spanish_message(client, world):
    response = client.post("/entrar/", {"username": "reader@uno.test", "password": "mal"})

    assert response.status_code == 200
    assert "El correo o la contraseña no son correctos." in response.content.decode()
    assert SESSION_KEY not in client.session


def test_switching_to_an_organization_of_someone_else_is_refused(client, world):
    client.force_login(world.reader)
    client.get("/")

    response = client.post("/organizacion/", {"organization": world.other_org.pk})

    assert response.status_code == 403
    assert "No perteneces a esa organización." in response.content.decode()
    assert client.session[SESSION_KEY] == world.org.pk


def test_switching_between_ones_own_organizations(client, world):
    from sumalos.accounts.services import membership_add

    membership_add(organization=world.other_org, user=world.reader, read_areas=["invoices"])
    client.force_login(world.reader)

    response = client.post("/organizacion/", {"organization": world.other_org.pk})

    assert response.status_code == 302
    assert client.session[SESSION_KEY] == world.other_org.pk


def test_pages_need_a_login(client):
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"].startswith("/entrar/")


def test_owners_and_admins_choose_the_shared_mode(client, world):
    client.force_login(world.admin)

    response = client.post("/organizacion/memoria/", {"shared_mode": "confirm"})

    world.org.refresh_from_db()
    assert response.status_code == 302
    assert world.org.shared_mode == "confirm"


def test_a_member_cannot_change_the_shared_mode(client, world):
    client.force_login(world.bookkeeper)

    response = client.post("/organizacion/memoria/", {"shared_mode": "off"})

    world.org.refresh_from_db()
    assert response.status_code == 403
    assert world.org.shared_mode == "auto"
    assert (
        "Solo los propietarios y administradores pueden cambiar esto." in response.content.decode()
    )


def test_an_unknown_shared_mode_is_refused(client, world):
    client.force_login(world.owner)

    response = client.post("/organizacion/memoria/", {"shared_mode": "todo"})

    world.org.refresh_from_db()
    assert response.status_code == 400
    assert world.org.shared_mode == "auto"
