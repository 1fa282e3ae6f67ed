"""Standings of a girone and their tie-breaks, generic over any round-robin table.

Terminology (code name = Italian term):

* standings = classifica; tie = parità (ex aequo); tie-break chain = criteri di
  spareggio; lot = sorteggio; referee's decision = decisione arbitrale;
* head-to-head table = **classifica avulsa**: a mini-league among the tied teams only,
  built from the matches they played against each other; two tied teams' avulsa is
  their direct match (scontro diretto);
* score = MP (Burraco), partite won (Briscola), goals (football); points = VP
  (Burraco), standings points (Briscola), 3/1/0 (football); diff = scarto;
* bye = riposo; team = coppia (pair) in both card games.

**Matches.** :func:`rank` takes ``(team_a, team_b, score_a, score_b, points_a,
points_b)`` tuples (lists too; :data:`MatchTuple`). Teams are hashable and sortable
(ints, strs...). A team that rests may be given a match against ``None`` (either side):
its score and points count in its totals (the rest award) and in ``byes``, but it is
never a meeting, so it never enters ``played``, won/drawn/lost or a head-to-head figure.
Scores and points are ints (negative MP are legal in Burraco).

**Chain vocabulary** (:data:`CRITERIA`; higher values rank first):
``points``, ``points_per_match``, ``points_diff``, ``won``, ``diff`` (overall score
difference), ``diff_per_match``, ``scored``, ``scored_per_match``; the head-to-head
criteria ``h2h_points`` (the avulsa), ``h2h_diff``, ``h2h_scored``; and the outcomes
``decision`` (a referee's order, from ``decisions``) and ``lot`` (last). The first
criterion must be an overall one; it splits the table into ties, and each tie gets ONE
:class:`Explanation` shared by its rows. Presets: :data:`FIBUR_DEFAULT`,
:data:`BRISCOLA_DEFAULT` (two tied = direct match and three or more = avulsa are the
same ``h2h_points``), :data:`ACROSS_DEFAULT`.

**How head-to-head criteria see the tie** (a run = consecutive head-to-head criteria):

* default (``reapply_head_to_head=False``, Italian classifica avulsa): the base of the
  run is the whole group that reached it (the originally-tied group); when a criterion
  leaves a sub-group level, the next criteria still use the meetings of the whole base;
* ``reapply_head_to_head=True`` (UEFA, e.g. Champions League regulations art. 17.01 d):
  after the run, a sub-group still level and smaller than the base starts the run again
  with the meetings among that sub-group only; if the run splits nothing, the chain
  goes on to the overall criteria.

**Tied teams that have not all met** (Mitchell, Danese): ``unmet="use_played"`` uses the
meetings that took place (the explanation says how many pairings met);
``unmet="skip"`` skips the run for a group in which some pair never met (noted). A
group none of whose teams met skips the run in both cases (noted).

**Lot and decisions.** ``lot`` orders a group by :func:`lot_order` with ``lot_seed``:
the same seed gives the same order, the row says ``by_lot`` and ``lot_seed``, and the
explanation names the seed. With ``lot_seed=None`` the lot is not drawn: the group
keeps an equal position and the explanation says the lot is pending. ``decision``
applies the first order in ``decisions`` that contains every team of the group; with
none, it is noted and the chain goes on. Equal positions (1, 2, 2, 4) arise only where
the chain ends without breaking a tie; within them rows are sorted by team.

**Gironi of different sizes**: the ``*_per_match`` criteria divide by meetings + byes,
exactly (``Fraction``); :func:`rank_across` ranks teams of several gironi together
(head-to-head criteria refused: those teams never met).

**Text**: :func:`render_explanation` renders an explanation in Italian or English with
a game's :class:`Labels` (``LABELS["burraco" | "briscola" | "football"][lang]``).

>>> rows = rank([(1, 2, 3, 1, 3, 0), (2, 3, 2, 0, 3, 0), (3, 1, 1, 0, 3, 0)],
...             FIBUR_DEFAULT, lot_seed=2026)
>>> [(r.team, r.position) for r in rows]
[(1, 1), (2, 2), (3, 3)]
>>> render_explanation(rows[0].explanation, labels=LABELS["football"]["it"])
'Squadre 1, 2, 3 a pari punti (3): classifica avulsa 1 (3 punti), 2 (3), 3 (3); \
differenza gol nella classifica avulsa 1 (+1), 2 (0), 3 (-1)'
"""

from rules.standings.chain import check_chain, lot_order
from rules.standings.engine import rank, rank_across
from rules.standings.memo import RankMemo
from rules.standings.merge import rank_overall
from rules.standings.model import (
    ACROSS_DEFAULT,
    BRISCOLA_DEFAULT,
    CRITERIA,
    FIBUR_DEFAULT,
    HEAD_TO_HEAD,
    NOTES,
    UNMET_CHOICES,
    Explanation,
    MatchTuple,
    StandingRow,
    Step,
    Team,
    Totals,
    Unmet,
    Value,
)
from rules.standings.text import LABELS, LANGUAGES, Labels, render_explanation

__all__ = [
    "ACROSS_DEFAULT",
    "BRISCOLA_DEFAULT",
    "CRITERIA",
    "FIBUR_DEFAULT",
    "HEAD_TO_HEAD",
    "LABELS",
    "LANGUAGES",
    "NOTES",
    "UNMET_CHOICES",
    "Explanation",
    "Labels",
    "MatchTuple",
    "RankMemo",
    "StandingRow",
    "Step",
    "Team",
    "Totals",
    "Unmet",
    "Value",
    "check_chain",
    "lot_order",
    "rank",
    "rank_across",
    "rank_overall",
    "render_explanation",
]
