"""Knockout services: qualifiers from the stored standings, the draw, match results.

Modules: :mod:`.qualify` (gironi closed?, the proposal, the director's confirmation),
:mod:`.draw` (placing the qualifiers and creating the matches), :mod:`.decide` and :mod:`.results` (a
match's result, the winner advancing, corrections flagged downstream), :mod:`.read`
(what the pages show). Each write owns its transaction; views stay thin.
"""

from .decide import MatchEntry
from .draw import draw_bracket
from .errors import KnockoutError
from .qualify import confirm_qualifiers, gironi_problems, propose_qualifiers
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
