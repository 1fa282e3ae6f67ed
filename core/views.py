import functools

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from knockout.models import Bracket
from public.competitor import of as competitor_of
from public.services import public_tournaments, tournaments_today_first
from scoring.desk import landing_url
from staff.models import PasswordToChange
from standings.models import Season
from tournament.models import Tournament
from tournament.views.common import can_create

from .demo_story import demo_panel
from .models import DemoMark


def home(request):
    """The tournaments by state (under way, coming, concluded; today's first), each
    with its pages; the season rankings; the API. In the demo's database only, a panel
    of what to try, with the demo's logins (:mod:`core.demo_story`)."""
    tournaments = public_tournaments()
    if request.user.is_superuser:
        tournaments = Tournament.objects.all()
    elif request.user.is_authenticated:
        # A draft is shown only to those who direct or referee it.
        tournaments = Tournament.objects.filter(
            Q(pk__in=public_tournaments()) | Q(roles__user=request.user)
        ).distinct()
    tournaments = tournaments.select_related("organiser")
    ordered = tournaments_today_first(list(tournaments.order_by("-date")[:200]))[:100]
    with_bracket = set(
        Bracket.objects.filter(tournament__in=[t.pk for t in ordered]).values_list(
            "tournament_id", flat=True
        )
    )
    for t in ordered:
        t.has_bracket = t.pk in with_bracket
        t.competitor = competitor_of(t)  # what differs in a team event's card
    groups = [
        (_("Under way"), "running", [t for t in ordered if t.status == "running"]),
        (
            _("Coming"),
            "coming",
            [t for t in ordered if t.status in ("draft", "registration")],
        ),
        (_("Concluded"), "finished", [t for t in ordered if t.status == "finished"]),
    ]
    return render(
        request,
        "core/home.html",
        {
            "groups": [g for g in groups if g[2]],
            "any": bool(ordered),
            "today": timezone.localdate(),
            "seasons": Season.objects.order_by("-pk")[:10],
            "demo": demo_panel() if DemoMark.objects.exists() else None,
        },
    )


@login_required
def after_login(request):
    """Where a person lands after logging in: where their role works today
    (:func:`scoring.desk.landing_url`), else the public home page."""
    url = landing_url(request.user, can_direct=can_create(request.user))
    return redirect(url or "home")


class PasswordChange(auth_views.PasswordChangeView):
    """The password change; a one-time password's mark goes with it, and the person
    goes on to where they work."""

    def form_valid(self, form):
        response = super().form_valid(form)
        PasswordToChange.objects.filter(user=form.user).delete()
        messages.success(self.request, _("Password changed."))
        return response

    def get_success_url(self):
        return reverse("after_login")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["must_change"] = PasswordToChange.objects.filter(
            user_id=self.request.user.pk
        ).exists()
        return context


@functools.cache
def _favicon() -> bytes:
    return (settings.BASE_DIR / "static" / "favicon.ico").read_bytes()


@require_GET
@cache_control(public=True, max_age=7 * 24 * 3600)
def favicon(request):
    """``/favicon.ico``: browsers ask for it on every site, whatever the page says."""
    return HttpResponse(_favicon(), content_type="image/vnd.microsoft.icon")


def not_found(request, exception=None):
    """404: a JSON answer for the API (its clients read JSON), the site's page elsewhere.

    Reached when no URL pattern matches (an impossible slug or id in the API's path is
    refused by the URL converters) or a view raises Http404.
    """
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Not Found"}, status=404)
    return defaults.page_not_found(request, exception)
