"""Small knowledge worlds for the tests: a published entry, a draft, and their facts."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from knowledge.models import Domain, Entry
from knowledge.services import FactData, FactKeyData, SourceData, domain_upsert, entry_save
from sumalos.accounts.access import AiAccess, Principal
from sumalos.taxes.seed import seed_rates

BOE_IRPF = SourceData(
    title="Ley 35/2006, del IRPF (BOE)", url="https://www.boe.es/buscar/act.php?id=BOE-A-2006-20764"
)


@pytest.fixture
def engine_rates() -> None:
    """The engine's rates as its migration seeds them (a transactional test flushes them)."""
    seed_rates()


@pytest.fixture
def no_org_access() -> AiAccess:
    """A person who belongs to no organization: knowledge is the same for everyone."""
    return AiAccess(principal=Principal(kind="user", user_id=4242), permissions={})


@pytest.fixture
def domain(engine_rates: None) -> Domain:
    return domain_upsert(slug="impuestos_es", name="Impuestos en España")


def save_entry(domain: Domain, slug: str, **overrides: Any) -> Entry:
    values: dict[str, Any] = {
        "domain": domain,
        "slug": slug,
        "title": "Retención de IRPF de profesionales",
        "body": "# Retención\n\n## Cuánto\n\nLos profesionales retienen el 15 % de la base.\n",
        "status": Entry.Status.PUBLISHED,
        "valid_from": None,
        "valid_to": None,
        "sources": [BOE_IRPF],
        "facts": [],
        "fact_keys": [],
        "author": None,
    }
    values.update(overrides)
    return entry_save(**values)


@pytest.fixture
def published(domain: Domain) -> Entry:
    return save_entry(
        domain,
        "irpf-retencion-profesionales",
        fact_keys=[
            FactKeyData(
                key="irpf.retencion.profesional",
                label="Retención de IRPF de profesionales",
                terms="retención, profesional, irpf",
            )
        ],
    )


@pytest.fixture
def draft(domain: Domain) -> Entry:
    return save_entry(
        domain,
        "ticketbai",
        title="TicketBAI en el País Vasco",
        body="# TicketBAI\n\nEn Bizkaia la retención de profesionales se envía con TicketBAI.\n",
        status=Entry.Status.DRAFT,
        sources=[],
        facts=[
            FactData(
                key="ticketbai.inicio",
                value="2022",
                unit="",
                valid_from=datetime.date(2022, 1, 1),
                valid_to=None,
            )
        ],
    )
