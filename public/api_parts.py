"""What the API's endpoints of pairs (:mod:`public.api`) and of teams
(:mod:`public.api_teams`) share: the public tournament of a path (404 otherwise), a
released round, the released results of its tables or matches, and the stored public
standings: one builder, each row in its competitor's own fields.

Each standings endpoint answers its own competitor's standings and an empty list for
the other's event (:mod:`public.competitor` says which an event ranks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from pydantic import BaseModel as Schema

from standings.models import Snapshot
from standings.services import read
from tournament import visibility
from tournament.models import Round, Tournament

from . import services
from .competitor import of as competitor_of


class ErrorOut(Schema):
    detail: str


def public_tournament(slug: str) -> Tournament:
    """The public tournament ``slug`` (a 404 answer otherwise)."""
    found = services.public_tournaments().filter(slug=slug).first()
    if found is None:
        raise Http404(f"no public tournament {slug!r}")
    return found


def shown_round(t: Tournament, round_id: int) -> Round:
    """A round of ``t`` whose tables are released (a 404 answer otherwise)."""
    found = services.shown_rounds(t).filter(pk=round_id).first()
    if found is None:
        raise Http404(f"round {round_id} is not published in {t.slug!r}")
    return found


Scores = dict[tuple[int, str], tuple[int, int]]


def released_scores(
    t: Tournament, rnd: Round, scores: QuerySet[Any], key: str, side: str
) -> Scores:
    """(``key``, ``side``) -> (VP, MP scored) of the round's ``scores`` (a table's
    pair scores by line, a match's team scores by side), when the round's results are
    released; none otherwise."""
    if not visibility.results_are_public(rnd, t):
        return {}
    return {
        (pk, s): (vp, mp)
        for pk, s, vp, mp in scores.filter(round=rnd)
        .order_by()
        .values_list(key, side, "vp", "mp_for")
    }


def results(scores: Scores, pk: int, sides: tuple[str, str]) -> dict[str, Any]:
    """The VP and MP of both sides of table or match ``pk`` (None: not released):
    ``vp_<side>`` and ``mp_<side>`` of each."""
    out: dict[str, Any] = {}
    for what, index in (("vp", 0), ("mp", 1)):
        for side in sides:
            out[f"{what}_{side}"] = scores.get((pk, side), (None, None))[index]
    return out


def standings_data(
    t: Tournament, lang: str, noun: str, own: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """The public standings of ``t`` when it ranks ``noun`` ("pair", "team"), each row
    with ``own(row)``: the competitor's number and names under its own keys."""
    competitor = competitor_of(t)
    if competitor.noun != noun:  # the other competitor's endpoint: nothing here
        return []
    english = lang == "en"
    out = []
    for table in read.tables(read.snapshots(t, Snapshot.Kind.PUBLIC)):
        s = table.snapshot
        out.append(
            {
                "girone": s.girone.label if s.girone is not None else None,
                "stage": s.stage.order,
                "line": s.line
                or None,  # a team ranking has no lines: not in its schema
                "version": s.version,
                "rounds": s.rounds,
                "chain": s.chain,
                "rows": [
                    {
                        "rank": r.position,
                        **own(r),
                        "club": r.club,
                        "girone": r.girone_label,
                        "vp": r.vp,
                        "mp_difference": r.mp_diff,
                        "mp_scored": r.mp_for,
                        "matches_played": r.played,
                        "rests": r.byes,
                        "vp_per_match": r.average or None,
                        "tie_break_note": (r.note_en if english else r.note) or None,
                    }
                    for r in table.rows
                ],
            }
        )
    return out
