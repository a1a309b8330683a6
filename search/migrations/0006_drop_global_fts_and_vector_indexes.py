"""No global full-text or vector index over search chunks (docs/decisions/0027).

The ranking legs read each organization apart: a large one through its own partial GIN and
HNSW indexes (``sumalos/platform/tenant_indexes.py``, built by the maintenance task), the rest
through the policy btree, comparing rows one by one. No plan uses these two any more; they
only cost every write and, for a common word, the postings of the whole table.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0005_outbox_leases"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="searchchunk", name="search_chunk_fts"),
        migrations.RemoveIndex(model_name="searchchunk", name="search_chunk_embedding"),
    ]
