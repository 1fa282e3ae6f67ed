"""Whether a tabellone can be drawn from the gironi: the gironi stage, the gironi chosen,
each closed with final results (no round open, held or in its correction period)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament import visibility
from tournament.models import Girone, Round, Stage, Tournament

from .errors import KnockoutError


def gironi_stage(tournament: Tournament) -> Stage | None:
    """The tournament's first gironi stage."""
    return (
        Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS)
        .order_by("order")
        .first()
    )


def selected_gironi(stage: Stage, labels: Sequence[str] = ()) -> list[Girone]:
    """The stage's gironi with these labels (all of them when none is given)."""
    gironi = list(Girone.objects.filter(stage=stage).order_by("label"))
    if not labels:
        return gironi
    known = {g.label for g in gironi}
    unknown = [label for label in labels if label not in known]
    if unknown:
        raise KnockoutError(
            _("No girone %(labels)s in this tournament.")
            % {"labels": ", ".join(unknown)}
        )
    return [g for g in gironi if g.label in labels]


def gironi_problems(tournament: Tournament, labels: Sequence[str] = ()) -> list[str]:
    """Why a tabellone cannot be drawn yet (empty: every girone is closed)."""
    stage = gironi_stage(tournament)
    if stage is None:
        return [_("The tournament has no gironi stage.")]
    try:
        gironi = selected_gironi(stage, labels)
    except KnockoutError as exc:
        return [str(exc)]
    if not gironi:
        return [_("The gironi stage has no gironi.")]
    problems = []
    open_rounds: dict[int, list[int]] = {}
    has_rounds: set[int] = set()
    not_final: list[Round] = []
    for round_ in Round.objects.filter(girone__in=gironi).select_related("girone"):
        has_rounds.add(round_.girone_id)
        phase = visibility.round_phase(round_)
        if phase in (visibility.Phase.DRAFT, visibility.Phase.PLAYING):
            open_rounds.setdefault(round_.girone_id, []).append(round_.number)
        elif phase != visibility.Phase.FINAL:
            not_final.append(round_)
    for girone in gironi:
        if girone.pk not in has_rounds:
            problems.append(
                _("Girone %(label)s has no rounds yet.") % {"label": girone.label}
            )
        elif girone.pk in open_rounds:
            still = sorted(open_rounds[girone.pk])
            problems.append(
                ngettext(
                    "Girone %(label)s is not closed: round %(rounds)s is still open.",
                    "Girone %(label)s is not closed: rounds %(rounds)s are still open.",
                    len(still),
                )
                % {"label": girone.label, "rounds": ", ".join(map(str, still))}
            )
    # The qualifiers are taken from final results only (tournament.visibility): a
    # round held or still in its correction period could change them.
    if not problems and not_final:
        problems += visibility.conclusion_problems(tournament, rounds=not_final)
    return problems
