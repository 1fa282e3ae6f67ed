"""Helpers for the replay tests: run the command, build small replay files."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command

from participants.models import Pair
from people.models import Club, Player
from scoring.models import ResultVersion
from tournament.models import Tournament

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "replay"

NAMES = [
    ("Rossi", "Anna"),
    ("Bianchi", "Luca"),
    ("Esposito", "Marco"),
    ("Romano", "Giulia"),
    ("Colombo", "Paolo"),
    ("Ricci", "Sara"),
    ("Marino", "Elena"),
    ("Greco", "Franco"),
    ("Bruno", "Carla"),
    ("Gallo", "Sergio"),
    ("Conti", "Rita"),
    ("Costa", "Aldo"),
]


def pair(number: int, girone: str = "A", club: str = "Circolo A") -> dict[str, Any]:
    """A pair with made-up but distinct players."""
    first = NAMES[(2 * number) % len(NAMES)]
    second = NAMES[(2 * number + 1) % len(NAMES)]
    return {
        "number": number,
        "players": [
            f"{first[0]}{number} {first[1]}",
            f"{second[0]}{number} {second[1]}",
        ],
        "club": club,
        "girone": girone,
    }


def document(
    *,
    pairs: int | dict[str, list[int]] = 4,
    rounds: list[dict[str, Any]] | None = None,
    **tournament: Any,
) -> dict[str, Any]:
    """A replay file: ``pairs`` is a count (one girone A) or numbers by girone."""
    by_girone = {"A": list(range(1, pairs + 1))} if isinstance(pairs, int) else pairs
    head = {
        "name": "Prova replay",
        "game": "burraco",
        "rule_pack": "fibur-2026",
        "hands_per_round": 3,
        "movement_plan": "random+3xdanese",
        "rounds_planned": 4,
        "seed": 7,
    }
    head.update(tournament)
    return {
        "format": "torneo-replay",
        "version": 1,
        "tournament": head,
        "pairs": [pair(n, label) for label, ns in by_girone.items() for n in ns],
        "rounds": copy.deepcopy(rounds or []),
    }


HANDS = [[450, 100], [120, 300], [200, 200]]


def run(doc: Any, tmp_path: Path, *args: str) -> tuple[int, str, str]:
    """``manage.py replay`` on ``doc`` (a dict, or a path): exit status, stdout, stderr."""
    if isinstance(doc, Path):
        path = doc
    else:
        path = tmp_path / "replay.json"
        path.write_text(
            doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8"
        )
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("replay", str(path), *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def counts() -> dict[str, int]:
    """What a refused replay must leave as it was."""
    return {
        "tournaments": Tournament.objects.count(),
        "pairs": Pair.objects.count(),
        "players": Player.objects.count(),
        "clubs": Club.objects.count(),
        "users": get_user_model().objects.count(),
        "versions": ResultVersion.objects.count(),
    }
