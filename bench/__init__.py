"""Benchmarks for ``make bench``.

Each ``bench/bench_<topic>.py`` module defines ``main() -> None`` and reports every
figure through :func:`bench.common.report`, which prints
``BENCH <name> <value> <unit>``.
``bench/run.py`` imports and runs every such module. Timed assertions never live in the
test suite; they live here.
"""
