"""Membership numbers (tessere) and club codes, corrected from the federation check.

A code is stored without spaces and in capitals; a control character is refused
(PostgreSQL refuses a NUL, a spreadsheet any control character); a code another player
(or club) already has is refused before the database's unique constraint would, without
naming who has it (the registry is shared by every tournament). Players and clubs
other tournaments use are changed only by the registry's managers
(:mod:`participants.services.registry`).
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from participants.models import Pair
from participants.services.registry import check_club, check_person
from people.models import Club, Player
from tournament.models import Tournament
from tournament.services.errors import ServiceError
from tournament.text import CONTROL

MAX_LENGTH = 20


class MemberError(ServiceError):
    """A membership number or club code that cannot be saved."""


def clean_code(value: str) -> str:
    """``" rm 1234 "`` -> ``"RM1234"``."""
    return re.sub(r"\s+", "", value).upper()


def _checked(value: str, too_long: str) -> str:
    if CONTROL.search(value):
        raise MemberError(
            _("The code contains a control character (such as NUL): retype it.")
        )
    code = clean_code(value)
    if len(code) > MAX_LENGTH:
        raise MemberError(too_long % {"max": MAX_LENGTH})
    return code


def _player_of(tournament: Tournament, player_id: int) -> Player:
    in_pairs = Pair.objects.filter(tournament=tournament).values_list(
        "player1", "player2"
    )
    ids = {pk for pair in in_pairs for pk in pair}
    if player_id not in ids:
        raise MemberError(_("This player is not in the tournament: reload the page."))
    return Player.objects.select_for_update(of=("self",)).get(pk=player_id)


@transaction.atomic
def set_membership_number(
    tournament: Tournament, player_id: int, value: str, *, by
) -> Player:
    """Set the membership number of a player of ``tournament``, as ``by``."""
    player = _player_of(tournament, player_id)
    check_person(by, player)
    code = _checked(value, _("A membership number has at most %(max)s characters."))
    if code:
        other = (
            Player.objects.filter(membership_number__iexact=code)
            .exclude(pk=player.pk)
            .exists()
        )
        if other:
            raise MemberError(
                _(
                    "Membership number %(code)s is another player's in the registry: "
                    "check it."
                )
                % {"code": code}
            )
    player.membership_number = code
    player.save(update_fields=["membership_number"])
    return player


@transaction.atomic
def set_club_code(tournament: Tournament, club_id: int, value: str, *, by) -> Club:
    """Set the federation code of a club of ``tournament``, as ``by``."""
    used = set(
        Pair.objects.filter(tournament=tournament).values_list("club", flat=True)
    )
    for pair in Pair.objects.filter(tournament=tournament).values_list(
        "player1__club", "player2__club"
    ):
        used.update(pair)
    if club_id not in used:
        raise MemberError(
            _("This club has no player in the tournament: reload the page.")
        )
    club = Club.objects.select_for_update(of=("self",)).get(pk=club_id)
    check_club(by, club)
    code = _checked(value, _("A club code has at most %(max)s characters."))
    if code:
        other = (
            Club.objects.filter(federation_code__iexact=code)
            .exclude(pk=club.pk)
            .exists()
        )
        if other:
            raise MemberError(
                _(
                    "Federation code %(code)s is another club's in the registry: check it."
                )
                % {"code": code}
            )
    club.federation_code = code
    club.save(update_fields=["federation_code"])
    return club
