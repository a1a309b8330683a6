from typing import Any

from django.apps import AppConfig


class MemoryConfig(AppConfig):
    name = "memory"
    verbose_name = "Memoria"

    def ready(self) -> None:
        from sumalos.accounts.signals import membership_leaving

        membership_leaving.connect(_forget_member, dispatch_uid="memory.forget_member")


def _forget_member(*, organization_id: int, user_id: int, **_: Any) -> None:
    """A person leaves an organization: their private memories there are deleted."""
    from memory.services import memories_forget_member

    memories_forget_member(organization_id=organization_id, user_id=user_id)
