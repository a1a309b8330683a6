"""The fixture world every isolation test uses (STYLE §8).

Two organizations. In "Taller Uno": an owner, an admin, a member who reads contacts and
invoices and writes nothing, a member who reads and writes expenses. In "Taller Dos": its owner
and the outsider, who belongs to no organization of the first. Phones are added by the
channels tests (a linked and an unlinked number).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.test import Client

from sumalos.accounts.access import AiAccess, access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.accounts.services import membership_add, organization_create

PASSWORD = "contraseña-de-prueba"


def logged_in(user: User) -> Client:
    """A test client with ``user`` logged in by the login form's own backend."""
    client = Client()
    assert client.login(email=user.email, password=PASSWORD)
    return client


@dataclass
class World:
    org: Organization
    other_org: Organization
    owner: User
    admin: User
    reader: User  # reads contacts and invoices, writes nothing
    bookkeeper: User  # reads and writes expenses
    outsider: User  # owner of the other organization only

    def access(self, user: User, org: Organization | None = None) -> AiAccess:
        return access_for_user(user, organization_ids=[(org or self.org).pk])


def _user(email: str, name: str) -> User:
    return User.objects.create_user(email=email, password=PASSWORD, full_name=name)


def build_world() -> World:
    owner = _user("owner@uno.test", "Olga Propietaria")
    admin = _user("admin@uno.test", "Adrián Admin")
    reader = _user("reader@uno.test", "Rita Lectora")
    bookkeeper = _user("books@uno.test", "Benito Gastos")
    outsider = _user("outsider@dos.test", "Óscar Ajeno")
    org = organization_create(name="Taller Uno", owner=owner)
    other_org = organization_create(name="Taller Dos", owner=outsider)
    membership_add(organization=org, user=admin, role="admin")
    membership_add(organization=org, user=reader, read_areas=["contacts", "invoices"])
    membership_add(organization=org, user=bookkeeper, write_areas=["expenses"])
    return World(org, other_org, owner, admin, reader, bookkeeper, outsider)
