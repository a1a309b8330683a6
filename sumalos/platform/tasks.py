"""``shared_task`` with the task's signature kept for the type checker.

Celery ships no type information, so its decorator turns every task into ``Any``; this one
registers the task exactly as ``shared_task`` does and describes what callers use of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, Protocol, TypeVar

from celery import shared_task

P = ParamSpec("P")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class Task(Protocol[P, R_co]):
    """A registered Celery task: run it in-process, or queue it."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R_co: ...

    def delay(self, *args: P.args, **kwargs: P.kwargs) -> Any: ...

    def apply_async(
        self,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
        **options: Any,
    ) -> Any: ...


def task(*, name: str, ignore_result: bool = False) -> Callable[[Callable[P, R]], Task[P, R]]:
    """Register the decorated function as a shared Celery task under an explicit ``name``."""
    register: Callable[[Callable[P, R]], Task[P, R]] = shared_task(
        name=name, ignore_result=ignore_result
    )
    return register
