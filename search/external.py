"""External references, zero-copy: sync the listing, fetch bodies as the person (DESIGN §7).

Two checks guard a body. Ours runs before ranking (the reference is a shared row of its
organization's area, under the visibility rule); the source's runs at every fetch, with the
person's own credential. The cache keeps a body for a minute keyed by person, item and the
ETag the source just reported, so a revoked permission takes effect on the next query.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

from search.agents import Scope
from search.connectors import Connector, FetchRefused
from search.connectors.webdav import WebDavConnector, item_url
from search.models import ExternalCredential, ExternalItem, ExternalSource, SearchDocument
from search.services import source_index
from sumalos.rls.rule import visible_q

SUMMARY_CHARS = 160
BODY_CACHE_SECONDS = 60
CONNECTORS: dict[str, Connector] = {"webdav": WebDavConnector()}


def _connector() -> Connector:
    return CONNECTORS["webdav"]


@transaction.atomic
def external_source_sync(*, source: ExternalSource) -> int:
    """Mirror the source's listing as references; returns how many items it holds now."""
    connector = _connector()
    listings = connector.list(
        base_url=source.base_url, username=source.sync_username, password=source.sync_password
    )
    kept: list[int] = []
    for listing in listings:
        item = ExternalItem.objects.filter(source=source, path=listing.path).first()
        if item is None or item.etag != listing.etag:
            body = connector.fetch(
                url=item_url(source.base_url, listing.path),
                username=source.sync_username,
                password=source.sync_password,
            )
            item, _ = ExternalItem.objects.update_or_create(
                source=source,
                path=listing.path,
                defaults={
                    "title": listing.title,
                    "summary": " ".join(body.split())[:SUMMARY_CHARS],
                    "etag": listing.etag,
                    "modified_at": listing.modified_at,
                },
            )
        source_index(table="search_external_items", row_id=item.pk)
        kept.append(item.pk)
    for gone in ExternalItem.objects.filter(source=source).exclude(pk__in=kept):
        gone_id = gone.pk
        gone.delete()
        source_index(table="search_external_items", row_id=gone_id)
    return len(kept)


def external_body(*, scope: Scope, item_id: int) -> str:
    """The body of one reference, fetched with the person's credential; refused otherwise."""
    visible = SearchDocument.objects.filter(
        visible_q(scope.access), kind="external", source_id=item_id
    ).exists()
    item = ExternalItem.objects.select_related("source").filter(pk=item_id).first()
    if not visible or item is None or scope.access.user_id is None:
        raise FetchRefused("no visible")
    credential = ExternalCredential.objects.filter(
        source=item.source, user_id=scope.access.user_id
    ).first()
    if credential is None:
        raise FetchRefused("sin credencial propia")
    connector = _connector()
    url = item_url(item.source.base_url, item.path)
    etag = connector.version(url=url, username=credential.username, password=credential.password)
    key = f"search:external:{scope.access.user_id}:{item.pk}:{etag}"
    body = cache.get(key)
    if body is None:
        body = connector.fetch(url=url, username=credential.username, password=credential.password)
        cache.set(key, body, BODY_CACHE_SECONDS)
    return str(body)
