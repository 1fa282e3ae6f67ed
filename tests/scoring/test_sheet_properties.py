"""Random sheets at the entry endpoint: a clean save or field errors, never a 500, never
a half-written row (issue 14 §3). An unlikely sheet saves once its key is sent back."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.bounds import hand_bounds
from scoring.models import HandScore, PairScore, ResultVersion, TableResult
from scoring.services import pack_of
from tests.budget import examples

pytestmark = pytest.mark.django_db

PROPERTY = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

ordinary = st.integers(-60, 300).map(lambda n: 5 * n)  # -300 .. 1,500 MP
wild = st.one_of(
    st.integers(-4000, 4000).map(lambda n: 5 * n),  # -20,000 .. 20,000 MP
    st.sampled_from([0, 4180, 4185, -1480, -1485, 9995, 2005, -505, 1500]),
    st.integers(-20_000, 20_000),  # not always a multiple of 5
    st.sampled_from(["", " ", "abc", "1e3", "--5", "99999999999"]),
    st.none(),
)


@st.composite
def sheets(draw) -> list[tuple[object, object]]:
    """Mostly a typed sheet of the round's 3 smazzate with a few values gone wrong
    (a typo, a digit too many, a blank), sometimes fewer or more rows, or all 0-0."""
    rows = draw(st.sampled_from([3, 3, 3, 0, 1, 2, 4]))
    values = draw(st.lists(ordinary, min_size=2 * rows, max_size=2 * rows))
    if rows and draw(st.integers(0, 9)) == 0:
        values = [0] * (2 * rows)
    for _ in range(draw(st.integers(0, 3)) if values else 0):
        values[draw(st.integers(0, len(values) - 1))] = draw(wild)
    return list(zip(values[::2], values[1::2], strict=True))


KINDS = [
    "",
    "",
    "",
    "",
    "normal",
    "forfeit",
    "late_arrival",
    "second_warning",
    "late_forfeit",
    "referee_set",
    "both_absent",
]


def counts() -> tuple[int, ...]:
    return tuple(
        m.objects.count() for m in (TableResult, ResultVersion, HandScore, PairScore)
    )


@PROPERTY
@given(
    hands=sheets(),
    kind=st.sampled_from(KINDS),
    line=st.sampled_from(["", "ns", "ew"]),
    reason=st.sampled_from(["", "motivo"]),
    set_values=st.tuples(*[st.one_of(st.none(), ordinary, wild)] * 4),
    detailed=st.booleans(),
)
def test_random_sheets_save_cleanly_or_answer_field_errors(
    client, world, hands, kind, line, reason, set_values, detailed
):
    client.force_login(world.referee)
    table = world.tables[0]
    url = reverse(
        "scoring:save",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk, "number": 1},
    )
    p = "" if detailed else "t1-"
    data = {f"{p}lock_version": "0", f"{p}idempotency_key": "prop-1"}
    for n, (ns, ew) in enumerate(hands, start=1):
        for name, value in (("ns", ns), ("ew", ew)):
            if value is not None:
                data[f"{p}h{n}_{name}"] = str(value)
    data |= {f"{p}kind": kind, f"{p}line": line, f"{p}reason": reason}
    if detailed:
        data["detailed"] = "1"
        for name, value in zip(
            ("set_mp_ns", "set_mp_ew", "set_vp_ns", "set_vp_ew"),
            set_values,
            strict=True,
        ):
            if value is not None:
                data[name] = str(value)
    bounds = hand_bounds(pack_of(world.tournament))
    with transaction.atomic():
        before = counts()
        response = client.post(url, data, HTTP_ACCEPT="application/json")
        body = response.json()
        if body.get("code") == "unlikely":
            assert response.status_code == 400
            assert counts() == before
            data[f"{p}confirm"] = body["confirm"]
            response = client.post(url, data, HTTP_ACCEPT="application/json")
            body = response.json()
        if body.get("ok"):
            assert response.status_code == 200
            version = TableResult.objects.get(table=table).current
            assert version is not None
            rows = list(HandScore.objects.filter(version=version))
            assert all(h.ns in bounds and h.ew in bounds for h in rows)
            assert all(h.ns % 5 == 0 and h.ew % 5 == 0 for h in rows)
            assert PairScore.objects.filter(table=table).count() == 2
            assert counts()[1] == before[1] + 1
        else:
            assert response.status_code == 400, body
            assert body["errors"], body
            assert counts() == before  # nothing written, not even half
        transaction.set_rollback(True)
