"""Pairs: fast one-by-one entry, CSV import with a preview, withdrawal; gironi."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from participants import csv_import
from participants.forms import ImportForm, PairEditForm, PairForm
from participants.models import Pair
from participants.services import pair_edit, registration, registry
from participants.services.counts import pair_counts
from participants.services.registration import EntriesInvalid
from people.models import Club, Player
from tournament.models import TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError
from tournament.services.tournaments import gironi_of
from tournament.views.common import show_error

DIRECTOR = TournamentRole.Role.DIRECTOR


@role_required(DIRECTOR)
def pairs(request, tournament):
    if tournament.is_teams:  # a team's pairs come from its roster
        return redirect("tournament:teams", slug=tournament.slug)
    form = PairForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            pair = registration.register_pair(
                tournament,
                form.entry(),
                create_club=form.cleaned_data["create_club"],
            )
        except EntriesInvalid as error:
            for problem in error.errors:
                field = problem.field if problem.field in form.fields else None
                form.add_error(field, problem.message)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Pair %(number)s registered: %(names)s.")
                % {"number": pair.number, "names": pair.names},
            )
            return redirect("tournament:pairs", slug=tournament.slug)
    listed = tournament.pairs.select_related("player1", "player2", "club", "girone")
    return render(
        request,
        "tournament/pairs.html",
        {
            "tournament": tournament,
            "form": form,
            "pairs": listed.order_by("number"),
            "clubs": Club.objects.all(),
            "gironi": gironi_of(tournament),
            "counts": pair_counts(tournament),
        },
    )


@role_required(DIRECTOR)
def edit_pair(request, tournament, number):
    """Correct a pair: its players' names and membership numbers, its club and seed."""
    pair = get_object_or_404(
        Pair.objects.select_related("player1", "player2", "club", "girone"),
        tournament=tournament,
        number=number,
    )
    form = PairEditForm(
        request.POST or None, initial=PairEditForm.initial_for(pair_edit.entry_of(pair))
    )
    if request.method == "POST" and form.is_valid():
        try:
            pair = pair_edit.edit_pair(
                tournament,
                pair,
                form.entry(),
                by=request.user,
                create_club=form.cleaned_data["create_club"],
            )
        except EntriesInvalid as error:
            for problem in error.errors:
                field = problem.field if problem.field in form.fields else None
                form.add_error(field, problem.message)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Pair %(number)s saved: %(names)s.")
                % {"number": pair.number, "names": pair.names},
            )
            return redirect("tournament:pairs", slug=tournament.slug)
    editable = registry.editable_players(
        request.user, [pair.player1_id, pair.player2_id]
    )
    return render(
        request,
        "tournament/pair_edit.html",
        {
            "tournament": tournament,
            "pair": pair,
            "form": form,
            "clubs": Club.objects.all(),
            # Players other tournaments use: the registry's managers correct them.
            "locked": [p for p in (pair.player1, pair.player2) if p.pk not in editable],
            "managers": registry.whom_to_ask(Player),
        },
    )


@role_required(DIRECTOR)
def withdraw(request, tournament, number):
    """Withdraw a pair after a confirmation (a page that says what it means), or
    reinstate it."""
    pair = get_object_or_404(
        Pair.objects.select_related("player1", "player2", "girone"),
        tournament=tournament,
        number=number,
    )
    withdrawn = request.POST.get("withdrawn", "1") == "1"
    if withdrawn and not (
        request.method == "POST" and request.POST.get("confirm") == "1"
    ):
        return render(
            request,
            "tournament/withdraw.html",
            {
                "tournament": tournament,
                "competitor": pair,
                "seated": registration.seated_rounds(pair),
                "unconfirmed": request.method == "POST",
                "action": reverse(
                    "tournament:withdraw", args=[tournament.slug, pair.number]
                ),
                "back": reverse("tournament:pairs", args=[tournament.slug]),
            },
        )
    try:
        registration.set_withdrawn(pair, withdrawn)
    except ServiceError as error:
        show_error(request, error)
    else:
        if withdrawn:
            text = _("Pair %(number)s withdrawn: it sits in no later round.")
        else:
            text = _("Pair %(number)s reinstated.")
        messages.success(request, text % {"number": pair.number})
    return redirect("tournament:pairs", slug=tournament.slug)


@role_required(DIRECTOR)
def import_pairs(request, tournament):
    """Paste or upload, see every error by line, fix, and confirm a clean preview."""
    if tournament.is_teams:
        return redirect("tournament:import_teams", slug=tournament.slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        create_clubs = form.cleaned_data["create_clubs"]
        if form.cleaned_data["confirm"]:
            # import_pairs checks everything again under the tournament's lock.
            try:
                created = registration.import_pairs(
                    tournament, text, create_clubs=create_clubs
                )
            except EntriesInvalid:
                pass  # the preview below lists every problem by line
            except ServiceError as error:
                show_error(request, error)
            else:
                messages.success(
                    request,
                    ngettext(
                        "%(count)s pair imported.",
                        "%(count)s pairs imported.",
                        len(created),
                    )
                    % {"count": len(created)},
                )
                return redirect("tournament:pairs", slug=tournament.slug)
        preview = registration.preview_import(
            tournament, text, create_clubs=create_clubs
        )
        # The text goes back into the form, so the director fixes it in place.
        data = request.POST.copy()
        data["text"] = text
        data["confirm"] = ""
        form = ImportForm(data)
    return render(
        request,
        "tournament/import.html",
        {
            "tournament": tournament,
            "form": form,
            "preview": preview,
            "example": csv_import.EXAMPLE_HEADER,
        },
    )
