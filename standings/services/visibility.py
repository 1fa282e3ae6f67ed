"""Releasing a round's tables and results to the public site (and the API).

The rule (what is public, and that a draft round never is) lives in
:mod:`tournament.visibility`; the change itself is
:func:`tournament.services.publication.set_visibility`, the one writer of the two toggles.
The public standings count only the rounds whose results are released: the change
records the girone's ranking in the outbox, and the worker ranks it and publishes it
(``core.pipeline``).
"""

from __future__ import annotations

from tournament.models import Round
from tournament.services.publication import set_visibility


def set_round_visibility(
    round_id: int,
    *,
    tables_public: bool | None = None,
    results_public: bool | None = None,
) -> Round:
    """Show or hide a round's tables and/or results; the standings follow.

    Raises ``tournament.services.errors.RoundError`` for a draft round.
    """
    return set_visibility(
        Round(pk=round_id), tables=tables_public, results=results_public
    )
