"""A simulated national event on loopback: ``make simulate``.

1,000 pairs play 6 rounds of 3 smazzate. For each round 20 referees type the 500 tables
through the real entry endpoints of a gunicorn server, while 2,000 simulated phones poll
the public pages and the API. Faults are injected during the load: a gunicorn worker is
killed while it is inside a save's transaction, and PostgreSQL is restarted. At the end
the database is checked: every sheet is there exactly once, no sheet is half written,
and the stored standings equal a recomputation from scratch.

Figures are printed as ``BENCH event.<name> <value> <unit>`` lines.

Modules: :mod:`.world` (the tournament, in-process Django), :mod:`.server` (gunicorn and
PostgreSQL processes), :mod:`.load` (referees and phones, asyncio + httpx),
:mod:`.faults`, :mod:`.check`, :mod:`.__main__` (the run).
"""
