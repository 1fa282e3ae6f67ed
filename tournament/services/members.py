"""Membership numbers (tessere) and club codes, corrected from the federation check.

A code is stored without spaces and in capitals; a code another player (or club)
already has is refused with a message naming them, before the database's unique
constraint would.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Club, Pair, Player, Tournament

from .errors import ServiceError

MAX_LENGTH = 20


class MemberError(ServiceError):
    """A membership number or club code that cannot be saved."""


def clean_code(value: str) -> str:
    """``" rm 1234 "`` -> ``"RM1234"``."""
    return re.sub(r"\s+", "", value).upper()


def _player_of(tournament: Tournament, player_id: int) -> Player:
    in_pairs = Pair.objects.filter(tournament=tournament).values_list(
        "player1", "player2"
    )
    ids = {pk for pair in in_pairs for pk in pair}
    if player_id not in ids:
        raise MemberError(_("This player is not in the tournament: reload the page."))
    return Player.objects.select_for_update().get(pk=player_id)


@transaction.atomic
def set_membership_number(tournament: Tournament, player_id: int, value: str) -> Player:
    player = _player_of(tournament, player_id)
    code = clean_code(value)
    if len(code) > MAX_LENGTH:
        raise MemberError(
            _("A membership number has at most %(max)s characters.")
            % {"max": MAX_LENGTH}
        )
    if code:
        other = (
            Player.objects.filter(membership_number__iexact=code)
            .exclude(pk=player.pk)
            .first()
        )
        if other is not None:
            raise MemberError(
                _("Membership number %(code)s belongs to %(player)s already.")
                % {"code": code, "player": other}
            )
    player.membership_number = code
    player.save(update_fields=["membership_number"])
    return player


@transaction.atomic
def set_club_code(tournament: Tournament, club_id: int, value: str) -> Club:
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
    club = Club.objects.select_for_update().get(pk=club_id)
    code = clean_code(value)
    if len(code) > MAX_LENGTH:
        raise MemberError(
            _("A club code has at most %(max)s characters.") % {"max": MAX_LENGTH}
        )
    if code:
        other = (
            Club.objects.filter(federation_code__iexact=code)
            .exclude(pk=club.pk)
            .first()
        )
        if other is not None:
            raise MemberError(
                _("Federation code %(code)s belongs to club “%(club)s” already.")
                % {"code": code, "club": other.name}
            )
    club.federation_code = code
    club.save(update_fields=["federation_code"])
    return club
