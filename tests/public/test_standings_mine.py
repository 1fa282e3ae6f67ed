"""The standings reached from a pair's page: the pair's own rows first, highlighted."""

import html

import pytest
from django.urls import reverse

from tests.standings.factories import make_three_way, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    t = make_tournament()
    make_three_way(t)
    return t


def standings(client, tournament, **query):
    return client.get(reverse("public:standings", args=[tournament.slug]), query)


def test_the_pairs_row_comes_first(client, tournament):
    response = standings(client, tournament, coppia="9")
    page = html.unescape(response.content.decode())
    mine = page.index('data-testid="my-row"')
    assert mine < page.index('class="standings-table"')
    block = page[page.index('data-mine="9"') : page.index('class="standings-table"')]
    assert "La coppia 9 in classifica" in block
    assert "3° su 4" in block  # 12, 4, 9 tied on VP: 9 is third by the head-to-head
    assert "3 incontri" in block
    assert "standings-mine.js" in page


def test_each_pair_gets_its_own_answer_and_tag(client, tournament):
    plain = standings(client, tournament)
    nine = standings(client, tournament, coppia="9")
    twelve = standings(client, tournament, coppia="12")
    tags = {plain["ETag"], nine["ETag"], twelve["ETag"]}
    assert len(tags) == 3
    assert 'data-mine="12"' in twelve.content.decode()
    assert "data-mine" not in plain.content.decode()
    again = client.get(
        reverse("public:standings", args=[tournament.slug]),
        {"coppia": "9"},
        HTTP_IF_NONE_MATCH=nine["ETag"],
    )
    assert again.status_code == 304


@pytest.mark.parametrize("value", ["999", "abc", "-1", "1" * 30, ""])
def test_an_unknown_pair_shows_the_plain_standings(client, tournament, value):
    response = standings(client, tournament, coppia=value)
    assert response.status_code == 200
    assert "data-mine" not in response.content.decode()
    assert response["ETag"] == standings(client, tournament)["ETag"]


def test_the_pair_page_links_to_it(client, tournament):
    page = client.get(reverse("public:pair", args=[tournament.slug, 12])).content
    assert b"classifica/?coppia=12" in page
