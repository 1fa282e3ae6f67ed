"""Splitting pairs into gironi: snake, random with a recorded seed, by hand, clubs."""

import pytest

from draw.services import rounds
from participants.models import Pair
from people.models import Club
from seating.services import gironi
from tournament.services.errors import GironiError


def members(outcome):
    return {
        g.label: sorted(g.pairs.values_list("number", flat=True))
        for g in outcome.gironi
    }


@pytest.mark.django_db
def test_snake_by_seed(tournament, make_pairs):
    make_pairs(tournament, 8)  # seed = number
    outcome = gironi.split_into_gironi(tournament, count=2, method="snake")
    assert members(outcome) == {"A": [1, 4, 5, 8], "B": [2, 3, 6, 7]}
    assert outcome.seed is None


@pytest.mark.django_db
def test_random_split_is_repeatable_from_its_seed(tournament, make_pairs):
    make_pairs(tournament, 12)
    first = gironi.split_into_gironi(tournament, count=3, method="random")
    assert first.seed is not None
    drawn = members(first)
    assert sorted(len(v) for v in drawn.values()) == [4, 4, 4]
    again = gironi.split_into_gironi(
        tournament, count=3, method="random", seed=first.seed
    )
    assert members(again) == drawn
    # The seed is in the pairs' history (the log says it), not in the stage's name,
    # which headings print (issue 28 §6).
    assert tournament.stages.get().name == "Gironi"
    reason = f"gironi:random:{first.seed}"
    assert Pair.history.filter(history_change_reason=reason).count() == 12


@pytest.mark.django_db
def test_clubs_kept_apart_when_possible(tournament, make_pairs):
    rome, naples = Club.objects.create(name="Roma"), Club.objects.create(name="Napoli")
    make_pairs(tournament, 4, clubs=[rome, rome, naples, naples][:2])
    # clubs by number % 2: 1 Naples... alternate; snake would put 1 and 4 together.
    pairs = list(tournament.pairs.order_by("number"))
    for pair, club in zip(pairs, [rome, naples, naples, rome], strict=True):
        pair.club = club
        pair.save()
    plain = gironi.split_into_gironi(tournament, count=2)
    assert members(plain) == {"A": [1, 4], "B": [2, 3]}  # both Rome, both Naples
    apart = gironi.split_into_gironi(tournament, count=2, avoid_clubs=True)
    for label, numbers in members(apart).items():
        clubs = {pairs[n - 1].club_id for n in numbers}
        assert len(clubs) == 2, label
    assert apart.club_clashes == []


@pytest.mark.django_db
def test_by_hand(tournament, make_pairs):
    make_pairs(tournament, 5)
    outcome = gironi.split_into_gironi(
        tournament,
        count=2,
        method="manual",
        assignment={1: "B", 2: "B", 3: "A", 4: "A", 5: "B"},
    )
    assert members(outcome) == {"A": [3, 4], "B": [1, 2, 5]}
    with pytest.raises(GironiError, match="5"):
        gironi.split_into_gironi(
            tournament, count=2, method="manual", assignment={1: "A", 2: "A"}
        )
    with pytest.raises(GironiError, match="Z"):
        gironi.split_into_gironi(
            tournament,
            count=2,
            method="manual",
            assignment={1: "A", 2: "A", 3: "Z", 4: "B", 5: "B"},
        )


@pytest.mark.django_db
def test_gironi_are_fixed_once_a_round_exists(tournament, make_pairs):
    make_pairs(tournament, 8)
    outcome = gironi.split_into_gironi(tournament, count=2)
    rounds.generate_round(outcome.gironi[0], seed=1)
    with pytest.raises(GironiError):
        gironi.split_into_gironi(tournament, count=2, method="random")


@pytest.mark.django_db
def test_too_few_pairs(tournament, make_pairs):
    make_pairs(tournament, 3)
    with pytest.raises(GironiError, match="3"):
        gironi.split_into_gironi(tournament, count=2)
