"""Factories for the director's tests: a director, a tournament, pairs, gironi."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from participants.models import Pair
from people.models import Club, Player
from tournament.models import Tournament, TournamentRole
from tournament.services.tournaments import create_tournament


@pytest.fixture
def director(db):
    """A user without a password (no slow hashing): tests log in with force_login."""
    return get_user_model().objects.create(username="direttore")


@pytest.fixture
def make_tournament(db, director):
    def make(**kwargs):
        kwargs.setdefault("name", "Torneo di prova")
        kwargs.setdefault("date", datetime.date(2026, 5, 10))
        kwargs.setdefault("game", Tournament.Game.BURRACO)
        kwargs.setdefault("rule_pack", "fibur-2026")
        kwargs.setdefault("movement_plan", "random+3xdanese_modificato")
        return create_tournament(by=director, **kwargs)

    return make


@pytest.fixture
def tournament(make_tournament):
    return make_tournament()


@pytest.fixture
def club(db):
    return Club.objects.create(name="Circolo Test", city="Roma")


@pytest.fixture
def make_pairs(db):
    """``make_pairs(tournament, 10, clubs=[c1, c2])``: pairs 1..n, players P1-1 ..."""

    def make(tournament, count, clubs=(), start=1, girone=None):
        pairs = []
        for i in range(start, start + count):
            club = clubs[i % len(clubs)] if clubs else None
            p1 = Player.objects.create(first_name="Anna", last_name=f"Rossi{i}")
            p2 = Player.objects.create(first_name="Luca", last_name=f"Bianchi{i}")
            pairs.append(
                Pair.objects.create(
                    tournament=tournament,
                    number=i,
                    player1=p1,
                    player2=p2,
                    club=club,
                    seed=i,
                    girone=girone,
                )
            )
        return pairs

    return make


@pytest.fixture
def grant():
    def grant(user, tournament, role=TournamentRole.Role.DIRECTOR):
        return TournamentRole.objects.get_or_create(
            tournament=tournament, user=user, role=role
        )[0]

    return grant
