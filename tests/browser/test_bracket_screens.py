"""The public tabellone in a real browser: a phone (390x844) and a projector (1920x1080)."""

import pytest

from knockout import services
from knockout.services import MatchEntry
from people.models import Player
from tests.knockout.factories import make_gironi, make_tournament, play_gironi, staff

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SURNAMES = [
    "Lo Piccolo", "Giambrone", "Sciortino", "Cusimano", "Lo Verde", "Di Liberto",
    "Badalamenti", "Randazzo", "Mangiapane", "Provenzano", "Inguaggiato", "Pizzuto",
    "Vitrano", "Caruana", "Schillaci", "La Mantia",
]  # fmt: skip


@pytest.fixture
def tabellone(db):
    """Seed 001's shape, smaller: two gironi of 4, all 8 into a tabellone with a
    third-place match; quarter-finals played, one semifinal played."""
    tournament = make_tournament(slug="briscola-approdo-ko")
    gironi = make_gironi(tournament, {"A": 4, "B": 4})
    for player, surname in zip(Player.objects.order_by("pk"), SURNAMES, strict=True):
        player.last_name = surname
        player.save(update_fields=["last_name"])
    play_gironi(tournament, gironi)
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(
        tournament,
        by=director,
        per_girone=4,
        third_place=True,
        name="Tabellone maschile",
    )
    services.draw_bracket(bracket.pk, by=director)
    w, lo, t = (70, 50), (50, 70), (60, 60)
    for index, games in enumerate([[w, w], [lo, w, lo], [w, t, lo, w], [lo, lo]]):
        services.enter_result(bracket.pk, 1, index, MatchEntry(games=games), by=referee)
    services.enter_result(bracket.pk, 2, 0, MatchEntry(games=[w, lo, w]), by=referee)
    return tournament


@pytest.mark.parametrize(
    ("name", "width", "height"), [("phone", 390, 844), ("projector", 1920, 1080)]
)
def test_bracket_phone_and_projector(
    page, live_server, screenshot_dir, tabellone, name, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/tabellone/{tabellone.slug}/")
    assert page.get_by_role("heading", name="Semifinali").is_visible()
    assert page.get_by_role("heading", name="Finale", exact=True).is_visible()
    assert page.get_by_text("Terzo posto").first.is_visible()
    # Nothing wider than the screen: no sideways scrolling on the phone, and on the
    # projector every round fits at once.
    overflow = page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth,"
        " document.querySelector('.ko-rounds').scrollWidth,"
        " document.querySelector('.ko-rounds').clientWidth]"
    )
    assert overflow[0] <= overflow[1], overflow
    assert overflow[2] <= overflow[3], overflow
    if name == "projector":
        # The whole tabellone is above the fold of a 1080p projector.
        bottom = page.evaluate(
            "() => document.querySelector('.ko-rounds').getBoundingClientRect().bottom"
        )
        assert bottom <= height, bottom
    page.screenshot(path=f"{screenshot_dir}/bracket-{name}.png", full_page=True)
