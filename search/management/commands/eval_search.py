"""Measure the search on a labelled query set as one person (docs/search.md)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from search.evaluation import evaluate, read_queries
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User


class Command(BaseCommand):
    help = "Evalúa la búsqueda con un juego de consultas etiquetadas (top-5 y MRR por vía)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--as", dest="email", required=True)
        parser.add_argument("--org", required=True)
        parser.add_argument("--file", required=True, type=Path)
        parser.add_argument("--today", type=datetime.date.fromisoformat, default=None)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(email=options["email"]).first()
        organization = Organization.objects.filter(name=options["org"]).first()
        if user is None or organization is None:
            raise CommandError("No existe esa persona u organización.")
        access = access_for_user(user, organization_ids=[organization.pk])
        if not access.organization_ids:
            raise CommandError("Esa persona no es miembro de esa organización.")
        items = read_queries(options["file"])
        report = evaluate(
            access=access, items=items, today=options["today"] or timezone.localdate()
        )
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
            return
        for result in report["results"]:
            if result["rr"] < 1:
                first = result["hits"][0] if result["hits"] else {}
                self.stdout.write(
                    f"  {result['id']}: rr={result['rr']} primero={first.get('kind')}:"
                    f"{first.get('key')}"
                )
        for mode, figures in report["summary"]["legs"].items():
            self.stdout.write(f"{mode:8} top5={figures['top5']:.3f} mrr={figures['mrr']:.3f}")
