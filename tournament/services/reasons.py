"""Why :mod:`rules.pairing` refused, in the user's language.

The rules say it in English, with a code and its numbers on the
:class:`~rules.errors.PairingError` (the rules stay free of Django); this module
turns the code into a translated sentence. A reason without a known code is shown as
the rules wrote it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.errors import PairingError


def _pair_list(pairs: object, limit: int = 12) -> str:
    shown = [str(p) for p in pairs] if isinstance(pairs, list) else [str(pairs)]
    text = ", ".join(shown[:limit])
    if len(shown) > limit:
        text += " " + _("and %(count)s more") % {"count": len(shown) - limit}
    return text


def reason_text(exc: PairingError, *, teams: bool = False) -> str:
    """Why :mod:`rules.pairing` found no round, in the user's language.

    The rules say it in English with a code and its numbers (``PairingError.code``);
    a reason without a known code is shown as the rules wrote it. ``teams``: the
    numbers are teams (a team girone, docs/rules.md §11).
    """
    p = exc.params
    if teams and exc.code in ("lonely", "odd_rest", "unseatable"):
        return _team_reason(exc)
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


def _team_reason(exc: PairingError) -> str:
    """:func:`reason_text` for a team girone."""
    p = exc.params
    if exc.code == "lonely":
        teams = p["pairs"]
        single = isinstance(teams, list) and len(teams) == 1
        if single:
            text = _(
                "team %(team)s may meet none of the other %(others)s teams (all forbidden)"
            ) % {"team": _pair_list(teams), "others": p["others"]}
        else:
            text = _(
                "teams %(teams)s may each meet none of the other %(others)s teams"
                " (all forbidden)"
            ) % {"teams": _pair_list(teams), "others": p["others"]}
        if p.get("odd"):
            extra = (
                _("and it may not rest again")
                if single
                else _("and only one team can rest")
            )
            text += " " + extra
        return text
    if exc.code == "odd_rest":
        return _(
            "with %(count)s teams one must rest, but whichever of the teams allowed to"
            " rest (%(resters)s) rests, the others cannot all meet without a"
            " forbidden match"
        ) % {"count": p["count"], "resters": _pair_list(p["resters"])}
    values = {"count": p["count"], "tables": p["tables"], "left": _pair_list(p["left"])}
    return (
        _(
            "the %(count)s teams cannot all meet without a forbidden match (most"
            " matches possible: %(tables)s): teams %(left)s are left without an"
            " allowed opponent"
        )
        % values
    )


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
