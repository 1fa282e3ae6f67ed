"""The federation report: per pair its final placement, players, clubs, VP, MP and rounds.

After the event the organiser sends the federation, per pair: the final placement, both
players with their membership numbers (tessere) and their clubs with the clubs'
federation codes, the total VP and MP, and the result of every round. The placement is
the confirmed standings' (kind ``confirmed``) of the first groups stage: its overall
ranking when it has several gironi, else its girone's, as the season rankings and the
prize list read them. Knockout matches are not rounds of the report.

Before the export, :func:`check` lists what the federation would reject: a tessera
or a club code that is missing, malformed or the same as another one (written
differently), a player with no club, a player in two pairs. The formats are not
published in the sources; here a tessera is 4 to 12 letters and digits with at least
one digit (``RM123456``), a club code 2 to 12 letters, digits and hyphens.

Values are plain (numbers, text); :mod:`standings.services.sheets` writes them safely.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from participants.models import Pair
from people.models import Club, Player
from tournament.models import Tournament

from ..models import Row, Snapshot

TESSERA = re.compile(r"(?=.*\d)[A-Z0-9]{4,12}")
CLUB_CODE = re.compile(r"[A-Z0-9][A-Z0-9-]{1,11}")


def normalised(code: str) -> str:
    """A code as compared for duplicates: no spaces, upper case.

    >>> normalised(" rm 1234 ")
    'RM1234'
    """
    return re.sub(r"\s+", "", code).upper()


@dataclass(frozen=True)
class Problem:
    """Something to fix before sending the report (``code`` names the kind)."""

    code: str
    message: str
    pairs: tuple[int, ...] = ()
    player: Player | None = None
    club: Club | None = None


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


def _pairs(tournament: Tournament) -> list[Pair]:
    return list(
        Pair.objects.filter(tournament=tournament)
        .select_related("player1__club", "player2__club", "club", "girone")
        .order_by("number")
    )


def _club_of(player: Player, pair: Pair) -> Club | None:
    return player.club if player.club_id else pair.club


def _shared_codes[T: (Player, Club)](
    by_code: dict[str, list[T]], pairs_of: dict[int, list[int]]
) -> Iterator[tuple[list[T], tuple[int, ...]]]:
    """Players (or clubs) whose codes are the same once normalised, with their pairs."""
    for same in by_code.values():
        if len(same) > 1:
            yield same, tuple(sorted({n for x in same for n in pairs_of[x.pk]}))


def check(tournament: Tournament, pairs: list[Pair] | None = None) -> list[Problem]:
    """What the federation would reject, player by player and club by club."""
    pairs = _pairs(tournament) if pairs is None else pairs
    problems: list[Problem] = []
    seen_players: dict[int, list[int]] = defaultdict(list)
    players: dict[int, Player] = {}
    clubs: dict[int, Club] = {}
    club_pairs: dict[int, list[int]] = defaultdict(list)
    for pair in pairs:
        for player in (pair.player1, pair.player2):
            seen_players[player.pk].append(pair.number)
            players[player.pk] = player
            club = _club_of(player, pair)
            if club is None:
                problems.append(
                    Problem(
                        "missing_club",
                        _("%(player)s (pair %(pair)s) has no club.")
                        % {"player": player, "pair": pair.number},
                        (pair.number,),
                        player=player,
                    )
                )
            else:
                clubs[club.pk] = club
                club_pairs[club.pk].append(pair.number)
    for pk, seen in seen_players.items():
        if len(seen) > 1:
            problems.append(
                Problem(
                    "player_twice",
                    _("%(player)s plays in pairs %(pairs)s.")
                    % {
                        "player": players[pk],
                        "pairs": ", ".join(str(n) for n in seen),
                    },
                    tuple(seen),
                    player=players[pk],
                )
            )
    by_tessera: dict[str, list[Player]] = defaultdict(list)
    for pk, player in players.items():
        numbers = tuple(seen_players[pk])
        tessera = player.membership_number
        if not tessera.strip():
            problems.append(
                Problem(
                    "missing_tessera",
                    _("%(player)s (pair %(pairs)s) has no membership number.")
                    % {"player": player, "pairs": ", ".join(map(str, numbers))},
                    numbers,
                    player=player,
                )
            )
            continue
        by_tessera[normalised(tessera)].append(player)
        if not TESSERA.fullmatch(tessera):
            problems.append(
                Problem(
                    "malformed_tessera",
                    _(
                        "%(player)s (pair %(pairs)s): membership number "
                        "“%(tessera)s” is not 4 to 12 letters and digits."
                    )
                    % {
                        "player": player,
                        "pairs": ", ".join(map(str, numbers)),
                        "tessera": tessera,
                    },
                    numbers,
                    player=player,
                )
            )
    for same_players, numbers in _shared_codes(by_tessera, seen_players):
        problems.append(
            Problem(
                "duplicate_tessera",
                _("The same membership number for %(players)s.")
                % {
                    "players": ", ".join(
                        f"{p} (“{p.membership_number}”)" for p in same_players
                    )
                },
                numbers,
                player=same_players[0],
            )
        )
    by_code: dict[str, list[Club]] = defaultdict(list)
    for pk, club in sorted(clubs.items(), key=lambda c: c[1].name.casefold()):
        numbers = tuple(sorted(set(club_pairs[pk])))
        code = club.federation_code
        if not code.strip():
            problems.append(
                Problem(
                    "missing_club_code",
                    _("Club “%(club)s” has no federation code.") % {"club": club.name},
                    numbers,
                    club=club,
                )
            )
            continue
        by_code[normalised(code)].append(club)
        if not CLUB_CODE.fullmatch(code):
            problems.append(
                Problem(
                    "malformed_club_code",
                    _(
                        "Club “%(club)s”: federation code “%(code)s” is not 2 to 12 "
                        "letters, digits and hyphens."
                    )
                    % {"club": club.name, "code": code},
                    numbers,
                    club=club,
                )
            )
    for same, numbers in _shared_codes(by_code, club_pairs):
        problems.append(
            Problem(
                "duplicate_club_code",
                _("The same federation code for clubs %(clubs)s.")
                % {
                    "clubs": ", ".join(
                        f"“{c.name}” (“{c.federation_code}”)" for c in same
                    )
                },
                numbers,
                club=same[0],
            )
        )
    return problems


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
    club = _club_of(player, pair)
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

    pairs = _pairs(tournament)
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
