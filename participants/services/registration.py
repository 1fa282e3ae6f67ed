"""Registering pairs: one at a time from the form, or many from a CSV file.

Both paths go through :func:`participants.services.checks.check_entries`, which finds
every problem at once and ties each to its line (CSV) or field (form).

Saving re-runs the checks inside the transaction, with the tournament row locked so
that two directors typing at once cannot take the same pair number. Nothing is saved
unless every entry is clean.

Players are matched by membership number: a number already known reuses that player
(the names must agree); a player without a number is always a new player. Unknown
clubs are errors, unless the director ticks "create the missing clubs".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_create_with_history

from outbox.work import record_publish, record_rank
from participants import csv_import
from participants.models import Pair, Team
from participants.services.checks import Checked, check_entries
from participants.services.clubs import club_key
from participants.services.entries import EntryError, PairEntry, clean_name
from people.models import Club, Player
from tournament.models import Round, Tournament
from tournament.services.errors import RegistrationError

_BATCH = 500

__all__ = [
    "Checked",
    "EntriesInvalid",
    "ImportPreview",
    "check_entries",
    "import_pairs",
    "preview_import",
    "register_pair",
    "seated_rounds",
    "set_withdrawn",
]


class EntriesInvalid(RegistrationError):
    """Some entries cannot be registered; ``errors`` says which and why."""

    def __init__(self, errors: Sequence[EntryError]) -> None:
        super().__init__(
            ngettext(
                "Nothing was saved: %(count)s problem to fix.",
                "Nothing was saved: %(count)s problems to fix.",
                len(errors),
            )
            % {"count": len(errors)},
            [e.message for e in errors],
        )
        self.errors = list(errors)


@dataclass(frozen=True)
class ImportPreview:
    """What an import would do: the entries, every error by line, clubs to create."""

    entries: list[PairEntry]
    errors: list[EntryError]
    clubs_to_create: list[str]

    @property
    def ok(self) -> bool:
        return bool(self.entries) and not self.errors

    def errors_by_line(self) -> dict[int | None, list[str]]:
        by_line: dict[int | None, list[str]] = {}
        for error in self.errors:
            by_line.setdefault(error.line, []).append(error.message)
        return by_line


def _save(
    tournament: Tournament, entries: Sequence[PairEntry], *, create_clubs: bool
) -> list[Pair]:
    """Check again under the tournament lock, then create clubs, players and pairs.

    Rows are inserted in batches (the pairs with their history rows), so 10,000 pairs
    take seconds, not one query per player.
    """
    Tournament.objects.select_for_update(of=("self",)).get(pk=tournament.pk)
    checked = check_entries(tournament, entries, create_clubs=create_clubs)
    if not checked.ok:
        raise EntriesInvalid(checked.errors)
    clubs = dict(checked.clubs)
    for key, name in checked.clubs_to_create.items():
        clubs[key] = Club.objects.create(name=name)

    used = {e.number for e in entries if e.number is not None}
    top = tournament.pairs.aggregate(top=Max("number"))["top"] or 0
    next_number = max([top, *used]) + 1
    known = dict(checked.players)
    new_players: list[Player] = []
    chosen: list[tuple[Player, Player]] = []
    for entry in entries:
        club = clubs.get(club_key(entry.club)) if entry.club.strip() else None
        pair_players = []
        for which in (1, 2):
            last, first, tessera = entry.player(which)
            tessera = tessera.strip()
            player = known.get(tessera) if tessera else None
            if player is None:
                player = Player(
                    last_name=clean_name(last),
                    first_name=clean_name(first),
                    membership_number=tessera,
                    club=club,
                )
                new_players.append(player)
                if tessera:
                    known[tessera] = player
            pair_players.append(player)
        chosen.append((pair_players[0], pair_players[1]))
    Player.objects.bulk_create(new_players, batch_size=_BATCH)
    pairs: list[Pair] = []
    for entry, (player1, player2) in zip(entries, chosen, strict=True):
        number = entry.number
        if number is None:
            number, next_number = next_number, next_number + 1
        pairs.append(
            Pair(
                tournament=tournament,
                number=number,
                player1=player1,
                player2=player2,
                club=clubs.get(club_key(entry.club)) if entry.club.strip() else None,
                seed=entry.seed,
            )
        )
    saved = bulk_create_with_history(pairs, Pair, batch_size=_BATCH)
    record_publish(tournament.pk, everything=True)
    return saved


def _check_open(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise RegistrationError(_("The tournament is finished."))


def preview_errors[E](
    entries: Sequence[E], errors: Sequence[EntryError], empty_message: str
) -> list[EntryError]:
    """A CSV preview's errors in line order, or that the file holds no entry at all
    (shared by the pairs' and the teams' import)."""
    found = sorted(errors, key=lambda e: (e.line or 0, e.field or ""))
    if not entries and not found:
        found.append(EntryError(None, empty_message, None, "empty"))
    return found


def readable_entries[E](
    entries: Sequence[E], errors: Sequence[EntryError], empty_message: str
) -> Sequence[E]:
    """The entries a CSV text holds, or :class:`EntriesInvalid` with its reading errors
    (or that it holds none)."""
    if errors:
        raise EntriesInvalid(list(errors))
    if not entries:
        raise EntriesInvalid([EntryError(None, empty_message, None, "empty")])
    return entries


@transaction.atomic
def register_pair(
    tournament: Tournament, entry: PairEntry, *, create_club: bool = False
) -> Pair:
    """Register one pair; its number is the next free one unless ``entry`` gives it."""
    _check_open(tournament)
    return _save(tournament, [entry], create_clubs=create_club)[0]


def preview_import(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> ImportPreview:
    """Read a CSV text and check every line; saves nothing."""
    parsed = csv_import.parse_pairs_csv(text)
    checked = check_entries(tournament, parsed.entries, create_clubs=create_clubs)
    errors = preview_errors(
        parsed.entries, [*parsed.errors, *checked.errors], _("The file holds no pairs.")
    )
    return ImportPreview(
        parsed.entries, errors, sorted(checked.clubs_to_create.values())
    )


@transaction.atomic
def import_pairs(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> list[Pair]:
    """Register every pair of a CSV text in one transaction, or none at all."""
    _check_open(tournament)
    parsed = csv_import.parse_pairs_csv(text)
    entries = readable_entries(
        parsed.entries, parsed.errors, _("The file holds no pairs.")
    )
    return _save(tournament, entries, create_clubs=create_clubs)


def seated_rounds(competitor: Pair | Team) -> list[Round]:
    """The rounds not yet closed that seat a pair (or a team): what a withdrawal leaves
    as is (a published round's table keeps it, a draft has to be generated again)."""
    if isinstance(competitor, Team):
        seats = Q(team_matches__team_a=competitor) | Q(team_matches__team_b=competitor)
    else:
        seats = Q(tables__pair_ns=competitor) | Q(tables__pair_ew=competitor)
    return list(
        Round.objects.filter(
            seats, girone__stage__tournament_id=competitor.tournament_id
        )
        .exclude(status=Round.Status.CLOSED)
        .select_related("girone")
        .distinct()
        .order_by("number", "girone__label")
    )


@transaction.atomic
def set_withdrawn(pair: Pair, withdrawn: bool) -> Pair:
    """Withdraw a pair (it sits in no later round) or reinstate it."""
    pair = Pair.objects.select_for_update(of=("self",)).get(pk=pair.pk)
    if pair.withdrawn == withdrawn:
        if withdrawn:
            message = _("Pair %(number)s is already withdrawn.")
        else:
            message = _("Pair %(number)s is not withdrawn.")
        raise RegistrationError(message % {"number": pair.number})
    pair.withdrawn = withdrawn
    pair.save(update_fields=["withdrawn"])
    if pair.girone_id is not None:  # its rows say "withdrawn after round N"
        record_rank(pair.girone_id, pairs=[pair.pk])
    record_publish(pair.tournament_id, pages=True, pairs=[pair.pk])
    return pair
