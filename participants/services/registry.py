"""Who may change a player or a club: the federation registry and its managers.

Players (tesserati) and clubs form one registry shared by every tournament: the season
rankings follow a player by membership number across tournaments, and a club's
federation code is printed in the report of every tournament its players play in. So
a change to a player or a club is a change to every tournament that uses it.

- Anyone who directs a tournament may *add* players and clubs, by registering pairs
  and teams (a membership number already in the registry links to its player only when
  the name typed is the registered one, folded as names are compared; otherwise the
  registration is refused without naming the registered person:
  :mod:`participants.services.checks`).
- A director may *change* a player or a club only when every tournament that uses it
  is one they direct (:func:`can_edit_person`, :func:`can_edit_club`).
- Otherwise only the registry's managers may: a superuser, or a user holding the
  model's change permission (``people.change_player``, ``people.change_club``,
  given in the admin). The refusal says so and names them, and never names the other
  tournament or what it holds.

A tournament uses a player through its pairs (either player), its teams' rosters and
captains; it uses a club as its organiser, through its pairs and teams, and through the
club of any of its players. The forms that change players and clubs call
:func:`check_person` / :func:`check_club` in their transaction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Q
from django.utils.translation import gettext as _

from participants.models import Pair, Team, TeamMember
from people.models import Club, Player
from tournament.models import Tournament, TournamentRole
from tournament.permissions import display_name
from tournament.services.errors import ServiceError

#: At most this many managers are named in a refusal.
NAMED_MANAGERS = 5
#: IN lists are cut to this many values (SQLite's limit on query parameters).
_CHUNK = 900


class NotYours(ServiceError):
    """A change to a player or a club other tournaments use (message translated)."""


def is_manager(user, model: type[Player] | type[Club]) -> bool:
    """Whether ``user`` manages the registry of ``model`` (players or clubs)."""
    if not (user.is_authenticated and user.is_active):
        return False
    return user.is_superuser or user.has_perm(
        f"{model._meta.app_label}.change_{model._meta.model_name}"
    )


def directed_by(user) -> set[int]:
    """The ids of the tournaments ``user`` directs."""
    if not user.is_authenticated:
        return set()
    return set(
        TournamentRole.objects.filter(
            user=user, role=TournamentRole.Role.DIRECTOR
        ).values_list("tournament_id", flat=True)
    )


def _uses(pairs: list[tuple[int, int]]) -> dict[int, set[int]]:
    found: dict[int, set[int]] = defaultdict(set)
    for key, tournament_id in pairs:
        if key is not None:
            found[key].add(tournament_id)
    return found


def player_uses(player_ids: Iterable[int]) -> dict[int, set[int]]:
    """Player id -> the ids of the tournaments that use it (three queries)."""
    ids = list(player_ids)
    found: dict[int, set[int]] = defaultdict(set)
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start : start + _CHUNK]
        pairs = Pair.objects.filter(Q(player1__in=chunk) | Q(player2__in=chunk))
        rows = list(pairs.values_list("player1_id", "tournament_id"))
        rows += pairs.values_list("player2_id", "tournament_id")
        rows += TeamMember.objects.filter(player__in=chunk).values_list(
            "player_id", "tournament_id"
        )
        rows += Team.objects.filter(captain__in=chunk).values_list(
            "captain_id", "tournament_id"
        )
        wanted = set(chunk)
        for key, used in _uses(rows).items():
            if key in wanted:
                found[key] |= used
    return found


def club_uses(club_ids: Iterable[int]) -> dict[int, set[int]]:
    """Club id -> the ids of the tournaments that use it (see the module)."""
    ids = list(club_ids)
    found: dict[int, set[int]] = defaultdict(set)
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start : start + _CHUNK]
        rows = list(
            Tournament.objects.filter(organiser__in=chunk).values_list(
                "organiser_id", "pk"
            )
        )
        rows += Pair.objects.filter(club__in=chunk).values_list(
            "club_id", "tournament_id"
        )
        rows += Team.objects.filter(club__in=chunk).values_list(
            "club_id", "tournament_id"
        )
        members = dict(
            Player.objects.filter(club__in=chunk).values_list("pk", "club_id")
        )
        for player_id, used in player_uses(members).items():
            rows += [(members[player_id], t) for t in used]
        for key, used in _uses(rows).items():
            found[key] |= used
    return found


def editable_players(user, player_ids: Iterable[int]) -> set[int]:
    """The players of ``player_ids`` that ``user`` may change."""
    ids = set(player_ids)
    if is_manager(user, Player):
        return ids
    mine = directed_by(user)
    uses = player_uses(ids)
    return {pk for pk in ids if uses.get(pk) and uses[pk] <= mine}


def editable_clubs(user, club_ids: Iterable[int]) -> set[int]:
    """The clubs of ``club_ids`` that ``user`` may change."""
    ids = set(club_ids)
    if is_manager(user, Club):
        return ids
    mine = directed_by(user)
    uses = club_uses(ids)
    return {pk for pk in ids if uses.get(pk) and uses[pk] <= mine}


def can_edit_person(user, player: Player) -> bool:
    """Whether ``user`` may change ``player`` (name, membership number, club)."""
    return player.pk in editable_players(user, [player.pk])


def can_edit_club(user, club: Club) -> bool:
    """Whether ``user`` may change ``club`` (name, city, federation code)."""
    return club.pk in editable_clubs(user, [club.pk])


def managers(model: type[Player] | type[Club]) -> list[str]:
    """The names of the registry's managers of ``model`` (whom to ask)."""
    permission = Permission.objects.filter(
        content_type__app_label=model._meta.app_label,
        codename=f"change_{model._meta.model_name}",
    ).first()
    who = Q(is_superuser=True)
    if permission is not None:
        who |= Q(user_permissions=permission) | Q(groups__permissions=permission)
    users = get_user_model()._default_manager.filter(who, is_active=True).distinct()
    return sorted({display_name(u) for u in users}, key=str.casefold)


def whom_to_ask(model: type[Player] | type[Club]) -> str:
    names = managers(model)
    if not names:
        return _("the site's administrator")
    shown = ", ".join(names[:NAMED_MANAGERS])
    if len(names) > NAMED_MANAGERS:
        shown += " " + _("and %(count)s more") % {"count": len(names) - NAMED_MANAGERS}
    return shown


def check_person(user, player: Player) -> None:
    """:class:`NotYours` unless ``user`` may change ``player``."""
    if not can_edit_person(user, player):
        raise NotYours(
            _(
                "%(player)s also plays in tournaments you do not direct: only the "
                "managers of the players' registry can change them (%(managers)s)."
            )
            % {"player": player, "managers": whom_to_ask(Player)}
        )


def check_club(user, club: Club) -> None:
    """:class:`NotYours` unless ``user`` may change ``club``."""
    if not can_edit_club(user, club):
        raise NotYours(
            _(
                "Club “%(club)s” is also in tournaments you do not direct: only the "
                "managers of the clubs' registry can change it (%(managers)s)."
            )
            % {"club": club.name, "managers": whom_to_ask(Club)}
        )
