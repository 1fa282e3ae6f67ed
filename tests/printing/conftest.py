"""Fixtures of the printing tests: a small tournament, a director, PDF text."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tournament.models import TournamentRole

from .factories import make_world


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF (pypdf), whitespace collapsed."""
    assert data.startswith(b"%PDF"), data[:20]
    reader = PdfReader(io.BytesIO(data))
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in reader.pages]


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
