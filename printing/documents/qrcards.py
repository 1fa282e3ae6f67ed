"""QR cards (tessere QR) to hand out at registration: one card per pair, eight a sheet.

Each card names the pair (number, players, club, girone) and carries a QR code of the
pair's public page (where it plays, its results, the standings), with the address
written out for those who type it. Withdrawn pairs get no card. Cut along the dashed
lines. The address comes from :mod:`tournament.links` (``DJANGO_PUBLIC_BASE_URL``).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from participants.models import Pair
from tournament.links import pair_url, qr_svg
from tournament.models import Tournament

from .base import Document, DocumentError, fingerprint, get_girone, title_block

#: Cards per section (ten sheets): progress moves in steps on a large event.
CARDS_PER_SECTION = 80
#: A card weighs like this many standings rows when choosing inline or background.
CARD_SIZE = 2


def _players(pair: Pair) -> list[str]:
    return [f"{p.last_name} {p.first_name}" for p in (pair.player1, pair.player2)]


def build_qr_cards(tournament: Tournament, *, girone_id: object = None) -> Document:
    pairs = (
        Pair.objects.filter(tournament=tournament, withdrawn=False)
        .select_related("player1", "player2", "club", "girone")
        .order_by("number")
    )
    scope, scope_text = "", ""
    if girone_id is not None:
        girone = get_girone(tournament, girone_id)
        pairs = pairs.filter(girone=girone)
        scope, scope_text = f"girone:{girone.pk}", str(girone)
    cards = []
    for pair in pairs:
        url = pair_url(tournament.slug, pair.number)
        cards.append(
            {
                "number": pair.number,
                "players": _players(pair),
                "club": pair.club.name if pair.club_id else "",
                "girone": pair.girone.label if pair.girone_id else "",
                "url": url,
                # segno's own markup: numbers and path commands only.
                "qr": mark_safe(qr_svg(url)),
            }
        )
    if not cards:
        raise DocumentError(
            _("No pair is registered in “%(what)s” yet: no card to print.")
            % {"what": scope_text or tournament.name}
        )
    sections = [
        {"cards": cards[i : i + CARDS_PER_SECTION]}
        for i in range(0, len(cards), CARDS_PER_SECTION)
    ]
    return Document(
        kind="qrcards",
        scope=scope,
        template="printing/pdf/qr_cards.html",
        title=title_block(tournament, _("QR cards of the pairs"), scope=scope_text),
        filename=f"qr-coppie{'-' + scope.replace(':', '-') if scope else ''}.pdf",
        version=fingerprint(
            [(c["number"], c["players"], c["club"], c["girone"]) for c in cards],
            # A configured address changes the codes; the request's does not enter
            # here, so that the worker (no request) finds the same version.
            [getattr(settings, "PUBLIC_BASE_URL", ""), tournament.slug],
        ),
        size=len(cards) * CARD_SIZE,
        sections=sections,
        context={"tournament": tournament},
    )
