"""What the director's dashboard says: the pair counts and the next steps.

Both follow the tournament's state, from one place each:

* :func:`pair_counts` counts the pairs (a team tournament: the teams) once (registered, playing, withdrawn, without a
  girone, and per girone), so the dashboard, the girone page and the pairs page agree;
* :func:`round_actions` names first every closed round whose results are held (not
  released), then offers, per girone, the one step its last round calls for: make
  round 1, review the draft, enter the results, recap and close the round, make the
  next round; nothing once the plan's rounds are all closed (then the final documents).
  A round is never offered before the previous one is closed, nor beyond the plan.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from participants.competitors import competitors_of
from scoring.services.rounds import round_progress
from seating.services.attendance import scheduled_rounds
from tournament.models import Girone, Round, Tournament
from tournament.services.tournaments import gironi_of


@dataclass(frozen=True)
class NextAction:
    """One thing the director can do next on the dashboard."""

    label: str
    url: str
    primary: bool = False


def next_actions(tournament: Tournament) -> list[NextAction]:
    """What the director should do next, most urgent first (see
    :mod:`director.dashboard`: the steps follow the tournament's state)."""
    from director.dashboard import round_actions

    slug = {"slug": tournament.slug}
    kind = competitors_of(tournament)
    words = kind.words
    playing = kind.of(tournament).filter(withdrawn=False)
    if not playing.exists():
        return [
            NextAction(str(words.register), reverse(kind.page, kwargs=slug), True),
            NextAction(str(words.import_csv), reverse(kind.import_page, kwargs=slug)),
        ]
    actions: list[NextAction] = []
    gironi = gironi_of(tournament)
    if playing.filter(girone__isnull=True).exists():
        started = Round.objects.filter(girone__in=gironi).exists()
        if not started:
            label, url = words.split_title, reverse("tournament:gironi", kwargs=slug)
            actions.append(NextAction(str(label), url, True))
        elif words.late_join is not None:
            # Late pairs: the gironi are made; each joins one from the pairs page. A
            # team joins none once the rounds have begun (the gironi page says why):
            # no step leads there to be refused.
            label, url = words.late_join, reverse(kind.page, kwargs=slug)
            actions.append(NextAction(str(label), url, True))
    return actions + round_actions(tournament, gironi)


def girone_action(tournament: Tournament, girone: Girone) -> NextAction | None:
    """The step the girone's last round calls for (None: its plan is complete)."""
    slug = tournament.slug
    last = girone.rounds.order_by("-number").first()
    words = {"girone": girone}
    if last is None:
        return NextAction(
            _("Generate round %(number)s of %(girone)s") % {"number": 1, **words},
            reverse("tournament:girone", kwargs={"slug": slug, "girone": girone.label}),
            True,
        )
    words["number"] = last.number
    if last.status == Round.Status.DRAFT:
        return NextAction(
            _("Review and publish round %(number)s of %(girone)s") % words,
            reverse(
                "tournament:round",
                kwargs={"slug": slug, "girone": girone.label, "number": last.number},
            ),
            True,
        )
    if last.status == Round.Status.PUBLISHED:
        if not round_progress(last.pk).complete:
            label = _("Enter the results of round %(number)s of %(girone)s") % words
            url = reverse("scoring:entry", kwargs={"slug": slug, "round_id": last.pk})
        else:
            label = _("Check and close round %(number)s of %(girone)s") % words
            url = reverse("scoring:recap", kwargs={"slug": slug, "round_id": last.pk})
        return NextAction(label, url, True)
    planned = scheduled_rounds(girone)
    if planned is not None and last.number >= planned:
        return None
    return NextAction(
        _("Generate round %(number)s of %(girone)s")
        % {"number": last.number + 1, "girone": girone},
        reverse("tournament:girone", kwargs={"slug": slug, "girone": girone.label}),
        True,
    )


def held_actions(tournament: Tournament) -> list[NextAction]:
    """Every closed round whose results are not released, named: releasing them is
    what puts them on the public pages (and what "Concluso" waits for)."""
    held = Round.objects.filter(
        girone__stage__tournament=tournament,
        status=Round.Status.CLOSED,
        results_public=False,
    ).select_related("girone")
    url = reverse("standings:director", kwargs={"slug": tournament.slug})
    return [
        NextAction(
            _("Release the results of round %(number)s of %(girone)s (held)")
            % {"number": r.number, "girone": r.girone},
            url,
            True,
        )
        for r in held.order_by("girone__label", "number")
    ]


def round_actions(tournament: Tournament, gironi: list[Girone]) -> list[NextAction]:
    """The held rounds' releases, then each girone's next step; once every girone has
    closed its plan's rounds and released them, the final documents instead."""
    slug = {"slug": tournament.slug}
    pending = held_actions(tournament)
    pending += [a for g in gironi if (a := girone_action(tournament, g)) is not None]
    if pending or not gironi:
        return pending
    return [
        NextAction(
            _("Final standings"), reverse("standings:director", kwargs=slug), True
        ),
        NextAction(
            _("Report for the federation"),
            reverse("standings:federation", kwargs=slug),
        ),
        NextAction(_("Print"), reverse("printing:index", kwargs=slug)),
    ]


def plan_complete(tournament: Tournament, gironi: list[Girone]) -> bool:
    """Every girone has closed the rounds its plan schedules (nothing left to play)."""
    return bool(gironi) and all(girone_action(tournament, g) is None for g in gironi)
