"""After an archive's import: the derived data rebuilt from the imported results.

An archive holds the source of a tournament (its structure, people, roles and every
version of every result) and what was derived from it on the site that wrote it: the
pairs' and teams' scores per round, the stored standings, the bookkeeping of the
ranking and of the published pages (:data:`core.archive.DERIVED`). The import never
trusts the derived part: it reads none of it (:mod:`core.archive_envelope` drops those
sections) and rebuilds it here, in the import's transaction, through the same
functions result entry uses:

1. every table result that counts must count one of its own versions, a confirmed
   one (what the scoring services always write); otherwise the archive is refused in
   one line naming the row;
2. each such table's :class:`~scoring.models.PairScore` rows from that version
   (:func:`scoring.services.versions.pair_lines`), in one ``bulk_create``; a team
   match's :class:`~scoring.models.TeamScore` rows from its tables'
   (:func:`scoring.services.teams.write_team_scores`);
3. the stored standings of every girone and stage
   (:func:`standings.services.store.refresh_tournament`).

So a forged ``scoring.pairscore`` row (VP 45 where its result says 18) or a forged
``standings.row`` changes nothing: the imported tournament shows what its results say.
"""

from __future__ import annotations

from typing import Any

from scoring.models import PairScore, ResultVersion, TableResult
from scoring.services.teams import write_team_scores
from scoring.services.versions import pair_lines
from seating.models import Table, TeamMatch
from standings.services.store import refresh_tournament
from tournament.models import Tournament

from .archive import ArchiveError
from .archive_envelope import where
from .archive_rows import BATCH


def _check_counted(results: list[TableResult], archive_ids: dict[int, int]) -> None:
    """Each result that counts a version counts a confirmed one of its own."""
    for result in results:
        version = result.current
        assert version is not None
        if (
            version.result_id != result.pk
            or version.status != ResultVersion.Status.CONFIRMED
        ):
            raise ArchiveError(
                f"{where('scoring.tableresult', archive_ids[result.pk], 'current')}: "
                "not a confirmed version of this table's own result"
            )


def rebuild(tournament: Tournament, result_ids: dict[int, int]) -> None:
    """Scores and standings of the imported ``tournament``, from its results.

    ``result_ids``: the new key of each imported table result -> its archive id (for
    a refusal's line).
    """
    results = list(
        TableResult.objects.filter(
            table__round__girone__stage__tournament=tournament,
            current__isnull=False,
        ).select_related("current", "table__round")
    )
    _check_counted(results, result_ids)
    scores: list[PairScore] = []
    for result in results:
        table: Table = result.table
        common: dict[str, Any] = {
            "round_id": table.round_id,
            "girone_id": table.round.girone_id,
            "round_number": table.round.number,
            "table": table,
            "version": result.current,
        }
        scores += [
            PairScore(**line, **common) for line in pair_lines(table, result.current)
        ]
    PairScore.objects.bulk_create(scores, batch_size=BATCH)
    # A team match's scores (a pair event has no team match).
    for match in TeamMatch.objects.filter(
        round__girone__stage__tournament=tournament
    ).select_related("table_1"):
        write_team_scores(match.table_1)
    refresh_tournament(tournament)
