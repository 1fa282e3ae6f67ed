"""Tournament plans: which movement each round uses, e.g. three Mitchell then a Danese.

Terminology: movement = sistema di accoppiamento; plan = the sequence of movements of
a tournament, one per round (turno). A secondary source (docs/rules.md §9) recommends, for
tournaments of 4 smazzate, "tre mani Mitchell ed una danese": ``("mitchell", "mitchell", "mitchell",
"danese")``, compactly ``"3xmitchell+danese"``.

Movements (:data:`MOVEMENTS`):

* ``random``: first round by draw (:func:`rules.pairing.first_round.first_round`);
* ``seeded``: first round by seeding order, top half v bottom half;
* ``mitchell``: NS stays, EO moves (:mod:`rules.pairing.mitchell`);
* ``danese``: Danese puro, by the current ranking;
* ``danese_modificato``: Danese with no rematch;
* ``round_robin``: all'italiana, the whole Berger calendar of a girone.

A plan is valid when it is not empty and only names these movements, and:

* ``round_robin`` is the whole plan (a calendar is not mixed with other movements);
* the Mitchell rounds form one block that starts in round 1 (Mitchell seats its own
  first round; after a Danese the lines no longer hold);
* ``random`` and ``seeded`` only seat round 1 (they ignore rests and rematches);
* a Danese never seats round 1, which has no ranking yet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.errors import PairingError
from rules.pairing.registry import REGISTRY, movement, movement_names

MOVEMENTS = movement_names()
"""The movement names of :data:`rules.pairing.registry.REGISTRY` when the module loaded
(the built-in movements); validation reads the registry itself."""

_TERM = re.compile(r"^\s*(?:(\d+)\s*[x×*]\s*)?([a-z_]+)\s*$")


def validate_plan(plan: Sequence[str]) -> tuple[str, ...]:
    """Check a plan (one movement name per round) and return it as a tuple.

    >>> validate_plan(["mitchell", "mitchell", "danese"])
    ('mitchell', 'mitchell', 'danese')
    >>> validate_plan(["danese", "mitchell"])
    Traceback (most recent call last):
    ...
    rules.errors.PairingError: round 1 cannot use danese: there is no ranking yet (use random, seeded or mitchell)
    """
    rounds = tuple(plan)
    if not rounds:
        raise PairingError("a plan needs at least one round", code="plan_empty")
    for number, name in enumerate(rounds, start=1):
        if name not in REGISTRY:
            known = ", ".join(REGISTRY)
            raise PairingError(
                f"round {number} uses {name!r}, which is not a movement "
                f"(known: {known})",
                code="plan_unknown",
                params={"number": number, "name": name, "known": known},
            )
    wholes = sorted({n for n in rounds if movement(n).whole_plan})
    if wholes and len(set(rounds)) > 1:
        others = ", ".join(sorted(set(rounds) - {wholes[0]}))
        raise PairingError(
            f"a {wholes[0]} is a whole calendar: it cannot be mixed with {others}",
            code="plan_round_robin_mixed",
            params={"others": others, "movement": wholes[0]},
        )
    if movement(rounds[0]).first == "never":
        raise PairingError(
            f"round 1 cannot use {rounds[0]}: there is no ranking yet "
            "(use random, seeded or mitchell)",
            code="plan_first_ranked",
            params={"movement": rounds[0]},
        )
    for number, name in enumerate(rounds[1:], start=2):
        if movement(name).first == "only":
            raise PairingError(
                f"round {number} uses {name}, which only seats the first round",
                code="plan_first_only",
                params={"number": number, "movement": name},
            )
        if movement(name).opening_block and rounds[number - 2] != name:
            raise PairingError(
                f"round {number} uses {name} after {rounds[number - 2]}: the {name} "
                "rounds must be one block starting in round 1",
                code="plan_mitchell_block",
                params={"number": number, "previous": rounds[number - 2]},
            )
    return rounds


def movement_for_round(plan: Sequence[str], number: int) -> str:
    """Return the movement of round ``number`` (counting from 1) of a valid plan.

    >>> movement_for_round(parse_plan("3xmitchell+danese"), 4)
    'danese'
    """
    rounds = validate_plan(plan)
    if not 1 <= number <= len(rounds):
        raise PairingError(
            f"round {number} is outside the plan, which has {len(rounds)} rounds"
        )
    return rounds[number - 1]


def parse_plan(text: str) -> tuple[str, ...]:
    """Read a compact plan such as ``"3xmitchell+danese_modificato"`` and validate it.

    >>> parse_plan("3xmitchell+danese_modificato")
    ('mitchell', 'mitchell', 'mitchell', 'danese_modificato')
    >>> parse_plan("random + 2 x danese")
    ('random', 'danese', 'danese')
    """
    rounds: list[str] = []
    for term in text.lower().split("+"):
        match = _TERM.match(term)
        if match is None:
            raise PairingError(
                f"cannot read {term.strip()!r} in plan {text!r}: "
                "write terms like '3xmitchell' joined by '+'",
                code="plan_unreadable",
                params={"term": term.strip()},
            )
        count = int(match.group(1)) if match.group(1) else 1
        if count < 1:
            raise PairingError(
                f"{term.strip()!r} in plan {text!r} repeats a movement 0 times",
                code="plan_zero",
                params={"term": term.strip()},
            )
        rounds.extend([match.group(2)] * count)
    return validate_plan(rounds)


def calendar_movement(plan: Sequence[str]) -> str | None:
    """The movement whose calendar is the whole plan (all'italiana), else None.

    >>> calendar_movement(("round_robin",)), calendar_movement(("random", "danese"))
    ('round_robin', None)
    """
    names = set(plan)
    if len(names) == 1:
        (name,) = names
        if movement(name).whole_plan:
            return name
    return None


def format_plan(plan: Sequence[str]) -> str:
    """Write a plan compactly, the inverse of :func:`parse_plan`.

    >>> format_plan(("mitchell", "mitchell", "mitchell", "danese"))
    '3xmitchell+danese'
    """
    rounds = validate_plan(plan)
    terms: list[str] = []
    i = 0
    while i < len(rounds):
        j = i
        while j < len(rounds) and rounds[j] == rounds[i]:
            j += 1
        terms.append(rounds[i] if j - i == 1 else f"{j - i}x{rounds[i]}")
        i = j
    return "+".join(terms)
