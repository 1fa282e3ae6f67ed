"""Tournaments: the director's list, create, edit, status (the clubs are
:mod:`participants.views.clubs`' pages)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms import TournamentForm
from tournament.models import Tournament, TournamentRole
from tournament.permissions import role_required
from tournament.services import packs
from tournament.services import tournaments as services
from tournament.services.errors import ServiceError

from .common import (
    can_create,
    creator_required,
    my_tournaments,
    refereed_tournaments,
    show_error,
)

DIRECTOR = TournamentRole.Role.DIRECTOR


@login_required
def index(request):
    return render(
        request,
        "tournament/index.html",
        {
            "tournaments": my_tournaments(request.user),
            "refereed": []
            if request.user.is_superuser
            else refereed_tournaments(request.user),
            "can_create": can_create(request.user),
        },
    )


def _tournament_kwargs(data: dict) -> dict:
    keys = (
        "name",
        "date",
        "venue",
        "organiser",
        "hands_per_round",
        "to_points",
        "rounds_planned",  # both from the plan's blocks (tournament.plan_fields)
        "movement_plan",
        "mitchell_step",
        "entry_mode",
        "avoid_same_club",
        "rematch_in_last_round",
        "never_rematch",
        "hall_numbering",
        "totals_only",
        "entry_by",
        "idle_minutes",
        "correction_minutes",
        "hold_results",
    )
    return {k: data[k] for k in keys}


@creator_required
def create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_tournament(
                by=request.user,
                game=data["game"],
                rule_pack=data["rule_pack"],
                format=data["format"] or Tournament.Format.PAIRS,
                **_tournament_kwargs(data),
            )
        except ServiceError as error:
            form.add_error(None, error.message)
            for detail in error.details:
                form.add_error(None, detail)
        else:
            messages.success(
                request,
                _("Tournament “%(name)s” created.") % {"name": tournament.name},
            )
            return redirect("tournament:dashboard", slug=tournament.slug)
    return render(
        request, "tournament/tournament_form.html", {"form": form, "creating": True}
    )


@role_required(DIRECTOR)
def edit(request, tournament):
    pack = packs.pinned_pack(tournament)
    form = TournamentForm(
        request.POST or None,
        initial=TournamentForm.initial_for(tournament),
        editing=True,
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(
                tournament, **_tournament_kwargs(form.cleaned_data)
            )
        except ServiceError as error:
            form.add_error(None, error.message)
            for detail in error.details:
                form.add_error(None, detail)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("tournament:dashboard", slug=tournament.slug)
    return render(
        request,
        "tournament/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            "creating": False,
            "pack": pack,
            "pack_sections": packs.pack_sections(pack) if pack else "",
        },
    )


@require_POST
@role_required(DIRECTOR)
def set_status(request, tournament):
    try:
        services.set_status(tournament, request.POST.get("status", ""))
    except ServiceError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            _("The tournament is now “%(status)s”.")
            % {"status": tournament.get_status_display()},
        )
    return redirect("tournament:dashboard", slug=tournament.slug)
