"""A team girone's rounds: the movements of :mod:`rules.pairing` on team numbers, then
two tables a match (docs/rules.md §11).

:func:`load_team_state` reads a team girone as :mod:`draw.services.pairing` reads a
pair girone (a :class:`~.girone_state.GironeState` whose numbers are team numbers, with
``teams=True``): the same :func:`~.pairing.propose_round` computes the next round
(all'italiana, Danese, Danese modificato, first round by draw or by seeding), and the same
independent checker verifies it. :func:`save_team_round` then seats each match at two
tables (match *k* at tables 2k-1 and 2k, :func:`rules.team.seats`) with each team's
default line-up (its first two pairs), and a resting team at a rest table of its own
(its first pair alone): the referee records the rest there as for a pair.

The round operations that do not depend on who sits where (publish, unpublish, delete,
visibility) are those of :mod:`draw.services.rounds`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from participants.models import Pair
from rules.team import check_matches, seats
from seating.models import Table, TeamMatch
from seating.services.tables import PlannedTable
from tournament.models import Round
from tournament.services.errors import RoundError

__all__ = ["lineup_of", "save_team_round", "team_planned_tables", "verify_round_seats"]


def _lineups(pk_of: dict[int, int]) -> dict[int, list[int]]:
    """Each team's default line-up: its first two pairs (by number), as pair pks."""
    pairs: dict[int, list[int]] = {}
    team_pks = list(pk_of.values())
    number_of = {pk: n for n, pk in pk_of.items()}
    for team_id, pair_id in (
        Pair.objects.filter(team_id__in=team_pks)
        .order_by("number")
        .values_list("team_id", "pk")
    ):
        pairs.setdefault(number_of[team_id], []).append(pair_id)
    return pairs


def save_team_round(
    round_: Round, pk_of: dict[int, int], planned: list[PlannedTable]
) -> None:
    """Replace the round's tables: two a match, one for a resting team (``pk_of``:
    team number -> team id)."""
    round_.tables.all().delete()  # their team matches go with them
    lineups = _lineups(pk_of)
    short = sorted(
        n
        for t in planned
        for n in (t.ns, t.ew)
        if n is not None and len(lineups.get(n, [])) < 2
    )
    if short:
        raise RoundError(
            _("Teams %(teams)s have fewer than two pairs: complete their rosters.")
            % {"teams": ", ".join(map(str, short))}
        )
    number = 0
    for match_number, t in enumerate(planned, start=1):
        a = lineups[t.ns]
        if t.ew is None:
            number += 1
            rest = Table.objects.create(
                round=round_, number=number, pair_ns_id=a[0], pair_ew_id=None
            )
            TeamMatch.objects.create(
                round=round_,
                number=match_number,
                team_a_id=pk_of[t.ns],
                table_1=rest,
            )
            continue
        (ns1, ew1), (ns2, ew2) = seats(a[:2], lineups[t.ew][:2])
        first = Table.objects.create(
            round=round_, number=number + 1, pair_ns_id=ns1, pair_ew_id=ew1
        )
        second = Table.objects.create(
            round=round_, number=number + 2, pair_ns_id=ns2, pair_ew_id=ew2
        )
        number += 2
        TeamMatch.objects.create(
            round=round_,
            number=match_number,
            team_a_id=pk_of[t.ns],
            team_b_id=pk_of[t.ew],
            table_1=first,
            table_2=second,
        )


def team_planned_tables(round_: Round) -> list[PlannedTable]:
    """A saved team round as the movements see it: one planned 'table' a match."""
    return [
        PlannedTable(m.number, m.team_a.number, m.team_b.number if m.team_b else None)
        for m in TeamMatch.objects.filter(round=round_)
        .select_related("team_a", "team_b")
        .order_by("number")
    ]


def lineup_of(match: TeamMatch, side: str) -> tuple[Pair, Pair | None]:
    """The two pairs team A (``side="a"``) or B fields in ``match`` (one for a rest)."""
    t1, t2 = match.table_1, match.table_2
    if side == "a":
        return t1.pair_ns, (t2.pair_ew if t2 is not None else None)
    assert t1.pair_ew is not None and t2 is not None
    return t1.pair_ew, t2.pair_ns


def verify_round_seats(round_: Round) -> None:
    """The independent check of a team round's seats; RoundError on a bug."""
    matches = TeamMatch.objects.filter(round=round_, team_b__isnull=False)
    tables = {t.pk: t for t in Table.objects.filter(round=round_)}
    seated = [
        (
            (tables[m.table_1_id].pair_ns_id, tables[m.table_1_id].pair_ew_id),
            (tables[m.table_2_id].pair_ns_id, tables[m.table_2_id].pair_ew_id),
        )
        for m in matches
    ]
    team_of = dict(
        Pair.objects.filter(tournament_id=round_.girone.stage.tournament_id)
        .exclude(team__isnull=True)
        .values_list("pk", "team_id")
    )
    found = check_matches(seated, team_of)
    if found:
        raise RoundError(
            _("The seats of the team matches fail the independent check."),
            [f"{code} (match {number})" for code, number in found],
        )
