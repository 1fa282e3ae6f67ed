"""Replay: a whole tournament from a plain JSON file, through the web pages' services.

``manage.py replay FILE.json`` reads the file (:mod:`.format`, version 1, or 2 which
adds teams), plays it (:mod:`.run`: the director's and the chief referee's service
calls, in one transaction) and prints the rounds and the stored standings (:mod:`.output`).
``manage.py export_replay SLUG`` writes a tournament's gironi as such a file
(:mod:`.export`). It lives in ``core``, above the apps it drives (tournament,
scoring, standings), and imports only downwards.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from standings.refresh import ensure_fresh_tournament
from tournament.models import Tournament

from .errors import ReplayError
from .format import FormatError, read_document
from .output import dumps, result_of
from .run import Run

__all__ = ["REPLAY_USER", "ReplayError", "dumps", "replay", "replay_user"]

#: Who plays a replay when no user is named: it directs the tournament it creates,
#: which lets it enter results as the chief referee does.
REPLAY_USER = "replay"


def replay_user() -> Any:
    """The replay's own user (created on first use, without a password)."""
    user, created = get_user_model().objects.get_or_create(username=REPLAY_USER)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def replay(data: Any, *, user: Any = None) -> tuple[Tournament, dict[str, Any]]:
    """Play a parsed replay file; the new tournament and the output document.

    One transaction: on :class:`ReplayError` nothing of the tournament remains.
    """
    try:
        document = read_document(data)
    except FormatError as exc:
        raise ReplayError(exc.path, exc.message) from exc
    with transaction.atomic():
        tournament = Run(document, user or replay_user()).run()
        # Each save recorded its girone's ranking in the outbox: each girone is ranked
        # once, here, rather than after every save (nobody reads them before the
        # commit); the worker publishes after it.
        ensure_fresh_tournament(tournament)
        return tournament, result_of(tournament)
