"""Every URL of the site, walked as every role, with real values and with odd ones.

The routes are enumerated from the URL resolver at run time. Each is classified by its
namespace (a new namespace fails the test until it is classified), its URL keywords are
filled from two small tournaments, and it is requested by seven people: anonymous, a
player (logged in, no role), a referee of another tournament, a referee, a chief
referee, the director, and an admin.

- ``test_who_may_reach_every_route``: with real values, those who may not reach a route
  get 403 or the login page; those who may get anything else (200, a redirect
  elsewhere, 404 for an object the fixture lacks, 405 for a POST-only URL...), never a
  server error. A GET answered 405 is tried again as an (empty) POST by those who must
  be refused, since a POST-only view may check the method before the role.
- ``test_no_route_fails_on_odd_values``: each URL keyword in turn gets odd values (a
  NUL byte, huge numbers, digits of other scripts, the other tournament's values, long
  text), and every query key the view reads (found by watching the view read its query
  string, once per route, as the admin who reaches every view) plus a few common ones
  gets odd values too; as every role, nothing may answer
  5xx. A POST-only route gets the same through an empty POST. The test fails when a
  route was not walked.

Both walks run twice: on a pair tournament and on a team tournament (docs/rules.md
§11: teams, line-ups, team matches, a team bracket), each with the other format's
tournament as "the other tournament", so a team route is also tried on a pair
tournament and a pair route on a team tournament.

Adding a route: nothing to do if its namespace is classified and its keywords are
known. A new keyword needs a real value in ``site`` (``values``, and ``others`` for the
other tournament's); a route at another level than its namespace goes in
``EXCEPTIONS``; a keyword whose value differs per route (a season's slug) goes in
``ROUTE_VALUES``. Its URL keywords must use the site's bounded converters (``<id:>``,
``<label:>``, ``<slug:>``: ``tournament.converters``), never ``<int:>``, ``<str:>`` or
``<path:>``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from urllib.parse import quote, urlencode, urlparse

import pytest
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.http import QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.resolvers import RoutePattern
from django.utils import timezone

from draw.services import rounds
from knockout import services as knockout
from knockout.models import Bracket
from people.models import Club
from printing.models import Render
from seating.models import TeamMatch
from seating.services.table_codes import issue_codes
from standings.models import Season
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet
from tests.teams.factories import make_team_event, play_round
from tournament.models import Stage, TournamentRole

pytestmark = pytest.mark.django_db

ROLES = (
    "anonymous",
    "player",
    "other_referee",
    "referee",
    "chief_referee",
    "director",
    "admin",
)
PUBLIC, REFEREE, DIRECTOR, STAFF = "public", "referee", "director", "staff"
#: Who reaches each level.
ALLOWED = {
    PUBLIC: set(ROLES),
    REFEREE: {"referee", "chief_referee", "director", "admin"},
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
    # The players' table pages (issue 30): no login, a table's code opens one sheet.
    "table_entry": PUBLIC,
}
#: The exceptions, by "namespace:name".
EXCEPTIONS = {
    "knockout:public": PUBLIC,  # the bracket as players see it
    "knockout:referee": REFEREE,  # match results typed by referees
    "knockout:match": REFEREE,
    "scoring:log": DIRECTOR,  # the log of every save: the director's
    # A correction's impact report: the referee is sent there after saving it.
    "standings:impact": REFEREE,
    "admin:login": PUBLIC,
    "admin:logout": PUBLIC,
    # Any logged-in user may open the director's home: it lists only their own
    # tournaments (and tells a user without one to ask for the role).
    "tournament:index": "logged_in",
    # Anyone logged in changes their own password (a one-time one given by a director).
    "password_change": "logged_in",
    "password_change_done": "logged_in",
    # Where a person lands after logging in, and their running tournaments: their own.
    "after_login": "logged_in",
    "scoring:desk": "logged_in",
}
ALLOWED["logged_in"] = set(ROLES) - {"anonymous"}
#: Routes the walk leaves out, with the reason.
NOT_WALKED = {"logout": "it would log the client out for the routes after it"}
#: Converters that let through what no database can look up (tournament.converters),
#: by their class's name: ``<str:>`` and a bare ``<name>`` are a ``StringConverter``
#: (named "str" here before, it let django-ninja's ``{slug}`` paths through).
UNBOUNDED = {"int", "string", "path"}
#: Django's admin is its own code: its ``<path:object_id>`` stays (the NUL middleware
#: and the admin's own checks guard it; the walk below proves it).
UNBOUNDED_ALLOWED_IN = {"admin"}

#: Odd values for a URL keyword, besides the other tournament's: a NUL byte, past a
#: 4-byte integer (the converters let 18 digits through), digits of another script,
#: text longer than any column and than a file name (255 bytes: the published files
#: are looked up first, with a non-empty publish root).
ODD_PATH = ["\x00", "2147483648", "١٢", "x" * 300]
#: Odd values for query keys (likewise, plus a negative number and a superscript).
ODD_QUERY = ["\x00", "9223372036854775808", "١٢²", "-1", "é\u202e" + "x" * 2000]
#: Who walks each level's routes with odd values: one role per path the code takes.
#: Every role the level lets in (a view may branch on who asks), and of the refused one
#: per way of being refused: the anonymous visitor (sent to log in), a referee of
#: another tournament (logged in, no role here) and, at the director's level, this
#: tournament's referee (a role here, not enough). The public pages read the user only
#: as anonymous, logged in (drafts of one's own tournaments on the home page) or
#: superuser (core.views.home; the base template's links). The admin's gate is the same
#: for everyone who is not staff. Who may reach each route with its real values is
#: checked for every role (``test_who_may_reach_every_route``).
ODD_WALKERS = {
    PUBLIC: {"anonymous", "director", "admin"},
    REFEREE: ALLOWED[REFEREE] | {"anonymous", "other_referee"},
    DIRECTOR: ALLOWED[DIRECTOR] | {"anonymous", "other_referee", "referee"},
    STAFF: {"admin", "anonymous"},
    "logged_in": set(ROLES),
}
#: A keyword in a route: <converter:name> or <name>.
KEYWORD = re.compile(r"<(?:\w+:)?(\w+)>")
#: Query keys tried on every route besides those a view is seen to read.
COMMON_KEYS = {"q", "o", "p", "page", "next", "lang", "e", "all", "_popup"}


def routes():
    """(namespace, name, pattern chain) of every named URL the site answers."""

    def walk(patterns, namespace, chain):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                inner = entry.namespace or namespace
                if entry.namespace and namespace:
                    inner = f"{namespace}:{entry.namespace}"
                yield from walk(entry.url_patterns, inner, [*chain, entry.pattern])
            elif isinstance(entry, URLPattern) and entry.name:
                yield namespace, entry.name, [*chain, entry.pattern]

    return list(walk(get_resolver().url_patterns, None, []))


def label_of(namespace, name) -> str:
    return f"{namespace}:{name}" if namespace else name


def level_of(namespace, name) -> str:
    key = label_of(namespace, name)
    if key in EXCEPTIONS:
        return EXCEPTIONS[key]
    return NAMESPACES[namespace]


def keywords(chain) -> list[str]:
    return [k for p in chain for k in p.regex.groupindex]


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(
        username=username, password="pw-test-123", **extra
    )


def build_site():
    """Two small pair tournaments, a knockout drawn, a render, a club and a season."""
    tournament, girone, pairs = build_tournament(pairs=4, slug="coppa-permessi")
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    other, other_girone, other_pairs = build_tournament(pairs=2, slug="altro-torneo")
    other_round, other_tables = build_round(
        other_girone, 1, [(other_pairs[0], other_pairs[1])]
    )
    people = {
        "player": make_user("giocatore"),
        "other_referee": make_user("arbitro-altrove"),
        "referee": make_user("arbitro-qui"),
        "chief_referee": make_user("capo-arbitro-qui"),
        "director": make_user("direttore-qui"),
        "admin": make_user("capo-sito", is_staff=True, is_superuser=True),
    }
    grant(people["other_referee"], other)
    grant(people["referee"], tournament)
    grant(people["chief_referee"], tournament, "chief_referee")
    grant(people["director"], tournament, "director")
    version = save(
        tables[0], people["referee"], sheet((150, 200), (95, 310), (-100, 40))
    )
    # The players enter too (issue 30): the round's tables have their codes.
    tournament.entry_by = "both"
    tournament.save(update_fields=["entry_by"])
    codes = issue_codes(round_)
    other_version = save(
        other_tables[0],
        people["other_referee"],
        sheet((150, 200), (95, 310), (-100, 40)),
    )
    knockout = Stage.objects.create(tournament=tournament, order=2, kind="knockout")
    bracket = Bracket.objects.create(
        tournament=tournament,
        stage=knockout,
        source=girone.stage,
        count=2,
        confirmed_by=people["director"],
        confirmed_at=timezone.now(),
    )
    render = Render.objects.create(
        tournament=tournament, kind="tavoli", version="v1", title="T", filename="t.pdf"
    )
    club = Club.objects.create(name="Circolo Permessi")
    pairs[0].club = club
    pairs[0].save(update_fields=["club"])
    season = Season.objects.create(name="Stagione", slug="stagione-permessi")
    season.tournaments.add(tournament)
    values = {
        "slug": tournament.slug,
        "round_id": round_.pk,
        "number": 1,
        "girone": girone.label,
        "girone_id": girone.pk,
        "version_id": version.version.pk,
        "player_id": pairs[0].player1_id,
        "bracket_id": bracket.pk,
        "round_": 1,
        "index": 0,
        "match": 1,
        "pk": render.pk,
        "role_id": TournamentRole.objects.get(user=people["referee"]).pk,
        "club_id": club.pk,
        "kind": "classifica",
        "code": "en",
        "object_id": tournament.pk,
        "content_type_id": ContentType.objects.get_for_model(tournament).pk,
        "app_label": "tournament",
        "id": people["player"].pk,  # a user (the admin's password change)
    }
    others = {
        **values,
        "slug": other.slug,
        "round_id": other_round.pk,
        "girone_id": other_girone.pk,
        "version_id": other_version.version.pk,
        "player_id": other_pairs[0].player1_id,
        "object_id": other.pk,
        "role_id": TournamentRole.objects.get(user=people["other_referee"]).pk,
    }
    route_values = {
        "public:season": {"slug": season.slug},
        "public:season-player": {"slug": season.slug},
        "table_entry:link": {"code": codes[-1].code},
    }
    return people, values, others, route_values


def build_team_site(site):
    """A team tournament of 4 teams (all'italiana played, a team bracket drawn, its
    first semi-final typed), with the same people; the other tournament is the pair
    one."""
    people, pair_values, _, _ = site
    tournament, made = make_team_event(
        teams_count=4, plan="round_robin", by=people["director"]
    )
    grant(people["referee"], tournament)
    grant(people["chief_referee"], tournament, "chief_referee")
    girone = made[0].girone
    first = rounds.generate_round(girone)
    play_round(first, people["director"])
    for _ in range(2):
        play_round(rounds.generate_round(girone), people["director"])
    rounds.set_visibility(first, tables=True, results=True)
    bracket = knockout.confirm_qualifiers(
        tournament, by=people["director"], per_girone=4, best_of=2, final_best_of=2
    )
    knockout.draw_bracket(bracket.pk, by=people["director"])
    knockout.enter_result(
        bracket.pk,
        1,
        0,
        knockout.MatchEntry(games=[(500, 300), (200, 100), (100, 200), (100, 100)]),
        by=people["referee"],
    )
    match = TeamMatch.objects.get(round=first, number=1)
    table = match.table_1
    version = table.result.versions.order_by("pk").first()
    render = Render.objects.create(
        tournament=tournament,
        kind="teammatches",
        version="v1",
        title="T",
        filename="t.pdf",
    )
    club = Club.objects.create(name="Circolo Squadre")
    made[0].club = club
    made[0].save(update_fields=["club"])
    season = Season.objects.create(name="Stagione squadre", slug="stagione-squadre")
    season.tournaments.add(tournament)
    values = {
        **pair_values,
        "slug": tournament.slug,
        "round_id": first.pk,
        "number": 1,  # a team, a round and a pair number alike
        "girone": girone.label,
        "girone_id": girone.pk,
        "version_id": version.pk,
        "player_id": table.pair_ns.player1_id,
        "bracket_id": bracket.pk,
        "pk": render.pk,
        "role_id": TournamentRole.objects.get(
            tournament=tournament, user=people["referee"]
        ).pk,
        "club_id": club.pk,
        "match": 1,
        "object_id": tournament.pk,
    }
    route_values = {
        "public:season": {"slug": season.slug},
        "public:season-player": {"slug": season.slug},
        "printing:document": {"kind": "teammatches"},
    }
    return people, values, pair_values, route_values


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker):
    """Both sites, built once for the module (the walk only reads them: each test's
    requests run in a savepoint rolled back after it) and removed after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        pairs = build_site()
        worlds = {"pairs": pairs, "teams": build_team_site(pairs)}
        yield worlds
        transaction.set_rollback(True)


@pytest.fixture(params=["pairs", "teams"])
def world(request, worlds, settings, tmp_path):
    """The walk's site: the pair tournament's, or the team tournament's; with a
    publish root, as in a deployment (every public GET looks for its file first,
    public/published.py), its public pages' folders in place."""
    chosen = worlds[request.param]
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    published_folders(settings.PUBLISH_ROOT, chosen[1], chosen[3])
    return chosen


def published_folders(root: str, values: dict, route_values: dict) -> None:
    """The folders of every public page, as publishing makes them, without files:
    each public GET looks its file up there (and finds none: the views answer), so a
    keyword past 255 bytes meets the file system's limit on a name (ENAMETOOLONG,
    a 500 before), not a missing parent folder."""
    from pathlib import Path

    from public import published

    for namespace, name, chain in routes():
        label = label_of(namespace, name)
        url = url_of(namespace, name, chain, values_for(label, values, route_values))
        if url and url.startswith(published.PREFIXES):
            for lang in published.LANGUAGES:
                target = published.file_for(Path(root), lang, url)
                target.parent.mkdir(parents=True, exist_ok=True)


def values_for(label, values, route_values) -> dict:
    return {**values, **route_values.get(label, {})}


def url_of(namespace, name, chain, values) -> str | None:
    """The route's URL with the real values (None when a keyword has none)."""
    try:
        kwargs = {k: values[k] for k in keywords(chain)}
        return reverse(label_of(namespace, name), kwargs=kwargs)
    except Exception:
        return None


def raw_url(chain, values) -> str | None:
    """The route's URL built by hand, so that any value fits (None: a regex route).

    ``reverse`` refuses a value its converter would not match; a client can send it
    all the same, and the resolver must then answer 404 or 400 without a crash.
    """
    if not all(isinstance(p, RoutePattern) for p in chain):
        return None
    route = "".join(str(p) for p in chain)
    return "/" + KEYWORD.sub(lambda m: quote(str(values[m[1]]), safe=""), route)


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
    names = {label_of(ns, n) for ns, n, _ in routes()}
    assert not set(EXCEPTIONS) - names, "an exception names a route that is gone"


def test_every_route_can_be_built_from_the_fixture(world):
    _, values, others, route_values = world
    missing = [
        label_of(ns, name)
        for ns, name, chain in routes()
        if url_of(ns, name, chain, values_for(label_of(ns, name), values, route_values))
        is None
        or url_of(ns, name, chain, others) is None
    ]
    assert not missing, f"cannot build these URLs, add their keywords: {missing}"


def test_routes_use_bounded_converters():
    """<int:>, <str:>, <path:> let a NUL or 30 digits reach a view (and PostgreSQL)."""
    loose = []
    for namespace, name, chain in routes():
        if (namespace or "").split(":")[0] in UNBOUNDED_ALLOWED_IN:
            continue
        for pattern in chain:
            for key, converter in getattr(pattern, "converters", {}).items():
                kind = type(converter).__name__.removesuffix("Converter").lower()
                if kind in UNBOUNDED:
                    loose.append(f"{label_of(namespace, name)}: <{kind}:{key}>")
    assert not loose, f"use <id:>, <label:> or <slug:> (tournament.converters): {loose}"


@pytest.mark.parametrize("role", ROLES)
def test_who_may_reach_every_route(world, role):
    people, values, _, route_values = world
    client = client_for(role, people)
    problems, checked = [], 0
    for namespace, name, chain in routes():
        label = label_of(namespace, name)
        url = url_of(namespace, name, chain, values_for(label, values, route_values))
        if url is None or name in NOT_WALKED:
            continue
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


class QueryWatch:
    """Which query keys a view reads: every QueryDict read is noted while ``on``."""

    MARK = "walk-probe"

    def __init__(self, monkeypatch):
        self.seen: set[str] = set()
        watch = self

        def noting(method):
            def read(self, key, *args, **kwargs):
                if dict.__contains__(self, QueryWatch.MARK):
                    watch.seen.add(key)
                return method(self, key, *args, **kwargs)

            return read

        for name in ("get", "getlist", "__getitem__", "__contains__"):
            original = getattr(QueryDict, name, None) or getattr(dict, name)
            monkeypatch.setattr(QueryDict, name, noting(original), raising=False)

    def keys_read(self, client, method, url) -> tuple[int, set[str]]:
        """The answer's status, and the query keys the view read to give it."""
        self.seen = set()
        response = getattr(client, method)(url + "?" + urlencode({self.MARK: "1"}))
        return response.status_code, self.seen - {self.MARK}


#: The query keys each view reads, found once per site and route, by the admin (who
#: reaches every view): {(tournament slug, route): keys}. Every role tries them all.
KEYS_READ: dict[tuple[str, str], tuple[str, set[str]]] = {}


def keys_read(
    watch: QueryWatch, admin: Callable[[], Client], slug: str, label: str, url: str
) -> tuple[str, set[str]]:
    """The route's method (POST for a POST-only view, else GET) and its query keys,
    from the admin's one look (two for a POST-only view); every role's real answer is
    checked by ``test_who_may_reach_every_route``."""
    if (slug, label) not in KEYS_READ:
        method = "get"
        status, keys = watch.keys_read(admin(), method, url)
        if status == 405:
            method = "post"
            _, keys = watch.keys_read(admin(), method, url)
        KEYS_READ[slug, label] = method, keys
    return KEYS_READ[slug, label]


def odd_urls(chain, values, others) -> list[str]:
    """The route's URL with each keyword in turn set to each odd value."""
    out = []
    for key in keywords(chain):
        odd = [*ODD_PATH]
        if others[key] != values[key]:
            odd.append(others[key])
        for value in odd:
            url = raw_url(chain, {**values, key: value})
            if url is not None:
                out.append(url)
    return out


def odd_tries(namespace, name, chain, site) -> tuple[str | None, list[str]]:
    """The route's URL with the site's real values, and its URLs with odd keywords."""
    _, values, others, route_values = site
    label = label_of(namespace, name)
    real = values_for(label, values, route_values)
    odd = odd_urls(chain, real, {**others, **route_values.get(label, {})})
    return url_of(namespace, name, chain, real), odd


@pytest.mark.parametrize("role", ROLES)
def test_no_route_fails_on_odd_values(world, worlds, role, monkeypatch):
    people, values, others, route_values = world
    # The team walk leaves out the routes it would request exactly as the pair walk
    # does (the same URLs, the same odd ones, in the same database, by the same
    # people: the site's own pages, the admin's lists and forms): walked once.
    twice = world is not worlds["pairs"]
    client = client_for(role, people)
    watch = QueryWatch(monkeypatch)
    admin = functools.cache(lambda: client_for("admin", people))
    problems, walked = [], set()
    for namespace, name, chain in routes():
        label = label_of(namespace, name)
        real = values_for(label, values, route_values)
        url = url_of(namespace, name, chain, real)
        if url is None or name in NOT_WALKED:
            continue
        if role not in ODD_WALKERS[level_of(namespace, name)]:
            walked.add(label)  # its path is another role's: see ODD_WALKERS
            continue
        if twice and odd_tries(namespace, name, chain, world) == odd_tries(
            namespace, name, chain, worlds["pairs"]
        ):
            walked.add(label)  # the pair walk's requests to the letter
            continue
        # POST-only: the same values through an empty POST.
        method, keys = keys_read(watch, admin, values["slug"], label, url)
        keys = keys | COMMON_KEYS
        tries = [url + "?" + urlencode(dict.fromkeys(keys, v)) for v in ODD_QUERY]
        tries += odd_urls(chain, real, {**others, **route_values.get(label, {})})
        for attempt in tries:
            response = getattr(client, method)(attempt)
            if response.status_code >= 500:
                problems.append(
                    f"{label} {method.upper()} {attempt[:120]!r}: "
                    f"{response.status_code} for {role}"
                )
        walked.add(label)
    expected = {label_of(ns, n) for ns, n, _ in routes() if n not in NOT_WALKED}
    assert walked == expected, f"not walked: {sorted(expected - walked)}"
    assert not problems, "\n".join(problems[:40])


def test_the_walk_builds_odd_urls_by_hand():
    """The helper itself: odd values go where the keyword was, quoted."""
    chain = next(c for ns, n, c in routes() if label_of(ns, n) == "tournament:round")
    url = raw_url(chain, {"slug": "s", "girone": "\x00", "number": "١٢"})
    assert url == "/direzione/s/gironi/%00/turni/%D9%A1%D9%A2/"


#: The players' table pages behind a code (issue 30), as a phone walks them.
TABLE_PAGES = ("/tavolo/foglio/", "/tavolo/foglio/?scrivi=1")
TABLE_POSTS = (
    "/tavolo/foglio/linea/",
    "/tavolo/foglio/salva/",
    "/tavolo/foglio/conferma/",
)


@pytest.mark.parametrize("state", ["live", "wrong", "expired", "revoked"])
def test_table_codes_for_every_role(worlds, state):
    """Every role opens a table's code: a live one opens its sheet (the same for
    everyone: no login); a wrong, expired (round closed) or revoked one opens
    nothing, with a message and its status, never a 5xx; the sheet pages and their
    POSTs behind it never fail, whatever is posted."""
    from seating.models import TableCode
    from seating.services.table_codes import reissue
    from tournament.models import Round

    people, values, _others, _route = worlds["pairs"]
    code = TableCode.objects.filter(
        table__round_id=values["round_id"], revoked_at__isnull=True
    ).first()
    text, expected = code.code, 302
    if state == "wrong":
        text, expected = "ZZZZZ-ZZZZZ", 404
    elif state == "revoked":
        reissue(code.table, by=people["referee"])
        expected = 410
    elif state == "expired":
        Round.objects.filter(pk=values["round_id"]).update(status="closed")
        expected = 410
    for role in ROLES:
        client = client_for(role, people)
        answer = client.get(f"/tavolo/{quote(text)}/")
        assert answer.status_code == expected, (role, state, answer.status_code)
        if expected != 302:
            assert "tavolo" in answer.content.decode().lower()
        for url in TABLE_PAGES:
            got = client.get(url)
            assert got.status_code in (200, 302), (role, state, url)
        for url in TABLE_POSTS:
            for data in ({}, {"line": "ns"}, {"version": "1", "lock_version": "x"}):
                got = client.post(url, data)
                assert got.status_code < 500, (role, state, url, data)
        client.post("/tavolo/foglio/esci/")
