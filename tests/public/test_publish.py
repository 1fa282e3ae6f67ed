"""The published files (public/publish.py): byte for byte what the views answer an
anonymous visitor, for every public URL of an event in both languages; nothing of an
unreleased round or a draft tournament ever in a file."""

from __future__ import annotations

import gzip
import itertools
import shutil
import tempfile
from pathlib import Path

import pytest
from django.contrib import admin
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from core.pipeline import drain
from public import publish, published
from public.entries import Scope
from tests.budget import examples
from tests.standings.factories import (
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    play,
    seat,
)
from tournament.admin import TournamentAdmin
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(settings, tmp_path):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    return Path(settings.PUBLISH_ROOT)


@pytest.fixture
def event():
    """Two rounds released with results (three-way tie), a draft third round seated."""
    tournament = make_tournament()
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, [1, 2, 3, 4])
    play(
        girone,
        {
            1: [(1, 2, 1100, 900, 12, 8), (3, 4, 1500, 650, 17, 3)],
            2: [(1, 3, 1300, 850, 14, 6), (2, 4, 1150, 850, 13, 7)],
        },
    )
    draft = make_round(girone, 3, status="draft")
    seat(draft, 1, pairs[1], pairs[4])
    seat(draft, 2, pairs[2], pairs[3])
    return tournament, girone, pairs, draft


def url_of(base: Path, found: Path) -> tuple[str, str]:
    """(language, URL path) of a published file."""
    parts = found.relative_to(base).parts
    path = "/" + "/".join(parts[1:-1]) + "/"
    if path.startswith(published.API) and path != published.API:
        path = path.rstrip("/")  # the API's paths have no final slash
    return parts[0], path


def files(base: Path) -> list[Path]:
    return sorted(p for p in base.rglob("index.*") if not p.name.endswith(".gz"))


def test_files_are_what_the_views_answer_in_both_languages(
    client, settings, root, event
):
    tournament, _girone, pairs, draft = event
    publish.publish_all()
    found = files(root)
    urls = {url_of(root, f) for f in found}
    slug = tournament.slug
    rounds = Round.objects.filter(girone__stage__tournament=tournament, number__lt=3)
    for lang in ("it", "en"):
        expected = {
            f"/t/{slug}/",
            f"/t/{slug}/dove-gioco/",
            f"/t/{slug}/classifica/",
            f"/t/{slug}/schermo/",  # the venue screen (issue 30)
            f"/tabellone/{slug}/",  # "no tabellone yet": a public page too
            *(f"/t/{slug}/coppia/{n}/" for n in pairs),
            "/api/v1/",
            "/api/v1/tournaments",
            f"/api/v1/tournaments/{slug}",
            f"/api/v1/tournaments/{slug}/rounds",
            f"/api/v1/tournaments/{slug}/standings",
            *(f"/api/v1/tournaments/{slug}/rounds/{r.pk}/tables" for r in rounds),
        }
        assert {u for lg, u in urls if lg == lang} == expected
    assert f"/api/v1/tournaments/{slug}/rounds/{draft.pk}/tables" not in {
        u for _lg, u in urls
    }
    # The views answer without the files (publishing off), per language.
    settings.PUBLISH_ROOT = ""
    for target in found:
        lang, url = url_of(root, target)
        client.cookies["django_language"] = lang
        response = client.get(url)
        assert response.status_code == 200, url
        assert target.read_bytes() == response.content, (lang, url)
        packed = target.with_name(target.name + ".gz")
        assert gzip.decompress(packed.read_bytes()) == response.content
        assert packed.stat().st_mtime == target.stat().st_mtime
    english = (root / "en" / "t" / slug / "classifica" / "index.html").read_text()
    italian = (root / "it" / "t" / slug / "classifica" / "index.html").read_text()
    assert english != italian and 'lang="en"' in english


def test_setting_the_tournament_back_to_draft_removes_its_files(
    root, event, django_capture_on_commit_callbacks
):
    tournament, *_ = event
    publish.publish_all()
    assert (root / "it" / "t" / tournament.slug / "index.html").exists()
    # Set back to draft in the admin (a service allows only a step at a time),
    # which records the tournament's publishing and the site's; the worker does it.
    tournament.status = Tournament.Status.DRAFT
    TournamentAdmin(Tournament, admin.site).save_model(None, tournament, None, True)
    drain()
    assert not list((root / "it" / "t").glob(f"{tournament.slug}/**/index.*"))
    assert not (root / "it" / "api" / "v1" / "tournaments" / tournament.slug).exists()
    listed = (root / "it" / "api" / "v1" / "tournaments" / "index.json").read_text()
    assert tournament.slug not in listed
    # ...and `publish --all` keeps it so.
    publish.publish_all()
    assert not (root / "en" / "t" / tournament.slug).exists()


def test_a_round_withdrawn_loses_its_tables_file(root, event):
    tournament, girone, _pairs, _draft = event
    publish.publish_all()
    first = Round.objects.get(girone=girone, number=1)
    target = published.file_for(
        root, "it", f"/api/v1/tournaments/{tournament.slug}/rounds/{first.pk}/tables"
    )
    assert target.exists()
    Round.objects.filter(pk=first.pk).update(tables_public=False, results_public=False)
    publish.publish_tournament(tournament, Scope(rounds={first.pk}))
    assert not target.exists()
    assert not target.with_name("index.json.gz").exists()


_examples = itertools.count()
FLAGS = st.tuples(
    st.sampled_from(["draft", "published", "closed"]),
    st.booleans(),
    st.booleans(),
)


@given(
    tournament_status=st.sampled_from(["draft", "running", "finished"]),
    flags=st.lists(FLAGS, min_size=2, max_size=2),
)
@hsettings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_nothing_unreleased_is_ever_in_a_file(settings, tournament_status, flags):
    """Over every status and release flag: a draft tournament has no file, a round's
    tables are in a file only when released, its results only when released."""
    base = Path(tempfile.mkdtemp(prefix="published-"))
    settings.PUBLISH_ROOT = str(base)
    settings.PUBLIC_BASE_URL = "http://testserver"
    try:
        slug = f"coppa-{next(_examples)}"
        tournament = make_tournament(slug, status=tournament_status)
        girone = make_girone(tournament)
        pairs = make_pairs(tournament, girone, [1, 2], club=None)
        made = []
        for number, (status, tables, results) in enumerate(flags, start=1):
            rnd = make_round(
                girone,
                number,
                status=status,
                tables_public=tables and status != "draft",
                results_public=results and status != "draft",
            )
            seat(rnd, 1, pairs[1], pairs[2])
            made.append(rnd)
        publish.publish_all()
        written = [f for f in base.rglob("index.*") if f"/{slug}/" in str(f)]
        if tournament_status == "draft":
            assert not written
            return
        for rnd in made:
            rnd.refresh_from_db()
            url = f"/api/v1/tournaments/{slug}/rounds/{rnd.pk}/tables"
            target = published.file_for(base, "it", url)
            assert target.exists() == (rnd.tables_public and rnd.status != "draft")
            pages = b"".join(f.read_bytes() for f in written if f.suffix == ".html")
            marker = f"rounds/{rnd.pk}/tables".encode()
            assert marker not in pages  # pages never link an API answer
        api = b"".join(f.read_bytes() for f in written if f.suffix == ".json")
        hidden = [r.pk for r in made if not (r.tables_public and r.status != "draft")]
        for pk in hidden:
            assert f'"id": {pk},'.encode() not in api
            assert f'"id":{pk},'.encode() not in api
    finally:
        shutil.rmtree(base, ignore_errors=True)
