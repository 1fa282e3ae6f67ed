"""The pages pairs and teams share: register one (form and list), import a CSV file with
a preview, withdraw one after a confirmation (issue 29: written once).

What differs is data: the format's :class:`~participants.services.registration.EntryFormat`
(how entries are read, checked and saved, and its
:class:`~participants.competitors.Competitors`: pages and words), its form and its
templates. A page of the other format's competitor (the pairs' page of a team event, a
stale link) leads to the event's own page.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from participants.competitors import competitors_of
from participants.services import registration
from participants.services.counts import pair_counts
from participants.services.registration import EntriesInvalid, EntryFormat
from people.models import Club
from tournament.services.errors import ServiceError
from tournament.services.tournaments import gironi_of
from tournament.views.common import show_error


def other_format(tournament, fmt: EntryFormat, page: str = "page"):
    """A redirect to the event's own page when ``fmt`` is not its format, else None
    (``page``: ``"page"`` or ``"import_page"``)."""
    kind = competitors_of(tournament)
    if kind is fmt.competitors:
        return None
    return redirect(getattr(kind, page), slug=tournament.slug)


def add_entry_errors(form, error: EntriesInvalid) -> None:
    """Each problem of an entry on its field of the form (on the form if no field)."""
    for problem in error.errors:
        field = problem.field if problem.field in form.fields else None
        form.add_error(field, problem.message)


def register_page(request, tournament, fmt: EntryFormat, form_class, template: str):
    """Register one competitor from the form (Enter saves, the cursor comes back), and
    the list of those registered."""
    kind = fmt.competitors
    form = form_class(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = registration.register(
                fmt,
                tournament,
                form.entry(),
                create_club=form.cleaned_data["create_club"],
            )
        except EntriesInvalid as error:
            add_entry_errors(form, error)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            said = {"number": made.number, "names": made.names, "name": made.names}
            messages.success(request, kind.words.registered_as % said)
            return redirect(kind.page, slug=tournament.slug)
    listed = kind.of(tournament)
    if kind.is_team:
        listed = listed.prefetch_related("members__player")
    return render(
        request,
        template,
        {
            "tournament": tournament,
            "form": form,
            "competitors": listed,
            "clubs": Club.objects.all(),
            "gironi": gironi_of(tournament),
            "counts": pair_counts(tournament),
        },
    )


def withdraw_page(request, tournament, number: int, fmt: EntryFormat):
    """Withdraw a competitor after a confirmation (a page that says what it means), or
    reinstate it."""
    kind = fmt.competitors
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
                "is_team": kind.is_team,
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


def import_page(request, tournament, fmt: EntryFormat, form_class, template, example):
    """Paste or upload, see every error by line, fix, and confirm a clean preview."""
    form = form_class(request.POST or None, request.FILES or None)
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
        form = form_class(data)
    return render(
        request,
        template,
        {
            "tournament": tournament,
            "form": form,
            "preview": preview,
            "example": example,
        },
    )
