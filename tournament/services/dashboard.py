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

from dataclasses import dataclass, field

from django.apps import apps
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.models import Girone, Pair, Round, Team, Tournament

from .attendance import scheduled_rounds
from .tournaments import NextAction


@dataclass(frozen=True)
class GironeCount:
    """The pairs of one girone: those still playing and those withdrawn."""

    playing: int = 0
    withdrawn: int = 0

    @property
    def total(self) -> int:
        return self.playing + self.withdrawn


@dataclass(frozen=True)
class PairCounts:
    """Every pair of a tournament counted once (withdrawn pairs counted apart)."""

    registered: int = 0
    withdrawn: int = 0
    unassigned: int = 0  # playing pairs without a girone
    by_girone: dict[int, GironeCount] = field(default_factory=dict)

    @property
    def playing(self) -> int:
        return self.registered - self.withdrawn

    def of(self, girone: Girone) -> GironeCount:
        return self.by_girone.get(girone.pk, GironeCount())


def pair_counts(tournament: Tournament) -> PairCounts:
    """The tournament's pair counts, in one query (a team tournament: its teams')."""
    model = Team if tournament.is_teams else Pair
    rows = (
        model.objects.filter(tournament=tournament)
        .values("girone_id")
        .annotate(
            playing=Count("id", filter=Q(withdrawn=False)),
            withdrawn=Count("id", filter=Q(withdrawn=True)),
        )
    )
    registered = withdrawn = unassigned = 0
    by_girone: dict[int, GironeCount] = {}
    for row in rows:
        registered += row["playing"] + row["withdrawn"]
        withdrawn += row["withdrawn"]
        if row["girone_id"] is None:
            unassigned += row["playing"]
        else:
            by_girone[row["girone_id"]] = GironeCount(row["playing"], row["withdrawn"])
    return PairCounts(registered, withdrawn, unassigned, by_girone)


def _confirmed_tables(round_: Round) -> tuple[int, int]:
    """(confirmed tables, tables) of a round."""
    total = round_.tables.count()
    try:
        table_result = apps.get_model("scoring", "TableResult")
    except LookupError:  # the scoring app is not installed
        return 0, total
    done = table_result.objects.filter(round=round_, status="confirmed").count()
    return done, total


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
        done, total = _confirmed_tables(last)
        if done < total:
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
