"""A pair page whose inputs did not change is not rendered again (public/inputs.py),
and one whose inputs changed (an opponent renamed) is, equal to the view's answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from public import pages, publish, published
from public.entries import Scope
from tests.scoring.conftest import build_round, build_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(settings, tmp_path):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    tournament, girone, pairs = build_tournament(pairs=8)
    rnd, _tables = build_round(
        girone, 1, [(pairs[i], pairs[i + 1]) for i in range(0, 8, 2)]
    )
    rnd.tables_public = rnd.results_public = True
    rnd.save()
    return Path(settings.PUBLISH_ROOT), tournament, girone, pairs


@pytest.fixture
def rendered(monkeypatch):
    calls: list[int] = []
    original = pages.pair_page

    def counting(obj, pair, *args, **kwargs):
        calls.append(pair.number)
        return original(obj, pair, *args, **kwargs)

    monkeypatch.setattr(pages, "pair_page", counting)
    return calls


def test_a_girone_published_again_unchanged_renders_no_pair_page(event, rendered):
    base, tournament, girone, _pairs = event
    first = publish.publish_tournament(tournament, Scope(gironi={girone.pk}), base)
    assert first.written > 0 and len(rendered) == 16  # 8 pairs, 2 languages
    page = published.file_for(base, "it", f"/t/{tournament.slug}/coppia/2/")
    stamp = page.stat().st_mtime_ns
    rendered.clear()

    publish.publish_tournament(tournament, Scope(gironi={girone.pk}), base)
    assert rendered == []
    assert page.stat().st_mtime_ns == stamp

    # manage.py publish renders everything whatever the digests say.
    publish.publish_tournament(tournament, base=base, force=True)
    assert len(rendered) == 16


def view_answer(client, settings, path: str, lang: str) -> bytes:
    """What the view answers an anonymous visitor (the files put aside)."""
    root, settings.PUBLISH_ROOT = settings.PUBLISH_ROOT, ""
    client.cookies["django_language"] = lang
    try:
        return client.get(path).content
    finally:
        settings.PUBLISH_ROOT = root


def test_an_opponent_renamed_is_rendered_again_as_the_view_answers(
    event, rendered, client, settings
):
    base, tournament, girone, pairs = event
    publish.publish_tournament(tournament, Scope(gironi={girone.pk}), base)
    opponent = pairs[0].player1  # pair 1 plays pair 2
    opponent.last_name = "Zanardelli"
    opponent.save()
    rendered.clear()

    publish.publish_tournament(tournament, Scope(gironi={girone.pk}), base)
    assert 2 in rendered
    for lang in published.LANGUAGES:
        path = f"/t/{tournament.slug}/coppia/2/"
        body = published.file_for(base, lang, path).read_bytes()
        assert b"Zanardelli" in body
        assert body == view_answer(client, settings, path, lang)


def test_a_file_changed_behind_the_publisher_is_rendered_again(
    event, rendered, client, settings
):
    base, tournament, girone, _pairs = event
    publish.publish_tournament(tournament, Scope(gironi={girone.pk}), base)
    path = f"/t/{tournament.slug}/coppia/3/"
    page = published.file_for(base, "en", path)
    page.write_bytes(b"stale")
    rendered.clear()

    publish.publish_tournament(tournament, Scope(gironi={girone.pk}), base)
    assert rendered == [3]
    assert page.read_bytes() == view_answer(client, settings, path, "en")
