"""Referee pages: the round's entry page, a table's sheet, closing, the log.

Views are thin: parse the form, make one service call, answer. The save endpoint answers
JSON to the entry page's script (``Accept: application/json``) and plain HTML otherwise,
so the page works without JavaScript too; on an error either way the typed sheet stays.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament import visibility
from tournament.models import Round, Table, TournamentRole
from tournament.permissions import has_role, role_required
from tournament.services import table_codes
from tournament.services.errors import ServiceError
from tournament.words import game_words

from . import answers, pages, services, sheet_shape, table_detail
from .desk import duties as desk_duties
from .forms import SettleForm, SheetForm, new_token
from .models import TableResult
from .recap import round_recap
from .services import log as audit
from .services.bounds import UnlikelyError
from .services.errors import ConflictError, ScoringError
from .tables import HistoryTable, VersionLogTable, VersionTable

Role = TournamentRole.Role


def _round(tournament, round_id: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("girone__stage"),
        pk=round_id,
        girone__stage__tournament=tournament,
    )


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@require_GET
@login_required
def desk(request):
    """``/arbitro/``: the person's running tournaments, their rounds to type first."""
    return render(request, "scoring/desk.html", {"duties": desk_duties(request.user)})


@require_GET
@role_required(Role.REFEREE)
def round_list(request, tournament):
    return render(
        request,
        "scoring/round_list.html",
        {
            "tournament": tournament,
            "rounds": pages.round_rows(tournament),
            "is_director": has_role(request.user, tournament, Role.DIRECTOR),
        },
    )


@require_GET
@role_required(Role.REFEREE)
def entry_page(request, tournament, round_id):
    round_ = _round(tournament, round_id)
    if not visibility.round_is_published(round_):
        return _not_published(request, tournament, round_)
    return _render_entry(request, tournament, round_)


def _not_published(request, tournament, round_):
    """A draft round is the director's: back to the round list, saying why."""
    messages.error(
        request,
        _("Round %(number)d of girone %(girone)s is not published yet.")
        % {"number": round_.number, "girone": round_.girone.label},
    )
    return redirect("scoring:rounds", slug=tournament.slug)


def _render_entry(request, tournament, round_, bound=None, status=200):
    context = pages.entry_context(request, tournament, round_, bound=bound)
    return render(request, "scoring/entry.html", context, status=status)


@require_POST
@role_required(Role.REFEREE)
def save_table(request, tournament, round_id, number):
    round_ = _round(tournament, round_id)
    detailed = request.POST.get("detailed") == "1"
    try:
        table = pages.table_by_number(round_, number)
    except Table.DoesNotExist:
        message = _("Table %(n)d does not exist in this round.") % {"n": number}
        if _wants_json(request):
            return JsonResponse(
                {"ok": False, "errors": {"__all__": [message]}}, status=404
            )
        raise Http404(message) from None
    form = SheetForm(
        request.POST,
        prefix=None if detailed else f"t{number}",
        **sheet_shape.form_shape(tournament, round_, table, detailed=detailed),
    )
    error: ScoringError | None = None
    saved = None
    if form.is_valid():
        try:
            saved = services.submit_sheet(
                table=table,
                sheet=form.to_sheet(),
                by=request.user,
                expected_lock_version=form.cleaned_data["lock_version"],
                token=form.cleaned_data["idempotency_key"],
                correction=request.POST.get("correction") == "1",
                confirm=form.cleaned_data.get("confirm") or False,
            )
        except ScoringError as exc:
            error = exc
            form.add_service_errors(exc.errors)
            if isinstance(exc, UnlikelyError):
                form.ask_confirmation(exc.key)
    if _wants_json(request):
        return _json_answer(request, tournament, table, form, saved, error)
    if saved is None:
        if detailed:
            return _render_table(request, tournament, round_, table, form, status=400)
        return _render_entry(
            request, tournament, round_, bound={number: form}, status=400
        )
    messages.success(request, answers.saved_message(table, saved))
    if saved.correction:  # its impact report (the standings' page)
        return redirect(
            "standings:impact", slug=tournament.slug, version_id=saved.version.pk
        )
    if detailed:
        return redirect(
            "scoring:table", slug=tournament.slug, round_id=round_.pk, number=number
        )
    return redirect(
        reverse(
            "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
        )
        + f"#t{number}"
    )


def _json_answer(request, tournament, table, form, saved, error):
    body = {
        "table": table.number,
        "progress": answers.progress_payload(table.round_id),
        "idempotency_key": new_token(),
    }
    if saved is not None:
        body["ok"] = True
        body["status"] = saved.result.status
        body["message"] = answers.saved_message(table, saved)
        body["html"] = answers.render_row(request, tournament, table)
        body["team_lines"] = answers.team_lines(request, tournament, table)
        if saved.correction:
            body["redirect"] = reverse(
                "standings:impact",
                kwargs={"slug": tournament.slug, "version_id": saved.version.pk},
            )
        return JsonResponse(body)
    body["ok"] = False
    body["errors"] = {k: [str(m) for m in v] for k, v in form.errors.items()}
    body["code"] = error.code if error else "form"
    if isinstance(error, UnlikelyError):
        body["confirm"] = error.key
    if isinstance(error, ConflictError):
        body["lock_version"] = error.lock_version
        current = services.load_table(table.pk)
        result = TableResult.objects.filter(table=current).select_related("current")
        body["saved"] = (
            sheet_shape.summary(result[0].current, game_words(tournament))
            if result
            else ""
        )
    return JsonResponse(body, status=error.http_status if error else 400)


@role_required(Role.REFEREE)
def table_page(request, tournament, round_id, number):
    round_ = _round(tournament, round_id)
    if not visibility.round_is_published(round_):
        return _not_published(request, tournament, round_)
    try:
        table = pages.table_by_number(round_, number)
    except Table.DoesNotExist:
        raise Http404 from None
    if request.GET.get("card") == "1":  # the entry page's card, with its sheet
        return HttpResponse(answers.render_row(request, tournament, table))
    return _render_table(request, tournament, round_, table)


def _render_table(request, tournament, round_, table, form=None, status=200):
    context = table_detail.table_context(
        tournament, round_, table, request.user, form=form
    )
    context["versions_table"] = (
        VersionTable(context["versions"], words=game_words(tournament))
        if context["show_versions"]
        else None
    )
    return render(request, "scoring/table.html", context, status=status)


@require_POST
@role_required(Role.REFEREE)
def settle_table(request, tournament, round_id, number):
    round_ = _round(tournament, round_id)
    table = get_object_or_404(Table, round=round_, number=number)
    form = SettleForm(request.POST)
    if form.is_valid():
        try:
            services.settle(
                table=services.load_table(table.pk),
                version_id=form.cleaned_data["version"],
                by=request.user,
                expected_lock_version=form.cleaned_data["lock_version"],
            )
            messages.success(
                request, _("Table %(n)d settled and confirmed.") % {"n": number}
            )
        except ScoringError as exc:
            messages.error(request, exc.message)
    return redirect(
        "scoring:table", slug=tournament.slug, round_id=round_.pk, number=number
    )


@require_POST
@role_required(Role.REFEREE)
def reissue_code(request, tournament, round_id, number):
    """Revoke the table's players' code and issue another (issue 30)."""
    round_ = _round(tournament, round_id)
    table = get_object_or_404(Table, round=round_, number=number)
    try:
        code = table_codes.reissue(table, by=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _(
                "Table %(n)d has a new code: %(code)s. The old one opens nothing now;"
                " print the score card again or tell the table."
            )
            % {"n": number, "code": code.display},
        )
    return redirect(
        "scoring:table", slug=tournament.slug, round_id=round_.pk, number=number
    )


@require_GET
@role_required(Role.REFEREE)
def recap(request, tournament, round_id):
    """The round's recap: every table's totals, difference and VP, the special results
    with their reasons, what is missing; closing it from here asks for a confirmation."""
    round_ = _round(tournament, round_id)
    return render(
        request,
        "scoring/recap.html",
        {
            "tournament": tournament,
            "round": round_,
            "recap": round_recap(tournament, round_),
            "in_period": services.in_correction_period(round_),
            "minutes": services.correction_minutes(tournament),
            "is_director": has_role(request.user, tournament, Role.DIRECTOR),
        },
    )


@require_POST
@role_required(Role.REFEREE)
def close_round(request, tournament, round_id):
    round_ = _round(tournament, round_id)
    if request.POST.get("confirm") != "1":
        messages.error(
            request,
            _("Check the recap, tick the confirmation, then close round %(n)d.")
            % {"n": round_.number},
        )
        return redirect("scoring:recap", slug=tournament.slug, round_id=round_.pk)
    try:
        closed = services.close_round(round_id=round_.pk, by=request.user)
    except ScoringError as exc:
        messages.error(request, exc.message)
    else:
        text = _("Round %(n)d closed.") % {"n": round_.number}
        if closed.provisional_until and closed.provisional_until > closed.closed_at:
            text += " " + _(
                "Its results are provisional until %(time)s: until then a referee may"
                " still correct a table, with a reason."
            ) % {
                "time": date_format(localtime(closed.provisional_until), "TIME_FORMAT")
            }
        messages.success(request, text)
    return redirect("scoring:recap", slug=tournament.slug, round_id=round_.pk)


@require_GET
@role_required(Role.DIRECTOR)
def log(request, tournament):
    versions = audit.result_versions(tournament)
    history = audit.history_rows(tournament)
    return render(
        request,
        "scoring/log.html",
        {
            "tournament": tournament,
            "versions_table": VersionLogTable(
                versions,
                words=game_words(tournament),
                several_gironi=audit.several_gironi(tournament),
            ),
            "history_table": HistoryTable([h.__dict__ for h in history]),
            "is_chief": has_role(request.user, tournament, Role.CHIEF_REFEREE),
        },
    )
