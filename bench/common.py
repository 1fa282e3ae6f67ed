"""Helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def report(name: str, value: float, unit: str) -> None:
    """Print one figure in the format ``BENCH <name> <value> <unit>``."""
    shown = f"{value:.3g}" if value < 100 else f"{value:.0f}"
    print(f"BENCH {name} {shown} {unit}", flush=True)


@contextmanager
def timer() -> Iterator[Callable[[], float]]:
    """Measure wall-clock seconds: ``with timer() as t: ...; t()`` gives the elapsed."""
    start = time.perf_counter()
    end: list[float] = []
    yield lambda: (end[0] if end else time.perf_counter()) - start
    end.append(time.perf_counter())


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """Best wall-clock seconds of ``repeat`` calls of ``fn`` (the least noisy)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best
