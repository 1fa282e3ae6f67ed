"""Django serves the published files (public/published.py) as nginx would: its ETag,
304, gzip, no-cache; a query string, a session or a missing file goes to the views."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from public import publish, published
from tests.standings.factories import make_girone, make_pairs, make_tournament, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(settings, tmp_path):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    tournament = make_tournament()
    girone = make_girone(tournament)
    make_pairs(tournament, girone, [1, 2])
    play(girone, {1: [(1, 2, 1100, 900, 12, 8)]})
    publish.publish_tournament(tournament)
    return Path(settings.PUBLISH_ROOT), tournament


def poison(base: Path, lang: str, url: str, body: bytes) -> Path:
    """Replace a published file (and its .gz) with a marker the views never answer."""
    target = published.file_for(base, lang, url)
    target.unlink()
    published.write(target, body)
    return target


def test_the_file_is_served_with_nginx_etag_and_304(client, site):
    base, tournament = site
    url = f"/t/{tournament.slug}/classifica/"
    target = poison(base, "it", url, b"<p>dal file</p>")
    response = client.get(url)
    assert response.content == b"<p>dal file</p>"
    stat = target.stat()
    assert response["ETag"] == f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
    assert "no-cache" in response["Cache-Control"]
    assert response["Content-Type"] == "text/html; charset=utf-8"
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again["ETag"] == response["ETag"]


def test_gzip_when_accepted_and_the_language_from_cookie_or_header(client, site):
    base, tournament = site
    url = f"/api/v1/tournaments/{tournament.slug}/standings"
    poison(base, "it", url, b'{"lingua": "it"}')
    poison(base, "en", url, b'{"lingua": "en"}')
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == b'{"lingua": "it"}'
    assert packed["Content-Type"] == "application/json; charset=utf-8"
    # Italian first, as the views: the browser's language does not switch the page.
    english_browser = client.get(url, HTTP_ACCEPT_LANGUAGE="en-GB,en")
    assert english_browser.content == b'{"lingua": "it"}'
    client.cookies["django_language"] = "en"
    assert client.get(url).content == b'{"lingua": "en"}'
    client.cookies["django_language"] = "xx"
    assert client.get(url).content == b'{"lingua": "it"}'


def test_a_query_a_session_or_a_missing_file_goes_to_django(client, site):
    base, tournament = site
    where = f"/t/{tournament.slug}/dove-gioco/"
    poison(base, "it", where, b"dal file")
    assert client.get(where).content == b"dal file"
    search = client.get(where, {"q": "1"})
    assert search.status_code == 200 and b"dal file" not in search.content
    assert b"Rossi" in search.content  # the view found pair 1
    client.cookies["sessionid"] = "x"
    assert client.get(where).content != b"dal file"
    del client.cookies["sessionid"]
    published.file_for(base, "it", where).unlink()
    assert b"dal file" not in client.get(where).content


def test_publishing_an_unchanged_page_keeps_its_file_and_etag(site):
    base, tournament = site
    target = published.file_for(base, "it", f"/t/{tournament.slug}/")
    before = target.stat().st_mtime_ns
    result = publish.publish_tournament(tournament)
    assert result.written == 0 and result.unchanged > 0
    assert target.stat().st_mtime_ns == before


def test_nothing_outside_the_folder_is_served(client, site, settings):
    base, tournament = site
    secret = base.parent / "segreto"
    secret.mkdir()
    (secret / "index.html").write_text("segreto")
    for url in (
        f"/t/{tournament.slug}/../../../../segreto/",
        "/t/%2e%2e/%2e%2e/%2e%2e/segreto/",
        "/t/./../../../segreto/",
    ):
        assert b"segreto" not in client.get(url).content, url


@pytest.mark.parametrize("prefix", ["/t/", "/api/v1/", "/tabellone/", "/t/stagioni/"])
def test_a_path_segment_too_long_for_a_file_name_goes_to_the_views(
    client, site, prefix
):
    """A segment past the file system's 255 bytes (ENAMETOOLONG), or a path past
    PATH_MAX: the views answer (a 404), never a 500 from the file lookup."""
    for path in (
        prefix + "x" * 256 + "/",
        prefix + "é" * 200 + "/",  # 400 bytes in UTF-8
        prefix + ("y" * 250 + "/") * 20,  # past PATH_MAX
    ):
        response = client.get(path)
        assert response.status_code == 404, (path[:40], response.status_code)
