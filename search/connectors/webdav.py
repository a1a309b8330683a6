"""A WebDAV folder (Nextcloud, a NAS, a hosting provider's shared folder) as an external source.

PROPFIND lists the folder and tells a file's version (ETag) cheaply; GET reads a body, turned
into text by ``search.extraction``. Every request carries the credential it is given: the
listing one at sync time, the person's own at read time.
"""

from __future__ import annotations

from email.utils import parsedate_to_datetime
from urllib.parse import unquote, urljoin, urlparse
from xml.etree import ElementTree

import requests

from search.connectors import FetchRefused, Listing
from search.extraction import content_type_of, extract_text

TIMEOUT_SECONDS = 10
DAV = "{DAV:}"
PROPFIND_BODY = (
    '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>'
    "<d:displayname/><d:getetag/><d:getlastmodified/><d:resourcetype/><d:getcontenttype/>"
    "</d:prop></d:propfind>"
)


def _propfind(url: str, username: str, password: str, depth: str) -> ElementTree.Element:
    response = requests.request(
        "PROPFIND",
        url,
        data=PROPFIND_BODY,
        headers={"Depth": depth, "Content-Type": "application/xml"},
        auth=(username, password),
        timeout=TIMEOUT_SECONDS,
    )
    if response.status_code in (401, 403, 404):
        raise FetchRefused(f"{response.status_code} en {url}")
    response.raise_for_status()
    # The server is one the organization configured; its XML is parsed without entities.
    return ElementTree.fromstring(response.content)  # noqa: S314


class WebDavConnector:
    def list(self, *, base_url: str, username: str, password: str) -> list[Listing]:
        root = _propfind(base_url, username, password, "1")
        base_path = urlparse(base_url).path.rstrip("/")
        listings = []
        for response in root.iter(f"{DAV}response"):
            href = unquote(response.findtext(f"{DAV}href", ""))
            prop = response.find(f"{DAV}propstat/{DAV}prop")
            if prop is None or prop.find(f"{DAV}resourcetype/{DAV}collection") is not None:
                continue
            path = urlparse(href).path
            relative = path[len(base_path) :].lstrip("/") if path.startswith(base_path) else path
            name = relative.rsplit("/", 1)[-1]
            modified = prop.findtext(f"{DAV}getlastmodified", "")
            listings.append(
                Listing(
                    path=relative,
                    title=(prop.findtext(f"{DAV}displayname") or name).rsplit(".", 1)[0],
                    etag=prop.findtext(f"{DAV}getetag", "").strip('"'),
                    modified_at=parsedate_to_datetime(modified),
                )
            )
        return sorted(listings, key=lambda listing: listing.path)

    def version(self, *, url: str, username: str, password: str) -> str:
        root = _propfind(url, username, password, "0")
        return root.findtext(f".//{DAV}getetag", "").strip('"')

    def fetch(self, *, url: str, username: str, password: str) -> str:
        response = requests.get(url, auth=(username, password), timeout=TIMEOUT_SECONDS)
        if response.status_code in (401, 403, 404):
            raise FetchRefused(f"{response.status_code} en {url}")
        response.raise_for_status()
        content_type = response.headers.get("Content-Type", "").split(";")[0].strip()
        kind = content_type_of(
            url, "" if content_type == "application/octet-stream" else content_type
        )
        return extract_text(response.content, kind)


def item_url(base_url: str, path: str) -> str:
    return urljoin(base_url.rstrip("/") + "/", path)
