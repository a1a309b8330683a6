#!/usr/bin/env python
"""Django's command-line utility; starts the embedded services on demand."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sumalos.settings")
    from sumalos.embedded import ensure_services

    ensure_services()
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
