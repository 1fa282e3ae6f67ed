"""A tournament's gironi as a replay file (``manage.py export_replay SLUG``).

Every round is written with its own tables (explicit lists, NS first, whatever movement
made them) and every table with the result that counts now, by its two pairs: what a
correction changed is written as it stands, so replaying the file gives the same stored
standings; a result the entry checks find unlikely carries ``"confirm": true`` (the
table confirmed it when it was entered). Pairs that joined after round 1 are ``add_pair`` events before the first
round they sat in; a pair missing from a round is withdrawn before it (and reinstated
before the round it comes back to). A round not closed is written with
``"close": false`` and, then, its rests too (a closed round's rests are the pack's
award, which the replay makes).

What the format cannot say is left out, each with a note (:attr:`Export.notes`): a
knockout phase, draft rounds, pairs in no girone, the referee's decisions on ties. A
team tournament is written by :mod:`.export_teams` (version 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from participants.models import Pair
from scoring.models import ResultVersion
from scoring.services import Hand, Sheet, compute, context_of
from scoring.services.bounds import unlikely_problems
from scoring.services.errors import ScoringError
from seating.models import Table
from standings.models import StandingsConfig
from tournament.models import Round, Tournament

from .format import FORMAT, KIND_KEYS, VERSION
from .sources import by_round, played

Kind = ResultVersion.Kind


@dataclass
class Export:
    """The file (a JSON-ready dict) and what it had to leave out, in words."""

    document: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def _player(last: str, first: str, card: str) -> str | dict[str, str]:
    """``"Surname Name"`` when that reads back the same, else the object form."""
    if not card and first and " " not in first.strip() and last.strip():
        return f"{last} {first}"
    out = {"surname": last, "name": first}
    if card:
        out["card"] = card
    return out


def _pair(pair: Pair, label: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": pair.number,
        "players": [
            _player(p.last_name, p.first_name, p.membership_number)
            for p in (pair.player1, pair.player2)
        ],
    }
    if pair.club_id is not None:
        out["club"] = pair.club.name
    out["girone"] = label
    if pair.seed is not None:
        out["seed"] = pair.seed
    return out


def _tournament(tournament: Tournament) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": tournament.name,
        "game": tournament.game,
        "rule_pack": tournament.rule_pack,
        "rule_pack_version": tournament.rule_pack_version,
        "date": tournament.date.isoformat(),
    }
    if tournament.venue:
        out["venue"] = tournament.venue
    out |= {
        "hands_per_round": tournament.hands_per_round,
        "movement_plan": tournament.movement_plan,
        "rounds_planned": tournament.rounds_planned,
    }
    if tournament.target_points is not None:  # turns played to points (§4.4)
        out["to_points"] = True
    config = StandingsConfig.objects.filter(tournament=tournament).first()
    if config is not None:
        out["seed"] = config.lot_seed
    out["avoid_same_club"] = tournament.avoid_same_club
    if tournament.mitchell_step is not None:
        out["mitchell_step"] = tournament.mitchell_step
    out["rematch_in_last_round"] = tournament.rematch_in_last_round
    if tournament.never_rematch:
        out["never_rematch"] = True
    if tournament.hall_numbering:
        out["hall_numbering"] = True
    if tournament.totals_only:
        out["totals_only"] = True
    if tournament.hold_results:
        out["hold_results"] = True
    if tournament.correction_minutes is not None:
        out["correction_minutes"] = tournament.correction_minutes
    return out


def _result(label: str, table: Table, version: ResultVersion) -> dict[str, Any]:
    pairs = [table.pair_ns.number]
    if table.pair_ew is not None:
        pairs.append(table.pair_ew.number)
    out: dict[str, Any] = {"girone": label, "pairs": pairs}
    if version.kind != Kind.NORMAL:
        out["kind"] = version.kind
    takes = KIND_KEYS[version.kind]
    rows = version.games.all() if version.game == "briscola" else version.hands.all()
    hands = [[r.ns, r.ew] for r in sorted(rows, key=lambda r: r.number)]
    if "hands" in takes and hands:
        out["hands"] = hands
    if "line" in takes and version.line:
        out["line"] = version.line
    if version.kind == Kind.REFEREE_SET:
        if (version.set_mp_ns, version.set_mp_ew) != (None, None):
            out["set_mp"] = [version.set_mp_ns, version.set_mp_ew]
        if (version.set_vp_ns, version.set_vp_ew) != (None, None):
            out["set_vp"] = [version.set_vp_ns, version.set_vp_ew]
    if version.reason:
        out["reason"] = version.reason
    if _unlikely(table, version, hands):
        out["confirm"] = True  # the table confirmed it when it was entered
    return out


def _unlikely(table: Table, version: ResultVersion, hands: list[list[int]]) -> bool:
    """Whether the entry checks would ask to confirm this result again."""
    sheet = Sheet(
        hands=tuple(Hand(ns, ew) for ns, ew in hands),
        kind=version.kind,
        line=version.line,
        reason=version.reason,
        set_mp=(version.set_mp_ns, version.set_mp_ew),
        set_vp=(version.set_vp_ns, version.set_vp_ew),
    )
    ctx = context_of(table)
    try:
        outcome = compute(sheet, ctx)
    except ScoringError:  # refused now (the replay will say why): nothing to confirm
        return False
    return bool(unlikely_problems(sheet, outcome, ctx))


def export_tournament(tournament: Tournament) -> Export:
    """The replay file of ``tournament``'s gironi, and notes on what it leaves out
    (a team event's: its teams, line-ups and team matches, version 2)."""
    from .competitor import of as competitor_of

    export: Export = competitor_of(tournament).export(tournament, Export)
    return export


def export_pairs(tournament: Tournament, export_class: type[Export]) -> Export:
    """The replay file of a pair event."""
    pairs = list(
        Pair.objects.filter(tournament=tournament)
        .select_related("player1", "player2", "club", "girone")
        .order_by("number")
    )
    found = played(tournament, pairs, _("Pair %(number)s is in no girone: left out."))
    tables = by_round(
        Table.objects.filter(round__in=found.rounds).select_related(
            "pair_ns", "pair_ew", "round__girone__stage__tournament"
        )
    )
    entries = found.entries(("before", "tables", "resting", "hands", "results"))
    initial: list[dict[str, Any]] = []
    for girone in found.gironi:
        members = [p for p in pairs if p.girone_id == girone.pk]
        rounds = found.by_girone.get(girone.label, [])
        initial += _girone(
            entries, girone.label, members, rounds, tables, found.current,
            tournament.hands_per_round,
        )  # fmt: skip
    initial.sort(key=lambda p: p["number"])
    written = _written(entries)
    return export_class(
        document(_tournament(tournament), "pairs", initial, written), found.notes
    )


def document(
    tournament: dict[str, Any],
    key: str,
    competitors: list[dict[str, Any]],
    rounds: list[dict[str, Any]],
) -> dict[str, Any]:
    """The file: its tournament, its competitors (under ``key``: pairs, teams) and
    its rounds as written."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": tournament,
        key: competitors,
        "rounds": rounds,
    }


def _girone(
    entries: list[dict[str, Any]],
    label: str,
    members: list[Pair],
    rounds: list[Round],
    tables: dict[int, list[Table]],
    current: dict[int, ResultVersion],
    hands: int,
) -> list[dict[str, Any]]:
    """Write girone ``label``'s rounds into ``entries``; the pairs it starts with.

    A pair first seated after round 1 is an ``add_pair`` before that round (after the
    last one if it never sat and is still in); a pair missing from a round is
    withdrawn before it and reinstated before the round it comes back to.
    """
    seated = [
        {t.pair_ns.number for t in tables[r.pk]}
        | {t.pair_ew.number for t in tables[r.pk] if t.pair_ew is not None}
        for r in rounds
    ]
    first: dict[int, int] = {}
    for k, here in enumerate(seated):
        for number in here:
            first.setdefault(number, k)
    initial: list[dict[str, Any]] = []
    active: set[int] = set()
    out: set[int] = set()
    for pair in members:
        k = first.get(pair.number)
        if k == 0 or (k is None and (not rounds or pair.withdrawn)):
            initial.append(_pair(pair, label))
            active.add(pair.number)
        else:
            at = len(rounds) if k is None else k
            entries[at]["before"].append({"add_pair": _pair(pair, label)})
    for k, (round_, here) in enumerate(zip(rounds, seated, strict=True)):
        events = entries[k]["before"]
        for pair in members:
            number = pair.number
            if number in out and number in here:
                events.append({"reinstate": number})
                out.discard(number)
                active.add(number)
            elif number in active and number not in here:
                events.append({"withdraw": number})
                active.discard(number)
                out.add(number)
            elif k and first.get(number) == k:
                active.add(number)
        if round_.hands != hands:
            entries[k]["hands"][label] = round_.hands
            hands = round_.hands
        _seat(entries[k], label, round_, tables[round_.pk], current)
    events = entries[len(rounds)]["before"]
    for pair in members:
        if pair.withdrawn and pair.number in active:
            events.append({"withdraw": pair.number})
        elif not pair.withdrawn and pair.number in out:
            events.append({"reinstate": pair.number})
    return initial


def _seat(
    entry: dict[str, Any],
    label: str,
    round_: Round,
    tables: list[Table],
    current: dict[int, ResultVersion],
) -> None:
    """One round of girone ``label`` in its entry: its tables and rests, whether it
    is still open, and its results (with what :func:`_written` needs to write them)."""
    entry["tables"][label] = [
        [t.pair_ns.number, t.pair_ew.number] for t in tables if t.pair_ew is not None
    ]
    resting = [t.pair_ns.number for t in tables if t.pair_ew is None]
    if resting:
        entry["resting"][label] = resting
    entry.setdefault("open", set())
    if round_.status != Round.Status.CLOSED:
        entry["open"].add(label)
    for table in tables:
        version = current.get(table.pk)
        if version is None:
            continue
        plain_rest = table.pair_ew is None and version.kind == Kind.REST
        entry["results"].append((table, label, version, plain_rest))


def _written(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds as the file writes them: a closed round's plain rests left out (the
    replay gives them the pack's award), an open one marked ``"close": false``."""
    written = []
    for entry in entries:
        if not entry["tables"] and not entry["before"]:
            continue
        open_ = entry.pop("open", set())
        entry["results"] = [
            _result(label, table, version)
            for table, label, version, plain_rest in entry["results"]
            if open_ or not plain_rest
        ]
        if open_:
            entry["close"] = False
        written.append({k: v for k, v in entry.items() if v or k == "close"})
    return written
