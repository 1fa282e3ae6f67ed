"""The round's table list (elenco tavoli) for the wall: by table, then by pair name."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.models import Round, Table, Tournament

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


def build_table_list(tournament: Tournament, *, round_id: object) -> Document:
    rnd = get_round(tournament, round_id)
    rows, by_pair = [], []
    for table in round_tables(rnd):
        ns = _pair(table.pair_ns)
        ew = _pair(table.pair_ew) if table.pair_ew_id else None
        rows.append({"table": table.number, "ns": ns, "ew": ew})
        by_pair.append({**ns, "table": table.number, "line": _("NS")})
        if ew:
            by_pair.append({**ew, "table": table.number, "line": _("EO")})
    by_pair.sort(key=lambda p: p["sort_key"])
    title = title_block(
        tournament,
        _("Table list"),
        scope=round_scope(rnd),
        final=rnd.status != Round.Status.DRAFT,
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
