"""Knockout services: qualifiers from the stored standings, the draw, match results.

Modules: :mod:`.gironi` (gironi closed?), :mod:`.qualify` (the proposal, the
director's confirmation) with :mod:`.cut` (the ties at the cut), :mod:`.draw`
(placing the qualifiers and creating the matches), :mod:`.decide` (what a typed result
decides) and :mod:`.results` (recording it, the winner advancing, corrections flagged
downstream), :mod:`.read` (what the pages show). Each write owns its transaction;
views stay thin.
"""

from .decide import MatchEntry
from .draw import draw_bracket
from .errors import KnockoutError
from .gironi import gironi_problems
from .qualify import confirm_qualifiers, propose_qualifiers
from .results import enter_result

__all__ = [
    "KnockoutError",
    "MatchEntry",
    "confirm_qualifiers",
    "draw_bracket",
    "enter_result",
    "gironi_problems",
    "propose_qualifiers",
]
