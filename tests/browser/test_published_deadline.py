"""A published page turns final in the browser when the correction period ends: the
file is not rewritten at that moment, the page's own script switches its wording."""

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from public import publish
from tests.standings.factories import make_girone, make_pairs, make_tournament, play
from tournament.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_published_provisional_round_turns_final_in_the_browser(
    page, live_server, settings, tmp_path, screenshot_dir
):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    t = make_tournament("scadenza")
    girone = make_girone(t)
    make_pairs(t, girone, [1, 2])
    (rnd,) = play(girone, {1: [(1, 2, 1100, 900, 12, 8)]})
    Round.objects.filter(pk=rnd.pk).update(
        status="closed", provisional_until=timezone.now() + dt.timedelta(seconds=6)
    )
    settings.PUBLIC_BASE_URL = live_server.url
    publish.publish_tournament(t)
    published = tmp_path / "published" / "it" / "t" / "scadenza" / "index.html"
    html = published.read_text()
    assert "risultati provvisori" in html and "data-until=" in html

    page.set_viewport_size({"width": 390, "height": 844})
    # The browser's clock is Playwright's: the page's 15-second tick is fast-forwarded
    # rather than waited for (Date.now and the timers move together).
    page.clock.install()
    response = page.goto(f"{live_server.url}/t/scadenza/")
    stat = published.with_name("index.html.gz").stat()
    # Served from the gzipped file (nginx's ETag of it), not rendered.
    assert response.headers["etag"] == f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
    badge = page.locator(".badge[data-final]")
    expect(badge).to_have_text("risultati provvisori")
    page.screenshot(path=f"{screenshot_dir}/published-provisional.png", full_page=True)
    # The script ticks every 15 s: the deadline (6 s) passes, the wording changes.
    page.clock.fast_forward("00:20")
    expect(badge).to_have_text("risultati pubblicati")
    expect(page.locator("#provisional")).to_have_class(
        "msg msg-warning provisional final"
    )
    page.screenshot(path=f"{screenshot_dir}/published-final.png", full_page=True)
    assert published.read_text() == html  # the file itself was not rewritten
