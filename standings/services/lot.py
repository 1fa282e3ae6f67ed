"""The lot of a tournament's standings: the recorded seed that draws it.

Ties the chain cannot break are placed by lot (``rules.standings.lot_order``) drawn
from :attr:`~standings.models.StandingsConfig.lot_seed`: the same seed gives the same
lot. It is drawn at random on first use; :func:`set_lot_seed` records a given one, so
that an event replayed from its file (``core.replay``) draws what the event drew.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Tournament

from ..models import StandingsConfig
from .store import refresh_tournament

#: The largest seed the config stores (a positive 32-bit integer).
MAX_LOT_SEED = 2**31 - 1


class LotSeedError(ValueError):
    """The seed cannot be recorded; the message is translated."""


@transaction.atomic
def set_lot_seed(tournament: Tournament, seed: int) -> StandingsConfig:
    """Record ``seed`` as the tournament's lot seed and rank its standings again."""
    if not 1 <= seed <= MAX_LOT_SEED:
        raise LotSeedError(
            _("The lot seed must be a whole number from 1 to %(max)s.")
            % {"max": MAX_LOT_SEED}
        )
    config, _created = StandingsConfig.objects.select_for_update(
        of=("self",)
    ).get_or_create(tournament=tournament)
    if config.lot_seed != seed:
        config.lot_seed = seed
        config.save(update_fields=["lot_seed"])
        refresh_tournament(tournament)
    return config
