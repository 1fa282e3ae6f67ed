"""Where each person works today: their running tournaments and the rounds to type.

After logging in a person lands where their role works (``core.views.after_login``):
a referee of one running tournament with one round open goes straight to that round's
entry page; anyone with several roles, tournaments or open rounds gets the short list
of ``/arbitro/`` (:func:`duties`), the current rounds first; a director of one running
tournament, its dashboard. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse

from tournament import visibility
from tournament.models import Round, Tournament, TournamentRole

from . import services

Role = TournamentRole.Role


@dataclass
class OpenRound:
    """A round whose results are being typed, with how far the typing is."""

    round: Round
    confirmed: int
    total: int


@dataclass
class Duty:
    """One running tournament of a person: their roles and its rounds to type."""

    tournament: Tournament
    roles: list[str]
    open_rounds: list[OpenRound] = field(default_factory=list)
    last_closed: Round | None = None

    @property
    def directs(self) -> bool:
        return Role.DIRECTOR in self.roles

    @property
    def referees(self) -> bool:
        return bool({Role.REFEREE, Role.CHIEF_REFEREE, Role.DIRECTOR} & set(self.roles))

    @property
    def role_labels(self) -> list[str]:
        """The roles held, a chief referee not said to be a referee too."""
        shown = list(self.roles)
        if Role.CHIEF_REFEREE in shown and Role.REFEREE in shown:
            shown.remove(Role.REFEREE)
        return [str(Role(r).label) for r in shown]


def duties(user) -> list[Duty]:
    """The running tournaments ``user`` works in (a superuser: every running one),
    each with its open rounds, the current (latest) first."""
    if not user.is_authenticated:
        return []
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    roles: dict[int, list[str]] = {}
    if user.is_superuser:
        for pk in running.values_list("pk", flat=True):
            roles[pk] = [Role.DIRECTOR]
    else:
        held = TournamentRole.objects.filter(user=user, tournament__in=running)
        for tournament_id, role in held.values_list("tournament_id", "role"):
            roles.setdefault(tournament_id, []).append(role)
    order = {Role.DIRECTOR: 0, Role.CHIEF_REFEREE: 1, Role.REFEREE: 2}
    found = []
    for tournament in running.filter(pk__in=roles).order_by("-date", "name"):
        mine = sorted(set(roles[tournament.pk]), key=lambda r: order.get(Role(r), 9))
        duty = Duty(tournament, mine)
        rounds = (
            visibility.published_rounds(tournament)
            .select_related("girone")
            .order_by("-number", "girone__label")
        )
        for round_ in rounds:
            if round_.status == Round.Status.CLOSED:
                duty.last_closed = duty.last_closed or round_
                continue
            progress = services.round_progress(round_.pk)
            duty.open_rounds.append(
                OpenRound(round_, progress.confirmed, progress.total)
            )
        found.append(duty)
    # The tournaments with rounds to type first.
    return sorted(found, key=lambda d: not d.open_rounds)


def landing_url(user, *, can_direct: bool) -> str | None:
    """Where ``user`` lands after logging in, or None for the public home page.

    ``can_direct``: the user may create tournaments (a director with nothing running
    yet goes to their tournaments).
    """
    found = duties(user)
    if len(found) == 1:
        duty = found[0]
        slug = duty.tournament.slug
        if not duty.directs and len(duty.open_rounds) == 1:
            round_id = duty.open_rounds[0].round.pk
            return reverse("scoring:entry", kwargs={"slug": slug, "round_id": round_id})
        if duty.roles == [Role.DIRECTOR] and not user.is_superuser:
            return reverse("tournament:dashboard", kwargs={"slug": slug})
    if found:
        return reverse("scoring:desk")
    if can_direct or TournamentRole.objects.filter(user=user).exists():
        return reverse("tournament:index")
    return None
