"""Redirect targets stay on this site (sumalos/platform/redirects.py)."""

from __future__ import annotations

import pytest
from django.http import HttpResponseRedirect
from django.test import RequestFactory

from sumalos.platform.middleware import SafeRedirectMiddleware
from tests.world import PASSWORD, World

OFFSITE = [
    "https://evil.example/",
    "//evil.example/entrar/",
    "/\\evil.example",
    "javascript:alert(1)",
]


@pytest.mark.parametrize("target", OFFSITE)
def test_a_next_to_another_site_falls_back_to_the_chat(client, world: World, target):
    client.force_login(world.owner)

    response = client.post("/suma/whatsapp/vincular/", {"next": target})

    assert response.status_code == 302
    assert response["Location"] == "/suma/"


def test_a_next_on_this_site_is_followed(client, world: World):
    client.force_login(world.owner)

    response = client.post("/suma/whatsapp/vincular/", {"next": "/suma/7/"})

    assert response["Location"] == "/suma/7/"


@pytest.mark.parametrize("target", OFFSITE)
def test_the_login_next_to_another_site_lands_at_home(client, world: World, target):
    response = client.post(
        "/entrar/", {"username": "owner@uno.test", "password": PASSWORD, "next": target}
    )

    assert response.status_code == 302
    assert response["Location"] == "/"


def test_the_middleware_turns_any_offsite_redirect_into_the_home_page(caplog):
    def view(request):
        return HttpResponseRedirect("https://evil.example/robar")

    response = SafeRedirectMiddleware(view)(RequestFactory().post("/suma/x/"))

    assert response["Location"] == "/"
    assert "Redirect off this site refused: /suma/x/" in caplog.text


def test_the_middleware_leaves_a_redirect_on_this_site_alone():
    def view(request):
        return HttpResponseRedirect("http://testserver/memoria/")

    response = SafeRedirectMiddleware(view)(RequestFactory().get("/"))

    assert response["Location"] == "http://testserver/memoria/"
