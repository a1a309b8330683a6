"""``load_demo``: load the demo world once (fixtures/demo.py) and print the demo logins.

The logins include one staff account (``redaccion@``) that curates the tax articles in the
admin: staff, not superuser, with the knowledge permissions only.

The password is generated once per checkout and kept in ``.embedded/demo_password`` (git-ignored),
so it survives reloads and is never committed. It is for the demo only.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from fixtures import demo
from sumalos import embedded

PASSWORD_FILE = Path(settings.BASE_DIR) / ".embedded" / "demo_password"


class Command(BaseCommand):
    help = "Carga el mundo de demostración si no existe e imprime los accesos de demo."

    def handle(self, *args: Any, **options: Any) -> None:
        password, created = embedded.checkout_secret(PASSWORD_FILE)
        if demo.demo_exists():
            if created:
                # The password file was lost but the database kept the demo: realign them.
                demo.demo_password_set(password)
            self.stdout.write("El mundo de demostración ya estaba cargado.")
        else:
            started = time.monotonic()
            counts = demo.build_demo(password=password)
            elapsed = time.monotonic() - started
            summary = ", ".join(f"{n} {kind}" for kind, n in counts.items())
            self.stdout.write(
                self.style.SUCCESS(f"Mundo de demostración cargado en {elapsed:.1f} s ({summary}).")
            )
        demo.demo_staff_ensure(password=password)
        self.stdout.write("\nAccesos de demostración:")
        for login in (*demo.LOGINS, demo.STAFF_LOGIN):
            self.stdout.write(f"  {login.email:<26} {login.description}")
        self.stdout.write(
            self.style.WARNING(f"Contraseña (solo para demo, la misma para todos): {password}")
        )
