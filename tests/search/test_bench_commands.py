"""The benchmark commands refuse any database that is not a scratch one (docs/benchmarks/)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from sumalos.platform.bench import Case, percentiles, recall_at_10, table_markdown


@pytest.mark.parametrize("command", ["bench_memory", "bench_search"])
def test_a_benchmark_refuses_a_database_that_is_not_scratch(command):
    name = connection.settings_dict["NAME"]
    assert not name.startswith("sumalos_bench")

    with pytest.raises(
        CommandError, match=f"Solo en una base de datos sumalos_bench\\*; esta es {name}"
    ):
        call_command(command, "--json")


def test_percentiles_and_tie_aware_recall():
    assert percentiles([float(n) for n in range(1, 21)]) == (10.5, 19.0)
    # The approximate tenth ties with the exact tenth: no miss; a farther row is one.
    assert recall_at_10([0.1] * 9 + [0.3], [0.1] * 9 + [0.3]) == 1.0
    assert recall_at_10([0.1] * 9 + [0.31], [0.1] * 9 + [0.3]) == 0.9
    assert recall_at_10([], []) == 1.0


def test_cases_render_as_json_fields_and_a_table():
    case = Case("grande", 1_000_000, 200_000, 12.345, 20.0, 16.0, 0.96789, 0)
    assert case.as_dict() == {
        "name": "grande",
        "rows": 1_000_000,
        "tenant_rows": 200_000,
        "p50_ms": 12.3,
        "p95_ms": 20.0,
        "owner_p95_ms": 16.0,
        "recall_at_10": 0.968,
        "short_sets": 0,
    }
    assert table_markdown([case])[-1] == (
        "| grande | 1,000,000 | 200,000 | 12.3 | 20.0 | 16.0 | 0.968 | 0 |"
    )
