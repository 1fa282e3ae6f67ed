"""Drawing the tabellone: place the confirmed qualifiers, create the matches."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.work import record_publish
from rules.errors import RulesError
from rules.knockout.bracket import Bracket as PureBracket
from rules.knockout.bracket import build_bracket
from rules.knockout.qualifiers import Qualifier
from rules.knockout.seeding import Seeding, place_qualifiers

from ..models import Bracket, BracketMatch, Entry
from .entrants import entrants_of
from .errors import KnockoutError
from .gironi import gironi_problems


@transaction.atomic
def draw_bracket(bracket_id: int, *, by) -> Bracket:
    """Place the qualifiers (byes to the top seeds) and create every match."""
    bracket = Bracket.objects.select_for_update(of=("self",)).get(pk=bracket_id)
    if bracket.status != Bracket.Status.CONFIRMED:
        raise KnockoutError(_("The tabellone has already been drawn."))
    problems = gironi_problems(bracket.tournament, bracket.gironi)
    if problems:
        raise KnockoutError(" ".join(problems))
    entries = list(Entry.objects.filter(bracket=bracket).order_by("seed"))
    qualifiers = [
        Qualifier(e.entrant_id, e.seed, e.girone_label or None, e.place)  # type: ignore[arg-type]
        for e in entries
    ]
    seeding = (
        Seeding.SEPARATE_GIRONI
        if bracket.seeding == Bracket.Seeding.SEPARATE_GIRONI
        and all(q.girone and q.place for q in qualifiers)
        else Seeding.OVERALL
    )
    try:
        slots = place_qualifiers(qualifiers, seeding)
        pure = build_bracket(
            [q.pair if q else None for q in slots], third_place=bracket.third_place
        )
    except RulesError as exc:
        raise KnockoutError(
            _("The tabellone cannot be drawn: %(reason)s") % {"reason": exc}
        ) from exc
    slot_of = {q.pair: slot for slot, q in enumerate(slots) if q}
    for e in entries:
        e.slot = slot_of[e.entrant_id]  # type: ignore[index]
    Entry.objects.bulk_update(entries, ["slot"])
    BracketMatch.objects.bulk_create(
        _rows(bracket, pure, entrants_of(bracket.tournament).match_fields)
    )
    bracket.size = pure.size
    bracket.status = Bracket.Status.DRAWN
    bracket.drawn_at = timezone.now()
    bracket.version += 1
    bracket.save(update_fields=["size", "status", "drawn_at", "version"])
    record_publish(bracket.tournament_id, pages=True)  # the public tabellone
    return bracket


def _rows(
    bracket: Bracket, pure: PureBracket, fields: tuple[str, str, str]
) -> list[BracketMatch]:
    """The matches of the drawn tabellone, their sides and winner in ``fields`` (the
    pairs' columns, or the teams': ``Entrants.match_fields``)."""
    rows = []
    for m in pure.matches:
        final_round = m.round == pure.rounds
        sides = {
            f"{name}_id": value
            for name, value in zip(fields, (m.pair_a, m.pair_b, m.winner), strict=True)
        }
        rows.append(
            BracketMatch(
                bracket=bracket,
                round=m.round,
                index=m.index,
                **sides,
                status=m.status.value,
                third_place=final_round and m.index == 1,
                best_of=bracket.final_best_of if final_round else bracket.best_of,
            )
        )
    return rows
