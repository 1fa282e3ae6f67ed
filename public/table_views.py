"""The players' table pages (issue 30): no login, a table's code, one sheet per table.

``/tavolo/``: type the code (or open the QR's address, ``/tavolo/<code>/``); the phone
keeps the table in its session and goes to ``/tavolo/foglio/`` (the code leaves the
address bar). There the person says which line they play, one line types the sheet,
the other confirms it. Views are thin: a form, one service call, an answer (JSON for
the offline queue's resend, else a redirect back to the sheet).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import services
from scoring.forms import SettleForm
from scoring.services.bounds import UnlikelyError
from scoring.services.errors import ScoringError
from seating.services.table_codes import CodeError, open_code
from tournament.clients import client_address

from . import table_pages as tp


class CodeForm(forms.Form):
    code = forms.CharField(
        label=gettext_lazy("Table code"),
        max_length=40,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "class": "table-code",
                "placeholder": "ABCDE-FGHJK",
            }
        ),
    )


def _open(request, text: str):
    """Open the table of ``text``, or render the code page with why not."""
    try:
        code = open_code(text, client=client_address(request))
    except CodeError as exc:
        form = CodeForm({"code": text[:40]})
        form.is_valid()
        form.add_error("code", exc.message)
        return render(
            request, "public/table_code.html", {"form": form}, status=exc.status
        )
    tp.remember(request, code)
    return redirect("table_entry:sheet")


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def code_page(request):
    """``/tavolo/``: the form to type a table's code."""
    if request.method == "POST":
        form = CodeForm(request.POST)
        if form.is_valid():
            return _open(request, form.cleaned_data["code"])
        return render(request, "public/table_code.html", {"form": form}, status=400)
    return render(request, "public/table_code.html", {"form": CodeForm()})


@never_cache
@require_GET
def code_link(request, code):
    """``/tavolo/<code>/``: the address of the QR on the score card."""
    return _open(request, code)


def _grant_or_back(request):
    grant = tp.grant_of(request)
    if grant is None and request.session.get(tp.SESSION):
        messages.error(
            request,
            _("This table's code was replaced by a referee: type the new one."),
        )
        tp.forget(request)
    return grant


@never_cache
@require_GET
def sheet(request):
    grant = _grant_or_back(request)
    if grant is None:
        return redirect("table_entry:code")
    typing = request.GET.get("scrivi") == "1"
    context = tp.sheet_context(request, grant, typing=typing)
    return render(request, "public/table_sheet.html", context)


@require_POST
def line(request):
    if _grant_or_back(request) is None:
        return redirect("table_entry:code")
    tp.choose_line(request, request.POST.get("line", ""))
    if request.POST.get("scrivi") == "1":
        return redirect(reverse("table_entry:sheet") + "?scrivi=1")
    return redirect("table_entry:sheet")


@require_POST
def leave(request):
    tp.forget(request)
    return redirect("table_entry:code")


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _answer(request, grant, *, saved=None, error=None, form=None, status=200):
    if _wants_json(request):
        body = {"ok": saved is not None}
        if saved is not None:
            body["message"] = _saved_message(saved)
        else:
            errors = form.errors if form is not None else {}
            body["errors"] = {k: [str(m) for m in v] for k, v in errors.items()}
            if error is not None and not errors:
                body["errors"] = {"__all__": [error.message]}
            if isinstance(error, UnlikelyError):
                body["confirm"] = error.key
        return JsonResponse(body, status=status)
    if saved is not None:
        messages.success(request, _saved_message(saved))
        return redirect("table_entry:sheet")
    if form is not None:
        context = tp.sheet_context(request, grant, bound=form)
        return render(request, "public/table_sheet.html", context, status=status)
    messages.error(request, error.message if error else _("Nothing was saved."))
    return redirect("table_entry:sheet")


def _saved_message(saved) -> str:
    status = saved.result.status
    if not saved.created:
        return _("This sheet was already saved (not counted twice).")
    if status == "confirmed":
        return _("Confirmed: the result counts.")
    if status == "contested":
        return _(
            "The two lines' sheets differ: look at both, then confirm the right one or"
            " type yours again."
        )
    if status == "disputed":
        return _("The sheets differ again: a referee will settle the table.")
    return _("Saved: now the other line confirms it.")


@require_POST
def save(request):
    grant = _grant_or_back(request)
    if grant is None:
        return redirect("table_entry:code")
    form = tp.player_form(grant, request.POST)
    if not grant.line:
        form.is_valid()
        form.add_error(None, _("Say which line you play: NS or EO."))
        return _answer(request, grant, form=form, status=400)
    if not form.is_valid():
        return _answer(request, grant, form=form, status=400)
    try:
        saved = services.player_submit(
            table=grant.table,
            line=grant.line,
            sheet=form.to_sheet(),
            expected_lock_version=form.cleaned_data["lock_version"],
            token=form.cleaned_data["idempotency_key"],
            confirm=form.cleaned_data.get("confirm") or False,
        )
    except ScoringError as exc:
        form.add_service_errors(exc.errors)
        if isinstance(exc, UnlikelyError):
            form.ask_confirmation(exc.key)
        return _answer(request, grant, error=exc, form=form, status=exc.http_status)
    return _answer(request, grant, saved=saved)


@require_POST
def confirm(request):
    """A line confirms the other line's sheet (its own phone, or the same phone
    handed over: then the form says which line confirms)."""
    grant = _grant_or_back(request)
    if grant is None:
        return redirect("table_entry:code")
    form = SettleForm(request.POST)
    line = request.POST.get("line") or grant.line
    if not form.is_valid():
        return _answer(
            request, grant, error=ScoringError(_("Look at the table again."))
        )
    try:
        saved = services.player_confirm(
            table=grant.table,
            line=line,
            version_id=form.cleaned_data["version"],
            expected_lock_version=form.cleaned_data["lock_version"],
        )
    except ScoringError as exc:
        return _answer(request, grant, error=exc, status=exc.http_status)
    tp.choose_line(request, line)
    return _answer(request, grant, saved=saved)
