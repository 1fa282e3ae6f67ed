"""The butler view of a team tournament (docs/rules.md §11): what each pair brought its
team, round by round (the pair's MP difference at its table), read from the pair scores.
Not stored: it is a plain sum over a few hundred rows, read by two pages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from participants.models import Pair, Team
from tournament.models import Tournament
from tournament.visibility import results_public_q


@dataclass
class PairLine:
    """One pair of a team: its MP difference at its table, round by round."""

    pair: Pair
    by_round: dict[int, int] = field(default_factory=dict)

    @property
    def played(self) -> int:
        return len(self.by_round)

    @property
    def total(self) -> int:
        return sum(self.by_round.values())

    @property
    def signed_total(self) -> str:
        return f"+{self.total}" if self.total > 0 else str(self.total)

    @property
    def average(self) -> str:
        return f"{self.total / self.played:+.0f}" if self.played else ""

    def cells(self, rounds: Sequence[int]) -> list[str]:
        out = []
        for n in rounds:
            value = self.by_round.get(n)
            out.append(
                "" if value is None else (f"+{value}" if value > 0 else str(value))
            )
        return out


@dataclass
class TeamButler:
    team: Team
    pairs: list[PairLine]


@dataclass(frozen=True)
class Butler:
    rounds: list[int]
    teams: list[TeamButler]


def butler(tournament: Tournament, *, public: bool = False) -> Butler:
    """Each team's pairs and the MP difference each brought, round by round.

    Played tables only (a rest or a forfeit brings no difference of its own); with
    ``public``, only the rounds whose results are released (tournament.visibility).
    """
    from scoring.models import PairScore

    scores = PairScore.objects.filter(
        girone__stage__tournament=tournament, pair__team__isnull=False, played=True
    )
    if public:
        scores = scores.filter(results_public_q("round__"))
    pairs = {
        p.pk: p
        for p in Pair.objects.filter(tournament=tournament, team__isnull=False)
        .select_related("player1", "player2")
        .order_by("number")
    }
    lines: dict[int, PairLine] = {}
    rounds: set[int] = set()
    for pair_id, number, mp_for, mp_against in scores.values_list(
        "pair_id", "round_number", "mp_for", "mp_against"
    ):
        line = lines.setdefault(pair_id, PairLine(pairs[pair_id]))
        line.by_round[number] = line.by_round.get(number, 0) + mp_for - mp_against
        rounds.add(number)
    teams = []
    for team in Team.objects.filter(tournament=tournament).order_by("number"):
        own = [
            lines[pk] for pk, p in pairs.items() if p.team_id == team.pk and pk in lines
        ]
        own.sort(key=lambda line: (-line.total, line.pair.number))
        teams.append(TeamButler(team, own))
    return Butler(sorted(rounds), teams)
