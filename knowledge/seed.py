"""Read the seed domain ``impuestos_es`` from ``knowledge/seed/`` and save it through services.

Each ``<slug>.md`` has YAML front matter (slug, title, status, validity, sources, facts). Facts
whose owner is ``engine`` are not stored: their values come from the tax rules engine through
the facts view; only the key and the words that ask for it are kept (DESIGN §4).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings
from django.db import transaction

from knowledge.models import Entry
from knowledge.services import (
    FactData,
    FactKeyData,
    SourceData,
    domain_upsert,
    entry_save,
    entry_snapshot,
)

SEED_DIR = Path(settings.BASE_DIR) / "knowledge" / "seed"
DOMAIN_SLUG = "impuestos_es"
DOMAIN_NAME = "Impuestos en España"


@dataclass(frozen=True)
class SeedEntry:
    slug: str
    title: str
    status: str
    valid_from: datetime.date | None
    valid_to: datetime.date | None
    body: str
    sources: list[SourceData]
    facts: list[FactData]
    fact_keys: list[FactKeyData]


def _date(value: Any) -> datetime.date | None:
    if value is None or isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value))


def parse_entry(path: Path, vocabulary: dict[str, dict[str, str]]) -> SeedEntry:
    _, front, body = path.read_text(encoding="utf-8").split("---\n", 2)
    meta = yaml.safe_load(front)
    facts = meta.get("facts") or []
    keys = list(dict.fromkeys(f["key"] for f in facts))
    return SeedEntry(
        slug=meta["slug"],
        title=meta["title"],
        status=meta["status"],
        valid_from=_date(meta.get("valid_from")),
        valid_to=_date(meta.get("valid_to")),
        body=body.strip() + "\n",
        sources=[SourceData(title=s["title"], url=s["url"]) for s in meta.get("sources") or []],
        facts=[
            FactData(
                key=f["key"],
                value=str(f["value"]),
                unit=f.get("unit") or "",
                valid_from=_date(f.get("valid_from")),
                valid_to=_date(f.get("valid_to")),
            )
            for f in facts
            if f.get("owner") != "engine"
        ],
        fact_keys=[
            FactKeyData(
                key=key,
                label=vocabulary.get(key, {}).get("label", key),
                terms=vocabulary.get(key, {}).get("terms", ""),
            )
            for key in keys
        ],
    )


def read_seed(directory: Path = SEED_DIR) -> list[SeedEntry]:
    vocabulary = yaml.safe_load((directory / "fact_keys.yaml").read_text(encoding="utf-8"))
    return [
        parse_entry(path, vocabulary)
        for path in sorted(directory.glob("*.md"))
        if path.name != "NOTES.md"
    ]


def _unchanged(entry: Entry, seed: SeedEntry) -> bool:
    current = entry_snapshot(entry)
    return current == {
        "domain": DOMAIN_SLUG,
        "slug": seed.slug,
        "title": seed.title,
        "status": seed.status,
        "valid_from": seed.valid_from.isoformat() if seed.valid_from else None,
        "valid_to": seed.valid_to.isoformat() if seed.valid_to else None,
        "body": seed.body,
        "sources": [{"title": s.title, "url": s.url} for s in seed.sources],
        "facts": sorted(
            (
                {
                    "key": f.key,
                    "value": f.value,
                    "unit": f.unit,
                    "valid_from": f.valid_from.isoformat() if f.valid_from else None,
                    "valid_to": f.valid_to.isoformat() if f.valid_to else None,
                }
                for f in seed.facts
            ),
            key=lambda f: (f["key"], f["valid_from"] or ""),
        ),
        "fact_keys": [{"key": k.key, "label": k.label, "terms": k.terms} for k in seed.fact_keys],
    }


@transaction.atomic
def load_seed(directory: Path = SEED_DIR) -> tuple[int, int]:
    """Save every seed entry that differs from the database; return (saved, unchanged)."""
    domain = domain_upsert(
        slug=DOMAIN_SLUG,
        name=DOMAIN_NAME,
        description="Normas fiscales españolas para autónomos y pequeñas empresas.",
    )
    saved = unchanged = 0
    for seed in read_seed(directory):
        existing = Entry.objects.filter(slug=seed.slug).first()
        if existing is not None and _unchanged(existing, seed):
            unchanged += 1
            continue
        entry_save(
            domain=domain,
            slug=seed.slug,
            title=seed.title,
            body=seed.body,
            status=seed.status,
            valid_from=seed.valid_from,
            valid_to=seed.valid_to,
            sources=seed.sources,
            facts=seed.facts,
            fact_keys=seed.fact_keys,
            author=None,
            note="Cargada desde la semilla",
        )
        saved += 1
    return saved, unchanged
