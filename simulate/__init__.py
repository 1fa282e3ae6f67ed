"""A simulated national event on loopback: ``make simulate``.

1,000 pairs play 6 rounds of 3 smazzate. For each round 20 referees type the 500 tables
through the real entry endpoints, while 2,000 simulated phones poll the public pages and
the API; both go through nginx in front of gunicorn, as in the deployment (nginx sends
the pages the app published as files, gunicorn the rest). ``--pace human`` (default):
each referee a sheet every 10-15 s; ``--pace full``: as fast as the server answers.
Faults are injected during the load: a gunicorn worker is killed while it is inside a
save's transaction, and PostgreSQL is restarted. At the end the database is checked:
every sheet is there exactly once, no sheet is half written, and the stored standings
equal a recomputation from scratch.

``--entry players`` (issue 30): the players' phones enter and confirm every table
instead, in a burst of ``--window`` seconds a round, from a process of their own
(:mod:`.players`, driven by :mod:`.entry`).

Figures are printed as ``BENCH event.<name> <value> <unit>`` lines, then a
``# goal ...`` line for each of issue 19's goals of the pace (:mod:`.goals`).

Modules: :mod:`.world` (the tournament, in-process Django), :mod:`.server` (gunicorn and
PostgreSQL processes), :mod:`.proxy` (nginx), :mod:`.load` (referees, phones and the
standings watcher, asyncio + httpx), :mod:`.faults`, :mod:`.check`, :mod:`.goals`,
:mod:`.__main__` (the run).
"""
