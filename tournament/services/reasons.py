"""Why :mod:`rules.pairing` refused, in the user's language.

The rules say it in English, with a code and its numbers on the
:class:`~rules.errors.PairingError` (the rules stay free of Django); this module
turns the code into a translated sentence. A reason without a known code is shown as
the rules wrote it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.errors import PairingError
from rules.pairing import Violation


def _pair_list(pairs: object, limit: int = 12) -> str:
    shown = [str(p) for p in pairs] if isinstance(pairs, list) else [str(pairs)]
    text = ", ".join(shown[:limit])
    if len(shown) > limit:
        text += " " + _("and %(count)s more") % {"count": len(shown) - limit}
    return text


def reason_text(exc: PairingError) -> str:
    """Why :mod:`rules.pairing` found no round, in the user's language.

    The rules say it in English with a code and its numbers (``PairingError.code``);
    a reason without a known code is shown as the rules wrote it.
    """
    p = exc.params
    if exc.code == "lonely":
        pairs = p["pairs"]
        single = isinstance(pairs, list) and len(pairs) == 1
        if single:
            text = _(
                "pair %(pair)s may meet none of the other %(others)s pairs (all forbidden)"
            ) % {"pair": _pair_list(pairs), "others": p["others"]}
        else:
            text = _(
                "pairs %(pairs)s may each meet none of the other %(others)s pairs"
                " (all forbidden)"
            ) % {"pairs": _pair_list(pairs), "others": p["others"]}
        if p.get("odd"):
            extra = (
                _("and it may not rest again")
                if single
                else _("and only one pair can rest")
            )
            text += " " + extra
        return text
    if exc.code == "odd_rest":
        return _(
            "with %(count)s pairs one must rest, but whichever of the pairs allowed to"
            " rest (%(resters)s) rests, the others cannot all be seated without a"
            " forbidden meeting"
        ) % {"count": p["count"], "resters": _pair_list(p["resters"])}
    if exc.code == "unseatable":
        values = {
            "count": p["count"],
            "tables": p["tables"],
            "left": _pair_list(p["left"]),
        }
        if p["tables"] == 1:
            return (
                _(
                    "the %(count)s pairs cannot all be seated without a forbidden meeting:"
                    " at best 1 table, leaving pairs %(left)s without an allowed opponent"
                )
                % values
            )
        return (
            _(
                "the %(count)s pairs cannot all be seated without a forbidden meeting:"
                " at best %(tables)s tables, leaving pairs %(left)s without an allowed"
                " opponent"
            )
            % values
        )
    if exc.code in _PLAN_REASONS:
        return _PLAN_REASONS[exc.code]() % p
    return str(exc)


#: The reasons a movement plan is refused (rules.pairing.plan), by code.
_PLAN_REASONS = {
    "plan_empty": lambda: _("a plan needs at least one round"),
    "plan_unknown": lambda: _(
        "round %(number)s uses “%(name)s”, which is not a movement (known: %(known)s)"
    ),
    "plan_round_robin_mixed": lambda: _(
        "a round robin is a whole calendar: it cannot be mixed with %(others)s"
    ),
    "plan_first_ranked": lambda: _(
        "round 1 cannot use %(movement)s: there is no ranking yet"
        " (use random, seeded or mitchell)"
    ),
    "plan_first_only": lambda: _(
        "round %(number)s uses %(movement)s, which only seats the first round"
    ),
    "plan_mitchell_block": lambda: _(
        "round %(number)s uses mitchell after %(previous)s: the Mitchell rounds must"
        " be one block starting in round 1"
    ),
    "plan_unreadable": lambda: _(
        "cannot read “%(term)s”: write terms like “3xmitchell” joined by “+”"
    ),
    "plan_zero": lambda: _("“%(term)s” repeats a movement 0 times"),
}


def violation_text(violation: Violation) -> str:
    """What the independent checker found in a round, in the user's language (the
    rules say it in English, with a code and the pairs concerned)."""
    pairs = violation.pairs
    one = {"pair": pairs[0] if pairs else "?"}
    two = {"a": pairs[0] if pairs else "?", "b": pairs[1] if len(pairs) > 1 else "?"}
    texts = {
        "unknown": lambda: _("pair %(pair)s is not one of this round's pairs") % one,
        "duplicate": lambda: _("pair %(pair)s is seated more than once") % one,
        "self": lambda: _("pair %(pair)s is seated against itself") % one,
        "missing": lambda: _("pair %(pair)s is neither seated nor resting") % one,
        "forbidden": lambda: _("pairs %(a)s and %(b)s may not meet") % two,
        "rematch": lambda: _("pairs %(a)s and %(b)s have already met") % two,
        "club": lambda: _("pairs %(a)s and %(b)s are of the same club") % two,
        "extra_rest": lambda: (
            ngettext(
                "%(count)s pair rests (%(pairs)s): at most one may",
                "%(count)s pairs rest (%(pairs)s): at most one may",
                len(pairs),
            )
            % {"count": len(pairs), "pairs": _pair_list(list(pairs))}
        ),
        "rest_even": lambda: (
            _("pair %(pair)s rests although the pairs are an even number") % one
        ),
        "unfair_rest": lambda: (
            _("pair %(pair)s rests again while other pairs have rested less") % one
        ),
    }
    text = texts.get(violation.code)
    return text() if text is not None else violation.message
