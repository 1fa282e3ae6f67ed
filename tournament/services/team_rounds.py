"""A team girone's rounds: the movements of :mod:`rules.pairing` on team numbers, then
two tables a match (docs/rules.md §11).

:func:`load_team_state` reads a team girone as :mod:`tournament.services.pairing` reads a
pair girone (a :class:`~.girone_state.GironeState` whose numbers are team numbers, with
``teams=True``): the same :func:`~.pairing.propose_round` computes the next round
(all'italiana, Danese, Danese modificato, first round by draw or by seeding), and the same
independent checker verifies it. :func:`save_team_round` then seats each match at two
tables (match *k* at tables 2k-1 and 2k, :func:`rules.team.seats`) with each team's
default line-up (its first two pairs), and a resting team at a rest table of its own
(its first pair alone): the referee records the rest there as for a pair.

The round operations that do not depend on who sits where (publish, unpublish, delete,
visibility) are those of :mod:`tournament.services.rounds`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.team import seats
from tournament.models import Girone, Pair, Round, Table, Team, TeamMatch

from .errors import RoundError
from .girone_state import GironeState, PlannedTable

__all__ = ["load_team_state", "save_team_round", "team_planned_tables"]


def load_team_state(girone: Girone, *, before: int | None = None) -> GironeState:
    """Read a team girone: its teams, and the rounds before ``before`` (default: all)."""
    tournament = girone.stage.tournament
    teams = list(Team.objects.filter(girone=girone).order_by("number"))
    number_of = {t.pk: t.number for t in teams}
    state = GironeState(
        tournament=tournament,
        girone=girone,
        active=[t.number for t in teams if not t.withdrawn],
        pk_of={t.number: t.pk for t in teams},
        clubs={t.number: t.club_id for t in teams},
        seeds={t.number: t.seed for t in teams},
        teams=True,
    )
    rounds = girone.rounds.order_by("number")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    matches: dict[int, list[TeamMatch]] = {}
    found = TeamMatch.objects.filter(round__in=rounds).select_related(
        "team_a", "team_b"
    )
    for match in found.order_by("number"):
        matches.setdefault(match.round_id, []).append(match)
    for r in rounds:
        played: list[tuple[int, int]] = []
        for m in matches.get(r.pk, []):
            a = number_of.get(m.team_a_id) or m.team_a.number
            b = None
            if m.team_b_id is not None:
                assert m.team_b is not None
                b = number_of.get(m.team_b_id) or m.team_b.number
            if b is None:
                state.rests[a] += 1
            else:
                played.append((a, b))
            if r.number == 1:
                state.first_round_tables.append((a, b))
        state.history.append(played)
        state.rounds_done = r.number
    return state


def _lineups(state: GironeState) -> dict[int, list[int]]:
    """Each team's default line-up: its first two pairs (by number), as pair pks."""
    pairs: dict[int, list[int]] = {}
    team_pks = [state.pk_of[n] for n in state.pk_of]
    number_of = {pk: n for n, pk in state.pk_of.items()}
    for team_id, pair_id in (
        Pair.objects.filter(team_id__in=team_pks)
        .order_by("number")
        .values_list("team_id", "pk")
    ):
        pairs.setdefault(number_of[team_id], []).append(pair_id)
    return pairs


def save_team_round(
    round_: Round, state: GironeState, planned: list[PlannedTable]
) -> None:
    """Replace the round's tables: two a match, one for a resting team."""
    round_.tables.all().delete()  # their team matches go with them
    lineups = _lineups(state)
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
                team_a_id=state.pk_of[t.ns],
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
            team_a_id=state.pk_of[t.ns],
            team_b_id=state.pk_of[t.ew],
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
