"""What the result models share: the two lines of a table, the sanity bounds."""

from __future__ import annotations

from django.db import models
from django.db.models import F
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _

#: The largest absolute MP a line can score in one smazzata (rules.burraco bounds it at
#: 4180 under fibur-2026); a DB-level sanity bound, the exact check is in rules.
MAX_HAND_MP = 5000


class Line(models.TextChoices):
    NS = "ns", _("NS")
    EW = "ew", _("EO")


def multiple_of_5(field: str) -> Exact:
    return Exact(Mod(F(field), 5), 0)
