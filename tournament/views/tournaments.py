"""Tournaments: the director's list, create, edit, status, dashboard; clubs."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from participants.services import registry
from people.models import Club
from tournament.forms import ClubForm, TournamentForm
from tournament.models import Tournament, TournamentRole
from tournament.permissions import role_required
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
    pack = services.pinned_pack(tournament)
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
            "pack_sections": services.pack_sections(pack) if pack else "",
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


@creator_required
def clubs(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = form.save()
        messages.success(request, _("Club “%(name)s” added.") % {"name": club.name})
        return redirect("tournament:clubs")
    return render(
        request,
        "tournament/clubs.html",
        {"form": form, "clubs": Club.objects.all()},
    )


@creator_required
def edit_club(request, club_id):
    """Correct a club of the registry: only when every tournament using it is one this
    user directs (or for the registry's managers), without saying which others do."""
    club = get_object_or_404(Club, pk=club_id)
    try:
        registry.check_club(request.user, club)
    except registry.NotYours as refused:
        refusal = refused.message
    else:
        refusal = ""
    form = ClubForm(request.POST or None, instance=club)
    if refusal:
        for field in form.fields.values():
            field.disabled = True
    if request.method == "POST" and not refusal and form.is_valid():
        with transaction.atomic():
            registry.check_club(
                request.user, club
            )  # again, in the change's transaction
            club = form.save()
        messages.success(request, _("Club “%(name)s” saved.") % {"name": club.name})
        return redirect("tournament:clubs")
    return render(
        request,
        "tournament/club_edit.html",
        {"form": form, "club": club, "refusal": refusal},
        status=403 if request.method == "POST" and refusal else 200,
    )
