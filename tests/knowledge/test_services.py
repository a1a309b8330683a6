"""Saving entries: publishing rules, engine-owned keys, validity overlaps, versions, restore."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection

from knowledge.models import Entry, Fact, Version
from knowledge.services import FactData, FactKeyData, entry_version_restore
from tests.knowledge.conftest import save_entry

pytestmark = pytest.mark.django_db

D = datetime.date


def test_publishing_without_a_source_is_refused(domain):
    with pytest.raises(ValidationError) as refused:
        save_entry(domain, "sin-fuente", sources=[])

    assert refused.value.messages == [
        "No se puede publicar una entrada sin al menos una fuente (el BOE, la Agencia Tributaria…)."
    ]
    assert not Entry.objects.filter(slug="sin-fuente").exists()


def test_an_engine_owned_key_is_refused_by_the_service(domain):
    fact = FactData(key="iva.tipo.general", value="21", unit="%", valid_from=None, valid_to=None)

    with pytest.raises(ValidationError) as refused:
        save_entry(domain, "iva", facts=[fact])

    assert refused.value.messages == [
        "La clave «iva.tipo.general» es un tipo del motor de impuestos (IVA, retenciones y "
        "recargo de equivalencia): se mantiene en «Tipos impositivos», no como dato del "
        "conocimiento."
    ]
    assert not Entry.objects.filter(slug="iva").exists()


def test_an_engine_owned_key_is_refused_by_the_database(published):
    with pytest.raises(IntegrityError, match="knowledge_fact_not_engine_key"):
        Fact.objects.create(entry=published, key="recargo.equivalencia.general", value="5.2")


def test_overlapping_validity_of_one_key_is_refused(domain):
    facts = [
        FactData("plazo.modelo347", "marzo", "", D(2008, 1, 1), D(2012, 12, 31)),
        FactData("plazo.modelo347", "febrero", "", D(2012, 6, 1), None),
    ]

    with pytest.raises(ValidationError) as refused:
        save_entry(domain, "modelo-347", facts=facts)

    assert refused.value.messages == [
        "Ya hay un valor para esta clave en un periodo que se solapa con este: cierra antes la "
        "vigencia del valor anterior."
    ]
    assert not Fact.objects.exists()


def test_every_save_writes_a_version_and_restore_brings_it_back(domain):
    first = save_entry(domain, "modelo-347", title="Modelo 347")
    save_entry(domain, "modelo-347", title="Modelo 347 (cambiado)", body="# X\n\nOtro texto.\n")
    original = Version.objects.get(entry=first, number=1)

    restored = entry_version_restore(version=original, author=None)

    restored.refresh_from_db()
    assert (restored.title, restored.body) == ("Modelo 347", original.snapshot["body"])
    assert list(restored.versions.order_by("number").values_list("number", "note")) == [
        (1, ""),
        (2, ""),
        (3, "Restaurada la versión 1"),
    ]
    assert [c.content for c in restored.chunks.all()] == [
        "Los profesionales retienen el 15 % de la base."
    ]


def test_chunks_carry_the_span_of_the_engine_facts_they_explain(domain):
    # The entry's wording dates from 2015-07-12, but its history table covers the engine's
    # periods of the key, which start on 2007-01-01 (taxes migration 0002).
    entry = save_entry(
        domain,
        "irpf-retencion-profesionales",
        valid_from=D(2015, 7, 12),
        fact_keys=[FactKeyData("irpf.retencion.profesional", "Retención", "retención")],
    )

    spans = set(entry.chunks.values_list("valid_from", "valid_to"))

    assert spans == {(D(2007, 1, 1), None)}


def test_the_database_check_rejects_a_reversed_validity(published):
    with pytest.raises(IntegrityError), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO knowledge_facts (entry_id, key, value, unit, valid_from, valid_to)"
            " VALUES (%s, 'plazo.x', '1', '', '2020-01-02', '2020-01-01')",
            [published.pk],
        )
