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
from rules.pairing import REGISTRY, Violation

from .plans import word_label


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
        return _lonely_reason(p)
    if exc.code == "odd_rest":
        return _(
            "with %(count)s pairs one must rest, but whichever of the pairs allowed to"
            " rest (%(resters)s) rests, the others cannot all be seated without a"
            " forbidden meeting"
        ) % {"count": p["count"], "resters": _pair_list(p["resters"])}
    if exc.code == "unseatable":
        return _unseatable_reason(p)
    if exc.code in ("calendar_late", "mitchell_no_seat"):
        return _late_reason(exc.code, p, teams=teams)
    if exc.code in ("mitchell_rounds", "mitchell_step", "movement_unknown"):
        return _movement_reason(exc.code, p)
    if exc.code in _PLAN_REASONS:
        return _PLAN_REASONS[exc.code]() % _plan_params(p)
    return str(exc)


def _lonely_reason(p: dict[str, object]) -> str:
    """Pairs who may meet no one (every other pair forbidden to them)."""
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


def _unseatable_reason(p: dict[str, object]) -> str:
    """The pairs cannot all be seated without a forbidden meeting."""
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


def _late_reason(code: str, p: dict[str, object], *, teams: bool) -> str:
    """Pairs (or teams) who joined after round 1 and find no seat."""
    if code == "mitchell_no_seat":
        return _(
            "pairs %(pairs)s joined after round 1 and the Mitchell has no free seat for"
            " them (a seat is freed by a withdrawal, or is the rest of an odd line)"
        ) % {"pairs": _pair_list(p["pairs"])}
    if teams:
        return _(
            "teams %(pairs)s joined after round 1: the calendar cannot seat them"
        ) % {"pairs": _pair_list(p["pairs"])}
    return _("pairs %(pairs)s joined after round 1: the calendar cannot seat them") % {
        "pairs": _pair_list(p["pairs"])
    }


def _movement_reason(code: str, p: dict[str, object]) -> str:
    """The movement asked for cannot give the plan's rounds."""
    if code == "mitchell_rounds":
        return (
            _(
                "a Mitchell on %(tables)s tables has at most %(tables)s rounds without"
                " repeat meetings; the plan asks for %(rounds)s"
            )
            % p
        )
    if code == "mitchell_step":
        return (
            _(
                "moving %(step)s tables a round on %(tables)s tables, EO pairs return to"
                " their first table after %(period)s rounds; the plan asks for %(rounds)s:"
                " choose another step or leave it empty"
            )
            % p
        )
    return _("“%(name)s” is not a movement (known: %(known)s)") % p


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


def _plan_params(params: dict[str, object]) -> dict[str, object]:
    """A refused plan's movements named in words, never by their code."""
    words = dict(params)
    for key in ("movement", "name", "previous"):
        if key in words:
            words[key] = word_label(str(words[key]))
    if "others" in words:
        words["others"] = ", ".join(
            word_label(m.strip()) for m in str(words["others"]).split(",")
        )
    words["known"] = ", ".join(word_label(name) for name in REGISTRY)
    return words


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
        " (use a draw, the seeding order or a Mitchell)"
    ),
    "plan_first_only": lambda: _(
        "round %(number)s uses %(movement)s, which only seats the first round"
    ),
    "plan_mitchell_block": lambda: _(
        "round %(number)s uses a Mitchell after %(previous)s: the Mitchell rounds"
        " must be one block starting in round 1"
    ),
    "plan_unreadable": lambda: _(
        "cannot read “%(term)s”: write terms like “3xmitchell” joined by “+”"
    ),
    "plan_zero": lambda: _("“%(term)s” repeats a movement 0 times"),
}


def _rounds(numbers: tuple[int, ...]) -> str:
    """Round numbers in words: "1, 3 e 4" (the language's "and")."""
    shown = [str(n) for n in numbers]
    if len(shown) < 2:
        return "".join(shown)
    return _("%(first)s and %(last)s") % {
        "first": ", ".join(shown[:-1]),
        "last": shown[-1],
    }


def violation_text(violation: Violation, *, teams: bool = False) -> str:
    """What the independent checker found in a round, in the user's language (the
    rules say it in English, with a code and the pairs concerned). ``teams``: the
    numbers are teams (a team girone, docs/rules.md §11)."""
    pairs = violation.pairs
    one = {"pair": pairs[0] if pairs else "?"}
    two = {"a": pairs[0] if pairs else "?", "b": pairs[1] if len(pairs) > 1 else "?"}
    if teams:
        return _team_violation_text(violation, one, two)
    texts = {
        "unknown": lambda: _("pair %(pair)s is not one of this round's pairs") % one,
        "duplicate": lambda: _("pair %(pair)s is seated more than once") % one,
        "self": lambda: _("pair %(pair)s is seated against itself") % one,
        "missing": lambda: _("pair %(pair)s is neither seated nor resting") % one,
        "forbidden": lambda: _("pairs %(a)s and %(b)s may not meet") % two,
        "rematch": lambda: (
            _("pairs %(a)s and %(b)s have already met (round %(rounds)s)")
            % {**two, "rounds": _rounds(violation.rounds)}
            if violation.rounds
            else _("pairs %(a)s and %(b)s have already met") % two
        ),
        "club": lambda: _("pairs %(a)s and %(b)s are of the same club") % two,
        "met_before": lambda: (
            ngettext(
                "pairs %(a)s and %(b)s met in round %(rounds)s",
                "pairs %(a)s and %(b)s met in rounds %(rounds)s",
                len(violation.rounds),
            )
            % {**two, "rounds": _rounds(violation.rounds)}
        ),
        "same_club": lambda: _("pairs %(a)s and %(b)s are of the same club") % two,
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


def _team_violation_text(
    violation: Violation, one: dict[str, object], two: dict[str, object]
) -> str:
    """:func:`violation_text` for a team girone."""
    teams = violation.pairs
    texts = {
        "unknown": lambda: _("team %(pair)s is not one of this round's teams") % one,
        "duplicate": lambda: _("team %(pair)s is seated more than once") % one,
        "self": lambda: _("team %(pair)s is seated against itself") % one,
        "missing": lambda: _("team %(pair)s is neither seated nor resting") % one,
        "forbidden": lambda: _("teams %(a)s and %(b)s may not meet") % two,
        "rematch": lambda: _("teams %(a)s and %(b)s have already met") % two,
        "club": lambda: _("teams %(a)s and %(b)s are of the same club") % two,
        "met_before": lambda: (
            ngettext(
                "teams %(a)s and %(b)s met in round %(rounds)s",
                "teams %(a)s and %(b)s met in rounds %(rounds)s",
                len(violation.rounds),
            )
            % {**two, "rounds": _rounds(violation.rounds)}
        ),
        "same_club": lambda: _("teams %(a)s and %(b)s are of the same club") % two,
        "extra_rest": lambda: (
            ngettext(
                "%(count)s team rests (%(pairs)s): at most one may",
                "%(count)s teams rest (%(pairs)s): at most one may",
                len(teams),
            )
            % {"count": len(teams), "pairs": _pair_list(list(teams))}
        ),
        "rest_even": lambda: (
            _("team %(pair)s rests although the teams are an even number") % one
        ),
        "unfair_rest": lambda: (
            _("team %(pair)s rests again while other teams have rested less") % one
        ),
    }
    text = texts.get(violation.code)
    return text() if text is not None else violation.message
