"""The chief referee's part of a replay: results, rests, closing, corrections.

Each result goes through ``submit_sheet`` as the table page sends it (single entry: the
chief referee's sheet counts at once), with the same checks of impossible and unlikely
values (``scoring.services.bounds``): a result's ``"confirm": true`` is the table's
confirmation of an unlikely value. A correction is the same call with a reason, after
the round's close. Before closing a round, a resting pair nobody entered a
result for gets the pack's rest award, as the entry page's rest button gives it.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext as _

from scoring.models import ResultVersion, TableResult
from scoring.services import Hand, Sheet, load_table, submit_sheet
from scoring.services.rounds import close_round
from seating.models import Table
from tournament.models import Round

from .errors import ReplayError, refusals
from .format import at


def _sheet(result: dict[str, Any]) -> Sheet:
    return Sheet(
        hands=tuple(Hand(ns, ew) for ns, ew in result["hands"]),
        kind=result["kind"],
        line=result["line"],
        reason=result["reason"],
        set_mp=(result["set_mp"][0], result["set_mp"][1]),
        set_vp=(result["set_vp"][0], result["set_vp"][1]),
    )


class Referee:
    """Enters a replay's results as ``user`` (who directs the tournament, and so
    holds the chief referee's rights)."""

    def __init__(self, user: Any) -> None:
        self.user = user

    def table_of(self, path: str, result: dict[str, Any], round_: Round) -> Table:
        seated = Table.objects.filter(round=round_).select_related("pair_ns", "pair_ew")
        if result["table"] is not None:
            found = seated.filter(number=result["table"]).first()
            if found is None:
                raise ReplayError(
                    at(path, "table"),
                    _("round %(round)s of girone %(girone)s has no table %(table)s")
                    % {
                        "round": round_.number,
                        "girone": round_.girone.label,
                        "table": result["table"],
                    },
                )
            return found
        numbers = list(result["pairs"])
        for table in seated:
            here = [table.pair_ns.number]
            if table.pair_ew is not None:
                here.append(table.pair_ew.number)
            if here == numbers:
                return table
        raise ReplayError(
            at(path, "pairs"),
            _(
                "no table of round %(round)s of girone %(girone)s seats %(pairs)s (NS first)"
            )
            % {
                "round": round_.number,
                "girone": round_.girone.label,
                "pairs": " - ".join(map(str, numbers)),
            },
        )

    def enter(
        self,
        path: str,
        result: dict[str, Any],
        made: dict[str, Round],
        *,
        correction: bool = False,
    ) -> None:
        label = result["girone"]
        if label not in made:
            raise ReplayError(
                at(path, "girone"),
                _("girone %(girone)s has no tables in this round") % {"girone": label},
            )
        round_ = made[label]
        table = self.table_of(path, result, round_)
        where = _("round %(round)s, girone %(girone)s, table %(table)s") % {
            "round": round_.number,
            "girone": label,
            "table": table.number,
        }
        with refusals(path, where):
            self.submit(
                table, _sheet(result), correction=correction, confirm=result["confirm"]
            )

    def submit(
        self,
        table: Table,
        sheet: Sheet,
        *,
        correction: bool = False,
        confirm: bool = False,
    ) -> None:
        loaded = load_table(table.pk)
        lock = (
            TableResult.objects.filter(table=table)
            .values_list("lock_version", flat=True)
            .first()
        )
        submit_sheet(
            table=loaded,
            sheet=sheet,
            by=self.user,
            expected_lock_version=lock or 0,
            token=uuid.uuid4().hex,
            correction=correction,
            confirm=confirm,
            source=ResultVersion.Source.REPLAY,
        )

    def close(self, path: str, label: str, round_: Round) -> None:
        where = _("round %(round)s, girone %(girone)s") % {
            "round": round_.number,
            "girone": label,
        }
        confirmed = set(
            TableResult.objects.filter(
                round=round_, status=TableResult.Status.CONFIRMED
            ).values_list("table_id", flat=True)
        )
        with refusals(at(path, label), where):
            for table in Table.objects.filter(round=round_, pair_ew__isnull=True):
                if table.pk not in confirmed:
                    self.submit(table, Sheet(kind="rest", reason=_("Rest")))
            close_round(round_id=round_.pk, by=self.user)
