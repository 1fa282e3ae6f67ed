"""The fixed part of a score card, drawn once as an image and printed behind every card.

Laying out the same grid, labels and VP table 500 times is what makes score cards slow
in WeasyPrint (text is the cost, in layout and in drawing). Drawn once with Pillow as a
300 dpi greyscale PNG, it is embedded once per section and drawn on every card as the
same image; only the fields that change (round, table, pairs, players) are laid out per
card, as text. Coordinates are millimetres; the card is :data:`WIDTH` x :data:`HEIGHT`.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

WIDTH = 186
HEIGHT = 124
DPI = 300
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
#: The sheet (left) and the VP table (right), in mm from the card's top-left corner.
SHEET_X, SHEET_Y, SHEET_W = 0, 12, 118
LABEL_W, HEADER_H, PLAYERS_H, SIGN_H = 26, 7, 10, 16
VP_X, VP_W = 124, 61.5
VP_ROW_H = 4.6


@dataclass(frozen=True)
class FrameLabels:
    """The printed words (translated by the caller)."""

    line: str
    hand: str  # "Hand %(n)s"
    total_mp: str
    vp: str
    signature: str
    vp_title: str
    mp_difference: str
    winner: str
    loser: str
    over: str
    referee: str
    #: The label of a last row for a replayed partita (Briscola, 60-60 replayed), or "".
    replay: str = ""


def sheet_rows(hands: int, replay: bool = False) -> list[tuple[str, float]]:
    """(kind, height) of each row of the sheet below the header."""
    row_h = 10 if hands + replay <= 4 else 7
    return (
        [("players", PLAYERS_H)]
        + [("hand", row_h)] * hands
        + [("replay", row_h)] * replay
        + [("total", row_h), ("vp", row_h), ("sign", SIGN_H)]
    )


class _Canvas:
    """Pillow drawing in millimetres."""

    def __init__(self) -> None:
        self.scale = DPI / 25.4
        size = (round(WIDTH * self.scale), round(HEIGHT * self.scale))
        self.image = Image.new("L", size, 255)
        self.draw = ImageDraw.Draw(self.image)

    def px(self, mm: float) -> int:
        return round(mm * self.scale)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 2.9,
        anchor: str = "start",
        weight: str = "normal",
        fill: int = 0,
    ) -> None:
        """Text whose baseline is at ``y``; ``size`` is the font size in mm."""
        pil_anchor = {"start": "ls", "end": "rs"}[anchor]
        font = _font(weight == "bold", self.px(size))
        self.draw.text(
            (self.px(x), self.px(y)), text, font=font, fill=fill, anchor=pil_anchor
        )

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: int | None = None,
        stroke: float = 0.2,
    ) -> None:
        self.draw.rectangle(
            (self.px(x), self.px(y), self.px(x + w), self.px(y + h)),
            fill=fill,
            outline=0,
            width=max(1, self.px(stroke)),
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        grey: int = 150,
        stroke: float = 0.1,
    ) -> None:
        self.draw.line(
            (self.px(x1), self.px(y1), self.px(x2), self.px(y2)),
            fill=grey,
            width=max(1, self.px(stroke)),
        )

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=True)
        return out.getvalue()


@functools.cache
def _font(bold: bool, size_px: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(FONT_DIR + name, size_px)


GREY_HEAD, GREY_TOTAL = 232, 242


def card_frame_png(hands: int, vp_rows: list[dict], labels: FrameLabels) -> bytes:
    """The PNG of the fixed part of a card for a round of ``hands`` smazzate.

    ``vp_rows``: the VP table's rows (``min``, ``max``, ``winner``, ``loser``) or, for
    Briscola, rows with a ``text`` instead of the MP bounds (``winner`` then the
    standings points; ``winner`` and ``loser`` may be empty).
    """
    c = _Canvas()
    _draw_sheet(c, hands, labels)
    y = _draw_vp_table(c, vp_rows, labels)
    # The referee's box.
    y += 3
    c.rect(VP_X, y, VP_W, 14)
    c.text(VP_X + 1, y + 3, labels.referee, size=2.4, fill=85)
    return c.png()


def _draw_sheet(c: _Canvas, hands: int, labels: FrameLabels) -> None:
    """The score sheet: its header, then a row per smazzata, total, VP, signature."""
    col_w = (SHEET_W - LABEL_W) / 2
    # Header row of the sheet (the pair numbers are printed over it, per card).
    y = SHEET_Y
    c.rect(SHEET_X, y, LABEL_W, HEADER_H, fill=GREY_HEAD)
    c.text(SHEET_X + 1.5, y + 4.8, labels.line, weight="bold")
    for i in range(2):
        c.rect(SHEET_X + LABEL_W + i * col_w, y, col_w, HEADER_H, fill=GREY_HEAD)
    y += HEADER_H
    n = 0
    for kind, height in sheet_rows(hands, bool(labels.replay)):
        shaded = kind in ("total", "vp")
        fill = GREY_TOTAL if shaded else None
        c.rect(SHEET_X, y, LABEL_W, height, fill=fill)
        for i in range(2):
            c.rect(SHEET_X + LABEL_W + i * col_w, y, col_w, height, fill=fill)
        label = {
            "total": labels.total_mp,
            "vp": labels.vp,
            "sign": labels.signature,
            "replay": labels.replay,
        }.get(kind, "")
        if kind == "hand":
            n += 1
            label = labels.hand % {"n": n}
        if label:
            c.text(SHEET_X + 1.5, y + 5.5, label, weight="bold" if shaded else "normal")
        y += height


def _draw_vp_table(c: _Canvas, vp_rows: list[dict], labels: FrameLabels) -> float:
    """The VP table beside the sheet; where it ends (mm from the top)."""
    y = SHEET_Y
    c.rect(VP_X, y, VP_W, 5, fill=GREY_HEAD)
    c.text(VP_X + 1, y + 3.6, labels.vp_title, size=2.6, weight="bold")
    y += 5
    c.rect(VP_X, y, VP_W, 5, fill=GREY_HEAD)
    c.text(VP_X + 1, y + 3.5, labels.mp_difference, size=2.4, weight="bold")
    c.text(VP_X + 45, y + 3.5, labels.winner, size=2.4, anchor="end", weight="bold")
    c.text(
        VP_X + VP_W - 1, y + 3.5, labels.loser, size=2.4, anchor="end", weight="bold"
    )
    y += 5
    for row in vp_rows:
        if "text" in row:
            diff = row["text"]
        elif row["max"] is None:
            diff = f"{labels.over} {row['min'] - 5}"
        else:
            diff = f"{row['min']}–{row['max']}"
        c.text(VP_X + 1, y + 3.3, diff, size=2.7)
        c.text(VP_X + 45, y + 3.3, str(row["winner"]), size=2.7, anchor="end")
        c.text(VP_X + VP_W - 1, y + 3.3, str(row["loser"]), size=2.7, anchor="end")
        y += VP_ROW_H
        c.line(VP_X, y, VP_X + VP_W, y)
    return y
