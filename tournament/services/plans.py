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

from rules.pairing import format_plan

from .errors import ServiceError

#: How many blocks the form offers (first round or Mitchell, then up to three Danese).
PLAN_BLOCKS = 4
#: What the first block may be, and what a later block may be (docs/rules.md §9: the
#: Mitchell rounds are one block from round 1; a draw or the seeding order seats round 1
#: only; an all'italiana is the whole calendar; a Danese needs a ranking).
FIRST_MOVEMENTS = ("mitchell", "random", "seeded", "round_robin")
LATER_MOVEMENTS = ("danese", "danese_modificato")
#: Movements that seat one round whatever the count says.
ONE_ROUND = ("random", "seeded")

#: The movements as the plan's choices name them.
CHOICE_LABELS = {
    "mitchell": gettext_lazy("Mitchell"),
    "random": gettext_lazy("Draw (round 1 only)"),
    "seeded": gettext_lazy("Seeding order (round 1 only)"),
    "round_robin": gettext_lazy("All'italiana (everyone meets everyone)"),
    "danese": gettext_lazy("Danese"),
    "danese_modificato": gettext_lazy("Danese modificato"),
}
#: The movements as a plan in words names them.
WORD_LABELS = {
    **CHOICE_LABELS,
    "random": gettext_lazy("draw"),
    "seeded": gettext_lazy("seeding order"),
}


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
    for movement, count in blocks:
        if not movement:
            break
        chosen.append((movement, count))
    if not chosen:
        raise ServiceError(_("Choose the movement of the first round."))
    rounds: list[str] = []
    for index, (movement, count) in enumerate(chosen):
        allowed = FIRST_MOVEMENTS if index == 0 else LATER_MOVEMENTS
        if movement not in allowed:
            raise ServiceError(
                _("“%(movement)s” cannot follow the rounds before it.")
                % {"movement": CHOICE_LABELS.get(movement, movement)}
            )
        if movement == "round_robin":
            if len(chosen) > 1:
                raise ServiceError(
                    _(
                        "An all'italiana is the whole calendar: it cannot be followed"
                        " by other movements. Leave the other blocks empty."
                    )
                )
            return "round_robin"
        rounds += [movement] * (1 if movement in ONE_ROUND else max(count or 1, 1))
    # The choices above leave only plans the rules accept: format_plan checks it again.
    return format_plan(rounds)


def plan_words(plan: Sequence[str]) -> str:
    """A plan in words, its rounds numbered.

    "Turni 1–3: Mitchell · turno 4: Danese modificato"; an all'italiana says so.
    """
    if set(plan) == {"round_robin"}:
        return capfirst(str(_("all'italiana: everyone meets everyone")))
    parts = []
    first = 1
    for movement, count in blocks_of(plan):
        label = WORD_LABELS.get(movement, movement)
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
