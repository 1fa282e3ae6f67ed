"""The movements a plan may name: a plain mapping from a plan's word to its movement.

Each movement is one object (:class:`rules.pairing.movement.Movement`) defined beside
its generator; this module only lists them. Lookups are calls (:func:`movement`,
:func:`movement_names`), so a movement added to :data:`REGISTRY` (a test's rotation, a
future movement) is known to the plan's validation, the services and the checker at
once, with no other edit.
"""

from __future__ import annotations

from rules.errors import PairingError
from rules.pairing.danese import DANESE, DANESE_MODIFICATO
from rules.pairing.first_round import DRAW, SEEDED
from rules.pairing.mitchell import MITCHELL
from rules.pairing.movement import Movement
from rules.pairing.round_robin import ROUND_ROBIN

REGISTRY: dict[str, Movement] = {
    m.name: m for m in (DRAW, SEEDED, MITCHELL, DANESE, DANESE_MODIFICATO, ROUND_ROBIN)
}
"""Every movement by its plan word, in the order the director's form lists them."""


def movement_names() -> tuple[str, ...]:
    """The words a plan may use.

    >>> movement_names()
    ('random', 'seeded', 'mitchell', 'danese', 'danese_modificato', 'round_robin')
    """
    return tuple(REGISTRY)


def movement(name: str) -> Movement:
    """The movement a plan's word names.

    >>> movement("mitchell").label
    'Mitchell'
    >>> movement("swiss")
    Traceback (most recent call last):
    ...
    rules.errors.PairingError: 'swiss' is not a movement (known: random, seeded, mitchell, danese, danese_modificato, round_robin)
    """
    found = REGISTRY.get(name)
    if found is None:
        known = ", ".join(REGISTRY)
        raise PairingError(
            f"{name!r} is not a movement (known: {known})",
            code="movement_unknown",
            params={"name": name, "known": known},
        )
    return found
