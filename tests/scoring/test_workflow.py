"""Entry workflow: idempotency, optimistic locking, double entry, corrections, closing."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import PairScore, ResultVersion, TableResult
from scoring.scores import pair_totals
from scoring.services import (
    AlreadyConfirmedError,
    ConflictError,
    NotAllowedError,
    RoundNotReadyError,
    RoundStateError,
    ScoringError,
)
from standings.services.impact import stored_impact
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

Status = ResultVersion.Status
GOOD = ((300, 100), (150, 250), (500, -100))  # 950-250: 16-4
OTHER = ((300, 100), (150, 250), (400, -100))  # 850-250: diff 600, 15-5


def test_same_token_twice_counts_once(world):
    table = world.tables[0]
    first = save(table, world.referee, sheet(*GOOD), token="same")
    again = save(table, world.referee, sheet(*GOOD), lock=0, token="same")
    assert first.created and not again.created
    assert again.version.pk == first.version.pk
    assert ResultVersion.objects.count() == 1
    assert pair_totals(world.girone.pk)[world.pairs[0].pk].vp == 16


def test_stale_lock_version_is_a_conflict_and_the_attempt_is_kept(world):
    table = world.tables[0]
    save(table, world.referee, sheet(*GOOD), lock=0)
    with pytest.raises(ConflictError) as exc:
        save(table, world.referee2, sheet(*OTHER), lock=0)
    assert exc.value.lock_version == 1
    statuses = list(
        ResultVersion.objects.order_by("number").values_list("status", flat=True)
    )
    assert statuses == [Status.CONFIRMED, Status.REJECTED]
    assert PairScore.objects.get(pair=world.pairs[0]).vp == 16


def test_confirmed_table_is_not_overwritten_silently(world):
    table = world.tables[0]
    save(table, world.referee, sheet(*GOOD))
    with pytest.raises(AlreadyConfirmedError):
        save(table, world.referee2, sheet(*OTHER))
    assert ResultVersion.objects.count() == 1


def test_correction_needs_a_reason_and_reports_its_impact(world):
    a, b = world.tables
    save(a, world.referee, sheet(*GOOD))  # pair 1 16, pair 2 4
    save(b, world.referee, sheet((100, 100), (0, 0), (0, 0)))  # 10-10
    with pytest.raises(ScoringError) as exc:
        save(a, world.referee, sheet(*((0, 300), (0, 0), (0, 0))), correction=True)
    assert "reason" in exc.value.errors
    fixed = save(
        a,
        world.referee,
        sheet((0, 300), (0, 0), (0, 0), reason="punteggi invertiti"),
        correction=True,
    )
    assert fixed.version.purpose == ResultVersion.Purpose.CORRECTION
    assert fixed.version.supersedes.status == Status.SUPERSEDED
    rows = {row["pair_id"]: row for row in stored_impact(fixed.version)["rows"]}
    p1, p2 = world.pairs[0].pk, world.pairs[1].pk
    assert (rows[p1]["vp_before"], rows[p1]["vp_after"]) == (16, 7)
    assert (rows[p2]["vp_before"], rows[p2]["vp_after"]) == (4, 13)
    assert (rows[p1]["position_before"], rows[p1]["position_after"]) == (1, 4)
    assert rows[p2]["position_after"] == 1
    assert pair_totals(world.girone.pk)[p2].vp == 13


def test_correction_of_round_1_reaches_the_totals_after_it(world):
    a, b = world.tables
    save(a, world.referee, sheet(*GOOD))
    save(b, world.referee, sheet(*GOOD))
    p = world.pairs
    _, tables2 = build_round(world.girone, 2, [(p[0], p[2]), (p[1], p[3])])
    save(tables2[0], world.referee, sheet(*GOOD))
    save(tables2[1], world.referee, sheet(*GOOD))
    assert pair_totals(world.girone.pk, before_round=2)[p[0].pk].vp == 16
    fixed = save(
        a,
        world.chief,
        sheet((0, 0), (0, 0), (0, 0), reason="errore"),
        correction=True,
        confirm=True,  # every smazzata 0-0 is unlikely: the chief confirms it
    )
    assert stored_impact(fixed.version)["later_rounds"] == [2]
    assert pair_totals(world.girone.pk, before_round=2)[p[0].pk].vp == 10
    assert pair_totals(world.girone.pk)[p[0].pk].vp == 26


def test_double_entry_equal_sheets_confirm(world):
    world.tournament.entry_mode = "double"
    world.tournament.save()
    table = world.tables[0]
    first = save(table, world.referee, sheet(*GOOD))
    assert first.result.status == TableResult.Status.ENTERED
    assert not PairScore.objects.exists()
    with pytest.raises(ScoringError):
        save(table, world.referee, sheet(*GOOD))  # the same referee cannot confirm
    second = save(table, world.referee2, sheet(*GOOD))
    assert second.result.status == TableResult.Status.CONFIRMED
    assert second.result.current_id == first.version.pk
    assert second.version.status == Status.MATCHED
    assert PairScore.objects.get(pair=world.pairs[0]).vp == 16


def test_double_entry_differences_are_shown_and_settled(world):
    world.tournament.entry_mode = "double"
    world.tournament.save()
    table = world.tables[0]
    save(table, world.referee, sheet(*GOOD))
    disputed = save(table, world.referee2, sheet(*OTHER))
    assert disputed.result.status == TableResult.Status.DISPUTED
    versions = list(disputed.result.versions.filter(status=Status.DISPUTED))
    diffs = services.differences(versions)
    labels = [d.label for d in diffs]
    assert any("3" in label for label in labels)  # hand 3 NS: 500 vs 400
    assert ("VP NS" in labels) or any("VP" in label for label in labels)
    chosen = versions[0]
    services.settle(
        table=services.load_table(table.pk),
        version_id=chosen.pk,
        by=world.chief,
        expected_lock_version=disputed.result.lock_version,
    )
    result = TableResult.objects.get(table=table)
    assert result.status == TableResult.Status.CONFIRMED
    assert result.current_id == chosen.pk
    assert PairScore.objects.get(pair=world.pairs[0]).vp == 16


def test_round_closes_only_when_every_table_is_confirmed(world):
    a, b = world.tables
    save(a, world.referee, sheet(*GOOD))
    with pytest.raises(RoundNotReadyError) as exc:
        services.close_round(round_id=world.round.pk, by=world.referee)
    assert exc.value.missing == [2]
    save(b, world.referee, sheet(*GOOD))
    services.close_round(round_id=world.round.pk, by=world.referee)
    world.round.refresh_from_db()
    assert world.round.status == "closed"


def test_closed_round_only_the_chief_referee_corrects(world):
    a, b = world.tables
    save(a, world.referee, sheet(*GOOD))
    save(b, world.referee, sheet(*GOOD))
    services.close_round(round_id=world.round.pk, by=world.referee)
    with pytest.raises(RoundStateError):
        save(a, world.referee, sheet(*OTHER, reason="x"))
    with pytest.raises(NotAllowedError):
        save(a, world.referee, sheet(*OTHER, reason="x"), correction=True)
    fixed = save(a, world.chief, sheet(*OTHER, reason="firmato"), correction=True)
    assert fixed.version.vp_ns == 15


def test_referee_of_another_tournament_cannot_enter(world, make_user):
    other, _, _ = build_tournament(slug="altro")
    outsider = make_user("esterno")
    grant(outsider, other)
    with pytest.raises(NotAllowedError):
        save(world.tables[0], outsider, sheet(*GOOD))
    assert not ResultVersion.objects.exists()


def test_draft_round_takes_no_result(world):
    p = world.pairs
    _, tables = build_round(world.girone, 2, [(p[0], p[2])], status="draft")
    with pytest.raises(RoundStateError):
        save(tables[0], world.referee, sheet(*GOOD))


INVISIBLE = ["\u200b", "\u2800", " \u200b\u2800 ", "\u00a0", "\u3000", "\u2060\ufeff"]


@pytest.mark.parametrize("reason", INVISIBLE)
def test_an_invisible_reason_is_no_reason(world, reason):
    """A zero-width space or a blank braille cell is not a reason: for a correction,
    a special result or a sheet with missing hands (they were accepted before)."""
    a, b = world.tables
    save(a, world.referee, sheet(*GOOD))
    for attempt in (
        lambda: save(a, world.referee, sheet(*OTHER, reason=reason), correction=True),
        lambda: save(
            b,
            world.referee,
            services.Sheet(kind=ResultVersion.Kind.BOTH_ABSENT, reason=reason),
        ),
        lambda: save(b, world.referee, sheet((100, 100), reason=reason)),
    ):
        with pytest.raises(ScoringError) as refused:
            attempt()
        assert "reason" in refused.value.errors
    assert ResultVersion.objects.count() == 1


@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("errore\x00", "carattere di controllo"),
        ("errore\x01", "carattere di controllo"),
        ("x" * 501, "troppo lungo"),
        ("x" * 1_000_000, "troppo lungo"),
    ],
)
def test_a_reason_is_held_to_the_forms_limits_by_the_service(world, reason, message):
    """The web form caps a reason at 500 characters and refuses NUL; the service now
    does too, for every caller (a replay file stored a NUL on SQLite, a 1,000,000-
    character reason anywhere)."""
    from django.utils import translation

    a, _b = world.tables
    save(a, world.referee, sheet(*GOOD))
    with translation.override("it"), pytest.raises(ScoringError) as refused:
        save(a, world.referee, sheet(*OTHER, reason=reason), correction=True)
    assert message in " ".join(refused.value.errors["reason"])
    assert ResultVersion.objects.count() == 1
    fine = save(a, world.referee, sheet(*OTHER, reason="x" * 500), correction=True)
    assert len(fine.version.reason) == 500
