"""Who may reach every URL of the site, enumerated from the URL resolver at run time.

Every route is classified by its namespace (a new namespace fails the test until it is
classified), its URL keywords are filled from a small tournament, and it is requested
by six people: anonymous, a player (logged in, no role), a referee of another
tournament, a referee, the director, and an admin. Those who may not reach it must get
403 or the login page; those who may must get anything else (200, a redirect
elsewhere, 404 for an object the fixture lacks, 405 for a POST-only URL...), never a
server error. A GET answered 405 is tried again as an (empty) POST by those who must be
refused, since a POST-only view may check the method before the role.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "other_referee", "referee", "director", "admin")
PUBLIC, REFEREE, DIRECTOR, STAFF = "public", "referee", "director", "staff"
#: Who reaches each level.
ALLOWED = {
    PUBLIC: set(ROLES),
    REFEREE: {"referee", "director", "admin"},
    DIRECTOR: {"director", "admin"},
    STAFF: {"admin"},
}
#: The level of each namespace (None: the site's own top-level URLs).
NAMESPACES = {
    None: PUBLIC,
    "public": PUBLIC,
    "api": PUBLIC,
    "scoring": REFEREE,
    "tournament": DIRECTOR,
    "standings": DIRECTOR,
    "printing": DIRECTOR,
    "knockout": DIRECTOR,
    "admin": STAFF,
}
#: The exceptions, by "namespace:name".
EXCEPTIONS = {
    "knockout:public": PUBLIC,  # the bracket as players see it
    "knockout:referee": REFEREE,  # match results typed by referees
    "knockout:match": REFEREE,
    "scoring:log": DIRECTOR,  # the log of every save: chief referee and director
    "admin:login": PUBLIC,
    "admin:logout": PUBLIC,
    # Any logged-in user may open the director's home: it lists only their own
    # tournaments (and tells a user without one to ask for the role).
    "tournament:index": "logged_in",
    # Anyone logged in changes their own password (a one-time one given by a director).
    "password_change": "logged_in",
    "password_change_done": "logged_in",
}
ALLOWED["logged_in"] = set(ROLES) - {"anonymous"}


def routes():
    """(namespace, name, pattern) of every URL the site answers."""

    def walk(patterns, namespace):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                inner = entry.namespace or namespace
                if entry.namespace and namespace:
                    inner = f"{namespace}:{entry.namespace}"
                yield from walk(entry.url_patterns, inner)
            elif isinstance(entry, URLPattern) and entry.name:
                yield namespace, entry.name, entry

    return list(walk(get_resolver().url_patterns, None))


def level_of(namespace, name) -> str:
    key = f"{namespace}:{name}" if namespace else name
    if key in EXCEPTIONS:
        return EXCEPTIONS[key]
    return NAMESPACES[namespace]


@pytest.fixture
def site(make_user, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    tournament, girone, pairs = build_tournament(pairs=4, slug="coppa-permessi")
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    other, _, _ = build_tournament(pairs=2, slug="altro-torneo")
    people = {
        "player": make_user("giocatore"),
        "other_referee": make_user("arbitro-altrove"),
        "referee": make_user("arbitro-qui"),
        "director": make_user("direttore-qui"),
        "admin": make_user("capo-sito", is_staff=True, is_superuser=True),
    }
    grant(people["other_referee"], other)
    grant(people["referee"], tournament)
    grant(people["director"], tournament, "director")
    version = save(
        tables[0], people["referee"], sheet((150, 200), (95, 310), (-100, 40))
    )
    values = {
        "slug": tournament.slug,
        "round_id": round_.pk,
        "number": 1,
        "girone": girone.label,
        "girone_id": girone.pk,
        "version_id": version.version.pk,
        "player_id": pairs[0].player1_id,
        "object_id": tournament.pk,
        "content_type_id": ContentType.objects.get_for_model(tournament).pk,
        "app_label": "tournament",
        "kind": "classifica",
    }
    return people, values


def url_of(namespace, name, pattern, values) -> str | None:
    full = f"{namespace}:{name}" if namespace else name
    keys = set(pattern.pattern.regex.groupindex)
    kwargs = {k: values.get(k, 1) for k in keys}
    try:
        return reverse(full, kwargs=kwargs)
    except Exception:
        return None


def denied(response) -> bool:
    if response.status_code in (401, 403):
        return True
    if response.status_code in (301, 302):
        target = urlparse(response["Location"]).path
        return target in (reverse("login"), reverse("admin:login"))
    return False


def client_for(role, people) -> Client:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(people[role])
    return client


def test_every_namespace_is_classified():
    unknown = sorted(
        {ns for ns, _, _ in routes() if ns not in NAMESPACES}, key=lambda n: n or ""
    )
    assert not unknown, f"classify these namespaces in NAMESPACES: {unknown}"
    names = {f"{ns}:{n}" if ns else n for ns, n, _ in routes()}
    assert not set(EXCEPTIONS) - names, "an exception names a route that is gone"


def test_every_route_can_be_built_from_the_fixture(site):
    _, values = site
    missing = [
        f"{ns}:{name}"
        for ns, name, pattern in routes()
        if url_of(ns, name, pattern, values) is None
    ]
    assert not missing, f"cannot build these URLs, add their keywords: {missing}"


@pytest.mark.parametrize("role", ROLES)
def test_who_may_reach_every_route(site, role):
    people, values = site
    client = client_for(role, people)
    problems, checked = [], 0
    for namespace, name, pattern in routes():
        url = url_of(namespace, name, pattern, values)
        if url is None:
            continue
        label = f"{namespace}:{name}" if namespace else name
        if name == "logout":
            continue  # it would log this client out for the routes after it
        allowed = role in ALLOWED[level_of(namespace, name)]
        response = client.get(url)
        if response.status_code == 405 and not allowed:
            response = client.post(url, {})
        checked += 1
        if response.status_code >= 500:
            problems.append(f"{label} {url}: {response.status_code} for {role}")
        elif allowed and level_of(namespace, name) == STAFF:
            # Past the staff gate, the admin itself may refuse an action (adding a
            # read-only log entry): 403 is fine, the login page is not.
            if denied(response) and response.status_code != 403:
                problems.append(f"{label} {url}: refused to {role}")
        elif allowed and denied(response):
            problems.append(
                f"{label} {url}: refused to {role} ({response.status_code})"
            )
        elif not allowed and not denied(response):
            problems.append(
                f"{label} {url}: {role} got {response.status_code}, must be refused"
            )
    assert checked >= 50
    assert not problems, "\n".join(problems)
