"""The published tree is exactly what the views would answer (issue 25, item 5).

Hypothesis draws a sequence of what a director, the referees and time do to a small
event (a round played and closed, results held and released, the tournament set back
to draft and forward again, "Concluso", a correction in and after the correction
period, a slug changed, the season's membership, and the clock passing the end of a
correction period: the clock is frozen, so that moment is a step of the sequence).
After each step the worker does what was recorded (``core.pipeline.drain``), and the
whole tree is compared with the anonymous views, file by file: every page a view
answers has its file with the same bytes, in both languages, and there is no other
file (a draft tournament's, an old slug's, a season player's who left it).
"""

from __future__ import annotations

import datetime as dt
import itertools
import shutil
import tempfile
from contextlib import suppress
from pathlib import Path
from unittest import mock

import pytest
from django.contrib import admin
from django.core.cache import cache
from django.db import transaction
from django.test import Client, override_settings
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from core.pipeline import drain
from draw.services import rounds
from outbox.work import record_site
from people.models import Player
from public import published
from public.publish import publish_all
from scoring import services as scoring
from scoring.services import Hand, Sheet
from scoring.services.errors import ScoringError
from seating.models import Table
from standings.models import Season
from tests.scoring.conftest import build_tournament
from tournament.admin import TournamentAdmin
from tournament.models import Round, Tournament, TournamentRole
from tournament.services.errors import ServiceError
from tournament.services.tournaments import set_status

pytestmark = pytest.mark.django_db

ACTIONS = (
    "play",
    "play",
    "hold",
    "release",
    "down",
    "up",
    "correct",
    "time",
    "slug",
    "membership",
)
LANGS = published.LANGUAGES
_names = itertools.count(1)


class World:
    """One event of four pairs (a round robin of three rounds) in a season."""

    def __init__(self) -> None:
        n = next(_names)
        self.tournament, self.girone, self.pairs = build_tournament(
            slug=f"albero-{n}", pairs=4
        )
        Tournament.objects.filter(pk=self.tournament.pk).update(
            movement_plan="round_robin", rounds_planned=3, correction_minutes=10
        )
        self.tournament.refresh_from_db()
        self.referee, self.chief = _staff(self.tournament, n)
        self.season = Season.objects.create(
            name=f"Stagione {n}", slug=f"stagione-{n}", scale=[10, 6, 4, 2], best=1
        )
        self.season.tournaments.add(self.tournament)
        self.slugs = {self.tournament.slug}
        self.tokens = itertools.count(1)

    # The actions ---------------------------------------------------------------

    def play(self) -> None:
        """The next round generated, published, every table entered, closed."""
        if Round.objects.filter(girone=self.girone).exclude(status="closed").exists():
            return
        if Round.objects.filter(girone=self.girone).count() >= 3:
            return
        round_ = rounds.publish_round(rounds.generate_round(self.girone))
        for table in Table.objects.filter(round=round_).order_by("number"):
            self._save(table, self.referee, _sheet(table.number))
        scoring.close_round(round_id=round_.pk, by=self.referee)

    def hold(self) -> None:
        held = not self.tournament.hold_results
        Tournament.objects.filter(pk=self.tournament.pk).update(hold_results=held)

    def release(self) -> None:
        for round_ in Round.objects.filter(girone=self.girone, results_public=False):
            if round_.status != Round.Status.DRAFT:
                rounds.set_visibility(round_, tables=True, results=True)

    def down(self) -> None:
        self._step(-1)

    def up(self) -> None:
        self._step(+1)

    def correct(self) -> None:
        """The last closed round's table 1 corrected by the chief referee (in its
        correction period, or late)."""
        last = (
            Round.objects.filter(girone=self.girone, status="closed")
            .order_by("-number")
            .first()
        )
        if last is None:
            return
        table = Table.objects.get(round=last, number=1)
        sheet = _sheet(next(self.tokens) + 2, reason="errore di somma")
        self._save(table, self.chief, sheet, correction=True)

    def time(self) -> None:
        CLOCK[0] += dt.timedelta(minutes=11)  # past every correction period

    def slug(self) -> None:
        """A new slug, in the admin (the old slug's files must go)."""
        self.tournament.slug = (
            f"{self.tournament.slug.split('-x')[0]}-x{len(self.slugs)}"
        )
        self.slugs.add(self.tournament.slug)
        TournamentAdmin(Tournament, admin.site).save_model(
            None, self.tournament, None, True
        )

    def membership(self) -> None:
        """The tournament joins or leaves the season (as the admin records it)."""
        if self.season.tournaments.filter(pk=self.tournament.pk).exists():
            self.season.tournaments.remove(self.tournament)
        else:
            self.season.tournaments.add(self.tournament)
        record_site()

    # Helpers -------------------------------------------------------------------

    def _step(self, direction: int) -> None:
        order = [s.value for s in Tournament.Status]
        self.tournament.refresh_from_db()
        index = order.index(self.tournament.status) + direction
        if 0 <= index < len(order):
            # "Concluso" refused while a round is not final: nothing changes.
            with suppress(ServiceError):
                set_status(self.tournament, order[index])
        self.tournament.refresh_from_db()

    def _save(self, table, user, sheet, **options) -> None:
        from scoring.models import TableResult

        found = TableResult.objects.filter(table=table).first()
        lock = found.lock_version if found else 0
        with suppress(ScoringError):  # refused (a draft tournament's round): no save
            scoring.submit_sheet(
                table=scoring.load_table(table.pk),
                sheet=sheet,
                by=user,
                expected_lock_version=lock,
                token=f"t{table.pk}-{next(self.tokens)}",
                confirm=True,
                **options,
            )

    # What must be published ------------------------------------------------------

    def candidates(self) -> set[str]:
        """Every URL a view might answer for this world, visible or not."""
        found = {"/api/v1/", "/api/v1/tournaments"}
        round_ids = Round.objects.filter(girone=self.girone).values_list(
            "pk", flat=True
        )
        for slug in self.slugs:
            found |= {
                f"/t/{slug}/",
                f"/t/{slug}/dove-gioco/",
                f"/t/{slug}/classifica/",
                f"/t/{slug}/schermo/",
                f"/tabellone/{slug}/",
                f"/api/v1/tournaments/{slug}",
                f"/api/v1/tournaments/{slug}/rounds",
                f"/api/v1/tournaments/{slug}/standings",
                *(f"/t/{slug}/coppia/{p.number}/" for p in self.pairs),
                *(f"/api/v1/tournaments/{slug}/rounds/{r}/tables" for r in round_ids),
            }
        base = f"/t/stagioni/{self.season.slug}/"
        found.add(base)
        for player in Player.objects.filter(pk__in=self._players()):
            found.add(f"{base}giocatore/{player.pk}/")
        return found

    def _players(self) -> list[int]:
        return [pid for p in self.pairs for pid in (p.player1_id, p.player2_id)]


CLOCK = [dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.UTC)]


def _staff(tournament, n):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    referee = users.create_user(f"arbitro-albero-{n}", password="x")
    chief = users.create_user(f"capo-albero-{n}", password="x")
    TournamentRole.objects.create(
        tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE
    )
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_REFEREE
    )
    return referee, chief


def _sheet(seed: int, **extra) -> Sheet:
    ns = 100 + 5 * (seed % 40)
    return Sheet(hands=(Hand(ns, 300 - ns), Hand(200, 100), Hand(0, 50)), **extra)


def url_of(base: Path, found: Path) -> tuple[str, str]:
    """(language, URL path) of a published file."""
    parts = found.relative_to(base).parts
    path = "/" + "/".join(parts[1:-1]) + "/"
    if path.startswith(published.API) and path != published.API:
        path = path.rstrip("/")
    return parts[0], path


def compare(world: World, base: Path) -> None:
    """The tree holds exactly the anonymous views' answers (PUBLISH_ROOT off while
    the views are asked)."""
    client = Client()
    files = {
        url_of(base, f): f for f in base.rglob("index.*") if not f.name.endswith(".gz")
    }
    candidates = world.candidates()
    assert {url for _lang, url in files} <= candidates, "a file no view could answer"
    with override_settings(PUBLISH_ROOT=""):
        for url in sorted(candidates):
            for lang in LANGS:
                client.cookies["django_language"] = lang
                response = client.get(url)
                target = files.get((lang, url))
                if response.status_code == 200:
                    assert target is not None, f"missing: {lang} {url}"
                    body = target.read_bytes()
                    if body != response.content:
                        at = next(
                            i
                            for i, (a, b) in enumerate(
                                zip(body, response.content, strict=False)
                            )
                            if a != b
                        )
                        around = slice(max(0, at - 200), at + 80)
                        raise AssertionError(
                            f"{lang} {url}: the file has {body[around]!r}, "
                            f"the view {response.content[around]!r}"
                        )
                else:
                    assert target is None, f"not public, still a file: {lang} {url}"


@settings(
    max_examples=6,
    deadline=None,
    # A counter-example is short already (six steps): no minutes spent shrinking it.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(actions=st.lists(st.sampled_from(ACTIONS), min_size=2, max_size=6))
def test_the_published_tree_is_what_the_views_answer(actions):
    folder = Path(tempfile.mkdtemp(prefix="torneo-tree-"))
    cache.clear()  # the last example's rows were rolled back: their ids come again
    CLOCK[0] = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.UTC)
    try:
        with (
            mock.patch("django.utils.timezone.now", lambda: CLOCK[0]),
            override_settings(
                PUBLISH_ROOT=str(folder), PUBLIC_BASE_URL="http://testserver"
            ),
            transaction.atomic(),
        ):
            point = transaction.savepoint_create()
            world = World()
            publish_all()  # as at the venue: manage.py publish --all, first
            drain()
            for action in ["play", *actions]:
                getattr(world, action)()
                drain()
                compare(world, folder)
            transaction.savepoint_rollback(point)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
