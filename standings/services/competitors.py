"""Pairs or teams: what the standings of the two formats truly differ in.

A pair event ranks its pairs, a team event its teams (docs/rules.md §11), by the same
chain, avulsa, lot, referee's decisions and notes: :mod:`.ranking`, :mod:`.rows` and
:mod:`.store` are one path for both. What differs is only data, gathered here in a
:class:`Competitors`:

- where the results come from: a table's PairScore rows, or a team match's TeamScore
  rows (``scoring.scores``: both read as the same ``Score``);
- who the competitors are (Pair, Team) and what a row calls them (the players; the
  team's name);
- whether who sat where is known: a pair's attendance gives its rounds missed and its
  NS/EO line (docs/rules.md §8, §9.1); a team match has neither;
- the words of the tie-break notes ("Coppie", "Squadre");
- the average of the overall standings by round: a pair's over its girone's rounds, a
  team's over its matches (the team rows have always said so);
- the table a snapshot's rows are stored in (Row, TeamRow);
- a team is made of pairs (its line-ups): the director's butler page shows what each
  brought, and there are no provisional team standings.

:func:`competitors_of` is the one place the standings choose by a tournament's format
(``participants.competitors.by_format``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from participants.competitors import by_format
from participants.models import Pair, Team
from rules.standings import LABELS, Labels
from scoring.scores import Score, confirmed_scores, team_scores
from tournament.models import Tournament

from ..models import Row, TeamRow


@dataclass(frozen=True)
class CompetitorInfo:
    """What a standings row copies of its pair or team."""

    number: int
    name: str  # a pair's players, a team's name
    club: str
    girone_label: str


def pair_infos(tournament: Tournament) -> dict[int, CompetitorInfo]:
    found = Pair.objects.filter(tournament=tournament).values_list(
        "pk",
        "number",
        "player1__last_name",
        "player1__first_name",
        "player2__last_name",
        "player2__first_name",
        "club__name",
        "girone__label",
    )
    return {
        pk: CompetitorInfo(
            number, f"{l1} {f1} – {l2} {f2}"[:130], club or "", label or ""
        )
        for pk, number, l1, f1, l2, f2, club, label in found
    }


def team_infos(tournament: Tournament) -> dict[int, CompetitorInfo]:
    found = Team.objects.filter(tournament=tournament).values_list(
        "pk", "number", "name", "club__name", "girone__label"
    )
    return {
        pk: CompetitorInfo(number, name[:120], club or "", label or "")
        for pk, number, name, club, label in found
    }


def pair_names(ids: Iterable[int]) -> dict[int, str]:
    """Pair id -> "3. Rossi Mario – Bianchi Luca" (the impact report's names)."""
    found = Pair.objects.filter(pk__in=list(ids)).select_related("player1", "player2")
    return {pair.pk: f"{pair.number}. {pair.names}" for pair in found}


def team_names(ids: Iterable[int]) -> dict[int, str]:
    """Team id -> "3. Name" (the impact report's names)."""
    return {team.pk: str(team) for team in Team.objects.filter(pk__in=list(ids))}


def pair_labels(game: str, match_score: str = "partite") -> tuple[Labels, Labels]:
    """The words of the notes. Briscola: the stored score is what the pack's
    ``match_score`` counts: partite won, or card points under the v1 packs
    (docs/rules.md §10.3)."""
    if game == "briscola" and match_score == "card_points":
        return Labels("Coppie", "punti", "punti carta", "punto"), Labels(
            "Pairs", "points", "card points", "point"
        )
    if game == "briscola":
        return LABELS["briscola"]["it"], LABELS["briscola"]["en"]
    return LABELS["burraco"]["it"], LABELS["burraco"]["en"]


def team_labels(game: str, match_score: str = "partite") -> tuple[Labels, Labels]:
    """A team match is scored in VP and MP whatever the game (docs/rules.md §11)."""
    return Labels("Squadre", "VP", "MP"), Labels("Teams", "VP", "MP")


#: The row columns both tables have: a ``RowData`` attribute and its model field.
_COMMON = (
    ("snapshot_id", "snapshot_id"),
    ("index", "index"),
    ("position", "position"),
)
_TOTALS = tuple(
    (name, name)
    for name in (
        "club",
        "girone_label",
        "vp",
        "mp_for",
        "mp_against",
        "played",
        "byes",
        "average",
        "tie",
        "by_lot",
    )
)


@dataclass(frozen=True)
class Competitors:
    """How the standings read, name and store one format's competitors."""

    model: type[models.Model]  # Pair or Team: who is in a girone
    scores: Callable[[Iterable[int]], list[Score]]  # a girone's confirmed results
    infos: Callable[[Tournament], dict[int, CompetitorInfo]]
    names: Callable[[Iterable[int]], dict[int, str]]  # id -> "number. name"
    labels: Callable[[str, str], tuple[Labels, Labels]]  # (game, match_score)
    seats: bool  # who sat where is known: attendance, rounds missed, NS/EO lines
    average_per_match: bool  # overall by round: VP over matches (else over rounds)
    row_model: type[models.Model]  # the table of the snapshot's rows
    #: (``RowData`` attribute, field of ``row_model``), in column order; the fourth is
    #: the competitor (one row per competitor and snapshot).
    columns: tuple[tuple[str, str], ...]
    #: A competitor made of pairs (a team's line-ups): the director sees what each
    #: pair brought its team (``butler``), and no provisional standings (a team
    #: match counts once both its tables are confirmed).
    lineups: bool
    #: The director's page: the chain's head-to-head step when not all tied met.
    unmet_skipped: Promise


PAIRS = Competitors(
    model=Pair,
    scores=confirmed_scores,
    infos=pair_infos,
    names=pair_names,
    labels=pair_labels,
    seats=True,
    average_per_match=False,
    row_model=Row,
    columns=(
        *_COMMON,
        ("pair_id", "pair_id"),
        ("pair_number", "pair_number"),
        ("players", "players"),
        *_TOTALS,
        ("missed", "missed"),
        ("entered_round", "entered_round"),
        ("withdrew_after", "withdrew_after"),
    ),
    lineups=False,
    unmet_skipped=_("head-to-head skipped when not all tied pairs met"),
)

TEAMS = Competitors(
    model=Team,
    scores=team_scores,
    infos=team_infos,
    names=team_names,
    labels=team_labels,
    seats=False,
    average_per_match=True,
    row_model=TeamRow,
    columns=(
        *_COMMON,
        ("pair_id", "team_id"),
        ("pair_number", "team_number"),
        ("players", "name"),
        *_TOTALS,
    ),
    lineups=True,
    unmet_skipped=_("head-to-head skipped when not all tied teams met"),
)


def competitors_of(tournament: Tournament) -> Competitors:
    """Pairs, or teams in a team tournament: the standings' values of the two formats
    (the rest of the app ranks, stores and reads "competitors"), chosen where the code
    asks the format (``participants.competitors.by_format``)."""
    return by_format(tournament, PAIRS, TEAMS)
