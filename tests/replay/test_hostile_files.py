"""Hostile replay and archive files: one reader (core/jsonfile.py), one line, exit 2.

Each file below gave a traceback (a 50,000-deep array, a 5,000-digit integer, bytes
that are not UTF-8), or was read as something it does not say (a key given twice: the
last one was kept). Both commands now refuse it the same way: exit status 2, one line
on standard error, nothing written.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core import jsonfile

from .helpers import HANDS, counts, document, run

pytestmark = pytest.mark.django_db

VALID = json.dumps(document())
HOSTILE = [
    pytest.param(b"[" * 50_000 + b"]" * 50_000, "nidificato", id="50000-deep-array"),
    pytest.param(b'{"a":' * 100 + b"1" + b"}" * 100, "nidificato", id="100-deep"),
    pytest.param(
        b'{"format": "torneo-replay", "version": 1' + b"0" * 5000 + b"}",
        "cifre",
        id="5000-digit-integer",
    ),
    pytest.param(b'{"version": NaN}', "NaN", id="nan"),
    pytest.param(b'{"version": 1e999}', "fuori", id="float-overflow"),
    pytest.param(VALID.encode("latin-1", "replace") + b"\xff", "UTF-8", id="latin-1"),
    pytest.param("ééé".encode("utf-16"), "UTF-8", id="utf-16"),
    pytest.param(
        b'{"format": "torneo-replay", "format": "torneo-archive"}',
        "due volte",
        id="duplicate-key",
    ),
    pytest.param(b"{not json", "JSON", id="not-json"),
]


def _archive_command(path: Path) -> tuple[int, str]:
    """``manage.py import_tournament``: exit status and the line on stderr."""
    try:
        call_command("import_tournament", str(path), stdout=io.StringIO())
    except CommandError as exc:
        return exc.returncode, str(exc)
    return 0, ""


@pytest.mark.parametrize(("data", "words"), HOSTILE)
def test_a_hostile_file_is_refused_in_one_line_by_both_commands(tmp_path, data, words):
    path = tmp_path / "ostile.json"
    path.write_bytes(data)
    before = counts()
    code, out, err = run(path, tmp_path)
    assert (code, out) == (2, "")
    assert words in err and "\n" not in err.strip() and "Traceback" not in err
    code, line = _archive_command(path)
    assert code == 2
    assert words in line and "\n" not in line
    assert counts() == before


def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path, monkeypatch):
    from core.management.commands import import_tournament, replay

    monkeypatch.setattr(replay, "MAX_BYTES", 1000)
    monkeypatch.setattr(import_tournament, "MAX_BYTES", 1000)
    path = tmp_path / "grande.json"
    path.write_text(json.dumps({**document(), "padding": "x" * 2000}))
    code, _out, err = run(path, tmp_path)
    assert code == 2 and "MB" in err
    assert _archive_command(path)[0] == 2


def test_an_archive_refusal_exits_2_as_a_replay_does(tmp_path):
    path = tmp_path / "non-archivio.json"
    path.write_text('{"format": "altro"}')
    code, line = _archive_command(path)
    assert code == 2
    assert line.startswith("not a tournament archive")


def test_a_byte_order_mark_is_allowed(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + VALID.encode())
    code, _out, err = run(path, tmp_path)
    assert code == 0, err


def test_the_reader_keeps_what_the_formats_need():
    """Nesting a few levels deep, negative scores, decimals, any text."""
    text = '{"a": [[1, -450], [2.5, "Ünal \\u00e8"]], "b": {"c": {"d": [null, true]}}}'
    assert jsonfile.parse(text.encode()) == json.loads(text)


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("errore\x00", "carattere di controllo"),
        ("x" * 1_000_000, "troppo lungo"),
        ("\u200b", "motivo"),
    ],
)
def test_a_correction_reason_has_the_forms_limits(tmp_path, reason, words):
    """A NUL was stored on SQLite (a traceback on PostgreSQL), a 1,000,000-character
    reason was accepted, an invisible one counted as a reason."""
    doc = document(
        pairs=4,
        rounds=[
            {
                "tables": {"A": [[1, 2], [3, 4]]},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {"girone": "A", "table": 2, "hands": HANDS},
                ],
                "corrections": [
                    {
                        "round": 1,
                        "girone": "A",
                        "pairs": [1, 2],
                        "hands": [[100, 600], [0, 0], [5, 0]],
                        "reason": reason,
                    }
                ],
            }
        ],
    )
    before = counts()
    code, out, err = run(doc, tmp_path)
    assert (code, out) == (2, "")
    assert err.strip().startswith("rounds[0].corrections[0]")
    assert words in err and "\n" not in err.strip()
    assert counts() == before
