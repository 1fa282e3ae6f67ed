"""A team tournament's gironi as a replay file, version 2 (docs/rules.md §11).

As :mod:`.export` for pairs: every round with its own matches (team numbers, team A
first) and resting teams, every match's line-ups (roster places), and every table's
result that counts now, by table number; a team missing from a round is withdrawn
before it (and reinstated before the round it comes back to). Each team lists every
pair it fielded, in pair-number order, so that the replay numbers them the same.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from participants.models import Pair, Team
from scoring.models import ResultVersion, TableResult
from seating.models import TeamMatch
from standings.models import StandingsConfig
from tournament.models import Girone, Round, Stage, Tournament

from .format import FORMAT, VERSION

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
    from .export import _result, _tournament

    notes: list[str] = []
    stage = (
        Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS)
        .order_by("order")
        .first()
    )
    gironi = list(Girone.objects.filter(stage=stage).order_by("label")) if stage else []
    for other in Stage.objects.filter(tournament=tournament).exclude(
        pk=getattr(stage, "pk", None)
    ):
        notes.append(
            _(
                "The phase “%(stage)s” is left out: version %(version)s of the format "
                "covers the gironi only."
            )
            % {"stage": other, "version": VERSION}
        )
    config = StandingsConfig.objects.filter(tournament=tournament).first()
    if config is not None and config.decisions:
        notes.append(
            _("The referee's decisions on ties are left out: the lot decides instead.")
        )
    label_of = {g.pk: g.label for g in gironi}
    teams = list(
        Team.objects.filter(tournament=tournament)
        .select_related("club")
        .order_by("number")
    )
    places: dict[int, dict[int, int]] = {}
    for team in teams:
        places[team.pk] = {m.player_id: m.order for m in team.members.order_by("order")}
        if team.girone_id not in label_of:
            notes.append(
                _("Team %(number)s is in no girone: left out.")
                % {"number": team.number}
            )
    played = list(
        Round.objects.filter(girone__in=gironi)
        .exclude(status=Round.Status.DRAFT)
        .select_related("girone")
        .order_by("girone__label", "number")
    )
    for draft in Round.objects.filter(girone__in=gironi, status=Round.Status.DRAFT):
        notes.append(
            _("Round %(number)s of %(girone)s is a draft: left out.")
            % {"number": draft.number, "girone": draft.girone}
        )
    matches: dict[int, list[TeamMatch]] = defaultdict(list)
    for m in (
        TeamMatch.objects.filter(round__in=played)
        .select_related(
            "team_a", "team_b", "table_1__pair_ns", "table_1__pair_ew",
            "table_2__pair_ns", "table_2__pair_ew",
            "round__girone__stage__tournament",
        )
        .order_by("number")
    ):  # fmt: skip
        matches[m.round_id].append(m)
    current = {
        r.table_id: r.current
        for r in TableResult.objects.filter(
            round__in=played, status=TableResult.Status.CONFIRMED
        )
        .select_related("current")
        .prefetch_related("current__hands", "current__games")
    }
    by_girone: dict[str, list[Round]] = defaultdict(list)
    for round_ in played:
        by_girone[round_.girone.label].append(round_)
    count = max((len(r) for r in by_girone.values()), default=0)
    entries: list[dict[str, Any]] = [
        {
            "before": [],
            "tables": {},
            "resting": {},
            "hands": {},
            "lineups": [],
            "results": [],
            "open": set(),
        }
        for _ in range(count + 1)
    ]
    listed: list[dict[str, Any]] = []
    for girone in gironi:
        label = girone.label
        members = [t for t in teams if t.girone_id == girone.pk]
        listed += [_team(t, label, places[t.pk]) for t in members]
        out: set[int] = set()
        hands = tournament.hands_per_round
        rounds = by_girone.get(label, [])
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
            entries[k]["tables"][label] = [
                [m.team_a.number, m.team_b.number] for m in here if m.team_b
            ]
            resting = [m.team_a.number for m in here if m.team_b is None]
            if resting:
                entries[k]["resting"][label] = resting
            if round_.status != Round.Status.CLOSED:
                entries[k]["open"].add(label)
            for m in here:
                if m.team_b is None:
                    continue
                for side, team in (("a", m.team_a), ("b", m.team_b)):
                    t1, t2 = m.table_1, m.table_2
                    first, second = (
                        (t1.pair_ns, t2.pair_ew)
                        if side == "a"
                        else (t1.pair_ew, t2.pair_ns)
                    )
                    spot = places[team.pk]
                    entries[k]["lineups"].append(
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
            for m in here:
                for table in m.tables:
                    version = current.get(table.pk)
                    if version is None:
                        continue
                    plain_rest = table.pair_ew is None and version.kind == Kind.REST
                    entries[k]["results"].append((table, label, version, plain_rest))
        events = entries[len(rounds)]["before"]
        for team in members:
            if team.withdrawn and team.number not in out:
                events.append({"withdraw": team.number})
            elif not team.withdrawn and team.number in out:
                events.append({"reinstate": team.number})
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
    document = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {**_tournament(tournament), "format": "teams"},
        "teams": listed,
        "rounds": written,
    }
    return export_class(document, notes)
