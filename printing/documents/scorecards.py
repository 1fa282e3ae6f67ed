"""Score cards (cartellini), one per table, pre-filled and with the round's VP table.

Each card names the round, the table, both pairs and their lines, has a row per smazzata
for the two lines' scores, the totals and VP, the signature boxes, and the VP table for
the round's number of smazzate (seed 000: "le apposite tabelle stampate sugli score").
A Briscola card has a row per partita of the match (and one for a 60-60 partita the pack
replays), the partite won and the standings points, and beside them the pack's points
per match and how a partita and the match are won (docs/rules.md §10).
Two cards fit on an A4 sheet, to be cut in half. A rest table gets no card. Below the
VP table, each pair's QR code leads to its public page (tournament.links); when the
players enter the results (issue 30), the table's code and its QR instead, which open
the table's sheet on a phone (printed only here: never on a list hung in the hall).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules.packs import RulePack, load_pack
from rules.to_points import MAX_HANDS as MAX_TARGET_HANDS
from rules.vp import vp_table
from seating.services.table_codes import live_code
from tournament.links import pair_url, public_base_url, qr_png
from tournament.models import Round, Tournament

from ..fetcher import resource_url
from .base import (
    Document,
    DocumentError,
    fingerprint,
    get_round,
    player_name,
    round_scope,
    title_block,
)
from .cardframe import (
    HEIGHT,
    SHEET_Y,
    VP_ROW_H,
    VP_W,
    VP_X,
    FrameLabels,
    card_frame_png,
)
from .tablelist import hall_offset, round_tables

#: Cards per section: each section is laid out on its own, so progress moves in steps.
CARDS_PER_SECTION = 50
#: A card weighs like this many standings rows when choosing inline or background.
CARD_SIZE = 12


def vp_rows(tournament: Tournament, hands: int) -> list[dict]:
    """The printed VP table of ``tournament``'s rule pack for ``hands`` smazzate.

    Briscola: the pack's standings points per match (:func:`briscola_rows`).
    """
    try:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
        if pack.game == Tournament.Game.BRISCOLA:
            return briscola_rows(pack, hands)
        table = vp_table(hands, pack)
    except ValueError as exc:  # rules errors are ValueErrors naming the bad value
        raise DocumentError(
            _("No VP table for a round of %(hands)s hands: %(error)s")
            % {"hands": hands, "error": exc}
        ) from exc
    return [
        {
            "min": row.min_diff,
            "max": row.max_diff,
            "winner": row.winner_vp,
            "loser": row.loser_vp,
        }
        for row in table.rows()
    ]


def briscola_rows(pack: RulePack, best_of: int) -> list[dict]:
    """The standings points of a Briscola match won, drawn, lost (the pack's table),
    then how a partita and the match are won (short lines: they fit the table)."""
    section = pack.require_briscola()
    points = section.match_points
    rows = [{"text": _("Match won"), "winner": str(points.win), "loser": ""}]
    if section.tie_60 == "draw":
        rows.append({"text": _("Match drawn"), "winner": str(points.draw), "loser": ""})
    rows.append({"text": _("Match lost"), "winner": str(points.loss), "loser": ""})
    notes = [
        _("Partita won: 61 points"),
        _("60-60: partita replayed")
        if section.tie_60 == "replay"
        else _("60-60: partita drawn"),
        _("Match: best of %(of)s") % {"of": best_of},
    ]
    rows.extend({"text": note, "winner": "", "loser": ""} for note in notes)
    return rows


def _line(tournament: Tournament, pair, images: dict[str, bytes]) -> dict:
    png = qr_png(pair_url(tournament.slug, pair.number))
    name = f"qr-{hashlib.sha256(png).hexdigest()[:20]}.png"
    images[name] = png
    return {
        "number": pair.number,
        "player1": player_name(pair.player1),
        "player2": player_name(pair.player2),
        # A resource of the document (the name is a hex digest: nothing to escape).
        "qr": mark_safe(f'<img src="{resource_url(name)}" alt="">'),
    }


def _entry(table, images: dict[str, bytes]) -> dict | None:
    """The table's players' code and its QR (issue 30), when the players enter."""
    code = live_code(table)
    if code is None:
        return None
    url = public_base_url() + reverse("table_entry:link", kwargs={"code": code.code})
    png = qr_png(url)
    name = f"qr-{hashlib.sha256(png).hexdigest()[:20]}.png"
    images[name] = png
    return {
        "code": code.display,
        # A resource of the document (the name is a hex digest: nothing to escape).
        "qr": mark_safe(f'<img src="{resource_url(name)}" alt="">'),
    }


def cards_for_rounds(
    tournament: Tournament, rounds: list[Round], images: dict[str, bytes] | None = None
) -> list[dict]:
    """The cards of these rounds; ``images`` receives their QR codes (PNG by name)."""
    images = {} if images is None else images
    cards = []
    for rnd in rounds:
        before = hall_offset(tournament, rnd)
        matches = _team_matches(rnd)  # none in a pair event
        players = (
            tournament.entry_by != Tournament.EntryBy.REFEREES
            and rnd.status == Round.Status.PUBLISHED
        )
        for table in round_tables(rnd):
            if table.pair_ew_id is None:
                continue
            cards.append(
                {
                    "girone": rnd.girone.label,
                    "round": rnd.number,
                    "table": before + table.number,
                    "girone_table": table.number,
                    "hands": rnd.hands,
                    "ns": _line(tournament, table.pair_ns, images),
                    "ew": _line(tournament, table.pair_ew, images),
                    "match": matches.get(table.pk, ""),
                    "entry": _entry(table, images) if players else None,
                }
            )
    return cards


def _team_matches(rnd: Round) -> dict[int, str]:
    """Table id -> its team match in words (team tournaments, docs/rules.md §11)."""
    from seating.models import TeamMatch

    out = {}
    for m in TeamMatch.objects.filter(round=rnd, team_b__isnull=False).select_related(
        "team_a", "team_b"
    ):
        text = _("Match %(n)s: %(a)s – %(b)s") % {
            "n": m.number,
            "a": m.team_a.name,
            "b": m.team_b.name,
        }
        out[m.table_1_id] = out[m.table_2_id] = text
    return out


def build_scorecards(tournament: Tournament, *, round_id: object) -> Document:
    rnd = get_round(tournament, round_id)
    images: dict[str, bytes] = {}
    cards = cards_for_rounds(tournament, [rnd], images)
    vp = vp_rows(tournament, rnd.hands)
    sections = [
        {"cards": cards[i : i + CARDS_PER_SECTION]}
        for i in range(0, len(cards), CARDS_PER_SECTION)
    ] or [{"cards": []}]
    rows = rnd.hands
    if tournament.game == Tournament.Game.BRISCOLA:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
        labels = briscola_frame_labels(pack)
    else:
        labels = frame_labels(rnd.hands, rnd.target_points)
        if rnd.target_points:  # a turn to points: a row per smazzata it may take
            rows = MAX_TARGET_HANDS
    frame = card_frame_png(rows, vp, labels)
    return Document(
        kind="scorecards",
        scope=f"round:{rnd.pk}",
        template="printing/pdf/scorecards.html",
        title=title_block(
            tournament,
            _("Score cards"),
            scope=round_scope(rnd),
            final=True,
        ),
        filename=f"cartellini-{rnd.girone.label}-turno-{rnd.number}.pdf",
        version=fingerprint(
            [
                (
                    c["table"],
                    _key(c["ns"]),
                    _key(c["ew"]),
                    c["match"],
                    c["entry"]["code"] if c["entry"] else "",
                )
                for c in cards
            ],
            [rnd.hands, getattr(settings, "PUBLIC_BASE_URL", "")]
            + ([rnd.target_points] if rnd.target_points else []),
            vp,
        ),
        size=len(cards) * CARD_SIZE,
        sections=sections,
        context={"tournament": tournament, "vp_rows": vp},
        extra_css=frame_css(frame) + qr_css(len(vp)),
        resources={frame_name(frame): frame, **images},
    )


def _key(line: dict) -> tuple:
    return (line["number"], line["player1"], line["player2"])


def qr_css(vp_rows_count: int) -> str:
    """Place the two QR codes under the VP table and the referee's box (cardframe)."""
    top = SHEET_Y + 10 + vp_rows_count * VP_ROW_H + 3 + 14 + 3
    size = max(12.0, min(24.0, HEIGHT - top - 5))
    return (
        f" .c-qr {{ top: {top:.1f}mm; width: {VP_W / 2:.1f}mm; }}"
        f" .c-qr img {{ width: {size:.1f}mm; height: {size:.1f}mm; }}"
        f" .c-qr-ns {{ left: {VP_X:.1f}mm; }}"
        f" .c-qr-ew {{ left: {VP_X + VP_W / 2:.1f}mm; }}"
        f" .c-entry {{ left: {VP_X:.1f}mm; width: {VP_W:.1f}mm; }}"
    )


def frame_labels(hands: int, target: int | None = None) -> FrameLabels:
    """The printed words of a Burraco card; a turn to ``target`` points (docs/rules.md
    §4.4) names it over the VP table as seed 004 heads it ("4 SMAZZATE o 2005 pt"):
    short enough for the table's width."""
    if target:
        title = _("VP: %(hands)s hands or %(points)s points") % {
            "points": target,
            "hands": hands,
        }
    else:
        title = _("VP table, %(hands)s hands") % {"hands": hands}
    return FrameLabels(
        line=_("Line"),
        hand=_("Hand %(n)s"),
        total_mp=_("Total MP"),
        vp=_("VP"),
        signature=_("Signature"),
        vp_title=title,
        mp_difference=_("MP difference"),
        winner=_("Winner"),
        loser=_("Loser"),
        over=_("over"),
        referee=_("Referee"),
    )


def briscola_frame_labels(pack: RulePack) -> FrameLabels:
    """The printed words of a Briscola card: partite, partite won, standings points."""
    section = pack.require_briscola()
    return FrameLabels(
        line=_("Line"),
        hand=_("Partita %(n)s"),
        total_mp=_("Partite won"),
        vp=_("Points"),
        signature=_("Signature"),
        vp_title=_("Standings points per match"),
        mp_difference=_("Result"),
        winner=_("Points"),
        loser="",
        over="",
        referee=_("Referee"),
        replay=_("Replayed (60-60)") if section.tie_60 == "replay" else "",
    )


def frame_name(png: bytes) -> str:
    """The frame's resource name (by content: the render cache embeds it once)."""
    return f"card-frame-{hashlib.sha256(png).hexdigest()[:16]}.png"


def frame_css(png: bytes) -> str:
    """The card frame as the cards' background (one image, drawn on every card)."""
    url = resource_url(frame_name(png))
    return f" .card {{ background-image: url({url}); }}"
