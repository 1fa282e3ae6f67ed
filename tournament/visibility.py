"""What players may see, and which rounds referees may open: the one rule.

Every page and document meant for players reads through this module: the public site
(tournament page, "Dove gioco?", pair pages, standings, bracket), the JSON API, the
season rankings, and anything that publishes them elsewhere (a static export of the
public pages must call the same functions). The referees' entry pages and the printed
documents use :func:`round_is_published`.

**The lifecycle of a result** (one answer, read by everything: the public pages, the
API, the published files, the PDFs' "Provvisoria"/"Definitiva", the prize list, the
seasons, the knockout qualifiers, the federation report). A table's result is
*entered*, then *confirmed* (the double entry agreed or was settled: ``scoring``'s
``TableResult``); then it is *released* with its round (a round's results are released
together: :func:`results_are_public`), *provisional* while the round's correction
period runs, *final* when it ends (:func:`round_phase`). A correction makes a new
version that goes through the same states. The end of a correction period is work
with a time: closing a round records the publishing of its pages at that moment
(``scoring.services.rounds.close_round``). A round's phase follows from its results
(:class:`Phase`); a tournament is *concluded* ("Concluso") only once every round is
final (:func:`conclusion_problems`), and only a concluded tournament's standings are
final (:func:`standings_final`) and count in a season (:func:`counts_in_seasons`).

The rule:

- a **tournament** is public unless it is a draft (a tournament set back to draft
  disappears from the public site, bracket included);
- a **round** is published (referees may open it, its documents may be printed) once
  the director publishes it: never while it is a draft;
- a round's **tables** are public when the tournament is public, the round is
  published (or closed) and the director released its tables (``tables_public``);
- a round's **results** are public likewise with ``results_public``.

A draft round can never be released: :func:`check_release` refuses it (with the same
message wherever the request comes from), and a database constraint
(``draft_round_not_public``) is the last guard.

Each rule exists as a ``Q`` (for querysets, with a ``prefix`` to reach the round or the
tournament through a join) and as a plain predicate on a loaded object; a test checks
that the two agree on every combination.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from .models import Round, Tournament
from .services.errors import RoundError

__all__ = [
    "Phase",
    "check_release",
    "conclusion_problems",
    "counts_in_seasons",
    "in_correction_period",
    "public_rounds",
    "public_tournaments",
    "published_rounds",
    "results_are_public",
    "results_public_q",
    "round_final",
    "round_is_published",
    "round_phase",
    "standings_final",
    "tables_are_public",
    "tables_public_q",
    "tournament_is_public",
    "tournament_public_q",
]

_TOURNAMENT = "girone__stage__tournament__"


def tournament_public_q(prefix: str = "") -> Q:
    """Tournaments players may see; ``prefix`` reaches the tournament (``"tournament__"``)."""
    return ~Q(**{f"{prefix}status": Tournament.Status.DRAFT})


def tournament_is_public(tournament: Tournament) -> bool:
    return tournament.status != Tournament.Status.DRAFT


def public_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(tournament_public_q())


def published_q(prefix: str = "") -> Q:
    """Rounds referees may open (published or closed); ``prefix`` reaches the round."""
    return ~Q(**{f"{prefix}status": Round.Status.DRAFT})


def round_is_published(round_: Round) -> bool:
    return round_.status != Round.Status.DRAFT


def published_rounds(tournament: Tournament) -> QuerySet[Round]:
    """The tournament's rounds that referees may open."""
    return Round.objects.filter(published_q(), girone__stage__tournament=tournament)


def _released_q(flag: str, prefix: str, with_tournament: bool) -> Q:
    q = Q(**{f"{prefix}{flag}": True}) & published_q(prefix)
    if with_tournament:
        q &= tournament_public_q(prefix + _TOURNAMENT)
    return q


def tables_public_q(prefix: str = "", *, with_tournament: bool = True) -> Q:
    """Rounds whose tables players may see; ``prefix`` reaches the round (``"round__"``).

    ``with_tournament=False`` leaves out the tournament's own status, for stored data
    that the public pages read only through :func:`public_tournaments` (the public
    standings snapshot).
    """
    return _released_q("tables_public", prefix, with_tournament)


def results_public_q(prefix: str = "", *, with_tournament: bool = True) -> Q:
    """Rounds whose results players may see (see :func:`tables_public_q`)."""
    return _released_q("results_public", prefix, with_tournament)


def _released(round_: Round, flag: bool, tournament: Tournament | None) -> bool:
    if tournament is None:
        tournament = round_.girone.stage.tournament
    return flag and round_is_published(round_) and tournament_is_public(tournament)


def tables_are_public(round_: Round, tournament: Tournament | None = None) -> bool:
    """``tournament``: the round's tournament when the caller has it already."""
    return _released(round_, round_.tables_public, tournament)


def results_are_public(round_: Round, tournament: Tournament | None = None) -> bool:
    return _released(round_, round_.results_public, tournament)


def public_rounds(tournament: Tournament) -> QuerySet[Round]:
    """The tournament's rounds whose tables players may see (none for a draft)."""
    return Round.objects.filter(tables_public_q(), girone__stage__tournament=tournament)


def check_release(round_: Round, *, tables: bool, results: bool) -> None:
    """Refuse to show a draft round's tables or results (``RoundError``)."""
    if (tables or results) and not round_is_published(round_):
        raise RoundError(
            _(
                "Round %(number)s of girone %(girone)s is a draft: publish it "
                "before showing its tables or results."
            )
            % {"number": round_.number, "girone": round_.girone.label}
        )


class Phase(StrEnum):
    """Where a round's results are in their lifecycle (see the module)."""

    DRAFT = "draft"  # the director's: nothing is entered
    PLAYING = "playing"  # published: results are entered (released or not)
    HELD = "held"  # closed, its results not released
    PROVISIONAL = "provisional"  # closed and released, its correction period running
    FINAL = "final"  # closed and released, the period over


def in_correction_period(round_: Round, now: dt.datetime | None = None) -> bool:
    """Whether a closed round is in its correction period (any referee may still
    correct a table); False for a round not closed, or closed without a period."""
    if round_.status != Round.Status.CLOSED or round_.provisional_until is None:
        return False
    return (now or timezone.now()) < round_.provisional_until


def round_phase(round_: Round, now: dt.datetime | None = None) -> Phase:
    if round_.status == Round.Status.DRAFT:
        return Phase.DRAFT
    if round_.status != Round.Status.CLOSED:
        return Phase.PLAYING
    if not round_.results_public:
        return Phase.HELD
    if in_correction_period(round_, now):
        return Phase.PROVISIONAL
    return Phase.FINAL


def round_final(round_: Round, now: dt.datetime | None = None) -> bool:
    """The round's results are final: what its documents print as "Definitiva"."""
    return round_phase(round_, now) == Phase.FINAL


def conclusion_problems(
    tournament: Tournament,
    now: dt.datetime | None = None,
    *,
    rounds: list[Round] | None = None,
) -> list[str]:
    """Why the tournament cannot be concluded ("Concluso"): every round not final,
    named (empty: it can). ``rounds``: only these (loaded with their girone)."""
    problems = []
    if rounds is None:
        rounds = list(
            Round.objects.filter(girone__stage__tournament=tournament)
            .select_related("girone")
            .order_by("girone__label", "number")
        )
    for round_ in sorted(rounds, key=lambda r: (r.girone.label, r.number)):
        words = {"number": round_.number, "girone": round_.girone.label}
        phase = round_phase(round_, now)
        if phase in (Phase.DRAFT, Phase.PLAYING):
            problems.append(
                _("Round %(number)s of girone %(girone)s is not closed.") % words
            )
        elif phase == Phase.HELD:
            problems.append(
                _(
                    "The results of round %(number)s of girone %(girone)s are not released."
                )
                % words
            )
        elif phase == Phase.PROVISIONAL:
            until = date_format(localtime(round_.provisional_until), "TIME_FORMAT")
            problems.append(
                _(
                    "Round %(number)s of girone %(girone)s is in its correction period"
                    " until %(time)s."
                )
                % {**words, "time": until}
            )
    return problems


def standings_final(tournament: Tournament) -> bool:
    """The tournament's standings are final (its prize list, its standings' PDFs,
    the federation report): it is concluded, so every round is final."""
    return tournament.status == Tournament.Status.FINISHED


def counts_in_seasons_q(prefix: str = "") -> Q:
    """Tournaments a season counts: concluded (every result released and final)."""
    return Q(**{f"{prefix}status": Tournament.Status.FINISHED})


def counts_in_seasons(tournament: Tournament) -> bool:
    return tournament.status == Tournament.Status.FINISHED
