"""The pages of the competitors, pairs and teams alike: register one (form and list),
import a CSV file with a preview, withdraw one after a confirmation (issue 29: written
once; a pair's correction is :mod:`participants.views.pairs`).

What differs is data, :data:`_PAGES`: the format's
:class:`~participants.services.registration.EntryFormat` (how entries are read, checked
and saved), its form and its templates, picked by the event's competitor
(:func:`~participants.competitors.competitors_of`). The pairs' and the teams' URLs
(``tournament:pairs``, ``tournament:teams`` ...) lead to the same views and name the
competitor they are of (``competitors``): one of the other format (a stale link)
leads to the event's own page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from participants import csv_import, team_csv
from participants.competitors import PAIRS, TEAMS, Competitors, competitors_of
from participants.forms import ImportForm, PairForm, TeamForm
from participants.services import registration
from participants.services.counts import pair_counts
from participants.services.registration import (
    PAIR_ENTRIES,
    EntriesInvalid,
    EntryFormat,
)
from participants.services.teams import TEAM_ENTRIES
from people.models import Club
from tournament.models import TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError
from tournament.services.tournaments import gironi_of
from tournament.views.common import show_error

DIRECTOR = TournamentRole.Role.DIRECTOR


@dataclass(frozen=True)
class _Pages:
    """A format's entries, form and templates."""

    entries: EntryFormat
    form: type
    template: str
    import_template: str
    example: str  # the CSV header the import page shows


_PAGES = {
    PAIRS: _Pages(
        PAIR_ENTRIES,
        PairForm,
        "tournament/pairs.html",
        "tournament/import.html",
        csv_import.EXAMPLE_HEADER,
    ),
    TEAMS: _Pages(
        TEAM_ENTRIES,
        TeamForm,
        "tournament/teams.html",
        "tournament/import_teams.html",
        team_csv.EXAMPLE_HEADER,
    ),
}


def _pages(tournament, competitors: Competitors) -> _Pages | None:
    """The event's pages, or None when the URL is of the other format's."""
    own = competitors_of(tournament)
    return _PAGES[own] if own is competitors else None


def saved[T](form, save: Callable[[], T]) -> T | None:
    """What ``save`` made, or None with why it refused on the form: each problem of an
    entry on its field (on the form when it names none)."""
    try:
        return save()
    except EntriesInvalid as error:
        for problem in error.errors:
            field = problem.field if problem.field in form.fields else None
            form.add_error(field, problem.message)
    except ServiceError as error:
        form.add_error(None, error.message)
    return None


@role_required(DIRECTOR)
def register(request, tournament, competitors: Competitors):
    """Register one competitor from the form (Enter saves, the cursor comes back), and
    the list of those registered."""
    pages = _pages(tournament, competitors)
    if pages is None:
        return redirect(competitors_of(tournament).page, slug=tournament.slug)
    fmt, kind = pages.entries, competitors
    form = pages.form(request.POST or None)
    if request.method == "POST" and form.is_valid():
        made = saved(
            form,
            lambda: registration.register(
                fmt,
                tournament,
                form.entry(),
                create_club=form.cleaned_data["create_club"],
            ),
        )
        if made is not None:
            said = {"number": made.number, "names": made.names, "name": made.names}
            messages.success(request, kind.words.registered_as % said)
            return redirect(kind.page, slug=tournament.slug)
    listed = kind.of(tournament).prefetch_related(*kind.prefetch)
    return render(
        request,
        pages.template,
        {
            "tournament": tournament,
            "form": form,
            "competitors": listed,
            "clubs": Club.objects.all(),
            "gironi": gironi_of(tournament),
            "counts": pair_counts(tournament),
        },
    )


@role_required(DIRECTOR)
def withdraw(request, tournament, number: int, competitors: Competitors):
    """Withdraw a competitor after a confirmation (a page that says what it means), or
    reinstate it."""
    if _pages(tournament, competitors) is None:
        return redirect(competitors_of(tournament).page, slug=tournament.slug)
    kind = competitors
    competitor = get_object_or_404(
        kind.model.objects.select_related(*kind.select),
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
                "competitor": competitor,
                "kind": kind,
                "withdraw_asked": kind.words.withdraw_asked
                % {"n": number, "names": competitor.names},
                "seated": registration.seated_rounds(competitor),
                "unconfirmed": request.method == "POST",
                "action": reverse(kind.withdraw_page, args=[tournament.slug, number]),
                "back": reverse(kind.page, args=[tournament.slug]),
            },
        )
    try:
        registration.set_withdrawn(competitor, withdrawn)
    except ServiceError as error:
        show_error(request, error)
    else:
        text = kind.words.withdrawn_done if withdrawn else kind.words.reinstated
        messages.success(request, text % {"number": competitor.number})
    return redirect(kind.page, slug=tournament.slug)


@role_required(DIRECTOR)
def import_entries(request, tournament, competitors: Competitors):
    """Paste or upload, see every error by line, fix, and confirm a clean preview."""
    pages = _pages(tournament, competitors)
    if pages is None:
        return redirect(competitors_of(tournament).import_page, slug=tournament.slug)
    fmt = pages.entries
    form = ImportForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        create_clubs = form.cleaned_data["create_clubs"]
        if form.cleaned_data["confirm"]:
            # import_entries checks everything again under the tournament's lock.
            try:
                created = registration.import_entries(
                    fmt, tournament, text, create_clubs=create_clubs
                )
            except EntriesInvalid:
                pass  # the preview below lists every problem by line
            except ServiceError as error:
                show_error(request, error)
            else:
                imported = fmt.competitors.words.imported
                messages.success(request, imported % {"count": len(created)})
                return redirect(fmt.competitors.page, slug=tournament.slug)
        preview = registration.preview(fmt, tournament, text, create_clubs=create_clubs)
        # The text goes back into the form, so the director fixes it in place.
        data = request.POST.copy()
        data["text"] = text
        data["confirm"] = ""
        form = ImportForm(data)
    return render(
        request,
        pages.import_template,
        {
            "tournament": tournament,
            "form": form,
            "preview": preview,
            "example": pages.example,
        },
    )
