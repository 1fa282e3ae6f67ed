"""PDF rendering (WeasyPrint) of the large and the common documents.

* ``pdf.standings.1000``: overall standings of 1,000 pairs (background job; target < 6 s);
* ``pdf.scorecards.500``: score cards of a round of 500 tables (background; < 10 s);
* ``...serial``: the same in one process (``pdf.standings.1000`` and the score cards
  render in parts, one process per core, joined with pypdf: :mod:`printing.parts`);
* ``....cpu_path``: the CPU seconds of the longest chain (this process, plus the
  busiest part): the wall time on idle cores, where a shared machine's scheduler
  (one share per session) gives the parts no second core;
* ``pdf.girone.30``: one girone's standings, 30 pairs (inline in the request; < 1 s).

Each figure is the wall-clock time of building the document from the database and
rendering it to PDF bytes, as the worker (or the request) does. ``pdf.reference.200``
renders the plain 200-row, 10-column table that the project's stack notes timed at 1.1 s on
an idle machine: on a shared, noisy machine compare the ratios to it, not the seconds.
"""

from __future__ import annotations

import time

from bench.common import report, timer
from bench.django_setup import setup


def main() -> None:
    setup()
    from django.db import transaction
    from django.utils import translation

    from printing.documents import build
    from printing.parts import start_render
    from printing.pdf import render_pdf
    from tests.printing.factories import make_standings, make_world
    from tournament.models import Round

    translation.activate("it")
    with transaction.atomic():
        big = make_world(pairs=1000, gironi=1, rounds=1, slug="bench-pdf-1000")
        make_standings(big)
        small = make_world(pairs=30, gironi=1, rounds=1, slug="bench-pdf-30")
        snaps = make_standings(small)
        rnd = Round.objects.get(girone__stage__tournament=big)
        girone = snaps[0].girone

        # Warm-up: fonts, stylesheet, templates (a running worker has them loaded).
        render_pdf(
            build(small, "tables", f"round:{Round.objects.get(girone=girone).pk}")
        )

        for name, kind, scope, pages in (
            ("pdf.standings.1000", "standings", "", None),
            ("pdf.scorecards.500", "scorecards", f"round:{rnd.pk}", 250),
        ):
            for parts, suffix in ((None, ""), (1, ".serial")):
                cpu = time.process_time()
                with timer() as t:
                    job = start_render(build(big, kind, scope), parts=parts)
                    pdf = job.finish()
                assert pdf.pages == pages if pages else pdf.pages > 10
                report(name + suffix, t(), "s")
                # The longest chain of CPU work: the wall time on idle cores.
                path = time.process_time() - cpu + max(job.cpu.values(), default=0)
                report(f"{name}{suffix}.cpu_path", path, "s")

        with timer() as t:
            pdf = render_pdf(build(small, "standings", f"girone:{girone.pk}"))
        report("pdf.girone.30", t(), "s")

        with timer() as t:
            reference_table(200)
        report("pdf.reference.200", t(), "s")
        transaction.set_rollback(True)


def reference_table(rows: int) -> bytes:
    """The stack notes' reference: a 10-column table, 8 pt DejaVu, A4."""
    from weasyprint import HTML

    body = "".join(
        f"<tr><td>{i}</td><td>Rossi Mario – Bianchi Anna</td><td>Circolo {i}</td>"
        + "".join(f"<td>{i * j}</td>" for j in range(7))
        + "</tr>"
        for i in range(rows)
    )
    html = (
        "<table style='width:100%;font:8pt DejaVu Sans'><thead><tr>"
        + "<th>h</th>" * 10
        + f"</tr></thead><tbody>{body}</tbody></table>"
    )
    return HTML(string=html).write_pdf()


if __name__ == "__main__":
    main()
