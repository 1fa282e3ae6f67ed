"""Why :mod:`rules.pairing` refused, in the user's language.

The rules say it in English, with a code and its numbers on the
:class:`~rules.errors.PairingError` (the rules stay free of Django); this module
turns the code into a translated sentence. A reason without a known code is shown as
the rules wrote it.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

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
    side = 1 if teams else 0
    if exc.code == "lonely":
        return _lonely_reason(p, side)
    if exc.code == "odd_rest":
        said = {"count": p["count"], "resters": _pair_list(p["resters"])}
        return _REASONS["odd_rest"][side] % said
    if exc.code == "unseatable":
        return _unseatable_reason(p, side)
    if exc.code in ("calendar_late", "mitchell_no_seat"):
        return _late_reason(exc.code, p, teams=teams)
    if exc.code in ("mitchell_rounds", "mitchell_step", "movement_unknown"):
        return _movement_reason(exc.code, p)
    if exc.code in _PLAN_REASONS:
        return _PLAN_REASONS[exc.code]() % _plan_params(p)
    return str(exc)


#: Why no round exists, side by side: (a pair girone's words, a team girone's); pairs'
#: ``%(pair)s``/``%(pairs)s`` and teams' ``%(team)s``/``%(teams)s`` are the same
#: numbers. ``unseatable_one``: the pairs' words for a single table.
_REASONS: dict[str, tuple[Promise, Promise | None]] = {
    "lonely_one": (
        gettext_lazy(
            "pair %(pair)s may meet none of the other %(others)s pairs (all forbidden)"
        ),
        gettext_lazy(
            "team %(team)s may meet none of the other %(others)s teams (all forbidden)"
        ),
    ),
    "lonely_many": (
        gettext_lazy(
            "pairs %(pairs)s may each meet none of the other %(others)s pairs"
            " (all forbidden)"
        ),
        gettext_lazy(
            "teams %(teams)s may each meet none of the other %(others)s teams"
            " (all forbidden)"
        ),
    ),
    "no_rest_again": (
        gettext_lazy("and it may not rest again"),
        gettext_lazy("and it may not rest again"),
    ),
    "one_rests": (
        gettext_lazy("and only one pair can rest"),
        gettext_lazy("and only one team can rest"),
    ),
    "odd_rest": (
        gettext_lazy(
            "with %(count)s pairs one must rest, but whichever of the pairs allowed to"
            " rest (%(resters)s) rests, the others cannot all be seated without a"
            " forbidden meeting"
        ),
        gettext_lazy(
            "with %(count)s teams one must rest, but whichever of the teams allowed to"
            " rest (%(resters)s) rests, the others cannot all meet without a"
            " forbidden match"
        ),
    ),
    "unseatable_one": (
        gettext_lazy(
            "the %(count)s pairs cannot all be seated without a forbidden meeting:"
            " at best 1 table, leaving pairs %(left)s without an allowed opponent"
        ),
        None,
    ),
    "unseatable": (
        gettext_lazy(
            "the %(count)s pairs cannot all be seated without a forbidden meeting:"
            " at best %(tables)s tables, leaving pairs %(left)s without an allowed"
            " opponent"
        ),
        gettext_lazy(
            "the %(count)s teams cannot all meet without a forbidden match (most"
            " matches possible: %(tables)s): teams %(left)s are left without an"
            " allowed opponent"
        ),
    ),
}


def _lonely_reason(p: dict[str, object], side: int) -> str:
    """Pairs (teams) who may meet no one (every other one forbidden to them)."""
    pairs = p["pairs"]
    single = isinstance(pairs, list) and len(pairs) == 1
    listed = _pair_list(pairs)
    said = {"pair": listed, "pairs": listed, "team": listed, "teams": listed}
    text = _REASONS["lonely_one" if single else "lonely_many"][side]
    worded = str(text % {**said, "others": p["others"]})
    if p.get("odd"):
        worded += " " + _REASONS["no_rest_again" if single else "one_rests"][side]
    return worded


def _unseatable_reason(p: dict[str, object], side: int) -> str:
    """The pairs (teams) cannot all be seated without a forbidden meeting."""
    values = {"count": p["count"], "tables": p["tables"], "left": _pair_list(p["left"])}
    text = _REASONS["unseatable"][side]
    one_table = _REASONS["unseatable_one"][side]
    if p["tables"] == 1 and one_table is not None:
        text = one_table
    return str(text % values)


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


#: What the checker found, by its code, side by side: (a pair girone's words, a team
#: girone's). Each fills in from the same values (``violation_text``): ``pair`` (the
#: first number), ``a`` and ``b``, ``rounds`` (and their count ``n``), ``count`` and
#: ``pairs`` (the numbers, all). ``rematch_in``: a rematch that names its rounds.
_VIOLATIONS: dict[str, tuple[Promise, Promise | None]] = {
    "unknown": (
        gettext_lazy("pair %(pair)s is not one of this round's pairs"),
        gettext_lazy("team %(pair)s is not one of this round's teams"),
    ),
    "duplicate": (
        gettext_lazy("pair %(pair)s is seated more than once"),
        gettext_lazy("team %(pair)s is seated more than once"),
    ),
    "self": (
        gettext_lazy("pair %(pair)s is seated against itself"),
        gettext_lazy("team %(pair)s is seated against itself"),
    ),
    "missing": (
        gettext_lazy("pair %(pair)s is neither seated nor resting"),
        gettext_lazy("team %(pair)s is neither seated nor resting"),
    ),
    "forbidden": (
        gettext_lazy("pairs %(a)s and %(b)s may not meet"),
        gettext_lazy("teams %(a)s and %(b)s may not meet"),
    ),
    "rematch": (
        gettext_lazy("pairs %(a)s and %(b)s have already met"),
        gettext_lazy("teams %(a)s and %(b)s have already met"),
    ),
    "rematch_in": (
        gettext_lazy("pairs %(a)s and %(b)s have already met (round %(rounds)s)"),
        None,
    ),
    "club": (
        gettext_lazy("pairs %(a)s and %(b)s are of the same club"),
        gettext_lazy("teams %(a)s and %(b)s are of the same club"),
    ),
    "met_before": (
        ngettext_lazy(
            "pairs %(a)s and %(b)s met in round %(rounds)s",
            "pairs %(a)s and %(b)s met in rounds %(rounds)s",
            "n",
        ),
        ngettext_lazy(
            "teams %(a)s and %(b)s met in round %(rounds)s",
            "teams %(a)s and %(b)s met in rounds %(rounds)s",
            "n",
        ),
    ),
    "same_club": (
        gettext_lazy("pairs %(a)s and %(b)s are of the same club"),
        gettext_lazy("teams %(a)s and %(b)s are of the same club"),
    ),
    "extra_rest": (
        ngettext_lazy(
            "%(count)s pair rests (%(pairs)s): at most one may",
            "%(count)s pairs rest (%(pairs)s): at most one may",
            "count",
        ),
        ngettext_lazy(
            "%(count)s team rests (%(pairs)s): at most one may",
            "%(count)s teams rest (%(pairs)s): at most one may",
            "count",
        ),
    ),
    "rest_even": (
        gettext_lazy("pair %(pair)s rests although the pairs are an even number"),
        gettext_lazy("team %(pair)s rests although the teams are an even number"),
    ),
    "unfair_rest": (
        gettext_lazy("pair %(pair)s rests again while other pairs have rested less"),
        gettext_lazy("team %(pair)s rests again while other teams have rested less"),
    ),
}


def violation_text(violation: Violation, *, teams: bool = False) -> str:
    """What the independent checker found in a round, in the user's language (the
    rules say it in English, with a code and the pairs concerned). ``teams``: the
    numbers are teams (a team girone, docs/rules.md §11)."""
    side = 1 if teams else 0
    pairs = violation.pairs
    values = {
        "pair": pairs[0] if pairs else "?",
        "a": pairs[0] if pairs else "?",
        "b": pairs[1] if len(pairs) > 1 else "?",
        "rounds": _rounds(violation.rounds),
        "n": len(violation.rounds),
        "count": len(pairs),
        "pairs": _pair_list(list(pairs)),
    }
    code = violation.code
    if code == "rematch" and violation.rounds and _VIOLATIONS["rematch_in"][side]:
        code = "rematch_in"
    text = _VIOLATIONS.get(code, (None, None))[side]
    return text % values if text is not None else violation.message
