"""A tournament's standings settings that the rule pack does not carry: the recorded
lot seed, Mitchell lines ranked apart, the referee's decisions on ties."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


def _new_lot_seed() -> int:
    return secrets.randbelow(1_000_000) + 1


class StandingsConfig(models.Model):
    """Settings of a tournament's standings that the rule pack does not carry."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="standings_config",
    )
    lot_seed = models.PositiveIntegerField(
        _("lot seed"),
        default=_new_lot_seed,
        help_text=_("Drawn once and recorded: the same seed gives the same lot."),
    )
    lines_apart = models.BooleanField(
        _("rank the NS and EO lines apart"),
        default=False,
        help_text=_("Mitchell: a ranking per line besides the girone's."),
    )
    decisions = models.JSONField(
        _("referee's decisions"),
        default=list,
        blank=True,
        help_text=_(
            "Orders of tied pairs decided by the referee: lists of pair numbers."
        ),
    )

    class Meta:
        verbose_name = _("standings settings")
        verbose_name_plural = _("standings settings")

    def __str__(self) -> str:
        return f"{self.tournament} – {self._meta.verbose_name}"

    def clean(self) -> None:
        """The decisions are lists of pair numbers, each pair in one of them at most
        (an archive's nested list made every later ranking fail)."""
        super().clean()
        problem = decisions_problem(self.decisions)
        if problem is not None:
            raise ValidationError({"decisions": problem})


#: The largest pair number a decision may hold (a pair number's column).
_MAX_NUMBER = 2_147_483_647


def decisions_problem(value: object) -> str | None:
    """Why ``value`` is not a list of referee's decisions (translated), or None.

    >>> decisions_problem([[3, 1], [7, 5, 6]]) is None
    True
    >>> decisions_problem([[3, [1]]]) is not None, decisions_problem([[2, 1], [1, 4]]) is not None
    (True, True)
    """
    if not isinstance(value, list):
        return gettext("A list of decisions is expected.")
    seen: set[int] = set()
    for order in value:
        if not (
            isinstance(order, list)
            and len(order) >= 2
            and all(type(n) is int and 1 <= n <= _MAX_NUMBER for n in order)
        ):
            return gettext("Each decision is a list of at least two pair numbers.")
        if len(set(order)) != len(order) or not seen.isdisjoint(order):
            return gettext("A pair is in more than one decision.")
        seen.update(order)
    return None
