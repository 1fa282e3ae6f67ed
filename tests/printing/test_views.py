"""The printing pages: director only, small documents inline, large ones in the worker."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.pipeline import drain
from outbox.models import Work
from printing.models import Render
from tournament.models import Round, TournamentRole

from .conftest import pdf_pages
from .factories import make_standings

pytestmark = pytest.mark.django_db


#: The worker commits as in production: its tests run with real transactions, not
#: inside the test's rolled-back one.
worker_db = pytest.mark.django_db(transaction=True)


def run_worker() -> None:
    """Do the work waiting in the outbox (the worker loop's steps), then return."""
    drain()


def doc_url(world, kind, **query):
    url = reverse("printing:document", kwargs={"slug": world.slug, "kind": kind})
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def round_one(world):
    return Round.objects.get(
        girone__stage__tournament=world, girone__label="A", number=1
    )


def test_only_the_director_prints(client, world, make_user):
    url = doc_url(world, "tables", turno=round_one(world).pk)
    assert client.get(url).status_code == 302  # to the login page
    referee = make_user("arbitro-x")
    TournamentRole.objects.create(
        tournament=world, user=referee, role=TournamentRole.Role.REFEREE
    )
    client.force_login(referee)
    assert client.get(url).status_code == 403
    assert client.get(reverse("printing:index", args=[world.slug])).status_code == 403


def test_index_lists_published_rounds(director_client, world):
    html = director_client.get(reverse("printing:index", args=[world.slug])).content
    html = html.decode()
    assert "Stampa" in html and "Elenco tavoli" in html
    assert f"turno={round_one(world).pk}" in html
    draft = Round.objects.get(
        girone__label="A", number=2, girone__stage__tournament=world
    )
    assert f"turno={draft.pk}" not in html


def test_table_list_renders_inline(director_client, world):
    response = director_client.get(doc_url(world, "tables", turno=round_one(world).pk))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "Elenco tavoli" in " ".join(pdf_pages(response.content))
    assert not Render.objects.exists()


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ({"turno": 424242}, 404, "Il turno 424242 non esiste"),
        ({"turno": "x1"}, 400, "“x1” non è un numero di turno"),
        ({}, 400, "Scegli un turno"),
    ],
)
def test_bad_round_gets_a_clear_message(director_client, world, query, status, message):
    response = director_client.get(doc_url(world, "tables", **query))
    assert response.status_code == status
    assert message in response.content.decode()


def test_draft_round_is_refused(director_client, world):
    draft = Round.objects.get(
        girone__label="A", number=2, girone__stage__tournament=world
    )
    response = director_client.get(doc_url(world, "scorecards", turno=draft.pk))
    assert response.status_code == 400
    assert "non è ancora pubblicato" in response.content.decode()


def test_unknown_document_is_404(director_client, world):
    response = director_client.get(doc_url(world, "menu"))
    assert response.status_code == 404
    assert "Documento sconosciuto “menu”" in response.content.decode()


@worker_db
def test_large_document_goes_through_the_worker_and_is_kept(
    director_client, world, settings
):
    """Queued -> rendered by the worker loop -> served; the same version is reused."""
    settings.PRINTING_INLINE_MAX_SIZE = 0
    make_standings(world)
    response = director_client.get(doc_url(world, "standings"))
    render = Render.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("printing:render", args=[world.slug, render.pk])
    assert render.status == Render.Status.QUEUED and render.pdf is None
    # Its rendering is recorded in the outbox, with the render (one transaction).
    assert Work.objects.filter(kind=Work.Kind.RENDER, key=render.pk).exists()
    # Nothing is served before the worker has finished.
    assert (
        director_client.get(
            reverse("printing:render-pdf", args=[world.slug, render.pk])
        ).status_code
        == 404
    )
    page = director_client.get(response.url).content.decode()
    assert "In coda" in page and 'http-equiv="refresh"' in page

    run_worker()

    render.refresh_from_db()
    assert render.status == Render.Status.DONE and render.progress == 100
    assert render.pages >= 1
    assert not Work.objects.filter(kind=Work.Kind.RENDER, key=render.pk).exists()
    page = director_client.get(response.url).content.decode()
    assert "Apri il PDF" in page and 'http-equiv="refresh"' not in page
    pdf = director_client.get(
        reverse("printing:render-pdf", args=[world.slug, render.pk])
    )
    assert "Classifica generale" in " ".join(pdf_pages(pdf.content))

    # A second request for the same standings version is served at once.
    again = director_client.get(doc_url(world, "standings"))
    assert again.url == reverse("printing:render-pdf", args=[world.slug, render.pk])
    assert Render.objects.count() == 1


@worker_db
def test_new_standings_version_makes_a_new_render(director_client, world, settings):
    settings.PRINTING_INLINE_MAX_SIZE = 0
    snaps = make_standings(world)
    director_client.get(doc_url(world, "standings"))
    run_worker()
    snaps[-1].version += 1
    snaps[-1].save()
    director_client.get(doc_url(world, "standings"))
    assert Render.objects.count() == 2
    assert Render.objects.filter(status=Render.Status.QUEUED).count() == 1


@worker_db
def test_data_changed_while_queued_supersedes(director_client, world, settings):
    settings.PRINTING_INLINE_MAX_SIZE = 0
    snaps = make_standings(world)
    response = director_client.get(doc_url(world, "standings"))
    old = Render.objects.get()
    snaps[-1].version += 1
    snaps[-1].save()
    run_worker()  # runs the old task (superseded) and then the new one it queued
    old.refresh_from_db()
    assert old.status == Render.Status.SUPERSEDED
    newer = Render.objects.exclude(pk=old.pk).get()
    assert newer.status == Render.Status.DONE
    follow = director_client.get(response.url)
    assert follow.url == reverse("printing:render", args=[world.slug, newer.pk])


@worker_db
def test_failed_render_is_reported_and_can_be_retried(director_client, world, settings):
    settings.PRINTING_INLINE_MAX_SIZE = 0
    rnd = round_one(world)
    response = director_client.get(doc_url(world, "scorecards", turno=rnd.pk))
    render = Render.objects.get()
    # The round goes back to draft before the worker runs: the render fails, clearly.
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.DRAFT)
    run_worker()
    render.refresh_from_db()
    assert render.status == Render.Status.FAILED and render.pdf is None
    # A refusal is the render's to report: the worker does not try it again.
    assert not Work.objects.filter(kind=Work.Kind.RENDER, key=render.pk).exists()
    page = director_client.get(response.url).content.decode()
    assert "non è ancora pubblicato" in page and "Riprova" in page
    assert (
        director_client.get(
            reverse("printing:render-pdf", args=[world.slug, render.pk])
        ).status_code
        == 404
    )

    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    retry = director_client.post(
        reverse("printing:render-retry", args=[world.slug, render.pk])
    )
    assert retry.status_code == 302
    render.refresh_from_db()
    assert render.status == Render.Status.QUEUED and render.error == ""
    run_worker()
    render.refresh_from_db()
    assert render.status == Render.Status.DONE and render.attempts == 2
    pdf = director_client.get(
        reverse("printing:render-pdf", args=[world.slug, render.pk])
    )
    assert "Cartellino" in " ".join(pdf_pages(pdf.content))


@worker_db
def test_retry_of_a_finished_render_is_refused(director_client, world, settings):
    settings.PRINTING_INLINE_MAX_SIZE = 0
    make_standings(world)
    director_client.get(doc_url(world, "standings"))
    run_worker()
    render = Render.objects.get()
    response = director_client.post(
        reverse("printing:render-retry", args=[world.slug, render.pk])
    )
    assert response.status_code == 400
    assert "non è fallito" in response.content.decode()


def test_old_versions_are_pruned(world, settings):
    """Only the newest PRINTING_KEEP_VERSIONS finished renders of a document stay."""
    from printing import services
    from printing.documents import build

    settings.PRINTING_KEEP_VERSIONS = 2
    snaps = make_standings(world)
    ids = []
    for version in range(2, 6):
        snaps[-1].version = version
        snaps[-1].save()
        render = services.request_render(world, build(world, "standings", ""))
        services.run_render(render.pk)
        ids.append(render.pk)
    assert (
        list(Render.objects.order_by("created_at", "pk").values_list("pk", flat=True))
        == ids[-2:]
    )
    assert set(Render.objects.values_list("status", flat=True)) == {"done"}


def test_progress_is_shown_and_a_lost_render_can_be_retried(director_client, world):
    """A render stuck in "running" (worker killed) shows its progress, and once its
    heartbeat is older than lost_after() it may be queued again."""
    from datetime import timedelta

    from django.utils import timezone

    from printing import services

    render = Render.objects.create(
        tournament=world,
        kind="standings",
        scope="",
        version="s1",
        title="Classifica generale",
        filename="classifica.pdf",
        status=Render.Status.RUNNING,
        progress=40,
        started_at=timezone.now(),
    )
    url = reverse("printing:render", args=[world.slug, render.pk])
    page = director_client.get(url).content.decode()
    assert "40%" in page and 'value="40"' in page and "Riprova" not in page
    Render.objects.filter(pk=render.pk).update(
        started_at=timezone.now() - services.lost_after() - timedelta(minutes=1)
    )
    assert "Riprova" in director_client.get(url).content.decode()
    director_client.post(reverse("printing:render-retry", args=[world.slug, render.pk]))
    render.refresh_from_db()
    assert render.status == Render.Status.QUEUED and render.progress == 0


@pytest.mark.parametrize(
    ("base", "host", "warning"),
    [
        # make_run on the director's laptop: the codes would carry the loopback.
        ("", "127.0.0.1:8101", "un indirizzo solo di questo computer"),
        ("", "localhost:8000", "un indirizzo solo di questo computer"),
        ("http://127.0.0.1:8000", "torneo.lan", "un indirizzo solo di questo computer"),
        # Unset: the address in use now, which may or may not be the players'.
        ("", "192.168.1.10:8000", "DJANGO_PUBLIC_BASE_URL non è impostato"),
        ("https://torneo.lan", "127.0.0.1:8101", None),
    ],
)
def test_the_print_page_warns_before_codes_that_point_nowhere(
    director_client, world, settings, base, host, warning
):
    """A printed card read back carried http://127.0.0.1:8101/... before."""
    import html

    settings.PUBLIC_BASE_URL = base
    settings.ALLOWED_HOSTS = ["*"]
    page = director_client.get(
        reverse("printing:index", args=[world.slug]), HTTP_HOST=host
    ).content.decode()
    page = html.unescape(page)
    if warning is None:
        assert 'data-testid="qr-address-warning"' not in page
    else:
        assert warning in page
        shown = base or f"http://{host}"
        assert shown in page
