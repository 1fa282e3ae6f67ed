"""Demo of ``make run``: the prize list of the Burraco demo tournament.

Gives "Trofeo del Giglio" four prizes, so that its prize list (Stampa → Elenco premi)
shows the organiser's own prizes rather than the default ones. Idempotent: a prize that
is already there is left alone. Skipped quietly when the demo tournament is missing.
"""

from __future__ import annotations

from typing import Any

from tournament.models import Tournament

from .models import PrizeSlot

BURRACO_SLUG = "trofeo-del-giglio-2026"
PRIZES = (
    (1, "Trofeo del Giglio e due buoni da 150 €"),
    (2, "Coppa e due buoni da 100 €"),
    (3, "Coppa e due buoni da 50 €"),
    (4, "Due cesti di prodotti tipici"),
)


def seed(stdout: Any) -> None:
    tournament = Tournament.objects.filter(slug=BURRACO_SLUG).first()
    if tournament is None:
        return
    made = 0
    for position, prize in PRIZES:
        _slot, created = PrizeSlot.objects.get_or_create(
            tournament=tournament, position=position, defaults={"prize": prize}
        )
        made += created
    if made:
        stdout.write(f"Printing: {made} prizes for {tournament.name}.")
