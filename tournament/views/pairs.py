"""Pairs: fast one-by-one entry, CSV import with a preview, withdrawal; gironi."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament import csv_import
from tournament.forms import ImportForm, PairEditForm, PairForm, SplitForm
from tournament.models import Club, Pair, Player, TournamentRole
from tournament.permissions import role_required
from tournament.services import gironi as gironi_services
from tournament.services import pair_edit, registration, registry
from tournament.services.dashboard import pair_counts
from tournament.services.errors import ServiceError
from tournament.services.registration import EntriesInvalid
from tournament.services.tournaments import gironi_of

from . import teams as team_views
from .common import show_error

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


@require_POST
@role_required(DIRECTOR)
def place(request, tournament, number):
    """Put a pair into a girone: before the rounds start, or late (it plays from the
    girone's next round; the rounds it missed count as the rule pack says)."""
    pair = get_object_or_404(Pair, tournament=tournament, number=number)
    label = request.POST.get("girone", "").strip()
    girone = next((g for g in gironi_of(tournament) if g.label == label), None)
    if girone is None:
        messages.error(request, _("Choose one of the tournament's gironi."))
        return redirect("tournament:pairs", slug=tournament.slug)
    try:
        started = girone.rounds.exists()
        if started:
            gironi_services.add_late_pair(pair, girone)
        else:
            gironi_services.move_pair(pair, girone)
    except ServiceError as error:
        show_error(request, error)
    else:
        if started:
            text = _(
                "Pair %(number)s joins %(girone)s: it plays from the next round; the"
                " rounds it missed count as the rule pack says."
            )
        else:
            text = _("Pair %(number)s is in %(girone)s.")
        messages.success(request, text % {"number": pair.number, "girone": girone})
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


@role_required(DIRECTOR)
def gironi(request, tournament):
    if tournament.is_teams:
        return team_views.gironi(request, tournament)
    existing = gironi_of(tournament)
    form = SplitForm(request.POST or None, initial={"count": len(existing) or 2})
    pairs = list(
        tournament.pairs.filter(withdrawn=False)
        .select_related("player1", "player2", "club", "girone")
        .order_by("number")
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        assignment = {
            p.number: request.POST.get(f"pair-{p.number}", "").strip().upper()
            for p in pairs
        }
        assignment = {k: v for k, v in assignment.items() if v}
        try:
            outcome = gironi_services.split_into_gironi(
                tournament,
                count=data["count"],
                method=data["method"],
                seed=data["seed"],
                avoid_clubs=data["avoid_clubs"],
                assignment=assignment,
            )
        except ServiceError as error:
            show_error(request, error)
        else:
            made = len(outcome.gironi)
            text = ngettext(
                "%(count)s girone made.", "%(count)s gironi made.", made
            ) % {"count": made}
            if outcome.seed is not None:
                text += " " + _("Draw seed: %(seed)s.") % {"seed": outcome.seed}
            messages.success(request, text)
            if outcome.club_clashes:
                messages.warning(
                    request,
                    _(
                        "These pairs share a girone with a pair of their club: %(pairs)s."
                    )
                    % {"pairs": "; ".join(outcome.club_clashes)},
                )
            return redirect("tournament:gironi", slug=tournament.slug)
    return render(
        request,
        "tournament/gironi.html",
        {
            "tournament": tournament,
            "form": form,
            "gironi": [
                (g, [p for p in pairs if p.girone_id == g.pk]) for g in existing
            ],
            "pairs": pairs,
            "labels": gironi_services.labels(max(len(existing), 2)),
        },
    )
