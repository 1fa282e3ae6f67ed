"""Director-only printing pages: the documents of a tournament, inline or from the worker."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from knockout.models import Bracket
from tournament import visibility
from tournament.links import address_warning
from tournament.models import Stage
from tournament.permissions import Role, role_required

from . import services
from .documents import BUILDERS, DocumentError, scope_of
from .models import Render


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
def index(request, tournament):
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
            "rounds": rounds,
            "gironi": gironi,
            "kinds": BUILDERS,
            "renders": services.recent_renders(tournament),
            "brackets": Bracket.objects.filter(tournament=tournament),
            # Before any code is printed: an address the phones cannot reach.
            "address_warning": address_warning(request),
        },
    )


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
