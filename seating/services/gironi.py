"""Splitting a tournament's pairs (or teams) into gironi: snake by seed, random, or by
hand. A team event's teams are split as a pair event's pairs (issue 29): the
competitors are :func:`participants.competitors.competitors_of`'s, the words too.

* ``snake``: pairs by seed (unseeded last, then by number) dealt A, B, ..., then back
  ..., B, A (serpentina), so that the gironi are balanced;
* ``random``: the pairs shuffled with ``random.Random(seed)``, then dealt in order; the
  seed is recorded on the stage's name so the draw can be repeated;
* ``manual``: the director says which girone each pair goes to.

With ``avoid_clubs`` the pairs are dealt in waves of one pair per girone: within a
wave each pair takes, among the gironi still free in that wave, the one with the
fewest pairs of its club (ties: the snake or draw order). Sizes stay balanced; clubs
that cannot be kept apart are reported back.

Gironi cannot be changed once a round exists.
"""

from __future__ import annotations

import random
import secrets
import string
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy
from simple_history.utils import bulk_update_with_history

from outbox.work import record_publish, record_rank
from participants.competitors import PAIRS, TEAMS, Competitors, competitors_of
from participants.models import Pair, Team
from tournament.models import Girone, Round, Stage, Tournament
from tournament.services.errors import GironiError

METHODS = ("snake", "random", "manual")


@dataclass(frozen=True)
class SplitOutcome:
    """The gironi made, the draw seed (random), clubs left together."""

    gironi: list[Girone]
    seed: int | None
    club_clashes: list[str]


def labels(count: int) -> list[str]:
    """Girone labels A, B, C ...

    >>> labels(3)
    ['A', 'B', 'C']
    """
    return list(string.ascii_uppercase[:count])


def group_stage(tournament: Tournament) -> Stage:
    """The tournament's group stage, created on first use."""
    stage = tournament.stages.filter(kind=Stage.Kind.GROUPS).order_by("order").first()
    if stage is None:
        stage = Stage.objects.create(
            tournament=tournament, order=1, kind=Stage.Kind.GROUPS, name=_("Gironi")
        )
    return stage


def deal[Member: (Pair, Team)](
    pairs: Sequence[Member], count: int, avoid_clubs: bool
) -> tuple[list[list[Member]], list[str]]:
    """Deal ordered pairs (or teams) into ``count`` gironi, snake-wise, optionally by
    club."""
    gironi: list[list[Member]] = [[] for _ in range(count)]
    clubs: list[Counter[int]] = [Counter() for _ in range(count)]
    clashes: list[str] = []
    for start in range(0, len(pairs), count):
        wave = list(pairs[start : start + count])
        order = list(range(count))
        if (start // count) % 2 == 1:
            order.reverse()
        free = order[:]
        for pair in wave:
            target = free[0]
            if avoid_clubs and pair.club_id is not None:
                target = min(
                    free, key=lambda g: (clubs[g][pair.club_id], free.index(g))
                )
                if clubs[target][pair.club_id]:
                    clashes.append(str(pair))
            free.remove(target)
            gironi[target].append(pair)
            if pair.club_id is not None:
                clubs[target][pair.club_id] += 1
    return gironi, clashes


@dataclass(frozen=True)
class _SplitWords:
    """How a split refuses, in a format's words (``%(pairs)s`` or ``%(teams)s``)."""

    too_few: Promise
    unplaced: Promise  # counted: %(n)s
    small: Promise


_SPLIT_WORDS: dict[Competitors, _SplitWords] = {
    PAIRS: _SplitWords(
        gettext_lazy(
            "%(pairs)s pairs cannot make %(count)s gironi of at least 2 pairs."
        ),
        ngettext_lazy(
            "Choose a girone for pair %(pairs)s.",
            "Choose a girone for pairs %(pairs)s.",
            "n",
        ),
        gettext_lazy("Gironi %(labels)s would have fewer than 2 pairs."),
    ),
    TEAMS: _SplitWords(
        gettext_lazy(
            "%(teams)s teams cannot make %(count)s gironi of at least 2 teams."
        ),
        ngettext_lazy(
            "Choose a girone for team %(teams)s.",
            "Choose a girone for teams %(teams)s.",
            "n",
        ),
        gettext_lazy("Gironi %(labels)s would have fewer than 2 teams."),
    ),
}


@transaction.atomic
def split_into_gironi(
    tournament: Tournament,
    *,
    count: int,
    method: str = "snake",
    seed: int | None = None,
    avoid_clubs: bool = False,
    assignment: Mapping[int, str] | None = None,
) -> SplitOutcome:
    """(Re)make the gironi of the tournament's pairs, or teams; ``assignment`` (by
    hand): number -> label. A split by hand has no seed."""
    kind = competitors_of(tournament)
    words = _SPLIT_WORDS[kind]
    stage = _open_stage(tournament, method, count)
    members = list(kind.of(tournament).filter(withdrawn=False))
    if len(members) < 2 * count:
        raise GironiError(
            words.too_few
            % {"pairs": len(members), "teams": len(members), "count": count}
        )
    clashes: list[str] = []
    if method == "manual":
        seed = None
        dealt = _by_hand(members, labels(count), dict(assignment or {}), words)
    else:
        dealt, seed, clashes = _drawn(members, count, method, seed, avoid_clubs)
    gironi = _write_gironi(tournament, stage, kind.of(tournament), dealt, method, seed)
    return SplitOutcome(gironi, seed, clashes)


#: The gironi of a team tournament: :func:`split_into_gironi`, by its older name (the
#: replay and the demo call it so).
split_teams_into_gironi = split_into_gironi


def _open_stage(tournament: Tournament, method: str, count: int) -> Stage:
    """The group stage to split again, the tournament locked; refused for an unknown
    method, once a round exists, or for a number of gironi out of 1 to 26."""
    Tournament.objects.select_for_update(of=("self",)).get(pk=tournament.pk)
    if method not in METHODS:
        raise GironiError(_("Unknown split method “%(method)s”.") % {"method": method})
    stage = group_stage(tournament)
    if Round.objects.filter(girone__stage=stage).exists():
        raise GironiError(
            _("Rounds have already been generated: the gironi can no longer change.")
        )
    if count < 1 or count > 26:
        raise GironiError(_("The number of gironi must be between 1 and 26."))
    return stage


def _by_hand[Member: (Pair, Team)](
    members: list[Member],
    names: list[str],
    assignment: dict[int, str],
    words: _SplitWords,
) -> list[list[Member]]:
    """The pairs (teams) of each girone as the director placed them (every one placed,
    in a girone that exists, at least 2 a girone)."""
    missing = [m.number for m in members if m.number not in assignment]
    if missing:
        listed = ", ".join(map(str, missing))
        said = {"pairs": listed, "teams": listed, "n": len(missing)}
        raise GironiError(words.unplaced % said)
    bad = sorted({v for v in assignment.values() if v not in names})
    if bad:
        raise GironiError(
            _("Unknown gironi %(labels)s: with %(count)s gironi use %(known)s.")
            % {
                "labels": ", ".join(bad),
                "count": len(names),
                "known": ", ".join(names),
            }
        )
    dealt = [[m for m in members if assignment[m.number] == name] for name in names]
    small = [n for n, g in zip(names, dealt, strict=True) if len(g) < 2]
    if small:
        raise GironiError(words.small % {"labels": ", ".join(small)})
    return dealt


def _drawn[Member: (Pair, Team)](
    members: Sequence[Member], count: int, method: str, seed: int | None, avoid: bool
) -> tuple[list[list[Member]], int | None, list[str]]:
    """Deal pairs (or teams) in a recorded draw (``seed``, drawn when not given) or
    snake by seed: the gironi, the seed (None for a snake) and the clubs' clashes."""
    if method == "random":
        seed = seed if seed is not None else secrets.randbits(31)
        ordered = sorted(members, key=lambda m: m.number)
        random.Random(seed).shuffle(ordered)
    else:
        seed = None
        ordered = sorted(members, key=lambda m: (m.seed is None, m.seed or 0, m.number))
    dealt, clashes = deal(ordered, count, avoid)
    return dealt, seed, clashes


def _write_gironi[Member: (Pair, Team)](
    tournament: Tournament,
    stage: Stage,
    everyone: Iterable[Member],
    dealt: list[list[Member]],
    method: str,
    seed: int | None,
) -> list[Girone]:
    """Make the gironi A, B ... of ``dealt``, place everyone (the others in none),
    remove the gironi left over, and publish."""
    names = labels(len(dealt))
    gironi = [
        Girone.objects.get_or_create(stage=stage, label=name)[0] for name in names
    ]
    place(everyone, zip(gironi, dealt, strict=True), split_reason(method, seed))
    stage.gironi.exclude(label__in=names).delete()
    stage.name = _("Gironi")
    stage.save(update_fields=["name"])
    record_publish(tournament.pk, everything=True)
    return gironi


#: How a split is recorded in the history of the pairs (or teams) it places, so that
#: the log says "gironi by draw, seed 121860940" (and the seed can be given again).
SPLIT_REASON = "gironi:"


def split_reason(method: str, seed: int | None) -> str:
    """The change reason of a split's history rows: its method and seed, as codes that
    :mod:`scoring.services.log` puts in words."""
    return f"{SPLIT_REASON}{method}" + (f":{seed}" if seed is not None else "")


def place(everyone, placements, reason: str) -> None:
    """Put each pair (or team) of ``placements`` ``(girone, members)`` in its girone and
    every other one of ``everyone`` in none, with one history row per change that says
    how (``reason``): the log shows the split, not a later change, as what moved them."""
    target = {obj.pk: girone for girone, members in placements for obj in members}
    changed = []
    for obj in everyone:
        new = target.get(obj.pk)
        if obj.girone_id != (new.pk if new is not None else None):
            obj.girone = new
            changed.append(obj)
    if changed:
        bulk_update_with_history(
            changed,
            type(changed[0]),
            ["girone"],
            batch_size=500,
            default_change_reason=reason,
        )


@transaction.atomic
def move_pair(pair: Pair, girone: Girone | None) -> Pair:
    """Put one pair (e.g. registered late) in a girone, before its rounds start."""
    if girone is not None and girone.stage.tournament_id != pair.tournament_id:
        raise GironiError(
            _(
                "%(girone)s belongs to another tournament: pair %(number)s cannot join it."
            )
            % {"girone": girone, "number": pair.number}
        )
    if girone is not None and Round.objects.filter(girone=girone).exists():
        raise GironiError(
            _("%(girone)s already has rounds: pair %(number)s cannot join it.")
            % {"girone": girone, "number": pair.number}
        )
    _moved(pair, pair.girone_id, girone)
    return pair


def _moved(pair: Pair, before: int | None, girone: Girone | None) -> None:
    """Put ``pair`` in ``girone``; both gironi are ranked again (a new pair's row,
    the one that left) and published."""
    pair.girone = girone
    pair.save(update_fields=["girone"])
    for girone_id in {before, pair.girone_id} - {None}:
        assert girone_id is not None
        record_rank(girone_id, pairs=[pair.pk])
    record_publish(pair.tournament_id, everything=True)


@transaction.atomic
def add_late_pair(pair: Pair, girone: Girone) -> Pair:
    """Put a pair registered late into a girone whose rounds have started.

    It plays from the girone's next round on (its missed rounds count as the rule pack
    says: ``standings``). The next round must not exist yet: a draft would leave the
    pair out, so it is deleted (or published) first. Whether the girone's movement can
    seat a late pair is said when that round is made (a Mitchell or a round robin
    calendar cannot).
    """
    Girone.objects.select_for_update(of=("self",)).get(pk=girone.pk)
    pair = Pair.objects.select_for_update(of=("self",)).get(pk=pair.pk)
    if girone.stage.tournament_id != pair.tournament_id:
        raise GironiError(
            _("%(girone)s belongs to another tournament.") % {"girone": girone}
        )
    if pair.girone_id == girone.pk:
        raise GironiError(
            _("Pair %(number)s is already in %(girone)s.")
            % {"number": pair.number, "girone": girone}
        )
    if pair.girone_id is not None and Round.objects.filter(girone=pair.girone).exists():
        raise GironiError(
            _("Pair %(number)s already plays in %(girone)s.")
            % {"number": pair.number, "girone": pair.girone}
        )
    if pair.withdrawn:
        raise GironiError(
            _("Pair %(number)s is withdrawn: reinstate it first.")
            % {"number": pair.number}
        )
    draft = girone.rounds.filter(status=Round.Status.DRAFT).order_by("number").first()
    if draft is not None:
        raise GironiError(
            _(
                "Round %(round)s of %(girone)s is a draft without pair %(number)s: "
                "delete it, add the pair, then make the round again."
            )
            % {"round": draft.number, "girone": girone, "number": pair.number}
        )
    _moved(pair, pair.girone_id, girone)
    return pair
