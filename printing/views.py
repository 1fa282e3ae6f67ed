"""Director-only printing pages: the documents of a tournament, inline or from the worker."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from knockout.models import Bracket
from tournament import visibility
from tournament.links import address_warning
from tournament.models import Stage
from tournament.permissions import Role, role_required

from . import services
from .competitor import of as competitor_of
from .documents import BUILDERS, DocumentError, scope_of
from .documents.prizes import build_prize_list
from .models import Render
from .prizes import PrizesForm, set_prizes


def _pdf_response(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


def _error(request, tournament, exc: DocumentError):
    return render(
        request,
        "printing/error.html",
        {"tournament": tournament, "message": str(exc)},
        status=exc.status,
    )


@role_required(Role.DIRECTOR)
def index(request, tournament, prizes_form=None):
    rounds = (
        visibility.published_rounds(tournament)
        .select_related("girone")
        .order_by("girone__stage__order", "girone__label", "number")
    )
    gironi = [
        g
        for stage in Stage.objects.filter(tournament=tournament).prefetch_related(
            "gironi"
        )
        for g in stage.gironi.all()
    ]
    return render(
        request,
        "printing/index.html",
        {
            "tournament": tournament,
            "competitor": competitor_of(tournament),
            "rounds": rounds,
            "gironi": gironi,
            "kinds": BUILDERS,
            "renders": services.recent_renders(tournament),
            "brackets": Bracket.objects.filter(tournament=tournament),
            "prizes_form": prizes_form or PrizesForm.for_tournament(tournament),
            # Before any code is printed: an address the phones cannot reach.
            "address_warning": address_warning(request),
        },
    )


@require_POST
@role_required(Role.DIRECTOR)
def prizes(request, tournament):
    """The organiser's prizes, place by place (printed on the prize list)."""
    form = PrizesForm.for_tournament(tournament, request.POST)
    if not form.is_valid():
        return index(request, tournament.slug, prizes_form=form)
    chosen = form.prizes()
    set_prizes(tournament, chosen)
    messages.success(
        request,
        ngettext(
            "%(count)s prize saved: the prize list prints it.",
            "%(count)s prizes saved: the prize list prints them.",
            len(chosen),
        )
        % {"count": len(chosen)},
    )
    return redirect(reverse("printing:index", args=[tournament.slug]) + "#prizes")


@role_required(Role.DIRECTOR)
def document(request, tournament, kind):
    params = {
        "round": request.GET.get("turno"),
        "girone": request.GET.get("girone"),
        "bracket": request.GET.get("tabellone"),
    }
    try:
        scope = scope_of(kind, params)
        outcome = services.inline_or_queued(
            tournament,
            kind,
            scope,
            user=request.user,
            background=request.GET.get("sfondo") == "1",
        )
    except DocumentError as exc:
        return _error(request, tournament, exc)
    if outcome.pdf is not None:
        return _pdf_response(outcome.pdf.data, outcome.document.filename)
    assert outcome.render is not None
    if outcome.render.status == Render.Status.DONE:
        return redirect(
            "printing:render-pdf", slug=tournament.slug, pk=outcome.render.pk
        )
    return redirect("printing:render", slug=tournament.slug, pk=outcome.render.pk)


def _render_of(tournament, pk) -> Render:
    return get_object_or_404(Render.objects.defer("pdf"), pk=pk, tournament=tournament)


@role_required(Role.DIRECTOR)
def render_status(request, tournament, pk):
    stored = _render_of(tournament, pk)
    if stored.status == Render.Status.SUPERSEDED:
        newer = services.latest_for(stored)
        if newer.pk != stored.pk:
            return redirect("printing:render", slug=tournament.slug, pk=newer.pk)
    return render(
        request,
        "printing/render.html",
        {
            "tournament": tournament,
            "render": stored,
            "retryable": services.retryable(stored),
            "lost": services.is_lost(stored),
            "last_sign_of_life": services.last_sign_of_life(stored),
        },
    )


@role_required(Role.DIRECTOR)
def render_pdf(request, tournament, pk):
    stored = get_object_or_404(
        Render, pk=pk, tournament=tournament, status=Render.Status.DONE
    )
    return _pdf_response(bytes(stored.pdf), stored.filename)


@require_POST
@role_required(Role.DIRECTOR)
def render_retry(request, tournament, pk):
    stored = _render_of(tournament, pk)
    try:
        services.retry_render(stored.pk)
    except DocumentError as exc:
        return _error(request, tournament, exc)
    return redirect("printing:render", slug=tournament.slug, pk=stored.pk)


def public_prizes(request, slug):
    """``/premi/<slug>/``: a concluded tournament's prize list, for everyone (the same
    rows as the printed one). Before the tournament is concluded there is none: prizes
    go by the final standings."""
    tournament = get_object_or_404(visibility.public_tournaments(), slug=slug)
    if (
        not visibility.standings_final(tournament)
        or not competitor_of(tournament).prizes
    ):
        raise Http404  # prizes go by final standings; a team event's are not drawn up
    try:
        document = build_prize_list(tournament)
    except DocumentError as exc:
        raise Http404 from exc
    return render(
        request,
        "printing/prizes_public.html",
        {
            "tournament": tournament,
            "competitor": competitor_of(tournament),
            "section": document.sections[0],
            "words": document.context["words"],
            "has_bracket": Bracket.objects.filter(tournament=tournament).exists(),
        },
    )
