"""Benchmark the search on a synthetic index (docs/benchmarks/search.md, DESIGN §7 and §9).

Generates organizations with Zipf-skewed sizes and their chunks (Spanish invoicing words,
random 384-d embeddings) directly in SQL, builds the indexes, then measures the fused
``rank`` for small and large tenants, the vector leg's recall@10 against an exact scan under
the same tenant filter, and the short result sets. Runs only on a scratch database.
"""

from __future__ import annotations

import datetime
import random
import statistics
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction

from search.agents import scope_for
from search.retrieval import LEG_LIMIT, parse_query, rank, vector_leg
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal
from sumalos.embeddings import embed_passages

WORDS = [
    "factura",
    "caldera",
    "gas",
    "revision",
    "fuga",
    "bano",
    "grifo",
    "monomando",
    "desatasco",
    "bajante",
    "termo",
    "electrico",
    "cisterna",
    "mecanismo",
    "ducha",
    "tuberia",
    "plomo",
    "multicapa",
    "radiador",
    "purgado",
    "camara",
    "termica",
    "descalcificador",
    "presupuesto",
    "gasto",
    "gasoleo",
    "furgoneta",
    "seguro",
    "gestoria",
    "honorarios",
    "trimestre",
    "tornilleria",
    "silicona",
    "teflon",
    "herramienta",
    "cortatubos",
    "llave",
    "comunidad",
    "propietarios",
    "hostal",
    "taller",
    "restaurante",
    "clinica",
    "panaderia",
    "farmacia",
    "residencia",
    "colegio",
    "lavanderia",
    "cobro",
    "pago",
    "transferencia",
    "contado",
    "urgencia",
    "horario",
    "verano",
    "agosto",
    "obra",
    "material",
    "proveedor",
    "cliente",
]

POOL = 300


def _tenant_sizes(organizations: int, chunks: int, rng: random.Random) -> list[int]:
    weights = [1 / (rank + 1) ** 1.1 for rank in range(organizations)]
    total = sum(weights)
    sizes = [max(1, round(chunks * w / total)) for w in weights]
    rng.shuffle(sizes)
    return sizes


class Command(BaseCommand):
    help = "Mide la búsqueda con un índice sintético (solo en una base de datos de pruebas)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--organizations", type=int, default=1000)
        parser.add_argument("--chunks", type=int, default=100_000)
        parser.add_argument("--queries", type=int, default=40)
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args: Any, **options: Any) -> None:
        name = connection.settings_dict["NAME"]
        if not str(name).startswith("sumalos_bench"):
            raise CommandError(f"Solo en una base de datos sumalos_bench*; esta es {name}.")
        rng = random.Random(options["seed"])
        started = time.perf_counter()
        sizes = self._generate(options["organizations"], options["chunks"], rng)
        self.stdout.write(
            f"generated {sum(sizes)} chunks in {len(sizes)} organizations "
            f"(largest {max(sizes)}, median {statistics.median(sizes)}) "
            f"in {time.perf_counter() - started:.1f} s"
        )
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM organizations WHERE name LIKE 'bench %%' ORDER BY id")
            org_ids = [row[0] for row in cursor.fetchall()]
        by_size = sorted(zip(sizes, org_ids, strict=True))
        small = [org for size, org in by_size[: len(by_size) // 2] if size >= 1]
        large = [org for _, org in by_size[-10:]]
        for label, tenants in (("small", small), ("large", large)):
            self._measure(label, tenants, dict(zip(org_ids, sizes, strict=True)), options, rng)

    def _generate(self, organizations: int, chunks: int, rng: random.Random) -> list[int]:
        sizes = _tenant_sizes(organizations, chunks, rng)
        texts = [" ".join(rng.sample(WORDS, 8)) for _ in range(POOL)]
        pool = list(zip(texts, embed_passages(texts), strict=True))
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("DROP INDEX IF EXISTS search_chunk_embedding")
            cursor.execute(
                "INSERT INTO organizations (name, tax_id, shared_mode, created_at) "
                "SELECT 'bench ' || n, '', 'auto', now() FROM generate_series(1, %s) n",
                [organizations],
            )
            cursor.execute(
                """
                CREATE TEMP TABLE bench_sizes AS
                SELECT o.id AS org_id, s.size
                FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM organizations
                      WHERE name LIKE 'bench %%') o
                JOIN unnest(%s::int[]) WITH ORDINALITY AS s(size, n) ON s.n = o.n
                """,
                [sizes],
            )
            cursor.execute(
                """
                INSERT INTO search_documents (visibility, organization_id, area, kind, source_id,
                    key, title, summary, tax_id, number, link, source_updated_at, content_hash,
                    indexed_at)
                SELECT 'shared', b.org_id, 'general', 'external', 1000000000 + row_number() OVER (),
                       'bench', 'bench', '', '', '', '', now(), '', now()
                FROM bench_sizes b, generate_series(1, b.size)
                """
            )
            cursor.execute("CREATE TEMP TABLE bench_pool (i int, text text, embedding vector(384))")
            cursor.executemany(
                "INSERT INTO bench_pool VALUES (%s, %s, %s::vector)",
                [(i, text, str(vector)) for i, (text, vector) in enumerate(pool)],
            )
            # Each chunk is a pool text whose embedding is nudged by noise: neighbours are
            # near-duplicates at realistic cosine similarities, as in real invoice data.
            cursor.execute(
                """
                INSERT INTO search_chunks (visibility, organization_id, area, document_id, kind,
                    position, content, search_text, embedding)
                SELECT 'shared', d.organization_id, 'general', d.id, 'external', 0, p.text, p.text,
                       (p.embedding + (SELECT array_agg(random() * 0.04 - 0.02)
                                       FROM generate_series(1, 384) WHERE d.id > 0)::vector
                       )::halfvec
                FROM search_documents d
                JOIN bench_pool p ON p.i = d.source_id %% %s
                WHERE d.source_id >= 1000000000
                """,
                [len(pool)],
            )
            cursor.execute(
                "UPDATE search_chunks SET search_vector = to_tsvector('es_unaccent', content) "
                "WHERE kind = 'external'"
            )
            # Django's foreign keys are deferred: check them now, before building the index.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
            cursor.execute(
                "CREATE INDEX search_chunk_embedding ON search_chunks "
                "USING hnsw (embedding halfvec_cosine_ops) WITH (m = 16, ef_construction = 64)"
            )
            cursor.execute("ANALYZE search_chunks")
            cursor.execute("ANALYZE search_documents")
        return sizes

    def _measure(
        self,
        label: str,
        tenants: list[int],
        sizes: dict[int, int],
        options: dict[str, Any],
        rng: random.Random,
    ) -> None:
        timings: list[float] = []
        recalls: list[float] = []
        short = 0
        for _ in range(options["queries"]):
            org = rng.choice(tenants)
            access = AiAccess(
                principal=Principal(kind="user", user_id=1),
                permissions={
                    org: OrgPermissions(
                        role="owner", read=frozenset({"general"}), write=frozenset()
                    )
                },
            )
            scope = scope_for(access)
            question = " ".join(rng.sample(WORDS, 4))
            started = time.perf_counter()
            rank(scope=scope, question=question, today=_today())
            timings.append((time.perf_counter() - started) * 1000)
            query = parse_query(question, today=_today())
            with transaction.atomic():
                approximate = [pk for pk, _ in vector_leg(scope=scope, query=query, floor=-1)][:10]
            exact = self._exact_top10(scope, query, org)
            expected = min(10, sizes[org], LEG_LIMIT)
            if len(approximate) < min(expected, len(exact)):
                short += 1
            if exact:
                recalls.append(len(set(approximate) & set(exact)) / len(exact))
        timings.sort()
        p50 = statistics.median(timings)
        p95 = timings[max(0, round(0.95 * len(timings)) - 1)]
        recall = statistics.mean(recalls) if recalls else 0.0
        self.stdout.write(
            f"{label:5} tenants: fused p50 {p50:.1f} ms, p95 {p95:.1f} ms; "
            f"vector recall@10 {recall:.3f}; short result sets {short}"
        )

    def _exact_top10(self, scope: Any, query: Any, org: int) -> list[int]:
        """The true nearest documents: the same filter, the index switched off."""
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_indexscan = off")
            return [pk for pk, _ in vector_leg(scope=scope, query=query, floor=-1)][:10]


def _today() -> datetime.date:
    return datetime.date(2026, 11, 29)
