"""Per-line regression check of offline extraction over every committed extraction set.

Two steps, so that "before" can run in another checkout (a second worktree on main's HEAD):

    cd CHECKOUT && .venv/bin/python /path/to/scripts/extraction_regressions.py dump OUT.json
    .venv/bin/python scripts/extraction_regressions.py compare BEFORE.json AFTER.json

``dump`` evaluates each ``learning/offline/data/extraction_*.jsonl`` of the checkout it is run
from (its current directory) with the offline provider, as ``eval_extraction`` does, and writes
for each line which expected facts were found and how many facts it stored. ``compare`` lists
every line that lost an expected fact, gained one, or stored facts on a line expecting none
more than before, with totals per file. It exits 1 when a line lost a fact.
Needs the demo world in the database (docs: PREAMBLE prep, ``load_demo``).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


def dump(out: Path) -> None:
    root = Path.cwd()
    sys.path.insert(0, str(root))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sumalos.settings")
    from sumalos.embedded import ensure_services

    ensure_services()
    import django

    django.setup()
    from learning.evaluation import evaluate
    from learning.offline.provider import OfflineProvider

    provider = OfflineProvider()
    data: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "learning/offline/data").glob("extraction_*.jsonl")):
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        report = evaluate(rows, provider)
        lines = {}
        for row, item in zip(rows, report["results"], strict=True):
            missed = [json.dumps(m, sort_keys=True) for m in item["misses"]]
            hits = [
                index
                for index, expected in enumerate(row["expect"])
                if json.dumps(expected, sort_keys=True) not in missed
            ]
            lines[item["id"]] = {
                "hits": hits,
                "expected": item["expected"],
                "stored": len(item["facts"]),
            }
        data[path.name] = lines
        print(f"{path.name}: {report['summary']['found']}/{report['summary']['expected']}")
    out.write_text(json.dumps(data, indent=1))


def compare(before_path: Path, after_path: Path) -> int:
    before = json.loads(before_path.read_text())
    after = json.loads(after_path.read_text())
    lost = 0
    found, unexpected = [0, 0], [0, 0]
    expected = 0
    for name in sorted(set(before) | set(after)):
        old_lines, new_lines = before.get(name, {}), after.get(name, {})
        if name not in before or name not in after:
            print(f"{name}: only {'after' if name in after else 'before'}")
            continue
        file_found = [0, 0]
        for line_id, new in new_lines.items():
            old = old_lines[line_id]
            file_found[0] += len(old["hits"])
            file_found[1] += len(new["hits"])
            expected += new["expected"]
            if new["expected"] == 0:
                unexpected[0] += old["stored"]
                unexpected[1] += new["stored"]
                if new["stored"] > old["stored"]:
                    print(
                        f"  {name} {line_id}: facts on a line expecting none "
                        f"{old['stored']} → {new['stored']}"
                    )
            gone = sorted(set(old["hits"]) - set(new["hits"]))
            came = sorted(set(new["hits"]) - set(old["hits"]))
            if gone:
                lost += 1
                print(f"  {name} {line_id}: LOST expected fact(s) {gone}")
            if came:
                print(f"  {name} {line_id}: gained expected fact(s) {came}")
        found[0] += file_found[0]
        found[1] += file_found[1]
        marker = "" if file_found[0] == file_found[1] else "  *"
        print(f"{name}: {file_found[0]} → {file_found[1]}{marker}")
    print(
        f"all {len(after)} files: {found[0]} → {found[1]} of {expected} facts; "
        f"facts on lines expecting none {unexpected[0]} → {unexpected[1]}; "
        f"lines that lost a fact: {lost}"
    )
    return 1 if lost else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"] and len(sys.argv) == 3:
        dump(Path(sys.argv[2]).resolve())
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) == 4:
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(__doc__)
