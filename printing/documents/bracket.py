"""The bracket (tabellone), A4 landscape: one column per round, each match a box.

Read through ``knockout.services.read.bracket_view`` (what the bracket pages show). Boxes
are placed by position (absolute, in mm) so that each match sits level with the two
it comes from. A bracket of more than :data:`FIRST_ROUND_PER_PAGE` first-round matches
is printed in parts: each part a sub-bracket of that many first-round matches followed
up to its own winner, then one page with the rounds that remain.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from knockout.models import Bracket
from knockout.services.read import MatchView, bracket_view
from tournament.models import Tournament

from .base import Document, DocumentError, fingerprint, title_block

FIRST_ROUND_PER_PAGE = 16
#: Drawing area of a page (mm) below the title, and the space between columns.
AREA_W, AREA_H, GAP = 273.0, 128.0, 6.0


def get_bracket(tournament: Tournament, bracket_id: object) -> Bracket:
    brackets = Bracket.objects.filter(tournament=tournament)
    if bracket_id is None:
        found = list(brackets[:2])
        if len(found) == 1:
            return found[0]
        if not found:
            raise DocumentError(
                _("Tournament “%(tournament)s” has no bracket yet.")
                % {"tournament": tournament.name}
            )
        raise DocumentError(_("Choose a bracket for this document."))
    try:
        pk = int(str(bracket_id))
    except ValueError:
        raise DocumentError(
            _("“%(value)s” is not a bracket number.") % {"value": bracket_id}
        ) from None
    bracket = brackets.filter(pk=pk).first()
    if bracket is None:
        raise DocumentError(
            _("Bracket %(id)s does not exist in tournament “%(tournament)s”.")
            % {"id": pk, "tournament": tournament.name},
            status=404,
        )
    return bracket


def _side(side) -> dict:
    pair = side.pair
    return {
        "tag": side.tag,
        "number": pair.number if pair else None,
        "names": pair.names if pair else "",
        "score": side.score,
        "won": side.won,
        "lost": side.lost,
    }


def _box(view: MatchView, x: float, y: float, w: float, h: float) -> dict:
    return {
        "label": view.label,
        "a": _side(view.a),
        "b": _side(view.b),
        "bye": view.match.status == "bye",
        "games": view.games_text,
        "decided": view.decided_text,
        "x": round(x, 2),
        "y": round(y, 2),
        "w": round(w, 2),
        "h": round(h, 2),
    }


def _layout(columns: list[tuple[str, list[MatchView]]]) -> dict:
    """Place the matches of consecutive rounds (each half the previous) on one page."""
    n = len(columns)
    col_w = (AREA_W - GAP * (n - 1)) / n
    first = max(1, len(columns[0][1]))
    slot = AREA_H / first
    compact = slot < 12
    box_h = 6.2 if compact else 9.8  # two sides of 3 mm or 4.8 mm (print.css)
    boxes, heads = [], []
    for c, (title, matches) in enumerate(columns):
        x = c * (col_w + GAP)
        heads.append({"title": title, "x": round(x, 2), "w": round(col_w, 2)})
        per = AREA_H / max(1, len(matches))
        for i, view in enumerate(matches):
            centre = (i + 0.5) * per
            boxes.append(
                {**_box(view, x, centre - box_h / 2, col_w, box_h), "round": title}
            )
    return {"heads": heads, "boxes": boxes, "compact": compact}


def _mark_decisions(section: dict) -> None:
    """Number the matches not decided by their partite or MP, for the notes below.

    A level match decided by the last smazzata's last move, a spareggio, the last trick
    or an absent pair gets a mark beside the winner and a line under the bracket.
    """
    notes = []
    boxes = [*section["boxes"], *([section["third"]] if "third" in section else [])]
    for box in boxes:
        if not box["decided"]:
            continue
        box["mark"] = len(notes) + 1
        where = f"{box['round']} · {box['label']}" if box["round"] else box["label"]
        notes.append({"mark": box["mark"], "where": where, "text": box["decided"]})
    section["notes"] = notes


def _sections(rounds: list[tuple[str, list[MatchView]]]) -> list[dict]:
    """The pages: the whole bracket on one, or parts of :data:`FIRST_ROUND_PER_PAGE`
    first-round matches followed to their own winner, then the rounds that remain."""
    first = len(rounds[0][1])
    if first <= FIRST_ROUND_PER_PAGE:
        return [{"part": "", **_layout(rounds)}]
    sections = []
    parts = (first + FIRST_ROUND_PER_PAGE - 1) // FIRST_ROUND_PER_PAGE
    inner = [r for r in rounds if len(r[1]) >= parts]
    for p in range(parts):
        cols = []
        for title, matches in inner:
            per = len(matches) // parts
            cols.append((title, matches[p * per : (p + 1) * per]))
        sections.append(
            {
                "part": _("Part %(n)s of %(total)s") % {"n": p + 1, "total": parts},
                **_layout(cols),
            }
        )
    rest = [r for r in rounds if len(r[1]) < parts]
    if rest:
        sections.append({"part": _("Final rounds"), **_layout(rest)})
    return sections


def _place(sections: list[dict]) -> list[str]:
    """Give every box and column head an id; the CSS rules that place them."""
    css = []
    for n, section in enumerate(sections):
        for i, box in enumerate(section["boxes"]):
            box["id"] = f"s{n}m{i}"
            css.append(
                f"#{box['id']} {{ left: {box['x']}mm; top: {box['y']}mm;"
                f" width: {box['w']}mm; height: {box['h']}mm; }}"
            )
        for i, head in enumerate(section["heads"]):
            head["id"] = f"s{n}h{i}"
            css.append(
                f"#{head['id']} {{ left: {head['x']}mm; width: {head['w']}mm; }}"
            )
    return css


def build_bracket(tournament: Tournament, *, bracket_id: object = None) -> Document:
    bracket = get_bracket(tournament, bracket_id)
    view = bracket_view(bracket)
    rounds = [(r.title, r.matches) for r in view.rounds if r.matches]
    if not rounds:
        raise DocumentError(
            _("Bracket “%(name)s” is not drawn yet: nothing to print.")
            % {"name": bracket.name or str(bracket)}
        )
    sections = _sections(rounds)
    css = _place(sections)
    third = view.third_place
    if third is not None:
        sections[-1]["third"] = {**_box(third, 0, 0, 80, 20), "round": ""}
    for section in sections:
        _mark_decisions(section)
    champion = view.champion
    name = bracket.name or _("Bracket")
    return Document(
        kind="bracket",
        scope=f"bracket:{bracket.pk}",
        template="printing/pdf/bracket.html",
        title=title_block(
            tournament,
            name,
            final=bracket.status == Bracket.Status.FINISHED,
        ),
        filename=f"tabellone-{bracket.pk}.pdf",
        version=fingerprint(
            [bracket.version, bracket.status],
            [
                (
                    b["label"],
                    b["a"]["number"],
                    b["b"]["number"],
                    b["a"]["score"],
                    b["decided"],
                )
                for s in sections
                for b in s["boxes"]
            ],
        ),
        size=sum(len(s["boxes"]) for s in sections),
        sections=sections,
        context={"champion": champion.names if champion else ""},
        landscape=True,
        extra_css=" ".join(css),
    )
