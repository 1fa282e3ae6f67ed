"""The few seconds of shared cache in front of the public pages (public/cache.py)."""

import gzip

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.standings.factories import make_girone, make_pairs, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(settings):
    settings.PUBLIC_CACHE_SECONDS = 30
    cache.clear()
    t = make_tournament("microcache", name="Coppa di primavera")
    make_pairs(t, make_girone(t), [1, 2])
    yield t
    cache.clear()


def page(t):
    return reverse("public:tournament", args=[t.slug])


def test_anonymous_visitors_share_the_page_until_it_expires(client, tournament):
    first = client.get(page(tournament))
    assert first.status_code == 200 and "Coppa di primavera" in first.text
    tournament.name = "Coppa estiva"
    tournament.save()

    again = client.get(page(tournament))
    assert "Coppa di primavera" in again.text  # the kept copy, view not run
    assert again["ETag"] == first["ETag"]
    assert "no-cache" in again["Cache-Control"]

    cache.clear()  # what expiry does after PUBLIC_CACHE_SECONDS
    assert "Coppa estiva" in client.get(page(tournament)).text


def test_a_kept_page_answers_304_and_gzip(client, tournament):
    first = client.get(page(tournament))
    etag = first["ETag"]
    assert client.get(
        page(tournament), headers={"if-none-match": etag}
    ).status_code == (304)
    packed = client.get(page(tournament), headers={"accept-encoding": "gzip"})
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content).decode() == first.text


def test_languages_and_queries_are_kept_apart(client, tournament):
    italian = client.get(page(tournament)).text
    client.cookies["django_language"] = "en"
    english = client.get(page(tournament)).text
    assert italian != english and 'lang="en"' in english
    where = reverse("public:where", args=[tournament.slug])
    one, two = client.get(where + "?q=1").text, client.get(where + "?q=2").text
    assert one != two


def test_logged_in_users_and_other_paths_are_never_served_a_kept_copy(
    client, tournament, make_user
):
    client.get(page(tournament))
    tournament.name = "Coppa estiva"
    tournament.save()
    client.force_login(make_user("direttore"))
    assert "Coppa estiva" in client.get(page(tournament)).text


def test_off_by_default_in_development(client, settings, tournament):
    settings.PUBLIC_CACHE_SECONDS = 0
    client.get(page(tournament))
    tournament.name = "Coppa estiva"
    tournament.save()
    assert "Coppa estiva" in client.get(page(tournament)).text


def test_the_api_is_kept_too(client, tournament):
    url = f"/api/v1/tournaments/{tournament.slug}"
    first = client.get(url).json()
    tournament.name = "Coppa estiva"
    tournament.save()
    assert client.get(url).json() == first
    cache.clear()
    assert client.get(url).json()["name"] == "Coppa estiva"


def test_the_standings_page_is_kept_and_gzipped_once(client, tournament):
    url = reverse("public:standings", args=[tournament.slug])
    packed = client.get(url, headers={"accept-encoding": "gzip"})
    assert packed.status_code == 200 and packed["Content-Encoding"] == "gzip"
    plain = client.get(url)
    assert "Content-Encoding" not in plain
    assert gzip.decompress(packed.content) == plain.content
    assert plain["ETag"] == packed["ETag"]


def test_kept_answers_keep_the_security_headers(client, tournament):
    client.get(page(tournament))
    kept = client.get(page(tournament))
    assert kept["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in kept["Content-Security-Policy"]
    assert kept["ETag"].startswith("W/")  # one tag for the plain and gzipped body


def test_head_is_never_answered_from_the_cache(client, tournament):
    client.get(page(tournament))
    assert client.head(page(tournament)).status_code == 405  # as the view answers


def test_big_answers_to_invented_queries_are_not_kept(client, tournament, monkeypatch):
    import public.cache

    monkeypatch.setattr(public.cache, "QUERY_MAX_BYTES", 100)
    url = page(tournament) + "?junk=1"
    client.get(url)
    tournament.name = "Coppa estiva"
    tournament.save()
    assert "Coppa estiva" in client.get(url).text  # not kept: rendered again
