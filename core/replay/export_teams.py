"""A team tournament's gironi as a replay file, version 2 (docs/rules.md §11).

As :mod:`.export` for pairs: every round with its own matches (team numbers, team A
first) and resting teams, every match's line-ups (roster places), and every table's
result that counts now, by table number; a team missing from a round is withdrawn
before it (and reinstated before the round it comes back to). Each team lists every
pair it fielded, in pair-number order, so that the replay numbers them the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from participants.models import Pair, Team
from scoring.models import ResultVersion
from seating.models import TeamMatch
from tournament.models import Round, Tournament

from .sources import by_round, played

if TYPE_CHECKING:
    from .export import Export

Kind = ResultVersion.Kind


def _team(team: Team, label: str, places: dict[int, int]) -> dict[str, Any]:
    from .export import _player

    members = list(team.members.select_related("player").order_by("order"))
    out: dict[str, Any] = {
        "number": team.number,
        "name": team.name,
        "players": [
            _player(m.player.last_name, m.player.first_name, m.player.membership_number)
            for m in members
        ],
    }
    if team.club_id is not None:
        out["club"] = team.club.name
    out["girone"] = label
    if team.seed is not None:
        out["seed"] = team.seed
    captain = next(
        (i for i, m in enumerate(members, start=1) if m.player_id == team.captain_id),
        None,
    )
    if captain not in (None, 1):
        out["captain"] = captain
    out["pairs"] = [
        [places[p.player1_id], places[p.player2_id]]
        for p in Pair.objects.filter(team=team).order_by("number")
    ]
    return out


def export_teams(tournament: Tournament, export_class: type[Export]) -> Export:
    from .export import _tournament, document

    teams = list(
        Team.objects.filter(tournament=tournament)
        .select_related("club")
        .order_by("number")
    )
    places: dict[int, dict[int, int]] = {
        team.pk: {m.player_id: m.order for m in team.members.order_by("order")}
        for team in teams
    }
    found = played(tournament, teams, _("Team %(number)s is in no girone: left out."))
    matches = by_round(
        TeamMatch.objects.filter(round__in=found.rounds).select_related(
            "team_a", "team_b", "table_1__pair_ns", "table_1__pair_ew",
            "table_2__pair_ns", "table_2__pair_ew",
            "round__girone__stage__tournament",
        )
    )  # fmt: skip
    entries = found.entries(
        ("before", "tables", "resting", "hands", "lineups", "results", "open")
    )
    listed: list[dict[str, Any]] = []
    for girone in found.gironi:
        members = [t for t in teams if t.girone_id == girone.pk]
        listed += [_team(t, girone.label, places[t.pk]) for t in members]
        rounds = found.by_girone.get(girone.label, [])
        _girone(
            entries, girone.label, members, rounds, matches, found.current, places,
            tournament.hands_per_round,
        )  # fmt: skip
    described = {**_tournament(tournament), "format": "teams"}
    return export_class(
        document(described, "teams", listed, _written(entries)), found.notes
    )


def _girone(
    entries: list[dict[str, Any]],
    label: str,
    members: list[Team],
    rounds: list[Round],
    matches: dict[int, list[TeamMatch]],
    current: dict[int, ResultVersion],
    places: dict[int, dict[int, int]],
    hands: int,
) -> None:
    """Write girone ``label``'s rounds into ``entries``: a team missing from a round
    is withdrawn before it and reinstated before the round it comes back to."""
    out: set[int] = set()
    for k, round_ in enumerate(rounds):
        here = matches[round_.pk]
        present = {m.team_a.number for m in here} | {
            m.team_b.number for m in here if m.team_b
        }
        for team in members:
            if team.number in out and team.number in present:
                entries[k]["before"].append({"reinstate": team.number})
                out.discard(team.number)
            elif team.number not in out and team.number not in present:
                entries[k]["before"].append({"withdraw": team.number})
                out.add(team.number)
        if round_.hands != hands:
            entries[k]["hands"][label] = round_.hands
            hands = round_.hands
        _seat(entries[k], label, round_, here, current, places)
    events = entries[len(rounds)]["before"]
    for team in members:
        if team.withdrawn and team.number not in out:
            events.append({"withdraw": team.number})
        elif not team.withdrawn and team.number in out:
            events.append({"reinstate": team.number})


def _seat(
    entry: dict[str, Any],
    label: str,
    round_: Round,
    here: list[TeamMatch],
    current: dict[int, ResultVersion],
    places: dict[int, dict[int, int]],
) -> None:
    """One round of girone ``label`` in its entry: its matches and rests, whether it
    is still open, its line-ups and its tables' results."""
    entry["tables"][label] = [
        [m.team_a.number, m.team_b.number] for m in here if m.team_b
    ]
    resting = [m.team_a.number for m in here if m.team_b is None]
    if resting:
        entry["resting"][label] = resting
    if round_.status != Round.Status.CLOSED:
        entry["open"].add(label)
    for m in here:
        if m.team_b is not None:
            entry["lineups"] += _lineups(m, label, places)
    for m in here:
        for table in m.tables:
            version = current.get(table.pk)
            if version is None:
                continue
            plain_rest = table.pair_ew is None and version.kind == Kind.REST
            entry["results"].append((table, label, version, plain_rest))


def _lineups(
    m: TeamMatch, label: str, places: dict[int, dict[int, int]]
) -> list[dict[str, Any]]:
    """The line-ups of match ``m``, team A then team B, as roster places: A's pair
    sits NS at table 1 and EW at table 2, B's the other way round."""
    assert m.team_b is not None
    lineups = []
    for side, team in (("a", m.team_a), ("b", m.team_b)):
        t1, t2 = m.table_1, m.table_2
        first, second = (
            (t1.pair_ns, t2.pair_ew) if side == "a" else (t1.pair_ew, t2.pair_ns)
        )
        spot = places[team.pk]
        lineups.append(
            {
                "girone": label,
                "match": m.number,
                "team": team.number,
                "pairs": [
                    [spot[first.player1_id], spot[first.player2_id]],
                    [spot[second.player1_id], spot[second.player2_id]],
                ],
            }
        )
    return lineups


def _written(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds as the file writes them: results by table number, a closed round's
    plain rests left out (the replay gives them their award), an open one marked
    ``"close": false``."""
    from .export import _result

    written = []
    for entry in entries:
        if not entry["tables"] and not entry["before"]:
            continue
        open_ = entry.pop("open")
        results = []
        for table, label, version, plain_rest in entry["results"]:
            if plain_rest and not open_:
                continue  # the replay gives a closed round's rests their award
            result = _result(label, table, version)
            result.pop("pairs")
            results.append({"girone": label, "table": table.number, **result})
        entry["results"] = results
        if open_:
            entry["close"] = False
        written.append({k: v for k, v in entry.items() if v or k == "close"})
    return written
