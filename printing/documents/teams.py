"""Team tournaments' documents (docs/rules.md §11): the team match sheet and the
line-up sheet of a round.

* **Team match sheet** (referto dell'incontro), one per match: the two teams, the two
  tables with the pairs on each line, boxes for each line's total MP, the team MP
  difference and VP, the captains' signatures, and the team VP table of the round's
  smazzate (in "sum_of_vp" mode, the pair table: each table converted, the VP added).
  Two sheets fit on an A4 page. Each table also gets its ordinary score card
  (:mod:`.scorecards`), which names the teams.
* **Line-up sheet** (formazioni), one box per team and match: the roster with a box to
  tick each player who plays, the two tables it plays at and on which line, the line-up
  the round now holds, and the captain's signature.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from participants.models import TeamMember
from rules.packs import load_pack
from rules.team import match_total, team_vp_table
from rules.vp import vp_table
from seating.models import TeamMatch
from tournament.models import Tournament

from ..competitor import of as competitor_of
from .base import (
    Document,
    DocumentError,
    fingerprint,
    get_round,
    player_name,
    round_scope,
    title_block,
)

#: Sheets per section (a section is laid out on its own).
SHEETS_PER_SECTION = 40


def _teams_only(tournament: Tournament, kind: str) -> None:
    """A pair event has no team sheets (:mod:`printing.competitor`)."""
    if kind not in competitor_of(tournament).round_documents:
        raise DocumentError(_("This tournament is played in pairs: it has no teams."))


def _matches(rnd) -> list[TeamMatch]:
    related = [
        f"{table}__{side}__{player}"
        for table in ("table_1", "table_2")
        for side in ("pair_ns", "pair_ew")
        for player in ("player1", "player2")
    ]
    return list(
        TeamMatch.objects.filter(round=rnd)
        .select_related("team_a", "team_b", *related)
        .order_by("number")
    )


def _pair(pair) -> dict:
    return {
        "number": pair.number,
        "players": f"{player_name(pair.player1)} – {player_name(pair.player2)}",
    }


def team_vp_rows(tournament: Tournament, hands: int) -> tuple[list[dict], bool]:
    """The printed VP table of a team match, and whether it is the team table."""
    pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    by_vp = pack.require_team().mp_combination == "sum_of_vp"
    try:
        table = vp_table(hands, pack) if by_vp else team_vp_table(hands, pack)
    except ValueError as exc:
        raise DocumentError(
            _("No VP table for a round of %(hands)s hands: %(error)s")
            % {"hands": hands, "error": exc}
        ) from exc
    rows = [
        {
            "min": r.min_diff,
            "max": r.max_diff,
            "winner": r.winner_vp,
            "loser": r.loser_vp,
        }
        for r in table.rows()
    ]
    return rows, not by_vp


def build_team_match_sheets(tournament: Tournament, *, round_id: object) -> Document:
    _teams_only(tournament, "teammatches")
    rnd = get_round(tournament, round_id)
    pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    vp_rows, team_table = team_vp_rows(tournament, rnd.hands)
    sheets = []
    for m in _matches(rnd):
        if m.team_b is None:
            continue
        sheets.append(
            {
                "number": m.number,
                "team_a": str(m.team_a),
                "team_b": str(m.team_b),
                "tables": [
                    {
                        "number": t.number,
                        "ns": _pair(t.pair_ns),
                        "ew": _pair(t.pair_ew),
                        "ns_team": str(m.team_a if t == m.table_1 else m.team_b),
                        "ew_team": str(m.team_b if t == m.table_1 else m.team_a),
                    }
                    for t in m.tables
                ],
            }
        )
    sections = [
        {"sheets": sheets[i : i + SHEETS_PER_SECTION]}
        for i in range(0, len(sheets), SHEETS_PER_SECTION)
    ] or [{"sheets": []}]
    return Document(
        kind="teammatches",
        scope=f"round:{rnd.pk}",
        template="printing/pdf/team_matches.html",
        title=title_block(
            tournament, _("Team match sheets"), scope=round_scope(rnd), final=True
        ),
        filename=f"incontri-{rnd.girone.label}-turno-{rnd.number}.pdf",
        version=fingerprint(
            [(s["number"], s["team_a"], s["team_b"], s["tables"]) for s in sheets],
            [rnd.hands],
            vp_rows,
        ),
        size=len(sheets) * 12,
        sections=sections,
        context={
            "tournament": tournament,
            "round": rnd,
            "vp_rows": vp_rows,
            "team_table": team_table,
            "total": match_total(pack),
        },
    )


def build_lineup_sheets(tournament: Tournament, *, round_id: object) -> Document:
    _teams_only(tournament, "lineups")
    rnd = get_round(tournament, round_id)
    matches = _matches(rnd)
    team_ids = {m.team_a_id for m in matches} | {
        m.team_b_id for m in matches if m.team_b_id
    }
    rosters = _rosters(team_ids)
    # One row per match: its two teams' boxes side by side (a rest, one box).
    rows = []
    for m in matches:
        sides = [("a", m.team_a, m.team_b)]
        if m.team_b is not None:
            sides.append(("b", m.team_b, m.team_a))
        rows.append(
            [
                {
                    "match": m.number,
                    "team": str(team),
                    "opponent": str(opponent) if opponent else "",
                    "roster": rosters.get(team.pk, []),
                    "seats": _seats(m, side),
                }
                for side, team, opponent in sides
            ]
        )
    boxes = [box for row in rows for box in row]
    per_section = SHEETS_PER_SECTION // 2
    sections = [
        {"rows": rows[i : i + per_section]} for i in range(0, len(rows), per_section)
    ] or [{"rows": []}]
    return Document(
        kind="lineups",
        scope=f"round:{rnd.pk}",
        template="printing/pdf/lineups.html",
        title=title_block(
            tournament, _("Line-up sheets"), scope=round_scope(rnd), final=True
        ),
        filename=f"formazioni-{rnd.girone.label}-turno-{rnd.number}.pdf",
        version=fingerprint(
            [(b["match"], b["team"], b["roster"], b["seats"]) for b in boxes]
        ),
        size=len(boxes) * 6,
        sections=sections,
        context={"tournament": tournament, "round": rnd},
    )


def _rosters(team_ids: set[int]) -> dict[int, list]:
    """Each team's players in roster order, its captain marked."""
    rosters: dict[int, list] = {}
    for member in (
        TeamMember.objects.filter(team_id__in=team_ids)
        .select_related("player", "team")
        .order_by("team_id", "order")
    ):
        rosters.setdefault(member.team_id, []).append(
            {
                "name": player_name(member.player),
                "captain": member.player_id == member.team.captain_id,
            }
        )
    return rosters


def _seats(m, side: str) -> list[dict]:
    """Where side ``side`` of match ``m`` sits: team A NS at table 1 and EO at table
    2, team B the other way round; with the pair seated there now."""
    seats = []
    for t in m.tables:
        mine_ns = (t == m.table_1) == (side == "a")
        pair = t.pair_ns if mine_ns else t.pair_ew
        if pair is None:
            continue
        seats.append(
            {
                "table": t.number,
                "line": _("NS") if mine_ns else _("EO"),
                "current": _pair(pair),
            }
        )
    return seats
