"""A WebDAV folder as an external source, against a real WebDAV server on loopback (DESIGN §7).

The server is WsgiDAV on 127.0.0.1 with basic authentication. The index keeps title, summary
and provenance only; the body is fetched at read time with the person's own credential, and a
permission revoked at the source takes effect on the very next query.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from cheroot import wsgi
from wsgidav.wsgidav_app import WsgiDAVApp

from search.external import external_source_sync
from search.models import (
    ExternalCredential,
    ExternalItem,
    ExternalSource,
    SearchChunk,
    SearchDocument,
)
from search.tools import buscar
from tests.search.conftest import TODAY

pytestmark = pytest.mark.django_db(transaction=True)

OFFER = (
    "Oferta de Distribuciones Termotécnicas para calderas de condensación: 1.150 € por unidad, "
    "portes incluidos desde diez unidades. Válida hasta el 31 de diciembre. " + "Condiciones. " * 20
)


@dataclass
class DavServer:
    url: str
    users: dict[str, dict[str, str]]


@pytest.fixture
def dav_server(tmp_path: Path) -> Iterator[DavServer]:
    (tmp_path / "oferta-calderas.txt").write_text(OFFER, encoding="utf-8")
    app = WsgiDAVApp(
        {
            "provider_mapping": {"/": str(tmp_path)},
            "simple_dc": {
                "user_mapping": {
                    "*": {
                        "listado": {"password": "clave-listado"},
                        "olga": {"password": "clave-olga"},
                    }
                }
            },
            "http_authenticator": {
                "accept_basic": True,
                "accept_digest": False,
                "default_to_digest": False,
            },
            "verbose": 0,
            "logging": {"enable": False},
        }
    )
    server = wsgi.Server(("127.0.0.1", 0), app)
    server.prepare()
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    # The server's own user table: removing a user there is a revocation at the source.
    users = app.http_authenticator.domain_controller.user_map["*"]
    yield DavServer(url=f"http://127.0.0.1:{server.bind_addr[1]}/", users=users)
    server.stop()
    thread.join(timeout=5)


@pytest.fixture
def source(records, world_tx, dav_server) -> ExternalSource:
    source = ExternalSource.objects.create(
        organization=world_tx.org,
        area="general",
        name="Carpeta compartida del gestor",
        base_url=dav_server.url,
        sync_username="listado",
        sync_password="clave-listado",
    )
    ExternalCredential.objects.create(
        source=source, user=world_tx.owner, username="olga", password="clave-olga"
    )
    external_source_sync(source=source)
    return source


def _externals(result):
    return [item for item in result["results"] if item["kind"] == "external"]


def test_the_index_holds_a_reference_and_a_short_summary_never_the_body(source):
    item = ExternalItem.objects.get(source=source)
    document = SearchDocument.objects.get(kind="external", source_id=item.pk)

    assert (item.path, item.title, len(item.summary)) == (
        "oferta-calderas.txt",
        "oferta-calderas",
        160,
    )
    assert document.link == f"{source.base_url}oferta-calderas.txt"
    assert document.area == "general"
    assert (
        "Condiciones. Condiciones. Condiciones. Condiciones. Condiciones. Condiciones. Condiciones."
        not in "".join(
            SearchChunk.objects.filter(document=document).values_list("content", flat=True)
        )
    )


def test_the_body_is_fetched_with_the_persons_own_credential(source, world_tx):
    result = buscar(
        access=world_tx.access(world_tx.owner),
        query="oferta de calderas de condensación",
        today=TODAY,
    )

    found = _externals(result)
    assert [item["key"] for item in found] == ["oferta-calderas"]
    assert found[0]["body"] == OFFER.strip()
    assert found[0]["provenance"]["link"] == f"{source.base_url}oferta-calderas.txt"


def test_a_person_without_a_credential_at_the_source_gets_nothing(source, world_tx):
    result = buscar(
        access=world_tx.access(world_tx.admin),
        query="oferta de calderas de condensación",
        today=TODAY,
    )

    assert _externals(result) == []


def test_another_organization_never_reaches_the_reference(source, world_tx):
    result = buscar(
        access=world_tx.access(world_tx.outsider, world_tx.other_org),
        query="oferta de calderas de condensación",
        today=TODAY,
    )

    assert _externals(result) == []


def test_a_permission_revoked_at_the_source_takes_effect_on_the_next_query(
    source, world_tx, dav_server
):
    owner = world_tx.access(world_tx.owner)
    before = _externals(
        buscar(access=owner, query="oferta de calderas de condensación", today=TODAY)
    )

    del dav_server.users["olga"]
    after = _externals(
        buscar(access=owner, query="oferta de calderas de condensación", today=TODAY)
    )

    assert [item["key"] for item in before] == ["oferta-calderas"]
    assert after == []


def test_a_file_removed_at_the_source_leaves_the_index_on_the_next_sync(
    source, dav_server, tmp_path
):
    (tmp_path / "oferta-calderas.txt").unlink()

    kept = external_source_sync(source=source)

    assert kept == 0
    assert not SearchDocument.objects.filter(kind="external").exists()
