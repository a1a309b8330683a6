"""Connectors for sources the organization does not own, stored as references (DESIGN §7).

A connector lists what a source holds (title, short summary, version, date) with the source's
listing credential, and fetches one body at read time with the person's own credential. The
index never holds a body; the source's own permission check runs at every fetch.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Protocol


class FetchRefused(Exception):
    """The source said no to this person (revoked, missing or wrong credential, gone)."""


@dataclass(frozen=True)
class Listing:
    path: str
    title: str
    etag: str
    modified_at: datetime.datetime


class Connector(Protocol):
    def list(self, *, base_url: str, username: str, password: str) -> list[Listing]: ...

    def version(self, *, url: str, username: str, password: str) -> str: ...

    def fetch(self, *, url: str, username: str, password: str) -> str: ...
