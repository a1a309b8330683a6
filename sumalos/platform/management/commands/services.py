from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from sumalos import embedded


class Command(BaseCommand):
    help = "Start, stop or show the embedded PostgreSQL and Redis (kept running after start)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["start", "stop", "status"])

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        if action == "start":
            embedded.ensure_services(keep=True)
        elif action == "stop":
            embedded.stop_services()
        pg = (
            "externo (DATABASE_URL)"
            if not embedded.uses_embedded_postgres()
            else (f"embebido en {embedded.PATHS.socket_dir}")
        )
        redis = (
            "externo (REDIS_URL)" if not embedded.uses_embedded_redis() else embedded.redis_url()
        )
        self.stdout.write(f"PostgreSQL: {pg}\nRedis: {redis}")
