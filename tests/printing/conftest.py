"""Fixtures of the printing tests: a small tournament, a director, PDF text."""

from __future__ import annotations

import re
import subprocess

import pytest

from tournament.models import TournamentRole

from .factories import make_world


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF (poppler's pdftotext), whitespace collapsed."""
    assert data.startswith(b"%PDF"), data[:20]
    text = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", "-", "-"],
        input=data,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [re.sub(r"\s+", " ", page) for page in text.split("\f")[:-1]]


@pytest.fixture
def world(db):
    """Two gironi of 5 pairs (a rest table each round), round 1 published, 2 draft."""
    return make_world(pairs=10, gironi=2, rounds=2, published=1)


@pytest.fixture
def director(world, make_user):
    user = make_user("direttore-stampa")
    TournamentRole.objects.create(
        tournament=world, user=user, role=TournamentRole.Role.DIRECTOR
    )
    return user


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
