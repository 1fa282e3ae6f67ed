"""How the draw names its competitors: pairs in a pair event, teams in a team event.

The movements, the checker and the round pages are the same for both formats (issue
29); only their words differ, and they are here as data: a :class:`DrawWords` on the
girone's state (``GironeState.words``) and on the format
(:func:`draw.services.formats.format_of`). The msgids are those the two formats said
before.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

__all__ = ["PAIR_WORDS", "TEAM_WORDS", "DrawWords"]


@dataclass(frozen=True)
class DrawWords:
    """A format's words in the draw; fill the ``%(...)s`` ones with ``%``."""

    no_valid_round: Promise  # movement, number, count, girone
    too_few_active: Promise  # girone, count
    not_closed: Promise  # number, girone
    round_robin_short: Promise  # count, calendar, number
    club_rule: Promise  # what avoid_clubs forbids
    same_two: Promise  # a swap of one with itself
    not_in_round: Promise  # number, round, girone
    swapped_note: Promise  # a, b: the round's notes
    swapped: Promise  # a, b: the director's message
    give_two: Promise  # a swap form without two numbers
    swap_title: Promise
    swap_first: Promise
    swap_second: Promise
    check_ok: Promise  # the round page: the checker found nothing
    no_meeting: Promise  # the round page: no meeting to note
    ranking_by: Promise  # the round page: what a Danese ranks by


#: Each word of :class:`DrawWords`, side by side: (a pair event's, a team event's).
_WORDS: dict[str, tuple[Promise, Promise]] = {
    "no_valid_round": (
        _(
            "%(movement)s: no valid round %(number)s exists for the %(count)s pairs of %(girone)s."
        ),
        _(
            "%(movement)s: no valid round %(number)s exists for the %(count)s teams of %(girone)s."
        ),
    ),
    "too_few_active": (
        _("%(girone)s has %(count)s active pairs: at least 2 are needed."),
        _("%(girone)s has %(count)s active teams: at least 2 are needed."),
    ),
    "not_closed": (
        _(
            "Round %(number)s of %(girone)s is not closed yet: a Danese needs "
            "its results to rank the pairs."
        ),
        _(
            "Round %(number)s of %(girone)s is not closed yet: a Danese needs "
            "its results to rank the teams."
        ),
    ),
    "round_robin_short": (
        _(
            "The round robin of %(count)s pairs has %(calendar)s rounds: "
            "there is no round %(number)s."
        ),
        _(
            "The round robin of %(count)s teams has %(calendar)s rounds: "
            "there is no round %(number)s."
        ),
    ),
    "club_rule": (
        _("no two pairs of the same club"),
        _("no two teams of the same club"),
    ),
    "same_two": (
        _("Choose two different pairs to swap."),
        _("Choose two different teams to swap."),
    ),
    "not_in_round": (
        _("Pair %(number)s is not in round %(round)s of %(girone)s."),
        _("Team %(number)s is not in round %(round)s of %(girone)s."),
    ),
    "swapped_note": (
        _("Pairs %(a)s and %(b)s swapped by hand."),
        _("Teams %(a)s and %(b)s swapped by hand."),
    ),
    "swapped": (
        _("Pairs %(a)s and %(b)s swapped."),
        _("Teams %(a)s and %(b)s swapped."),
    ),
    "give_two": (
        _("Give the numbers of the two pairs to swap."),
        _("Give the numbers of the two teams to swap."),
    ),
    "swap_title": (
        _("Swap two pairs"),
        _("Swap two teams"),
    ),
    "swap_first": (
        _("Pair"),
        _("Team"),
    ),
    "swap_second": (
        _("with pair"),
        _("with team"),
    ),
    "check_ok": (
        _(
            "The independent check finds no problem: every pair seated once, no forbidden"
            " meeting, fair rest."
        ),
        _(
            "The independent check finds no problem: every team in one match, no forbidden"
            " meeting, fair rest; each team on opposite lines of its two tables."
        ),
    ),
    "no_meeting": (
        _("No rematch and no two pairs of the same club at a table."),
        _("No rematch and no two teams of the same club in a match."),
    ),
    "ranking_by": (
        _(
            "The ranking this Danese pairs by (the standings' order, every tie-break"
            " included)"
        ),
        _(
            "The ranking this Danese pairs by (total VP, then MP difference, then team"
            " number)"
        ),
    ),
}

PAIR_WORDS = DrawWords(**{name: texts[0] for name, texts in _WORDS.items()})
TEAM_WORDS = DrawWords(**{name: texts[1] for name, texts in _WORDS.items()})
