"""What the federation would reject in the report, before it is sent.

A tessera or a club code that is missing, malformed or the same as another one
(written differently), a player with no club, a player in two pairs. The formats are
not published in the sources; here a tessera is 4 to 12 letters and digits with at
least one digit (``RM123456``), a club code 2 to 12 letters, digits and hyphens.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.models import Club, Pair, Player, Tournament

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


def club_of(player: Player, pair: Pair) -> Club | None:
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
    pairs = pairs_of(tournament) if pairs is None else pairs
    seen = _Seen()
    problems = seen.gather(pairs)
    problems += _players_twice(seen)
    problems += _tessera_problems(seen)
    problems += _club_code_problems(seen)
    return problems


@dataclass
class _Seen:
    """The report's players and clubs, with the pair numbers each appears in."""

    players: dict[int, Player] = field(default_factory=dict)
    player_pairs: dict[int, list[int]] = field(
        default_factory=lambda: defaultdict(list)
    )
    clubs: dict[int, Club] = field(default_factory=dict)
    club_pairs: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))

    def gather(self, pairs: list[Pair]) -> list[Problem]:
        """Read the pairs' players and clubs; a player with no club is a problem."""
        problems: list[Problem] = []
        for pair in pairs:
            for player in (pair.player1, pair.player2):
                self.player_pairs[player.pk].append(pair.number)
                self.players[player.pk] = player
                club = club_of(player, pair)
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
                    self.clubs[club.pk] = club
                    self.club_pairs[club.pk].append(pair.number)
        return problems


def _players_twice(seen: _Seen) -> list[Problem]:
    problems: list[Problem] = []
    for pk, numbers in seen.player_pairs.items():
        if len(numbers) > 1:
            problems.append(
                Problem(
                    "player_twice",
                    _("%(player)s plays in pairs %(pairs)s.")
                    % {
                        "player": seen.players[pk],
                        "pairs": ", ".join(str(n) for n in numbers),
                    },
                    tuple(numbers),
                    player=seen.players[pk],
                )
            )
    return problems


def _tessera_problems(seen: _Seen) -> list[Problem]:
    """Missing, malformed or shared membership numbers (tessere)."""
    problems: list[Problem] = []
    by_tessera: dict[str, list[Player]] = defaultdict(list)
    for pk, player in seen.players.items():
        numbers = tuple(seen.player_pairs[pk])
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
    for same_players, numbers in _shared_codes(by_tessera, seen.player_pairs):
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
    return problems


def _club_code_problems(seen: _Seen) -> list[Problem]:
    """Missing, malformed or shared federation codes of the clubs."""
    problems: list[Problem] = []
    by_code: dict[str, list[Club]] = defaultdict(list)
    for pk, club in sorted(seen.clubs.items(), key=lambda c: c[1].name.casefold()):
        numbers = tuple(sorted(set(seen.club_pairs[pk])))
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
    for same, numbers in _shared_codes(by_code, seen.club_pairs):
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


def pairs_of(tournament: Tournament) -> list[Pair]:
    return list(
        Pair.objects.filter(tournament=tournament)
        .select_related("player1__club", "player2__club", "club", "girone")
        .order_by("number")
    )
