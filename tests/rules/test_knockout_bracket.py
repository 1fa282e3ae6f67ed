"""The tabellone: qualifiers, byes, winners advancing, corrections flagged downstream."""

import pytest

from rules.errors import InvalidMatchError, PairingError
from rules.knockout.bracket import (
    Status,
    build_bracket,
    placements,
    record_winner,
    round_code,
)
from rules.knockout.qualifiers import (
    qualifiers_by_girone,
    qualifiers_by_overall,
    ties_at_cut,
)
from rules.knockout.seeding import place_qualifiers


def play(bracket, *results):
    for round_, index, winner in results:
        bracket, _ = record_winner(bracket, round_, index, winner)
    return bracket


class TestQualifiers:
    def test_first_n_of_each_girone_tier_by_tier(self):
        qs = qualifiers_by_girone({"A": [1, 2, 3], "B": [4, 5, 6], "C": [7, 8, 9]}, 2)
        assert [(q.seed, q.pair) for q in qs] == [
            (1, 1),
            (2, 4),
            (3, 7),
            (4, 5),
            (5, 8),
            (6, 2),
        ]

    def test_best_next_by_overall(self):
        qs = qualifiers_by_girone(
            {"A": [1, 2, 3], "B": [4, 5, 6], "C": [7, 8, 9]},
            1,
            best_next=1,
            overall=[4, 1, 7, 8, 2, 5, 3, 6, 9],
        )
        assert [q.pair for q in qs] == [4, 1, 7, 8]

    def test_too_few_pairs_in_a_girone(self):
        with pytest.raises(
            PairingError, match="girone 'B' has 2 pairs, fewer than the 3"
        ):
            qualifiers_by_girone({"A": [1, 2, 3], "B": [4, 5]}, 3)

    def test_by_overall_keeps_girone_and_place(self):
        qs = qualifiers_by_overall([5, 1, 2, 4], 3, gironi={"A": [1, 2], "B": [5, 4]})
        assert [(q.pair, q.girone, q.place) for q in qs] == [
            (5, "B", 1),
            (1, "A", 1),
            (2, "A", 2),
        ]


class TestTiesAtTheCut:
    def test_tie_outside_the_cut_is_ignored(self):
        rows = [(1, 1, ()), (2, 2, ()), (3, 3, (3, 4)), (4, 4, (3, 4))]
        assert ties_at_cut(rows, 2) == ()

    def test_tie_across_the_cut_resolved_by_the_chain(self):
        rows = [(1, 1, ()), (2, 2, (2, 3)), (3, 3, (2, 3))]
        (tie,) = ties_at_cut(rows, 2, girone="A")
        assert (tie.pairs, tie.inside, tie.resolved) == ((2, 3), (2,), True)

    def test_unbroken_tie_across_the_cut_is_unresolved(self):
        rows = [(1, 1, ()), (2, 2, (2, 3, 4)), (3, 2, (2, 3, 4)), (4, 4, (2, 3, 4))]
        (tie,) = ties_at_cut(rows, 2)
        assert not tie.resolved and tie.inside == (2,)


class TestBracket:
    def test_byes_advance_at_once(self):
        b = build_bracket([1, None, 4, 5, 2, None, 3, 6])
        assert b.match(1, 0).status is Status.BYE
        assert b.match(2, 0).pair_a == 1 and b.match(2, 1).pair_a == 2
        assert b.match(2, 0).status is Status.WAITING

    def test_two_byes_in_one_match_are_refused(self):
        with pytest.raises(PairingError, match="both byes"):
            build_bracket([1, 2, None, None])

    def test_winner_advances_and_final_decides(self):
        b = play(build_bracket([1, 4, 2, 3]), (1, 0, 4), (1, 1, 2))
        assert (b.match(2, 0).pair_a, b.match(2, 0).pair_b) == (4, 2)
        assert b.match(2, 0).status is Status.READY
        b = play(b, (2, 0, 2))
        assert b.champion() == 2
        assert placements(b) == (2, 4, 1, 3)

    def test_result_for_a_match_without_its_pairs_is_refused(self):
        b = build_bracket([1, 4, 2, 3])
        with pytest.raises(InvalidMatchError, match="pairs are not known yet"):
            record_winner(b, 2, 0, 1)

    def test_winner_must_play_the_match(self):
        with pytest.raises(InvalidMatchError, match="pair 2 does not play"):
            record_winner(build_bracket([1, 4, 2, 3]), 1, 0, 2)

    def test_bye_takes_no_result(self):
        with pytest.raises(InvalidMatchError, match="is a bye"):
            record_winner(build_bracket([1, None, 2, 3]), 1, 0, 1)

    def test_third_place_match_gets_the_semifinal_losers(self):
        b = build_bracket([1, 8, 4, 5, 2, 7, 3, 6], third_place=True)
        b = play(b, (1, 0, 1), (1, 1, 4), (1, 2, 2), (1, 3, 3), (2, 0, 1), (2, 1, 3))
        third = b.match(3, 1)
        assert (third.pair_a, third.pair_b, third.status) == (4, 2, Status.READY)
        b = play(b, (3, 0, 3), (3, 1, 2))
        assert placements(b) == (3, 1, 2, 4)

    def test_correction_flags_played_matches_downstream(self):
        """A corrected quarter-final: the played semi and final are flagged, not rewritten."""
        b = build_bracket([1, 8, 4, 5, 2, 7, 3, 6], third_place=True)
        b = play(b, (1, 0, 1), (1, 1, 4), (1, 2, 2), (1, 3, 3), (2, 0, 1), (2, 1, 3))
        b = play(b, (3, 0, 1))
        b, changes = record_winner(b, 1, 0, 8)
        assert [(c.key, c.old, c.new, c.was_played) for c in changes] == [
            ((2, 0), 1, 8, True),
            ((3, 0), 1, None, True),
            ((3, 1), 4, None, False),
        ]
        semi, final = b.match(2, 0), b.match(3, 0)
        assert (semi.pair_a, semi.pair_b, semi.status, semi.winner) == (
            8,
            4,
            Status.FLAGGED,
            None,
        )
        assert final.status is Status.FLAGGED and final.pair_a is None
        with pytest.raises(InvalidMatchError, match="not known yet"):
            record_winner(b, 3, 0, 3)
        b = play(b, (2, 0, 8))  # the referee replays the semi
        assert b.match(3, 0).pair_a == 8 and b.match(3, 0).status is Status.FLAGGED
        assert b.match(3, 1).pair_a == 4

    def test_correction_before_anything_downstream_is_played(self):
        b = play(build_bracket([1, 4, 2, 3]), (1, 0, 1))
        b, changes = record_winner(b, 1, 0, 4)
        assert [(c.old, c.new, c.was_played) for c in changes] == [(1, 4, False)]
        assert b.match(2, 0).pair_a == 4

    def test_same_winner_again_changes_nothing(self):
        b = play(build_bracket([1, 4, 2, 3]), (1, 0, 1), (1, 1, 2), (2, 0, 1))
        _, changes = record_winner(b, 1, 0, 1)
        assert changes == ()

    def test_withdrawing_a_result(self):
        b = play(build_bracket([1, 4, 2, 3]), (1, 0, 1))
        b, _ = record_winner(b, 1, 0, None)
        assert b.match(1, 0).status is Status.READY and b.match(2, 0).pair_a is None

    def test_seeded_bracket_end_to_end_64(self):
        qs = qualifiers_by_girone(
            {chr(65 + g): list(range(100 * g, 100 * g + 9)) for g in range(8)}, 5
        )
        slots = [q.pair if q else None for q in place_qualifiers(qs)]
        b = build_bracket(slots)
        for round_ in range(1, b.rounds + 1):
            for m in b.round_matches(round_):
                if m.status is Status.READY:
                    b, _ = record_winner(b, round_, m.index, min(m.pair_a, m.pair_b))
        assert b.champion() == min(q.pair for q in qs)


@pytest.mark.parametrize(
    ("rounds", "round_", "code"),
    [
        (1, 1, "final"),
        (3, 2, "semifinal"),
        (3, 1, "quarterfinal"),
        (5, 1, "round_of_32"),
    ],
)
def test_round_codes(rounds, round_, code):
    assert round_code(rounds, round_) == code
