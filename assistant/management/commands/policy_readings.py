"""Read every committed policy set line by line, and compare two such readings.

``manage.py policy_readings --out FILE [--shard I/N]`` runs each line of every
``memory/eval/policy_*.jsonl`` through ``eval_policy``'s write paths and writes, one JSON line
per set line, its policy class and the widest layer it stored (what ``eval_policy --json``
reports), with the label beside them. Lines already in FILE are skipped, so a run can resume.

``--pure`` writes instead what the rules read in each line (policy class, nothing to store,
markers, own life, order, the category a write keeps), in seconds per set: a line whose rules'
readings did not change between two commits cannot read differently through the write paths
either, except where the paths themselves changed. ``--only KEYS`` (a JSON list of
``[set, id]``) runs the write paths on those lines alone.

``manage.py policy_readings --compare BEFORE AFTER`` lists every line whose reading changed,
and whether it moved towards its label, away from it, or stayed wrong in another way. This is
the regression check of a policy round (docs/memory.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from assistant.policy_evaluation import evaluate_line, validate
from memory import policy, scope

SETS = Path("memory/eval")


def _rows(shard: int, shards: int) -> list[tuple[str, dict[str, Any]]]:
    rows = []
    for path in sorted(SETS.glob("policy_*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                rows.append((path.name, json.loads(line)))
    return [item for index, item in enumerate(rows) if index % shards == shard]


def _rules_reading(text: str) -> dict[str, Any]:
    return {
        "policy": policy.policy_class(text),
        "nothing": policy.is_nothing_to_store(text),
        "marked": scope.marked_visibility(text),
        "requested": scope.requested_visibility(text),
        "own_life": scope.is_own_life(text),
        "request": scope.is_request(text),
        "kept_text": scope.strip_markers(text),
        "category": [
            scope.written_category(text, c) for c in ("perfil_usuario", "preferencia", "empresa")
        ],
    }


def _read(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    readings = {}
    for line in path.read_text().splitlines():
        if line.strip():
            entry = json.loads(line)
            readings[(entry["set"], entry["id"])] = entry
    return readings


def _right(entry: dict[str, Any]) -> int:
    """How many of the two readings (policy, layer) agree with the label."""
    expect = entry["expect"]
    return int(entry["policy"] == expect["policy"]) + int(
        entry["visibility"] == expect["visibility"]
    )


class Command(BaseCommand):
    help = "Per-line readings of every committed policy set, and the lines two readings differ on."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", type=Path)
        parser.add_argument("--shard", default="0/1", help="I/N: every N-th line from the I-th.")
        parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
        parser.add_argument("--pure", action="store_true", help="The rules' readings only.")
        parser.add_argument("--only", type=Path, help="JSON list of [set, id]: these lines only.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["compare"]:
            self._compare(*options["compare"])
            return
        if options["out"] is None:
            raise CommandError("Falta --out o --compare.")
        shard, shards = (int(part) for part in options["shard"].split("/"))
        out: Path = options["out"]
        done = _read(out) if out.exists() else {}
        only = (
            {tuple(key) for key in json.loads(options["only"].read_text())}
            if options["only"]
            else None
        )
        with out.open("a") as sink:
            for name, row in _rows(shard, shards):
                if (name, row["id"]) in done or (
                    only is not None and (name, row["id"]) not in only
                ):
                    continue
                if options["pure"]:
                    entry = {"set": name, "id": row["id"], "reading": _rules_reading(row["text"])}
                    sink.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    continue
                validate(row)
                result = evaluate_line(row)
                entry = {
                    "set": name,
                    "id": row["id"],
                    "policy": result["policy"],
                    "visibility": result["visibility"],
                    "expect": row["expect"],
                    "text": row["text"],
                }
                sink.write(json.dumps(entry, ensure_ascii=False) + "\n")
                sink.flush()

    def _compare(self, before_path: Path, after_path: Path) -> None:
        before, after = _read(before_path), _read(after_path)
        changed = []
        for key in sorted(before.keys() & after.keys()):
            old, new = before[key], after[key]
            if "reading" in old:
                if old["reading"] != new["reading"]:
                    fields = [f for f in old["reading"] if old["reading"][f] != new["reading"][f]]
                    self.stdout.write(f"{key[0]} {key[1]}: {', '.join(fields)}")
                continue
            if (old["policy"], old["visibility"]) == (new["policy"], new["visibility"]):
                continue
            delta = _right(new) - _right(old)
            verdict = "better" if delta > 0 else "worse" if delta < 0 else "sideways"
            changed.append((verdict, key, old, new))
        for verdict, (name, line_id), old, new in changed:
            expect = old["expect"]
            self.stdout.write(
                f"{verdict:8} {name} {line_id}: {old['policy']}/{old['visibility']} -> "
                f"{new['policy']}/{new['visibility']} (label {expect['policy']}/"
                f"{expect['visibility']})  {old['text'][:90]!r}"
            )
        missing = len(before.keys() ^ after.keys())
        counts = {v: sum(1 for c in changed if c[0] == v) for v in ("better", "worse", "sideways")}
        self.stdout.write(
            f"lines compared: {len(before.keys() & after.keys())}; changed: {len(changed)} "
            f"{counts}; in one reading only: {missing}"
        )
