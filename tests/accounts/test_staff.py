"""The demo staff login curates knowledge in the admin and nothing else (fixtures/demo.py)."""

from __future__ import annotations

from django.core.management import call_command

from fixtures import demo
from sumalos.accounts.models import User
from sumalos.platform.management.commands import load_demo

PASSWORD = "demo-de-prueba"


def _login(client):
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "redaccion@demo.sumalos.es", "password": PASSWORD},
    )
    assert response.status_code == 302


def test_the_staff_login_opens_the_knowledge_admin(client, db):
    demo.demo_staff_ensure(password=PASSWORD)
    _login(client)

    changelist = client.get("/admin/knowledge/entry/")
    add = client.get("/admin/knowledge/entry/add/")

    assert changelist.status_code == 200
    assert add.status_code == 200


def test_the_staff_login_cannot_open_the_people_and_organizations(client, db):
    demo.demo_staff_ensure(password=PASSWORD)
    _login(client)

    assert client.get("/admin/accounts/user/").status_code == 403
    assert client.get("/admin/accounts/organization/").status_code == 403
    assert client.get("/admin/accounts/membership/").status_code == 403


def test_the_staff_login_is_staff_but_not_superuser_and_is_created_once(db):
    demo.demo_staff_ensure(password=PASSWORD)
    demo.demo_staff_ensure(password="otra")

    user = User.objects.get(email="redaccion@demo.sumalos.es")
    assert (user.is_staff, user.is_superuser) == (True, False)
    assert user.check_password(PASSWORD)
    assert sorted(p.split(".")[0] for p in user.get_all_permissions()) == ["knowledge"] * len(
        user.get_all_permissions()
    )
    assert "knowledge.change_entry" in user.get_all_permissions()


def test_load_demo_prints_the_staff_login(db, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(load_demo, "PASSWORD_FILE", tmp_path / "demo_password")
    monkeypatch.setattr(demo, "demo_exists", lambda: True)

    call_command("load_demo")

    out = capsys.readouterr().out
    password = (tmp_path / "demo_password").read_text().strip()
    assert (
        "  redaccion@demo.sumalos.es  personal de Sumalos: redacta los artículos fiscales "
        "en /admin/ (no es superusuario)"
    ) in out
    assert User.objects.get(email="redaccion@demo.sumalos.es").check_password(password)
