"""The site's own middleware: Italian first, no NUL in a URL, one-time passwords.

Italian first: the language is Italian unless the user picked another one.

Django's LocaleMiddleware would follow the browser's Accept-Language header, so a hall
full of phones set to English would get an English site. The federation's documents and
the referees speak Italian; English stays one click away (the switcher sets a cookie,
which LocaleMiddleware honours), so we drop the header before it is read.
"""

from django.conf import settings
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect
from django.template import loader
from django.urls import reverse
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _

from staff.models import PasswordToChange


class ItalianFirstMiddleware(MiddlewareMixin):
    def process_request(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)


class RefuseNulBytesMiddleware:
    """Answer 400 to a URL with a NUL byte in its path or query string.

    No one types a NUL, and PostgreSQL refuses one in any text it is given (an error, a
    500, where SQLite would search for it): the request is refused here, the same way on
    both databases, before any view reads it (the admin's search box included). Form
    fields refuse NUL bytes in posted data themselves (Django's ``CharField``). The API
    is left to its own checks (bounded URL converters, typed parameters): its answers
    keep to its OpenAPI schema.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith("/api/") and (
            "\x00" in request.path or _has_nul(request.GET)
        ):
            html = loader.get_template("400.html").render(
                {"message": _("The address contains a character that is not allowed.")}
            )
            return HttpResponseBadRequest(html)
        return self.get_response(request)


def _has_nul(query) -> bool:
    return any(
        "\x00" in key or any("\x00" in value for value in values)
        for key, values in query.lists()
    )


class PasswordToChangeMiddleware:
    """A one-time password is changed at first login (issue 28 §5).

    The staff page hands a new referee a password a director has seen; until they
    choose their own (:class:`staff.models.PasswordToChange`), every page but the
    password change itself, logging out and the language switch sends them to the
    password change. Checked once per session when there is nothing to change.
    """

    #: Session key: the user whose password needs no change (checked already).
    CHECKED = "password_checked"

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and request.session.get(self.CHECKED) != user.pk
            and not request.path.startswith(self._free_paths())
        ):
            if PasswordToChange.objects.filter(user_id=user.pk).exists():
                return redirect("password_change")
            request.session[self.CHECKED] = user.pk
        return self.get_response(request)

    @staticmethod
    def _free_paths() -> tuple[str, ...]:
        return (
            reverse("password_change"),
            reverse("logout"),
            reverse("set_language"),
            settings.STATIC_URL or "/static/",
            "/favicon.ico",
        )
