"""Italian first: the language is Italian unless the user picked another one.

Django's LocaleMiddleware would follow the browser's Accept-Language header, so a hall
full of phones set to English would get an English site. The federation's documents and
the referees speak Italian; English stays one click away (the switcher sets a cookie,
which LocaleMiddleware honours), so we drop the header before it is read.
"""

from django.utils.deprecation import MiddlewareMixin


class ItalianFirstMiddleware(MiddlewareMixin):
    def process_request(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
