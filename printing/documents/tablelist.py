"""The round's table list (elenco tavoli) for the wall: by table, then by pair name.

With the tournament's hall numbering (seating.services.hall) the tables carry the
hall's numbers; :func:`build_hall_table_list` lists every girone's round of the same
number on one list, for gironi sharing a room.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from seating.models import Table
from seating.services.hall import hall_round, offsets
from tournament import visibility
from tournament.models import Round, Tournament

from .base import (
    Document,
    fingerprint,
    get_round,
    player_name,
    round_scope,
    title_block,
)


def _pair(pair) -> dict:
    return {
        "number": pair.number,
        "names": pair.names,
        "players": f"{player_name(pair.player1)} – {player_name(pair.player2)}",
        "sort_key": (pair.names.casefold(), pair.number),
    }


def round_tables(rnd: Round) -> list[Table]:
    return list(
        rnd.tables.select_related(
            "pair_ns__player1",
            "pair_ns__player2",
            "pair_ew__player1",
            "pair_ew__player2",
        ).order_by("number")
    )


def hall_offset(tournament: Tournament, rnd: Round) -> int:
    """Tables before ``rnd``'s girone in the hall (0 without hall numbering)."""
    if not tournament.hall_numbering:
        return 0
    return offsets(rnd.girone.stage_id, rnd.number).get(rnd.girone_id, 0)


def _rows(rounds: list[Round], before: dict[int, int]) -> tuple[list, list]:
    rows, by_pair = [], []
    for rnd in rounds:
        for table in round_tables(rnd):
            number = before.get(rnd.girone_id, 0) + table.number
            ns = _pair(table.pair_ns)
            ew = _pair(table.pair_ew) if table.pair_ew_id else None
            girone = rnd.girone.label
            rows.append({"table": number, "ns": ns, "ew": ew, "girone": girone})
            by_pair.append({**ns, "table": number, "line": _("NS"), "girone": girone})
            if ew:
                by_pair.append(
                    {**ew, "table": number, "line": _("EO"), "girone": girone}
                )
    rows.sort(key=lambda r: r["table"])
    by_pair.sort(key=lambda p: p["sort_key"])
    return rows, by_pair


def build_table_list(tournament: Tournament, *, round_id: object) -> Document:
    rnd = get_round(tournament, round_id)
    rows, by_pair = _rows([rnd], {rnd.girone_id: hall_offset(tournament, rnd)})
    title = title_block(
        tournament,
        _("Table list"),
        scope=round_scope(rnd),
        final=visibility.round_final(rnd),
    )
    return Document(
        kind="tables",
        scope=f"round:{rnd.pk}",
        template="printing/pdf/table_list.html",
        title=title,
        filename=f"tavoli-{rnd.girone.label}-turno-{rnd.number}.pdf",
        version=fingerprint(
            [
                (r["table"], r["ns"]["players"], r["ew"] and r["ew"]["players"])
                for r in rows
            ],
            [rnd.number, rnd.status],
        ),
        size=len(rows) + len(by_pair),
        sections=[{"rows": rows}, {"by_pair": by_pair}],
        context={"round": rnd},
    )


def build_hall_table_list(tournament: Tournament, *, round_id: object) -> Document:
    """Every girone's round of the same number, on one list by hall table number."""
    rnd = get_round(tournament, round_id)
    rounds = hall_round(rnd)
    before = offsets(rnd.girone.stage_id, rnd.number)
    rows, by_pair = _rows(rounds, before)
    scope_text = _("Round %(number)s, every girone") % {"number": rnd.number}
    return Document(
        kind="halltables",
        scope=f"round:{rnd.pk}",
        template="printing/pdf/table_list.html",
        title=title_block(tournament, _("Table list of the hall"), scope=scope_text),
        filename=f"tavoli-sala-turno-{rnd.number}.pdf",
        version=fingerprint(
            [
                (
                    r["girone"],
                    r["table"],
                    r["ns"]["players"],
                    r["ew"] and r["ew"]["players"],
                )
                for r in rows
            ],
            [(r.pk, r.status) for r in rounds],
        ),
        size=len(rows) + len(by_pair),
        sections=[{"rows": rows, "hall": True}, {"by_pair": by_pair, "hall": True}],
        context={"round": rnd},
    )
