"""Mask secrets in derived copies written before masking existed (``assistant.remask``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from assistant.remask import copies_remask


class Command(BaseCommand):
    help = "Oculta los secretos en las copias derivadas de mensajes anteriores al enmascarado."

    def handle(self, *args: Any, **options: Any) -> None:
        done = copies_remask()
        self.stdout.write(
            f"Copias enmascaradas: {done.web_messages} mensajes web, "
            f"{done.whatsapp_messages} de WhatsApp, {done.summary_points} puntos de resumen."
        )
