"""Table codes (issue 30): made when a round is published, revoked, checked.

* :func:`issue_codes` gives every table of a round with two pairs its code; called by
  ``draw.services.publishing.publish_round`` in its transaction (a rest table has no sheet to type);
* :func:`reissue` revokes a table's code and issues another (a referee's button);
* :func:`revoke_round` ends a round's codes (the round taken back to draft);
* :func:`open_code` finds the table a typed code opens, counting wrong codes per
  client address (:func:`tournament.clients.client_address`, never per table: no phone
  can lock a table out) and refusing every code from an address past the limit
  (``TABLE_CODE_FAILURE_LIMIT`` wrong codes in ``TABLE_CODE_COOLOFF_MINUTES``).

The counts live in the cache: shared by every process with Redis (``REDIS_URL``),
per process otherwise (each process then allows the limit: still millions of years
to guess one of 2^49 codes).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from seating.models import ALPHABET, LENGTH, Table, TableCode
from tournament.models import Round, Tournament, TournamentRole
from tournament.permissions import has_role
from tournament.services.errors import ServiceError


class CodeError(ServiceError):
    """A code that opens nothing; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, *, status: int = 404) -> None:
        super().__init__(message)
        self.status = status


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(text: str) -> str:
    """What was typed, as stored: capitals, no spaces or dashes (``abcde-fghjk``)."""
    return "".join(c for c in str(text).upper() if c not in " -–.\t")[: LENGTH * 2]


def _create(tables: list[Table]) -> list[TableCode]:
    """A new code for each of ``tables``, in one statement (a round's 500 tables: one
    INSERT, not 500); a collision with a code already issued is tried again whole."""
    if not tables:
        return []
    for _attempt in range(5):  # a collision in 2^49 is for the tests' imagination
        try:
            with transaction.atomic():
                return TableCode.objects.bulk_create(
                    [TableCode(table=t, code=new_code()) for t in tables]
                )
        except IntegrityError:
            continue
    raise ServiceError(_("No table code could be made: try again."))


def issue_codes(round_: Round) -> list[TableCode]:
    """A code for each table of ``round_`` with two pairs and no live code."""
    live = set(
        TableCode.objects.filter(
            table__round=round_, revoked_at__isnull=True
        ).values_list("table_id", flat=True)
    )
    tables = Table.objects.filter(round=round_, pair_ew__isnull=False).order_by(
        "number"
    )
    return _create([t for t in tables if t.pk not in live])


def revoke_round(round_: Round) -> int:
    """End every live code of ``round_`` (it went back to draft)."""
    return TableCode.objects.filter(
        table__round=round_, revoked_at__isnull=True
    ).update(revoked_at=timezone.now())


@transaction.atomic
def reissue(table: Table, *, by: Any) -> TableCode:
    """Revoke ``table``'s code and issue another (a referee of its tournament)."""
    round_ = Round.objects.select_related("girone__stage__tournament").get(
        pk=table.round_id
    )
    if not has_role(by, round_.girone.stage.tournament, TournamentRole.Role.REFEREE):
        raise ServiceError(_("You are not a referee of this tournament."))
    if round_.status != Round.Status.PUBLISHED or table.pair_ew_id is None:
        raise ServiceError(_("Only a table of a round in play has a code to replace."))
    list(Table.objects.select_for_update(of=("self",)).filter(pk=table.pk))
    TableCode.objects.filter(table=table, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    return _create([table])[0]


def live_code(table: Table) -> TableCode | None:
    """The table's code that opens it now (None for a rest table, or none issued)."""
    return TableCode.objects.filter(table=table, revoked_at__isnull=True).first()


@dataclass(frozen=True)
class Limit:
    failures: int
    minutes: int


def limit() -> Limit:
    return Limit(
        int(getattr(settings, "TABLE_CODE_FAILURE_LIMIT", 40)),
        int(getattr(settings, "TABLE_CODE_COOLOFF_MINUTES", 10)),
    )


def _key(client: str) -> str:
    return f"tablecode:fail:{client}"


def _failed(client: str) -> None:
    key, lim = _key(client), limit()
    if not cache.add(key, 1, timeout=lim.minutes * 60):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, timeout=lim.minutes * 60)


def _limited(client: str) -> bool:
    return int(cache.get(_key(client)) or 0) >= limit().failures


def open_code(text: str, *, client: str) -> TableCode:
    """The live code ``text`` names, with its table; else :class:`CodeError`."""
    lim = limit()
    if _limited(client):
        raise CodeError(
            _(
                "Too many wrong codes from this connection: wait %(minutes)d minutes,"
                " or ask a referee."
            )
            % {"minutes": lim.minutes},
            status=429,
        )
    code = normalize(text)
    found = None
    if len(code) == LENGTH and all(c in ALPHABET for c in code):
        found = (
            TableCode.objects.select_related("table__round__girone__stage__tournament")
            .filter(code=code)
            .first()
        )
    if found is None:
        _failed(client)
        raise CodeError(
            _(
                "No table has this code: check it on the score card (letters and"
                " digits, no 0, 1, I, L, O or U)."
            )
        )
    check_open(found)
    return found


def check_open(code: TableCode) -> None:
    """Refuse a code that no longer opens its table (revoked, round closed)."""
    if code.revoked_at is not None:
        raise CodeError(
            _("This code was replaced by a referee: ask them for the new one."),
            status=410,
        )
    round_ = code.table.round
    tournament = round_.girone.stage.tournament
    if tournament.entry_by == Tournament.EntryBy.REFEREES:
        raise CodeError(
            _("In this tournament the referees enter the results."), status=410
        )
    if round_.status != Round.Status.PUBLISHED:
        raise CodeError(
            _("Round %(n)d is closed: its codes no longer open a sheet.")
            % {"n": round_.number},
            status=410,
        )
