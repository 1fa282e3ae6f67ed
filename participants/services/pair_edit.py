"""Correcting a registered pair: its players' names and membership numbers, its club
and seed, with the checks of the registration form and of the CSV import.

A player's names and number live in the federation's registry, shared by every
tournament (:mod:`participants.services.registry` says who may change them). A
correction is applied so that it touches nobody else's people:

* a membership number that belongs to a registered player of the same name makes the
  pair play with that player (the import does the same): the registry is not changed;
* otherwise the pair's own player is corrected in place, when the director may change
  them (:func:`~participants.services.registry.check_person`); if not, the form says
  who may, without naming the other tournaments.

The pair's number is not changed here (it is on the score cards and the players' QR
codes).
"""

from __future__ import annotations

from django.db import transaction

from participants.models import Pair
from people.models import Club, Player
from tournament.models import Tournament

from . import registry
from .checks import check_entries
from .clubs import club_key
from .entries import EntryError, PairEntry, clean_name, name_key
from .registration import PAIR_ENTRIES, EntriesInvalid, check_open


def entry_of(pair: Pair) -> PairEntry:
    """The pair as its edit form starts: what is registered now."""
    p1, p2 = pair.player1, pair.player2
    return PairEntry(
        last_name1=p1.last_name,
        first_name1=p1.first_name,
        membership1=p1.membership_number,
        last_name2=p2.last_name,
        first_name2=p2.first_name,
        membership2=p2.membership_number,
        club=pair.club.name if pair.club else "",
        seed=pair.seed,
    )


@transaction.atomic
def edit_pair(
    tournament: Tournament,
    pair: Pair,
    entry: PairEntry,
    *,
    by,
    create_club: bool = False,
) -> Pair:
    """Correct ``pair`` as ``entry`` says; EntriesInvalid lists every problem."""
    check_open(PAIR_ENTRIES, tournament)
    Tournament.objects.select_for_update(of=("self",)).get(pk=tournament.pk)
    pair = Pair.objects.select_related("player1", "player2").get(pk=pair.pk)
    entry = PairEntry(**{**entry.__dict__, "number": None, "line": None})
    checked = check_entries(tournament, [entry], create_clubs=create_club, editing=pair)
    errors = list(checked.errors)
    changes: list[tuple[int, Player, Player | None, tuple[str, str, str]]] = []
    for which in (1, 2):
        current: Player = getattr(pair, f"player{which}")
        last, first, tessera = entry.player(which)
        wanted = (clean_name(last), clean_name(first), tessera.strip())
        now = (current.last_name, current.first_name, current.membership_number)
        if wanted == now:
            continue
        other = checked.players.get(wanted[2]) if wanted[2] else None
        if other is not None and other.pk != current.pk:
            if name_key(other.last_name, other.first_name) == name_key(*wanted[:2]):
                changes.append((which, current, other, wanted))  # play with them
            continue  # another person's number: the checks said so
        try:
            registry.check_person(by, current)
        except registry.NotYours as refused:
            errors.append(
                EntryError(None, refused.message, f"last_name{which}", "not_yours")
            )
            continue
        changes.append((which, current, None, wanted))
    if errors:
        raise EntriesInvalid(errors)
    for which, current, other, (last, first, tessera) in changes:
        if other is not None:
            setattr(pair, f"player{which}", other)
            continue
        current.last_name, current.first_name = last, first
        current.membership_number = tessera
        current.save(update_fields=["last_name", "first_name", "membership_number"])
    club = None
    if entry.club.strip():
        key = club_key(entry.club)
        club = checked.clubs.get(key)
        if club is None and key in checked.clubs_to_create:
            club = Club.objects.create(name=checked.clubs_to_create[key])
    pair.club = club
    pair.seed = entry.seed
    pair.save()
    return pair
