"""What every printed document shares: the title block and the document description.

A builder (one module per document) reads the models, checks the request (a round that
does not exist or is not published is a :class:`DocumentError` with an Italian message
naming the value) and returns a :class:`Document`: the template, the context, the
sections rendered one after the other (each starts on a new page), and the **version**
the stored render is keyed by (the standings version, or a fingerprint of the data).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import visibility
from tournament.models import Girone, Round, Tournament


class DocumentError(ValueError):
    """The request names something that cannot be printed (shown to the user).

    ``status`` is the HTTP status the view answers with: 404 for what does not exist.
    """

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class TitleBlock:
    """The block at the top of each document."""

    tournament: str
    date: Any
    venue: str
    document: str
    scope: str  # "Girone A – turno 3", or "" for the whole tournament
    final: bool
    generated_at: datetime

    @property
    def state(self) -> str:
        return _("Final") if self.final else _("Provisional")


@dataclass
class Document:
    """A document ready to render: ``sections`` are rendered in order, each from page 1.

    ``size`` counts rows (a score card counts as several): it decides whether the
    document renders in the request or in the background.
    """

    kind: str
    scope: str  # stable key of what is printed, e.g. "girone:4" or "round:12"
    template: str
    title: TitleBlock
    filename: str
    version: str
    size: int
    sections: list[dict[str, Any]] = field(default_factory=lambda: [{}])
    context: dict[str, Any] = field(default_factory=dict)
    landscape: bool = False
    #: Stylesheet text added to the print stylesheet (e.g. a card's background frame).
    #: Only the document's own values: text typed by people never goes here.
    extra_css: str = ""
    #: Images the document made itself, by name: ``url(torneo:resource/<name>)`` in
    #: ``extra_css`` (the only URLs besides static files that the PDF may load).
    resources: dict[str, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # A stored render says "Provvisoria" or "Definitiva": the state is part of
        # the version it is kept under, so a render made during the correction period
        # is never served once the results are final.
        self.version += "F" if self.title.final else "P"

    def context_for(self, index: int) -> dict[str, Any]:
        """The template context of section ``index``."""
        return {
            **self.context,
            **self.sections[index],
            "title": self.title,
            "first_section": index == 0,
            "landscape": self.landscape,
        }


def fingerprint(*parts: Iterable[Any]) -> str:
    """A short stable digest of the data a document is printed from."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(json.dumps(list(part), default=str, sort_keys=True).encode())
    return "d" + digest.hexdigest()[:16]


def title_block(
    tournament: Tournament,
    document: str,
    *,
    scope: str = "",
    final: bool | None = None,
) -> TitleBlock:
    """The title block; ``final`` defaults to "the tournament's standings are final"
    (concluded: :func:`tournament.visibility.standings_final`)."""
    if final is None:
        final = visibility.standings_final(tournament)
    return TitleBlock(
        tournament=tournament.name,
        date=tournament.date,
        venue=tournament.venue,
        document=document,
        scope=scope,
        final=final,
        generated_at=timezone.localtime(),
    )


def get_round(tournament: Tournament, round_id: object) -> Round:
    """The published round ``round_id`` of ``tournament``, or a clear DocumentError."""
    try:
        pk = int(str(round_id))
    except (TypeError, ValueError):
        raise DocumentError(
            _("“%(value)s” is not a round number.") % {"value": round_id}
        ) from None
    rnd = (
        Round.objects.select_related("girone__stage")
        .filter(pk=pk, girone__stage__tournament=tournament)
        .first()
    )
    if rnd is None:
        raise DocumentError(
            _("Round %(id)s does not exist in tournament “%(tournament)s”.")
            % {"id": pk, "tournament": tournament.name},
            status=404,
        )
    if not visibility.round_is_published(rnd):
        raise DocumentError(
            _("Round %(number)s of %(girone)s is not published yet: nothing to print.")
            % {"number": rnd.number, "girone": rnd.girone}
        )
    return rnd


def get_girone(tournament: Tournament, girone_id: object) -> Girone:
    """Girone ``girone_id`` of ``tournament``, or a clear DocumentError."""
    try:
        pk = int(str(girone_id))
    except (TypeError, ValueError):
        raise DocumentError(
            _("“%(value)s” is not a girone number.") % {"value": girone_id}
        ) from None
    girone = Girone.objects.filter(pk=pk, stage__tournament=tournament).first()
    if girone is None:
        raise DocumentError(
            _("Girone %(id)s does not exist in tournament “%(tournament)s”.")
            % {"id": pk, "tournament": tournament.name},
            status=404,
        )
    return girone


def round_scope(rnd: Round) -> str:
    return _("%(girone)s – round %(number)s") % {
        "girone": rnd.girone,
        "number": rnd.number,
    }


def player_name(player: Any) -> str:
    return f"{player.last_name} {player.first_name}"
