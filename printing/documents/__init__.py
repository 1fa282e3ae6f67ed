"""The printable documents: one builder per kind, found by :func:`build`.

A document is named by its kind and its scope: ``""`` (the whole tournament),
``"girone:<id>"`` or ``"round:<id>"``. The scope is what the stored renders are keyed by
(with the data version), and what the worker rebuilds the document from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from tournament.models import Tournament

from .base import Document, DocumentError
from .bracket import build_bracket
from .prizes import build_prize_list
from .qrcards import build_qr_cards
from .report import build_round_report
from .scorecards import build_scorecards
from .standings import build_standings
from .tablelist import build_hall_table_list, build_table_list
from .teams import build_lineup_sheets, build_team_match_sheets

Builder = Callable[..., Document]

#: kind -> (builder, the scope it needs: "round", "girone", "girone?" (optional) or "")
BUILDERS: dict[str, tuple[Builder, str]] = {
    "tables": (build_table_list, "round"),
    "scorecards": (build_scorecards, "round"),
    "standings": (build_standings, "girone?"),
    "report": (build_round_report, "round"),
    "prizes": (build_prize_list, ""),
    "bracket": (build_bracket, "bracket?"),
    "qrcards": (build_qr_cards, "girone?"),
    "halltables": (build_hall_table_list, "round"),
    # Team tournaments (docs/rules.md §11).
    "teammatches": (build_team_match_sheets, "round"),
    "lineups": (build_lineup_sheets, "round"),
}


def register(kind: str, builder: Builder, scope: str) -> None:
    BUILDERS[kind] = (builder, scope)


def scope_of(kind: str, params: dict[str, Any]) -> str:
    """The scope key of a request (``params`` as in the query string)."""
    if kind not in BUILDERS:
        raise DocumentError(
            _("Unknown document “%(kind)s”.") % {"kind": kind}, status=404
        )
    needs = BUILDERS[kind][1]
    if needs == "round":
        if not params.get("round"):
            raise DocumentError(_("Choose a round for this document."))
        return f"round:{params['round']}"
    if needs.startswith("girone") and params.get("girone"):
        return f"girone:{params['girone']}"
    if needs.startswith("bracket") and params.get("bracket"):
        return f"bracket:{params['bracket']}"
    if needs == "girone":
        raise DocumentError(_("Choose a girone for this document."))
    return ""


def build(tournament: Tournament, kind: str, scope: str) -> Document:
    """The document ``kind`` of ``tournament`` for ``scope`` (DocumentError if bad)."""
    if kind not in BUILDERS:
        raise DocumentError(
            _("Unknown document “%(kind)s”.") % {"kind": kind}, status=404
        )
    builder, _needs = BUILDERS[kind]
    kwargs: dict[str, Any] = {}
    if scope:
        what, _sep, value = scope.partition(":")
        kwargs[f"{what}_id"] = value
    return builder(tournament, **kwargs)


__all__ = ["BUILDERS", "Document", "DocumentError", "build", "register", "scope_of"]
