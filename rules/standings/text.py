"""Explanations as text, in Italian (default) or English, from plain templates.

No gettext here: the Django layer picks ``lang`` and the game's :class:`Labels`. The
text is built from an :class:`~rules.standings.model.Explanation` alone, e.g.::

    Coppie 4, 9, 12 a pari VP (32): classifica avulsa 12 (26 VP), 4 (19), 9 (15)
    Coppie 1, 2 a pari punti (2): scontro diretto 1-0, quindi 1 precede 2

One tie, one sentence: the header names the tied teams (sorted) and the value they were
level on; then one clause per step, separated by "; ", each listing the teams of the
step best first with their value. A clause on a sub-group opens with that sub-group
("4 e 9: ...") when it differs from the previous clause's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import StandingsError
from rules.standings.model import HEAD_TO_HEAD, Explanation, Step, Team, Value

__all__ = ["LABELS", "LANGUAGES", "Labels", "render_explanation"]


@dataclass(frozen=True)
class Labels:
    """A game's words: team noun (plural), points unit, score unit."""

    teams: str  # "Coppie"
    points: str  # "VP"
    score: str  # "MP"
    point: str = ""  # the singular where it differs: "punto" (1 punto, 2 punti)
    scored: str = (
        ""  # the score taken, where "<score> fatti" does not fit: "partite vinte"
    )

    def points_for(self, value: object) -> str:
        """The points unit agreeing with ``value``: "1 punto", "2 punti", "1 VP"."""
        return self.point if self.point and value == 1 else self.points


LABELS: dict[str, dict[str, Labels]] = {
    "burraco": {"it": Labels("Coppie", "VP", "MP"), "en": Labels("Pairs", "VP", "MP")},
    "briscola": {
        "it": Labels("Coppie", "punti", "partite", "punto", "partite vinte"),
        "en": Labels("Pairs", "points", "games", "point", "games won"),
    },
    "football": {
        "it": Labels("Squadre", "punti", "gol", "punto"),
        "en": Labels("Teams", "points", "goals", "point"),
    },
}
"""Labels per game and language: ``LABELS["briscola"]["it"]``."""

_TEMPLATES: dict[str, dict[str, str]] = {
    "it": {
        "header": "{teams} {names} a pari {criterion} ({value})",
        "and": " e ",
        "decimal": ",",
        "points": "{points}",
        "points_per_match": "media {points} per incontro",
        "points_diff": "differenza {points}",
        "won": "incontri vinti",
        "diff": "differenza {score}",
        "diff_per_match": "media differenza {score} per incontro",
        "scored": "{scored}",
        "scored_default": "{score} fatti",
        "scored_per_match": "media {scored} per incontro",
        "h2h_points": "classifica avulsa",
        "h2h_diff": "differenza {score} nella classifica avulsa",
        "h2h_scored": "{scored} nella classifica avulsa",
        "h2h_diff/2": "differenza {score} negli scontri diretti",
        "h2h_scored/2": "{scored} negli scontri diretti",
        "direct": "scontro diretto",
        "directs": "scontri diretti",
        "partial": " (solo {met} scontri diretti su {total})",
        "partial/1": " (solo 1 scontro diretto su {total})",
        "precedes": "quindi {a} precede {b}",
        "level": "{names} restano a pari merito",
        "lot": "sorteggio (seme {seed})",
        "lot_pending": "sorteggio da effettuare",
        "decision": "decisione arbitrale",
        "no_decision": "nessuna decisione arbitrale",
        "unmet": "non si sono incontrate tutte (solo {met} scontri diretti su {total})",
        "unmet/1": "non si sono incontrate tutte (solo 1 scontro diretto su {total})",
        "unmet/2": "non si sono incontrate",
        "no_meetings": "non si sono mai incontrate",
        "no_meetings/2": "non si sono incontrate",
        "decides": "{why}: decide {what}",
        "the.points": "il totale {points}",
        "the.points_per_match": "la media {points} per incontro",
        "the.points_diff": "la differenza {points}",
        "the.won": "il numero di incontri vinti",
        "the.diff": "la differenza {score}",
        "the.diff_per_match": "la media differenza {score} per incontro",
        "the.scored": "il totale {scored}",
        "the.scored_per_match": "la media {scored} per incontro",
        "the.lot": "il sorteggio (seme {seed})",
        "the.lot_pending": "il sorteggio, da effettuare",
        "the.decision": "la decisione arbitrale",
        "girone_order": "ordine del girone mantenuto: {kept}, quindi {order}",
        "gironi_order": "ordine dei gironi mantenuto: {kept}, quindi {order}",
        "before": "{a} prima di {b}",
        "in_order": "{names} in quest'ordine",
    },
    "en": {
        "header": "{teams} {names} level on {criterion} ({value})",
        "and": " and ",
        "decimal": ".",
        "points": "{points}",
        "points_per_match": "{points} per match",
        "points_diff": "{points} difference",
        "won": "matches won",
        "diff": "{score} difference",
        "diff_per_match": "{score} difference per match",
        "scored": "{scored}",
        "scored_default": "{score} scored",
        "scored_per_match": "{scored} per match",
        "h2h_points": "head-to-head table",
        "h2h_diff": "{score} difference in the head-to-head table",
        "h2h_scored": "{scored} in the head-to-head table",
        "h2h_diff/2": "{score} difference in direct matches",
        "h2h_scored/2": "{scored} in direct matches",
        "direct": "direct match",
        "directs": "direct matches",
        "partial": " (only {met} of {total} pairings played)",
        "partial/1": " (only 1 of {total} pairings played)",
        "precedes": "so {a} ranks above {b}",
        "level": "{names} remain level",
        "lot": "drawn by lot (seed {seed})",
        "lot_pending": "lot not drawn yet",
        "decision": "referee's decision",
        "no_decision": "no referee's decision",
        "unmet": "not all of them have met (only {met} of {total} pairings played)",
        "unmet/1": "not all of them have met (only 1 of {total} pairings played)",
        "unmet/2": "they have not met",
        "no_meetings": "none of them have met",
        "no_meetings/2": "they have not met",
        "decides": "{why}: decided by {what}",
        "the.points": "total {points}",
        "the.points_per_match": "{points} per match",
        "the.points_diff": "{points} difference",
        "the.won": "matches won",
        "the.diff": "{score} difference",
        "the.diff_per_match": "{score} difference per match",
        "the.scored": "{scored}",
        "the.scored_per_match": "{scored} per match",
        "the.lot": "lot (seed {seed})",
        "the.lot_pending": "lot, not drawn yet",
        "the.decision": "the referee's decision",
        "girone_order": "girone order kept: {kept}, so {order}",
        "gironi_order": "order of each girone kept: {kept}, so {order}",
        "before": "{a} before {b}",
        "in_order": "{names} in that order",
    },
}
LANGUAGES = tuple(_TEMPLATES)
_SIGNED = frozenset({"points_diff", "diff", "diff_per_match", "h2h_diff"})
_SKIPS = frozenset({"unmet", "no_meetings"})
_DECIDERS = frozenset(
    {
        "points",
        "points_per_match",
        "points_diff",
        "won",
        "diff",
        "diff_per_match",
        "scored",
        "scored_per_match",
        "lot",
        "decision",
    }
)


def render_explanation[T: Team](
    explanation: Explanation[T],
    *,
    lang: str = "it",
    labels: Labels | None = None,
    name: Callable[[T], str] = str,
) -> str:
    """One sentence for one tie; ``name`` shows a team (default ``str``).

    >>> from rules.standings import rank
    >>> rows = rank([(4, 9, 1300, 1000, 13, 7), (4, 1, 900, 1000, 9, 11),
    ...              (9, 1, 1000, 900, 11, 9), (1, 5, 1000, 1000, 2, 18)], ["points", "h2h_points"])
    >>> render_explanation(rows[0].explanation)
    'Coppie 1, 4 a pari VP (22): scontro diretto 11-9, quindi 1 precede 4'
    >>> render_explanation(rows[0].explanation, lang="en")
    'Pairs 1, 4 level on VP (22): direct match 11-9, so 1 ranks above 4'
    """
    if lang not in _TEMPLATES:
        raise StandingsError(
            f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})"
        )
    words = labels if labels is not None else LABELS["burraco"][lang]
    r = _Renderer(_TEMPLATES[lang], words, name)
    header = r.tpl["header"].format(
        teams=words.teams,
        names=", ".join(name(t) for t in sorted(explanation.teams)),
        criterion=r.label(explanation.criterion, pair=False),
        value=r.value(explanation.value, explanation.criterion),
    )
    clauses: list[str] = []
    previous = frozenset(explanation.teams)
    steps = explanation.steps
    i = 0
    while i < len(steps):
        step = steps[i]
        clause = r.step(step)
        current = frozenset(step.teams)
        following = steps[i + 1] if i + 1 < len(steps) else None
        if (
            step.criterion in _SKIPS
            and following is not None
            and frozenset(following.teams) == current
            and following.criterion in _DECIDERS
            and following.split
        ):
            # "non si sono incontrate tutte: decide la differenza MP 4 (+300), ..."
            clause = r.step(following, why=clause)
            i += 1
        if current != previous and step.criterion not in ("level", "girone_order"):
            members = sorted(step.teams)
            clause = f"{r.join([name(t) for t in members])}: {clause}"
        previous = current
        clauses.append(clause)
        i += 1
    return f"{header}: {'; '.join(clauses)}"


class _Renderer[T]:
    def __init__(self, tpl: dict[str, str], labels: Labels, name: Callable[[T], str]):
        self.tpl, self.labels, self.name = tpl, labels, name

    def join(self, names: list[str]) -> str:
        if len(names) == 1:
            return names[0]
        return ", ".join(names[:-1]) + self.tpl["and"] + names[-1]

    def label(self, criterion: str, *, pair: bool) -> str:
        key = f"{criterion}/2" if pair and f"{criterion}/2" in self.tpl else criterion
        score = self.labels.score
        scored = self.labels.scored or self.tpl["scored_default"].format(score=score)
        return self.tpl[key].format(
            points=self.labels.points, score=score, scored=scored
        )

    def value(self, value: Value, criterion: str) -> str:
        signed = criterion in _SIGNED
        if isinstance(value, Fraction):
            text = f"{float(value):+.2f}" if signed and value else f"{float(value):.2f}"
            return text.replace(".", self.tpl["decimal"])
        return f"+{value}" if signed and value > 0 else str(value)

    def precedes(self, step: Step[T]) -> str:
        if len(step.teams) == 2 and step.split:
            a, b = (self.name(t) for t in step.teams)
            return ", " + self.tpl["precedes"].format(a=a, b=b)
        return ""

    def skipped(self, step: Step[T]) -> str:
        """Why a head-to-head run was skipped: the tied teams did not (all) meet."""
        c = step.criterion
        if len(step.teams) == 2 or step.pairs_total == 1:
            return self.tpl[f"{c}/2"]
        if c == "unmet" and step.pairs_met == 0:
            return self.tpl["no_meetings"]
        if c == "unmet":
            key = "unmet/1" if step.pairs_met == 1 else "unmet"
            return self.tpl[key].format(met=step.pairs_met, total=step.pairs_total)
        return self.tpl[c]

    def kept(self, step: Step[T]) -> str:
        """The girone order the overall standings kept, and the order that follows."""
        chains = []
        for chain in step.kept:
            names = [self.name(t) for t in chain]
            if len(names) == 2:
                chains.append(self.tpl["before"].format(a=names[0], b=names[1]))
            else:
                chains.append(self.tpl["in_order"].format(names=self.join(names)))
        key = "gironi_order" if len(step.kept) > 1 else "girone_order"
        order = ", ".join(self.name(t) for t in step.teams)
        return self.tpl[key].format(kept=self.join(chains), order=order)

    def the(self, step: Step[T]) -> str:
        """The criterion of ``step`` as the subject of "decide ...": with its article."""
        c = step.criterion
        if c == "lot":
            if step.seed is None:
                return self.tpl["the.lot_pending"]
            return self.tpl["the.lot"].format(seed=step.seed)
        return self.tpl[f"the.{c}"].format(
            points=self.labels.points, score=self.labels.score
        )

    def step(self, step: Step[T], why: str = "") -> str:
        """One clause; ``why`` (a skipped head-to-head) makes it "why: decide ..."."""
        c = step.criterion
        names = [self.name(t) for t in step.teams]
        if c == "level":
            return self.tpl["level"].format(names=self.join(names))
        if c in _SKIPS:
            return self.skipped(step)
        if c == "girone_order":
            return self.kept(step)
        if c in ("lot", "decision"):
            if why:
                head = self.tpl["decides"].format(why=why, what=self.the(step))
            elif c == "lot":
                head = (
                    self.tpl["lot_pending"]
                    if step.seed is None
                    else self.tpl["lot"].format(seed=step.seed)
                )
            else:
                head = self.tpl["decision" if step.split else "no_decision"]
            if not step.split or len(step.teams) == 2:
                return head + self.precedes(step)
            return f"{head}: {', '.join(names)}"
        pair = c in HEAD_TO_HEAD and len(step.base) == 2
        if c == "h2h_points" and pair:
            head = self.tpl["direct" if step.meetings == 1 else "directs"]
            body = f"{head} {step.values[0]}-{step.values[1]}"
        else:
            if why:
                label = self.tpl["decides"].format(why=why, what=self.the(step))
            else:
                label = self.label(c, pair=pair)
            if c in HEAD_TO_HEAD and step.pairs_met < step.pairs_total:
                key = "partial/1" if step.pairs_met == 1 else "partial"
                label += self.tpl[key].format(
                    met=step.pairs_met, total=step.pairs_total
                )
            items = [
                f"{n} ({self.value(v, c)})"
                for n, v in zip(names, step.values, strict=True)
            ]
            if c == "h2h_points":
                items[0] = (
                    f"{names[0]} ({self.value(step.values[0], c)} "
                    f"{self.labels.points_for(step.values[0])})"
                )
            body = f"{label} {', '.join(items)}"
        return body + self.precedes(step)
