"""Where the public pages are mounted: the one place the URL prefixes are written.

``config/urls.py`` mounts the public site, the API and the brackets under these; the
publisher writes files only under them (:mod:`public.published`), and with a read
replica (``config/db_router.py``) the public site and the API read from it (the
brackets' prefix also holds the director's and referees' pages: never the replica).
"""

SITE = "/t/"
API = "/api/v1/"
BRACKETS = "/tabellone/"

#: Prefixes of the URLs that may be published as files.
PUBLISHED = (SITE, API, BRACKETS)
#: Prefixes whose every GET is a public read.
READ_ONLY = (SITE, API)


def mount(prefix: str) -> str:
    """The prefix as ``django.urls.path`` takes it (no leading slash)."""
    return prefix.lstrip("/")
