"""Curating in the admin: the refusals a curator sees, and restoring a version."""

from __future__ import annotations

import pytest
from django.urls import reverse

from knowledge.models import Entry, Fact, Version
from sumalos.accounts.models import User
from tests.knowledge.conftest import save_entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def curator_client(client):
    curator = User.objects.create_superuser(email="staff@sumalos.test", password="x-x-x-x-x")
    client.force_login(curator)
    return client


def _form(domain, *, status="published", sources=(), facts=()):
    data = {
        "domain": domain.pk,
        "slug": "modelo-347",
        "title": "Modelo 347",
        "status": status,
        "valid_from": "",
        "valid_to": "",
        "body": "# Modelo 347\n\n## Plazo\n\nSe presenta en febrero.\n",
    }
    for prefix, rows in (("sources", sources), ("facts", facts), ("fact_keys", ())):
        data |= {
            f"{prefix}-TOTAL_FORMS": str(len(rows)),
            f"{prefix}-INITIAL_FORMS": "0",
            f"{prefix}-MIN_NUM_FORMS": "0",
            f"{prefix}-MAX_NUM_FORMS": "1000",
        }
        for i, row in enumerate(rows):
            data |= {f"{prefix}-{i}-{field}": value for field, value in row.items()}
    return data


def test_publishing_without_a_source_is_refused(curator_client, domain):
    response = curator_client.post(reverse("admin:knowledge_entry_add"), _form(domain))

    assert response.status_code == 200
    assert "No se puede publicar una entrada sin al menos una fuente" in response.content.decode()
    assert not Entry.objects.exists()


def test_a_draft_without_source_is_saved_with_a_version(curator_client, domain):
    response = curator_client.post(
        reverse("admin:knowledge_entry_add"), _form(domain, status="draft")
    )

    assert response.status_code == 302
    entry = Entry.objects.get(slug="modelo-347")
    assert list(entry.versions.values_list("number", "note")) == [(1, "Editada en el admin")]
    assert [c.heading for c in entry.chunks.all()] == ["Plazo"]


SOURCE = {
    "title": "AEAT, modelo 347",
    "url": "https://sede.agenciatributaria.gob.es/",
    "position": "0",
}


def test_overlapping_validity_is_refused(curator_client, domain):
    facts = [
        {
            "key": "plazo.modelo347",
            "value": "marzo",
            "unit": "",
            "valid_from": "2008-01-01",
            "valid_to": "2012-12-31",
        },
        {
            "key": "plazo.modelo347",
            "value": "febrero",
            "unit": "",
            "valid_from": "2012-06-01",
            "valid_to": "",
        },
    ]

    response = curator_client.post(
        reverse("admin:knowledge_entry_add"), _form(domain, sources=[SOURCE], facts=facts)
    )

    assert response.status_code == 200
    assert "se solapa con este" in response.content.decode()
    assert not Fact.objects.exists()


def test_an_engine_owned_key_is_refused(curator_client, domain):
    facts = [
        {"key": "iva.tipo.general", "value": "21", "unit": "%", "valid_from": "", "valid_to": ""}
    ]

    response = curator_client.post(
        reverse("admin:knowledge_entry_add"), _form(domain, sources=[SOURCE], facts=facts)
    )

    assert response.status_code == 200
    assert "La clave «iva.tipo.general» es un tipo del motor de impuestos" in (
        response.content.decode()
    )
    assert not Entry.objects.exists()


def test_history_shows_a_diff_and_restore_brings_a_version_back(curator_client, domain):
    entry = save_entry(domain, "modelo-347", title="Modelo 347")
    save_entry(domain, "modelo-347", title="Modelo 347 (erróneo)")
    first = Version.objects.get(entry=entry, number=1)

    history = curator_client.get(reverse("admin:knowledge_entry_versions", args=[entry.pk]))
    restore = curator_client.post(
        reverse("admin:knowledge_entry_restore", args=[entry.pk, first.pk])
    )

    page = history.content.decode()
    assert '<div class="removed">-Título: Modelo 347</div>' in page
    assert '<div class="added">+Título: Modelo 347 (erróneo)</div>' in page
    assert restore.status_code == 302
    entry.refresh_from_db()
    assert entry.title == "Modelo 347"
    assert entry.versions.count() == 3
