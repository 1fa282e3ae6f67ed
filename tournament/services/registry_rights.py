"""Who may change a player or a club of the federation's registry (issue 26 §2's rule).

Players and clubs form one registry shared by every tournament. A director may change
a player or a club only when every tournament that uses it is one this user directs;
a superuser, or a registry manager (the ``change_player`` / ``change_club``
permission), may change any. Anyone else is refused without being told which other
tournament uses the record.

A tournament uses a player who plays in one of its pairs or is on one of its teams'
rosters; it uses a club that organises it, or that one of its pairs, teams or players
belongs to.
"""

from __future__ import annotations

from django.db.models import Q

from tournament.models import Club, Player, Tournament, TournamentRole


def _directs_all(user, tournaments) -> bool:
    """True when ``user`` directs every tournament of the queryset."""
    directed = TournamentRole.objects.filter(
        user=user, role=TournamentRole.Role.DIRECTOR
    ).values("tournament_id")
    return not tournaments.exclude(pk__in=directed).exists()


def may_edit_player(user, player: Player) -> bool:
    """True when ``user`` may change ``player``'s names or membership number."""
    if not user.is_authenticated:
        return False
    if user.is_superuser or user.has_perm("tournament.change_player"):
        return True
    using = Tournament.objects.filter(
        Q(pairs__player1=player)
        | Q(pairs__player2=player)
        | Q(teams__members__player=player)
    )
    return _directs_all(user, using)


def may_edit_club(user, club: Club) -> bool:
    """True when ``user`` may change ``club``'s name, city or federation code."""
    if not user.is_authenticated:
        return False
    if user.is_superuser or user.has_perm("tournament.change_club"):
        return True
    players = Player.objects.filter(club=club)
    using = Tournament.objects.filter(
        Q(organiser=club)
        | Q(pairs__club=club)
        | Q(teams__club=club)
        | Q(pairs__player1__in=players)
        | Q(pairs__player2__in=players)
        | Q(teams__members__player__in=players)
    )
    return _directs_all(user, using)
