"""Migrations hold the SQL they ran and import no live code of this project (docs/decisions/0004).

Every migration file is parsed, never imported: an import of a project module (at the top, in
a function, or through ``importlib``) fails unless the exact name it uses is allowed below.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The packages of this project; any other top-level package of the repository counts too.
PROJECT_PACKAGES = frozenset(
    {"sumalos", "memory", "knowledge", "channels_app", "search", "assistant", "learning"}
    | {"fixtures", "tests"}
    | {path.parent.name for path in ROOT.glob("*/__init__.py")}
)

# Names Django's autodetector writes by path and compares on every makemigrations: replacing
# them with a copy makes makemigrations report a change, and neither holds SQL of its own.
ALLOWED_NAMES = {
    "sumalos.accounts.models.UserManager": (
        "a manager with use_in_migrations; RunPython code gets it for create_user; no SQL"
    ),
    "sumalos.taxes.models.DateRange": (
        "the expression class of the tax and fact exclusion constraints; Django compares "
        "constraints by class, so a frozen copy would be a new constraint to makemigrations"
    ),
}

# The migrations that existed when the rule was introduced: the walk must find all of them.
KNOWN_MIGRATIONS = {
    "channels_app/migrations/0002_triggers.py",
    "knowledge/migrations/0001_initial.py",
    "knowledge/migrations/0002_search_policies_facts_view.py",
    "memory/migrations/0002_row_level_security.py",
    "search/migrations/0002_policies_triggers_schedule.py",
    "sumalos/accounts/migrations/0001_initial.py",
    "sumalos/invoicing/migrations/0002_row_level_security.py",
    "sumalos/rls/migrations/0001_access_functions.py",
    "sumalos/taxes/migrations/0001_initial.py",
    "sumalos/taxes/migrations/0002_seed_rates.py",
}


def migration_files() -> list[Path]:
    return sorted(
        path
        for package in PROJECT_PACKAGES
        for path in (ROOT / package).glob("**/migrations/*.py")
        if path.name != "__init__.py"
    )


def _is_project(module: str) -> bool:
    return module.split(".")[0] in PROJECT_PACKAGES


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _longest_chains(tree: ast.AST) -> list[str]:
    """Every dotted name in the module, each taken whole (``a.b.c``, not also ``a.b``)."""
    inner = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    return [
        chain
        for node in ast.walk(tree)
        if isinstance(node, ast.Name | ast.Attribute) and id(node) not in inner
        if (chain := _dotted(node))
    ]


def project_references(source: str) -> list[str]:
    """The project names a migration's source reaches: modules, or module.name when known."""
    tree = ast.parse(source)
    found: list[str] = []
    imported_roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                found.append("." * node.level + (node.module or ""))
            elif node.module and _is_project(node.module):
                found.extend(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if not _is_project(alias.name):
                    continue
                if alias.asname:
                    found.append(alias.name)
                else:
                    imported_roots.add(alias.name.split(".")[0])
        elif isinstance(node, ast.Call) and _dotted(node.func) in {
            "importlib.import_module",
            "import_module",
            "__import__",
        }:
            argument = node.args[0] if node.args else None
            if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
                found.append("<dynamic import>")
            elif _is_project(argument.value):
                found.append(argument.value)
    # ``import sumalos.taxes.models`` binds ``sumalos``: every use of it names what it reaches.
    found.extend(chain for chain in _longest_chains(tree) if chain.split(".")[0] in imported_roots)
    return found


def test_the_walk_finds_every_known_migration():
    found = {str(path.relative_to(ROOT)) for path in migration_files()}

    assert KNOWN_MIGRATIONS - found == set()


def test_no_migration_reaches_live_project_code_beyond_the_allowed_names():
    violations = [
        (str(path.relative_to(ROOT)), reference)
        for path in migration_files()
        for reference in project_references(path.read_text())
        if reference not in ALLOWED_NAMES
    ]

    assert violations == []


def test_every_allowed_name_is_still_needed():
    used = {
        reference
        for path in migration_files()
        for reference in project_references(path.read_text())
    }

    assert set(ALLOWED_NAMES) - used == set()


def test_the_walk_reports_each_way_of_importing_live_code():
    source = """
import datetime
import sumalos.taxes.models
import sumalos.rls as rls
from django.db import migrations
from sumalos.rls.policies import TABLE_POLICIES
from .helpers import build

def forwards(apps, schema_editor):
    from memory.services import memory_write
    importlib.import_module("knowledge.models")
    name = "search.tasks.drain_search_outbox"

FIELD = sumalos.taxes.models.RateKey.choices
"""

    references = project_references(source)

    assert references == [
        "sumalos.rls",
        "sumalos.rls.policies.TABLE_POLICIES",
        ".helpers",
        "memory.services.memory_write",
        "knowledge.models",
        "sumalos.taxes.models.RateKey.choices",
    ]
