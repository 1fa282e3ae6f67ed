"""The federation report: per pair its final placement, players, clubs, VP, MP and rounds.

After the event the organiser sends the federation, per pair: the final placement, both
players with their membership numbers (tessere) and their clubs with the clubs'
federation codes, the total VP and MP, and the result of every round. The placement is
the confirmed standings' (kind ``confirmed``) of the first groups stage: its overall
ranking when it has several gironi, else its girone's, as the season rankings and the
prize list read them. Knockout matches are not rounds of the report.

Before the export, :func:`~.federation_check.check` lists what the federation would
reject (its module says how); the report carries that list.

Values are plain (numbers, text); :mod:`standings.services.sheets` writes them safely.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.models import Pair, Player, Tournament

from ..models import Row, Snapshot
from .federation_check import Problem, check, club_of, pairs_of


@dataclass(frozen=True)
class PlayerCells:
    last_name: str
    first_name: str
    tessera: str
    club: str
    club_code: str


@dataclass(frozen=True)
class RoundCell:
    opponent: int | None  # None: rest (riposo)
    mp_for: int
    mp_against: int
    vp: int
    played: bool


@dataclass(frozen=True)
class ReportRow:
    placement: int | None
    pair: int
    girone: str
    players: tuple[PlayerCells, PlayerCells]
    vp: int | None
    mp_for: int | None
    mp_against: int | None
    rounds: dict[int, RoundCell]


@dataclass(frozen=True)
class Report:
    tournament: Tournament
    rows: list[ReportRow]
    round_numbers: list[int]
    problems: list[Problem] = field(default_factory=list)

    @property
    def final(self) -> bool:
        return self.tournament.status == Tournament.Status.FINISHED


def final_rows(tournament: Tournament) -> dict[int, Row]:
    """Pair id -> its row in the confirmed standings of the first groups stage."""
    from ..refresh import ensure_fresh_tournament

    ensure_fresh_tournament(tournament)
    snaps = list(
        Snapshot.objects.filter(
            tournament=tournament, kind=Snapshot.Kind.CONFIRMED, line=""
        ).select_related("stage")
    )
    if not snaps:
        return {}
    first = min(s.stage.order for s in snaps)
    snaps = [s for s in snaps if s.stage.order == first]
    overall = [s for s in snaps if s.girone_id is None]
    chosen = overall or snaps
    return {r.pair_id: r for r in Row.objects.filter(snapshot__in=chosen)}


def _player_cells(player: Player, pair: Pair) -> PlayerCells:
    club = club_of(player, pair)
    return PlayerCells(
        last_name=player.last_name,
        first_name=player.first_name,
        tessera=player.membership_number.strip(),
        club=club.name if club else "",
        club_code=club.federation_code.strip() if club else "",
    )


def build_report(tournament: Tournament) -> Report:
    """Every pair of the tournament, by placement (pairs without one at the end)."""
    from scoring.models import PairScore

    pairs = pairs_of(tournament)
    standing = final_rows(tournament)
    scores: dict[int, dict[int, RoundCell]] = defaultdict(dict)
    numbers = dict(
        Pair.objects.filter(tournament=tournament).values_list("pk", "number")
    )
    for s in PairScore.objects.filter(
        pair__tournament=tournament, girone__stage__kind="groups"
    ).order_by("round_number"):
        scores[s.pair_id][s.round_number] = RoundCell(
            opponent=numbers.get(s.opponent_id) if s.opponent_id else None,
            mp_for=s.mp_for,
            mp_against=s.mp_against,
            vp=s.vp,
            played=s.played,
        )
    rows = []
    for pair in pairs:
        row = standing.get(pair.pk)
        rows.append(
            ReportRow(
                placement=row.position if row else None,
                pair=pair.number,
                girone=pair.girone.label if pair.girone is not None else "",
                players=(
                    _player_cells(pair.player1, pair),
                    _player_cells(pair.player2, pair),
                ),
                vp=row.vp if row else None,
                mp_for=row.mp_for if row else None,
                mp_against=row.mp_against if row else None,
                rounds=scores.get(pair.pk, {}),
            )
        )
    rows.sort(key=lambda r: (r.placement is None, r.placement or 0, r.pair))
    round_numbers = sorted({n for r in rows for n in r.rounds})
    return Report(tournament, rows, round_numbers, check(tournament, pairs))


def header(report: Report) -> list[str]:
    """The column titles of the report (translated)."""
    cols = [_("Placement"), _("Pair"), _("Girone")]
    for n in (1, 2):
        cols += [
            _("Surname %(n)s") % {"n": n},
            _("Name %(n)s") % {"n": n},
            _("Membership no. %(n)s") % {"n": n},
            _("Club %(n)s") % {"n": n},
            _("Club code %(n)s") % {"n": n},
        ]
    cols += [_("VP"), _("MP scored"), _("MP conceded"), _("MP difference")]
    for n in report.round_numbers:
        cols += [
            _("R%(n)s opponents") % {"n": n},
            _("R%(n)s MP scored") % {"n": n},
            _("R%(n)s MP conceded") % {"n": n},
            _("R%(n)s VP") % {"n": n},
        ]
    return cols


def values(report: Report) -> list[list[object]]:
    """One list of cell values per pair, in the order of :func:`header`."""
    rest, not_played = _("rest"), _("not played")
    out = []
    for r in report.rows:
        line: list[object] = [
            r.placement if r.placement is not None else "",
            r.pair,
            r.girone,
        ]
        for p in r.players:
            line += [p.last_name, p.first_name, p.tessera, p.club, p.club_code]
        diff = (
            r.mp_for - r.mp_against
            if r.mp_for is not None and r.mp_against is not None
            else ""
        )
        line += [
            "" if r.vp is None else r.vp,
            "" if r.mp_for is None else r.mp_for,
            "" if r.mp_against is None else r.mp_against,
            diff,
        ]
        for n in report.round_numbers:
            cell = r.rounds.get(n)
            if cell is None:
                line += ["", "", "", ""]
                continue
            opponent: object = cell.opponent if cell.opponent is not None else rest
            if not cell.played and cell.opponent is not None:
                opponent = f"{cell.opponent} ({not_played})"
            line += [opponent, cell.mp_for, cell.mp_against, cell.vp]
        out.append(line)
    return out
