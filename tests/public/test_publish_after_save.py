"""A save republishes what it changed, in the background, never in its request:
inline mode queues one publishing task per tournament (db_worker runs it); worker mode
publishes in the standings worker after it ranks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from public import publish, published
from public.models import PublishMark, PublishState
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

pytestmark = pytest.mark.django_db(transaction=True)

PUBLISH = "public.tasks.publish_changes"
WIN = ((900, 100), (600, 200), (500, 300))


def run_worker(queue: str) -> None:
    call_command(
        "db_worker",
        "--batch",
        "--queue-name",
        queue,
        "--no-startup-delay",
        "--no-reload",
        verbosity=0,
    )


@pytest.fixture
def event(settings, tmp_path, make_user):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    settings.PUBLIC_CACHE_SECONDS = 0
    tournament, girone, pairs = build_tournament(pairs=8)
    rnd, tables = build_round(
        girone, 1, [(pairs[i], pairs[i + 1]) for i in range(0, 8, 2)]
    )
    rnd.tables_public = rnd.results_public = True
    rnd.save()
    referee = make_user("arbitro")
    grant(referee, tournament)
    publish.publish_all()
    DBTaskResult.objects.all().delete()
    PublishMark.objects.all().delete()
    PublishState.objects.all().delete()
    return Path(settings.PUBLISH_ROOT), tournament, pairs, tables, referee


def standings_vp(base: Path, slug: str) -> dict[int, int]:
    url = f"/api/v1/tournaments/{slug}/standings"
    answer = json.loads(published.file_for(base, "it", url).read_bytes())
    return {row["pair_number"]: row["vp"] for t in answer for row in t["rows"]}


def test_inline_save_queues_one_task_that_publishes_the_standings(event):
    base, tournament, _pairs, tables, referee = event
    page = published.file_for(base, "it", f"/t/{tournament.slug}/classifica/")
    pair_page = published.file_for(base, "it", f"/t/{tournament.slug}/coppia/1/")
    other_pair = published.file_for(base, "it", f"/t/{tournament.slug}/coppia/5/")
    before = page.read_bytes(), pair_page.read_bytes(), other_pair.stat().st_mtime_ns
    save(tables[0], referee, sheet(*WIN))
    save(tables[1], referee, sheet(*WIN))
    # Not in the save's request: the files are as they were, one task waits.
    assert page.read_bytes() == before[0]
    assert DBTaskResult.objects.filter(task_path=PUBLISH, status="READY").count() == 1
    assert standings_vp(base, tournament.slug).get(1, 0) == 0

    run_worker("default")

    assert page.read_bytes() != before[0]
    assert pair_page.read_bytes() != before[1]  # a pair of the saved tables
    assert other_pair.stat().st_mtime_ns == before[2]  # pair 5 was not touched
    vp = standings_vp(base, tournament.slug)
    assert vp[1] > vp[2] and vp[3] > vp[4]
    task = DBTaskResult.objects.get(task_path=PUBLISH)
    assert task.status == "SUCCESSFUL" and task.return_value["written"] > 0
    assert not PublishMark.objects.exists()


def test_worker_mode_publishes_in_the_standings_worker(event, settings):
    base, tournament, _pairs, tables, referee = event
    settings.STANDINGS_REFRESH = "worker"
    settings.STANDINGS_REFRESH_DELAY = 0
    save(tables[0], referee, sheet(*WIN))
    assert standings_vp(base, tournament.slug).get(1, 0) == 0

    run_worker("standings")

    assert standings_vp(base, tournament.slug)[1] > 0
    assert not DBTaskResult.objects.filter(task_path=PUBLISH).exists()


def test_releasing_a_round_publishes_its_tables(event):
    base, tournament, pairs, tables, _referee = event
    rnd2, _t = build_round(tables[0].round.girone, 2, [(pairs[0], pairs[2])])
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/{rnd2.pk}/tables"
    run_worker("default")
    assert not published.file_for(base, "it", url).exists()
    rnd2.tables_public = True
    rnd2.save(update_fields=["tables_public"])
    run_worker("default")
    assert published.file_for(base, "en", url).exists()


def test_a_save_answered_before_its_ranking_publishes_after_it(event):
    """Inline mode, a save in a request (standings.middleware.RankAfterAnswer): the
    standings are ranked after the answer, and that ranking queues the publishing."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from standings.middleware import RankAfterAnswer
    from tests.standings.test_rank_after_answer import sent

    base, tournament, _pairs, tables, referee = event

    def view(request):
        save(tables[0], referee, sheet(*WIN))
        return HttpResponse("ok")

    response = RankAfterAnswer(view)(RequestFactory().post("/"))
    assert not DBTaskResult.objects.filter(task_path=PUBLISH).exists()  # not ranked
    sent(response)
    assert DBTaskResult.objects.filter(task_path=PUBLISH, status="READY").count() == 1

    run_worker("default")

    assert standings_vp(base, tournament.slug)[1] > 0


def test_a_tournament_save_republishes_only_when_a_shown_field_changed(event):
    base, tournament, *_rest = event
    tournament.refresh_from_db()
    tournament.avoid_same_club = not tournament.avoid_same_club
    tournament.rounds_planned += 1
    tournament.save()  # the director's pairing settings: no public page shows them
    tournament.save(update_fields=["mitchell_step"])
    tournament.save()  # nothing changed
    assert not PublishMark.objects.exists()
    assert not DBTaskResult.objects.filter(task_path=PUBLISH).exists()

    tournament.venue = "Sala Verdi"
    tournament.save()
    assert PublishMark.objects.filter(kind=PublishMark.Kind.ALL).count() == 1
    run_worker("default")
    page = published.file_for(base, "it", f"/t/{tournament.slug}/")
    assert "Sala Verdi" in page.read_text()
