"""A movement plan as the director builds it: blocks of rounds, each with its movement.

The tournament stores its plan as a formula (``3xmitchell+danese_modificato``, read by
:func:`rules.pairing.parse_plan`); nobody types it. The form offers blocks (how many
rounds, which movement) and :func:`plan_from_blocks` turns them into the plan, refusing
in words what the rules refuse; :func:`plan_words` says a plan back ("Turni 1–3:
Mitchell · turno 4: Danese modificato").
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.pairing import REGISTRY, calendar_movement, format_plan, movement
from tournament.models import Tournament

from .errors import ServiceError


def mitchell_offered(format: str) -> bool:
    """Whether a plan of a tournament of ``format`` may hold a Mitchell: the one place
    the plan asks the format (the form's check and the service's both call it). A
    Mitchell seats a competitor on one line of the hall; a team holds both lines of
    its match (docs/rules.md §11), so a team plan has none."""
    return format != Tournament.Format.TEAMS


#: How many blocks the form offers (a first round or a Mitchell, then up to three
#: blocks of Danese).
PLAN_BLOCKS = 4

#: How a plan in words names the first-round movements ("Turno 1: sorteggio"); every
#: other movement by its own label (``rules.pairing.REGISTRY``).
_WORDS = {
    "random": gettext_lazy("draw"),
    "seeded": gettext_lazy("seeding order"),
}


def _label(name: str) -> str:
    found = REGISTRY.get(name)
    return _(found.label) if found is not None else name


def first_movements() -> tuple[str, ...]:
    """What the first block may be (docs/rules.md §9): any movement that may seat round
    1 (a draw, the seeding order, a Mitchell, an all'italiana), in the registry's order."""
    return tuple(n for n, m in REGISTRY.items() if m.first != "never")


def later_movements() -> tuple[str, ...]:
    """What a later block may be: a movement that seats rounds after the first and is
    not a block of its own from round 1 (a Mitchell) nor a whole calendar."""
    return tuple(
        n
        for n, m in REGISTRY.items()
        if m.first != "only" and not m.opening_block and not m.whole_plan
    )


def one_round_movements() -> tuple[str, ...]:
    """Movements that seat round 1 only: their block is one round, whatever its count."""
    return tuple(n for n, m in REGISTRY.items() if m.first == "only")


def choice_label(name: str) -> str:
    """A movement as the plan's choices name it."""
    found = REGISTRY.get(name)
    if found is not None and found.whole_plan:
        return str(_("All'italiana (everyone meets everyone)"))
    return capfirst(_label(name))


def word_label(name: str) -> str:
    """A movement as a plan in words names it."""
    return str(_WORDS[name]) if name in _WORDS else _label(name)


def blocks_of(plan: Sequence[str]) -> list[tuple[str, int]]:
    """A plan's blocks: each movement with how many rounds in a row it plays.

    >>> blocks_of(("mitchell", "mitchell", "danese"))
    [('mitchell', 2), ('danese', 1)]
    """
    return [(name, len(list(group))) for name, group in groupby(plan)]


def plan_from_blocks(blocks: Sequence[tuple[str, int | None]]) -> str:
    """The stored formula of the blocks ``(movement, rounds)`` the director chose.

    The plan ends at the first block with no movement ("nothing more"); a draw or the
    seeding order is one round; an all'italiana is the whole calendar and stands
    alone. ServiceError, in words, for what cannot be played.

    >>> plan_from_blocks([("mitchell", 3), ("danese_modificato", 1), ("", None)])
    '3xmitchell+danese_modificato'
    """
    chosen: list[tuple[str, int | None]] = []
    for name, count in blocks:
        if not name:
            break
        chosen.append((name, count))
    if not chosen:
        raise ServiceError(_("Choose the movement of the first round."))
    rounds: list[str] = []
    for index, (name, count) in enumerate(chosen):
        allowed = first_movements() if index == 0 else later_movements()
        if name not in allowed:
            raise ServiceError(
                _("“%(movement)s” cannot follow the rounds before it.")
                % {"movement": choice_label(name)}
            )
        if movement(name).whole_plan:
            if len(chosen) > 1:
                raise ServiceError(
                    _(
                        "An all'italiana is the whole calendar: it cannot be followed"
                        " by other movements. Leave the other blocks empty."
                    )
                )
            return name
        one = name in one_round_movements()
        rounds += [name] * (1 if one else max(count or 1, 1))
    # The choices above leave only plans the rules accept: format_plan checks it again.
    return format_plan(rounds)


def plan_words(plan: Sequence[str]) -> str:
    """A plan in words, its rounds numbered.

    "Turni 1–3: Mitchell · turno 4: Danese modificato"; an all'italiana says so.
    """
    if calendar_movement(plan) is not None:
        return capfirst(str(_("all'italiana: everyone meets everyone")))
    parts = []
    first = 1
    for name, count in blocks_of(plan):
        label = word_label(name)
        last = first + count - 1
        if count == 1:
            text = _("round %(number)s: %(movement)s") % {
                "number": first,
                "movement": label,
            }
        else:
            text = _("rounds %(first)s–%(last)s: %(movement)s") % {
                "first": first,
                "last": last,
                "movement": label,
            }
        parts.append(text)
        first = last + 1
    return capfirst(" · ".join(parts))
