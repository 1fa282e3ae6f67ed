"""Registering competitors: one at a time from the form, or many from a CSV file.

Pairs and teams go the same way (issue 29): an :class:`EntryFormat` says how a format's
entries are read from CSV, checked (:func:`participants.services.checks.check_entries`
for pairs, :func:`~participants.services.team_entries.check_team_entries` for teams:
every problem at once, each tied to its line or field) and turned into rows; the
register, preview, import and withdrawal steps around them are written once here.

Saving re-runs the checks inside the transaction, with the tournament row locked so
that two directors typing at once cannot take the same pair number. Nothing is saved
unless every entry is clean.

Players are matched by membership number: a number already known reuses that player
(the names must agree); a player without a number is always a new player. Unknown
clubs are errors, unless the director ticks "create the missing clubs".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from simple_history.utils import bulk_create_with_history

from outbox.work import record_publish, record_rank
from participants import csv_import
from participants.competitors import PAIRS, Competitors, competitors_of, kind_of
from participants.models import Pair, Team
from participants.services.checks import Checked, check_entries
from participants.services.clubs import club_key
from participants.services.entries import EntryError, PairEntry, clean_name
from people.models import Club, Player
from tournament.models import Round, Tournament
from tournament.services.errors import RegistrationError

_BATCH = 500

__all__ = [
    "PAIR_ENTRIES",
    "Checked",
    "EntriesInvalid",
    "EntryFormat",
    "ImportPreview",
    "check_entries",
    "import_entries",
    "import_pairs",
    "preview",
    "preview_import",
    "register",
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

    entries: list[Any]  # PairEntry or TeamEntry
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


#: ``create(tournament, entries, numbers, clubs, known players)``: the rows of checked
#: entries, with the numbers they take and their clubs by key (created if missing).
Create = Callable[
    [Tournament, Sequence[Any], list[int], dict[str, Club], dict[str, Player]],
    list[Any],
]


@dataclass(frozen=True)
class EntryFormat:
    """What registering differs in between pairs and teams: how a CSV text is read,
    how entries are checked and how their rows are made. ``refused`` is why a
    tournament of the other format takes none (a team event's pairs come from its
    teams' rosters, so pairs need no such guard)."""

    competitors: Competitors
    parse: Callable[[str], Any]  # -> .entries, .errors
    check: Callable[..., Checked]  # (tournament, entries, *, create_clubs)
    create: Create
    empty: Promise  # a CSV text with no entry
    refused: Promise | None = None


def _save(
    fmt: EntryFormat,
    tournament: Tournament,
    entries: Sequence[Any],
    *,
    create_clubs: bool,
) -> list[Any]:
    """Check again under the tournament lock, then create clubs and the rows.

    An entry without a number takes the next one after the highest in use.
    """
    Tournament.objects.select_for_update(of=("self",)).get(pk=tournament.pk)
    checked = fmt.check(tournament, entries, create_clubs=create_clubs)
    if not checked.ok:
        raise EntriesInvalid(checked.errors)
    clubs = dict(checked.clubs)
    for key, name in checked.clubs_to_create.items():
        clubs[key] = Club.objects.create(name=name)
    used = {e.number for e in entries if e.number is not None}
    top = fmt.competitors.of(tournament).aggregate(top=Max("number"))["top"] or 0
    next_number = max([top, *used]) + 1
    numbers = []
    for entry in entries:
        number = entry.number
        if number is None:
            number, next_number = next_number, next_number + 1
        numbers.append(number)
    saved = fmt.create(tournament, entries, numbers, clubs, dict(checked.players))
    record_publish(tournament.pk, everything=True)
    return saved


def club_of(entry: Any, clubs: dict[str, Club]) -> Club | None:
    """An entry's club, by its key, or none."""
    return clubs.get(club_key(entry.club)) if entry.club.strip() else None


def _create_pairs(
    tournament: Tournament,
    entries: Sequence[PairEntry],
    numbers: list[int],
    clubs: dict[str, Club],
    known: dict[str, Player],
) -> list[Pair]:
    """Players and pairs, inserted in batches (the pairs with their history rows), so
    10,000 pairs take seconds, not one query per player."""
    new_players: list[Player] = []
    chosen: list[tuple[Player, Player]] = []
    for entry in entries:
        club = club_of(entry, clubs)
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
    pairs = [
        Pair(
            tournament=tournament,
            number=number,
            player1=player1,
            player2=player2,
            club=club_of(entry, clubs),
            seed=entry.seed,
        )
        for entry, number, (player1, player2) in zip(
            entries, numbers, chosen, strict=True
        )
    ]
    return bulk_create_with_history(pairs, Pair, batch_size=_BATCH)


PAIR_ENTRIES = EntryFormat(
    competitors=PAIRS,
    parse=csv_import.parse_pairs_csv,
    check=check_entries,
    create=_create_pairs,
    empty=gettext_lazy("The file holds no pairs."),
)


def check_open(fmt: EntryFormat, tournament: Tournament) -> None:
    """Refuse an entry once the tournament is finished, or of the other format."""
    if tournament.status == Tournament.Status.FINISHED:
        raise RegistrationError(_("The tournament is finished."))
    if fmt.refused is not None and competitors_of(tournament) is not fmt.competitors:
        raise RegistrationError(str(fmt.refused))


def preview_errors[E](
    entries: Sequence[E], errors: Sequence[EntryError], empty_message: str
) -> list[EntryError]:
    """A CSV preview's errors in line order, or that the file holds no entry at all."""
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
def register(
    fmt: EntryFormat, tournament: Tournament, entry: Any, *, create_club: bool = False
) -> Any:
    """Register one entry; its number is the next free one unless ``entry`` gives it."""
    check_open(fmt, tournament)
    return _save(fmt, tournament, [entry], create_clubs=create_club)[0]


def preview(
    fmt: EntryFormat, tournament: Tournament, text: str, *, create_clubs: bool = False
) -> ImportPreview:
    """Read a CSV text and check every line; saves nothing."""
    parsed = fmt.parse(text)
    checked = fmt.check(tournament, parsed.entries, create_clubs=create_clubs)
    errors = preview_errors(
        parsed.entries, [*parsed.errors, *checked.errors], str(fmt.empty)
    )
    return ImportPreview(
        parsed.entries, errors, sorted(checked.clubs_to_create.values())
    )


@transaction.atomic
def import_entries(
    fmt: EntryFormat, tournament: Tournament, text: str, *, create_clubs: bool = False
) -> list[Any]:
    """Register every entry of a CSV text in one transaction, or none at all."""
    check_open(fmt, tournament)
    parsed = fmt.parse(text)
    entries = readable_entries(parsed.entries, parsed.errors, str(fmt.empty))
    return _save(fmt, tournament, entries, create_clubs=create_clubs)


def register_pair(
    tournament: Tournament, entry: PairEntry, *, create_club: bool = False
) -> Pair:
    """Register one pair (:func:`register`)."""
    return register(PAIR_ENTRIES, tournament, entry, create_club=create_club)


def preview_import(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> ImportPreview:
    """The preview of a pairs' CSV text (:func:`preview`)."""
    return preview(PAIR_ENTRIES, tournament, text, create_clubs=create_clubs)


def import_pairs(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> list[Pair]:
    """Register every pair of a CSV text, or none (:func:`import_entries`)."""
    return import_entries(PAIR_ENTRIES, tournament, text, create_clubs=create_clubs)


def seated_rounds(competitor: Pair | Team) -> list[Round]:
    """The rounds not yet closed that seat a pair (or a team): what a withdrawal leaves
    as is (a published round's table keeps it, a draft has to be generated again).
    A pair sits at a table, a team in a match (``Competitors.seated_at``)."""
    one, other = kind_of(competitor).seated_at
    seats = Q(**{one: competitor}) | Q(**{other: competitor})
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
def set_withdrawn[C: (Pair, Team)](competitor: C, withdrawn: bool) -> C:
    """Withdraw a pair or a team (it sits in no later round) or reinstate it."""
    kind = kind_of(competitor)
    competitor = (
        type(competitor).objects.select_for_update(of=("self",)).get(pk=competitor.pk)
    )
    if competitor.withdrawn == withdrawn:
        words = kind.words
        message = words.already_withdrawn if withdrawn else words.not_withdrawn
        raise RegistrationError(message % {"number": competitor.number})
    competitor.withdrawn = withdrawn
    competitor.save(update_fields=["withdrawn"])
    # A pair's own pages are rewritten; a team's name is on its pairs' pages too.
    alone = [competitor.pk] if kind.pages_alone else []
    if competitor.girone_id is not None:  # its rows say "withdrawn after round N"
        record_rank(competitor.girone_id, pairs=alone)
    if alone:
        record_publish(competitor.tournament_id, pages=True, pairs=alone)
    else:
        record_publish(competitor.tournament_id, everything=True)
    return competitor
