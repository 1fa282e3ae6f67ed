"""A Burraco turn played to a number of points instead of a number of smazzate.

Seed 004 heads its largest VP table "TURNI CON 4 SMAZZATE o 2005 pt", and describes the
game played to points ("Partite a punti"): "Si stabilisce il totale dei punti che un
giocatore o una coppia deve raggiungere per aggiudicarsi la partita. Vince la partita
chi, avendo superato il punteggio previsto, ha più punti dell'avversario". A pack offers
such a turn with ``[vp] target_points`` (2005) and converts it with the table of
``[vp] target_uses`` smazzate (4); docs/rules.md §4.4.

The sheet holds as many smazzate as were played: the turn ends with the smazzata that
brings a line's running total to the target or beyond, so a sheet where no line reaches
it, or one that goes on after it, is refused (:func:`check_turn`). Both lines may pass
the target in that last smazzata; the MP difference is converted as in any turn.

Terminology: smazzata = hand; turno = turn (round); linea = line (NS / EO).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import InvalidMatchError

__all__ = ["MAX_HANDS", "check_turn", "reached_at"]

#: The most smazzate a sheet of a turn to points may hold [I]: nine smazzate take over
#: an hour and a half (some ten minutes each), more than any tournament gives a turn,
#: and a line still under 2,005 after them averaged under 225 a smazzata. A longer
#: turn is a referee-set score; the printed score card has these nine rows
#: (docs/rules.md §4.4).
MAX_HANDS = 9


def reached_at(hands: Sequence[tuple[int, int]], target: int) -> int | None:
    """The smazzata (from 1) whose score brings a line's running total to ``target``
    or more, or None if no line reaches it.

    >>> reached_at([(600, 300), (700, 200), (750, 100)], 2005)
    3
    >>> reached_at([(600, 300), (700, 200)], 2005) is None
    True
    """
    ns = ew = 0
    for number, (a, b) in enumerate(hands, start=1):
        ns, ew = ns + a, ew + b
        if max(ns, ew) >= target:
            return number
    return None


def check_turn(hands: Sequence[tuple[int, int]], target: int) -> None:
    """Refuse the smazzate of a turn to ``target`` points unless the last one, and only
    the last one, brings a line to the target.

    Codes (``InvalidMatchError.code``, with ``params``): ``too_many`` (``count``,
    ``most``), ``not_reached`` (``target``, ``ns``, ``ew``: the lines' totals),
    ``after_reached`` (``reached``: the smazzata that ended the turn, ``extra``: the
    first one after it, ``target``).

    >>> check_turn([(600, 300), (700, 200), (750, 100)], 2005)
    >>> check_turn([(600, 300), (700, 200)], 2005)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidMatchError: no line reached 2005 points (NS 1300, EO 500)
    >>> check_turn([(600, 300), (1500, 200), (100, 100)], 2005)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidMatchError: the turn ended at smazzata 2 (a line reached 2005 points); smazzata 3 comes after it
    """
    if type(target) is not int or target <= 0:
        raise InvalidMatchError(f"a turn's target is a positive int, got {target!r}")
    if len(hands) > MAX_HANDS:
        raise InvalidMatchError(
            f"{len(hands)} smazzate typed, a turn to points holds at most {MAX_HANDS}",
            code="too_many",
            params={"count": len(hands), "most": MAX_HANDS},
        )
    reached = reached_at(hands, target)
    if reached is None:
        ns = sum(a for a, _b in hands)
        ew = sum(b for _a, b in hands)
        raise InvalidMatchError(
            f"no line reached {target} points (NS {ns}, EO {ew})",
            code="not_reached",
            params={"target": target, "ns": ns, "ew": ew},
        )
    if reached < len(hands):
        raise InvalidMatchError(
            f"the turn ended at smazzata {reached} (a line reached {target} points);"
            f" smazzata {reached + 1} comes after it",
            code="after_reached",
            params={"reached": reached, "extra": reached + 1, "target": target},
        )
