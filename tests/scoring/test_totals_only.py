"""Totals-only entry (issue 17 §8, docs/rules.md §5f).

A tournament setting lets the referee type each table's two MP totals instead of every
smazzata: the same checks (multiples of 5, N times a smazzata's bounds, unlikely values
confirmed), double entry compares them, and the table page keeps the per-smazzata sheet
for disputes and corrections.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import HandScore, ResultVersion, TableResult
from scoring.services import Sheet
from scoring.services.bounds import ImpossibleError, UnlikelyError

from .helpers import save, sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def totals_world(world):
    world.tournament.totals_only = True
    world.tournament.save()
    return world


def test_two_totals_make_a_result(totals_world):
    w = totals_world
    saved = save(w.tables[0], w.referee, Sheet(totals=(1230, 845)))
    v = saved.version
    assert (v.mp_ns, v.mp_ew, v.vp_ns, v.vp_ew) == (1230, 845, 14, 6)
    assert v.hands_played == 3 and not HandScore.objects.filter(version=v).exists()


@pytest.mark.parametrize(
    ("totals", "field", "words"),
    [
        ((13000, 0), "tot_ns", "più di quanto"),  # over 3 x 4,180
        ((1233, 800), "tot_ns", "multiplo di 5"),
        ((-4500, 100), "tot_ns", "meno di quanto"),  # under 3 x -1,480
    ],
)
def test_impossible_totals_are_refused(totals_world, totals, field, words):
    with pytest.raises(ImpossibleError) as refused:
        save(totals_world.tables[0], totals_world.referee, Sheet(totals=totals))
    assert field in refused.value.errors
    assert words in " ".join(refused.value.errors[field])
    assert not ResultVersion.objects.exists()


def test_unlikely_totals_are_confirmed_first(totals_world):
    w = totals_world
    with pytest.raises(UnlikelyError) as asked:
        save(w.tables[0], w.referee, Sheet(totals=(3600, 500)))
    assert not ResultVersion.objects.exists()
    saved = save(
        w.tables[0], w.referee, Sheet(totals=(3600, 500)), confirm=asked.value.key
    )
    assert saved.version.mp_ns == 3600


def test_the_entry_page_asks_for_the_totals_only(client, totals_world):
    w = totals_world
    client.force_login(w.referee)
    url = reverse(
        "scoring:entry", kwargs={"slug": w.tournament.slug, "round_id": w.round.pk}
    )
    page = client.get(url).content.decode()
    assert 'name="t1-tot_ns"' in page and 'name="t1-tot_ew"' in page
    assert 'name="t1-h1_ns"' not in page
    save_url = reverse(
        "scoring:save",
        kwargs={"slug": w.tournament.slug, "round_id": w.round.pk, "number": 1},
    )
    form = {
        "t1-lock_version": "0",
        "t1-idempotency_key": "k-totals-1",
        "t1-tot_ns": "1230",
        "t1-tot_ew": "845",
    }
    answer = client.post(save_url, form, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["ok"] and "14–6" in answer.json()["message"]
    bad = client.post(
        save_url,
        {**form, "t1-idempotency_key": "k-2", "t1-tot_ns": "99995"},
        HTTP_ACCEPT="application/json",
    )
    assert bad.status_code == 400


def test_double_entry_compares_the_totals(totals_world):
    w = totals_world
    w.tournament.entry_mode = "double"
    w.tournament.save()
    save(w.tables[0], w.referee, Sheet(totals=(1230, 845)))
    save(w.tables[0], w.referee2, Sheet(totals=(1230, 845)))
    assert TableResult.objects.get(table=w.tables[0]).status == "confirmed"
    save(w.tables[1], w.referee, Sheet(totals=(1230, 845)))
    save(w.tables[1], w.referee2, Sheet(totals=(1230, 854 - 4)))
    result = TableResult.objects.get(table=w.tables[1])
    assert result.status == "disputed"
    disputed = list(result.versions.filter(status="disputed"))
    labels = [d.label for d in services.differences(disputed)]
    assert "MP EO" in labels


def test_the_table_page_keeps_the_per_hand_sheet(client, totals_world):
    w = totals_world
    save(w.tables[0], w.referee, Sheet(totals=(1230, 845)))
    client.force_login(w.chief)
    url = reverse(
        "scoring:table",
        kwargs={"slug": w.tournament.slug, "round_id": w.round.pk, "number": 1},
    )
    page = client.get(url).content.decode()
    assert 'name="h1_ns"' in page and 'name="h3_ew"' in page
    assert 'name="tot_ns"' in page and 'value="1230"' in page
    # A correction smazzata by smazzata replaces the totals.
    saved = save(
        w.tables[0],
        w.referee,
        sheet((600, 300), (330, 245), (300, 300), reason="score ricontrollato"),
        correction=True,
    )
    assert (saved.version.mp_ns, saved.version.mp_ew) == (1230, 845)
    assert saved.version.hands.count() == 3
