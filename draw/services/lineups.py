"""A team match's line-ups: the two pairs each team fields (docs/rules.md §11).

A line-up can change while no result of the match is entered and the round is not
closed; the tables' pairs are rewritten and the seats checked again
(:func:`rules.team.check_matches`). It sits above ``scoring``: whether a result is
entered is scoring's to say.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from outbox.work import record_publish
from participants.models import Team, TeamMember
from participants.services.teams import team_pair_of
from rules.errors import TeamError
from rules.team import check_lineup
from scoring.services.rounds import has_results
from seating.models import Table, TeamMatch
from seating.services.team_rounds import verify_round_seats
from tournament.models import Round
from tournament.services.errors import RoundError


def _lineup_message(exc: TeamError, names: dict[int, str]) -> str:
    p = exc.params
    if exc.code == "not_in_roster":
        players = p.get("players", [])
        shown = ", ".join(names.get(int(x), str(x)) for x in players)
        return _("%(players)s not in the team's roster.") % {"players": shown}
    if exc.code == "same_player":
        return _("%(player)s cannot fill both seats of a pair.") % {
            "player": names.get(int(p["player"]), "")
        }
    if exc.code == "player_twice":
        return _("%(player)s cannot play in both pairs.") % {
            "player": names.get(int(p["player"]), "")
        }
    return _("Choose two pairs of two players each.")


@transaction.atomic
def set_lineup(
    match: TeamMatch, team: Team, pairs: Sequence[tuple[int, int]]
) -> TeamMatch:
    """Seat ``team``'s line-up (two pairs of player ids, from its roster) in ``match``."""
    match = TeamMatch.objects.select_for_update(of=("self",)).get(pk=match.pk)
    round_ = Round.objects.select_related("girone").get(pk=match.round_id)
    if round_.status == Round.Status.CLOSED:
        raise RoundError(
            _("Round %(number)s is closed: its line-ups can no longer change.")
            % {"number": round_.number}
        )
    if team.pk == match.team_a_id:
        side = "a"
    elif team.pk == match.team_b_id:
        side = "b"
    else:
        raise RoundError(_("This team does not play in this match."))
    if match.is_rest:
        raise RoundError(_("A resting team has no line-up to give."))
    if has_results(match.tables):
        raise RoundError(
            _("A result of this match is entered: its line-ups can no longer change.")
        )
    members = {
        m.player_id: str(m.player)
        for m in TeamMember.objects.filter(team=team).select_related("player")
    }
    try:
        check_lineup(members, [tuple(p) for p in pairs])
    except TeamError as exc:
        raise RoundError(_lineup_message(exc, members)) from exc
    first, second = (team_pair_of(team, (p[0], p[1])) for p in pairs)
    t1 = Table.objects.select_for_update(of=("self",)).get(pk=match.table_1_id)
    t2 = Table.objects.select_for_update(of=("self",)).get(pk=match.table_2_id)
    if side == "a":
        t1.pair_ns, t2.pair_ew = first, second
        match.lineup_a_given = True
    else:
        t1.pair_ew, t2.pair_ns = first, second
        match.lineup_b_given = True
    # A team's pairs sit in its own columns only (A: NS at 1, EO at 2; B: the other
    # two), so no other table of the round can hold them: no unique clash.
    t1.save()
    t2.save()
    match.save(update_fields=["lineup_a_given", "lineup_b_given"])
    if round_.status != Round.Status.DRAFT:
        record_publish(team.tournament_id, gironi=[round_.girone_id], pages=True)
    verify_round_seats(round_)
    return match
