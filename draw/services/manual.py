"""Rounds made by hand: the director's own table list, and a round's number of hands.

An event run on paper (or a draw made in the hall) has its tables already:
:func:`create_round` saves them as the girone's next round, a draft like a generated
one, after the independent checker (``rules.pairing.check_round``) has found nothing
that every movement requires: each active pair seated or resting exactly once, no pair
that is not playing, no pair against itself, and no rematch where the round's movement
forbids one (Mitchell and all'italiana: never; Danese modificato: as the pack and the
tournament say). What a generator would also prefer (clubs kept apart, fair rests) is
the director's choice here, as after a swap.

:func:`set_hands` changes how many smazzate (Briscola: partite) a draft round has, e.g.
a women's girone playing single partite in a tournament of best-of-three matches; the
girone's later rounds keep it (``rounds.generate_round``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from draw.services.girone_state import movement_of
from draw.services.pairing import check_proposal
from draw.services.rounds import _constraints_of, _save_tables, _state
from rules.pairing import Violation
from scoring.services.rounds import round_has_results
from seating.services.tables import PlannedTable
from tournament.models import Girone, Round
from tournament.services import reasons
from tournament.services.errors import RoundError
from tournament.services.publication import lock_girone

#: The checker's codes that refuse a hand-made round (see the module docstring).
REFUSED = ("unknown", "duplicate", "self", "missing", "rematch")


#: The refusals a hand-made round words its own way, side by side: (a pair girone's,
#: a team girone's); the others are the checker's (``reasons.violation_text``).
_REFUSALS: dict[str, tuple[Promise, Promise]] = {
    "unknown": (
        gettext_lazy("pair %(pair)s does not play in this girone now"),
        gettext_lazy("team %(pair)s does not play in this girone now"),
    ),
    "duplicate": (
        gettext_lazy("pair %(pair)s is listed more than once"),
        gettext_lazy("team %(pair)s is listed more than once"),
    ),
    "rematch": (
        gettext_lazy(
            "pairs %(a)s and %(b)s already met, and this round's movement forbids "
            "a rematch"
        ),
        gettext_lazy(
            "teams %(a)s and %(b)s already met, and this round's movement forbids "
            "a rematch"
        ),
    ),
}


def violation_text(violation: Violation, *, teams: bool = False) -> str:
    """What the checker found, in the user's language (the rules say it in English);
    ``teams``: the numbers are teams."""
    texts = _REFUSALS.get(violation.code)
    if texts is None:
        return reasons.violation_text(violation, teams=teams)
    pairs = violation.pairs
    said = {"pair": pairs[0], "a": pairs[0], "b": pairs[1] if len(pairs) > 1 else "?"}
    return texts[1 if teams else 0] % said


@transaction.atomic
def create_round(
    girone: Girone,
    tables: Sequence[tuple[int, int]],
    resting: Sequence[int] = (),
) -> Round:
    """Save the girone's next round from explicit tables (pair numbers, NS first).

    The tables are numbered in the order given, the resting pairs after them. The
    round takes the movement the plan names for it (what a later generated round
    follows) and the hands of the girone's previous round. In a team girone the
    numbers are teams': each ``(a, b)`` is a match over two tables (docs/rules.md §11).
    """
    lock_girone(girone)
    last = girone.rounds.order_by("-number").first()
    if last is not None and last.status == Round.Status.DRAFT:
        raise RoundError(
            _(
                "Round %(number)s of %(girone)s is a draft: publish or delete it "
                "before adding another."
            )
            % {"number": last.number, "girone": girone}
        )
    state = _state(girone)
    number = state.rounds_done + 1
    movement = movement_of(
        state.tournament,
        number,
        len(state.first_round_pairs or state.active),
        state.words,
    )
    planned = [
        PlannedTable(i, ns, ew) for i, (ns, ew) in enumerate(tables, start=1)
    ] + [PlannedTable(len(tables) + i, p, None) for i, p in enumerate(resting, 1)]
    round_ = Round(girone=girone, number=number, movement=movement)
    found = check_proposal(state, planned, _constraints_of(round_, state))
    refused = [v for v in found if v.code in REFUSED]
    if refused:
        raise RoundError(
            _("Round %(number)s of %(girone)s cannot be saved with these tables.")
            % {"number": number, "girone": girone},
            [violation_text(v, teams=state.teams) for v in refused],
        )
    round_.hands = last.hands if last else state.tournament.hands_per_round
    round_.target_points = (
        last.target_points if last else state.tournament.target_points
    )
    round_.save()
    _save_tables(round_, state, planned)
    return round_


@transaction.atomic
def set_hands(round_: Round, hands: int) -> Round:
    """Set the smazzate (Briscola: partite per match) of a draft round without results."""
    lock_girone(round_.girone)
    round_ = Round.objects.get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT or round_has_results(round_):
        raise RoundError(
            _("Round %(number)s is not a draft: its hands can no longer change.")
            % {"number": round_.number}
        )
    if not 1 <= hands <= 9:
        raise RoundError(_("A round has from 1 to 9 hands."))
    round_.hands = hands
    round_.target_points = None  # a number of hands, not a turn to points
    round_.save(update_fields=["hands", "target_points"])
    return round_
