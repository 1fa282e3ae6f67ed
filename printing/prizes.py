"""The organiser's prizes, set from the printing page: one prize per place of the final
ranking (:class:`~printing.models.PrizeSlot`), printed on the prize list.

The page shows one line per place (those set, and a few empty ones to add more); an
empty line is a place without a prize. With no prize at all the prize list prints the
default plain ones (``PRINTING_DEFAULT_PRIZE_SLOTS``).
"""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournament.inputs import searchable, text_field
from tournament.models import Tournament

from .models import PrizeSlot

#: Empty lines shown after the last prize, to add more.
SPARE_LINES = 3
#: The most places a prize list may reward.
MAX_PRIZES = 100


class PrizesForm(forms.Form):
    """``prize_1`` … ``prize_N``: the prize of each place (empty: none)."""

    def __init__(self, *args, places: int, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        for place in range(1, min(places, MAX_PRIZES) + 1):
            self.fields[f"prize_{place}"] = text_field(
                PrizeSlot,
                "prize",
                label=_("Place %(place)s") % {"place": place},
                required=False,
            )

    @classmethod
    def for_tournament(cls, tournament: Tournament, data=None) -> PrizesForm:
        slots = dict(
            PrizeSlot.objects.filter(tournament=tournament).values_list(
                "position", "prize"
            )
        )
        posted = 0
        if data is not None:
            posted = sum(1 for key in data if key.startswith("prize_"))
        places = max([posted, max(slots, default=0) + SPARE_LINES, 5])
        return cls(
            data,
            places=places,
            initial={f"prize_{p}": text for p, text in slots.items()},
        )

    def prizes(self) -> dict[int, str]:
        """The places with a prize, from the cleaned form."""
        out = {}
        for name, value in self.cleaned_data.items():
            text = searchable(
                value or "", 200
            )  # printable, spaced (the column's length)
            if text:
                out[int(name.removeprefix("prize_"))] = text
        return out


@transaction.atomic
def set_prizes(tournament: Tournament, prizes: dict[int, str]) -> None:
    """The tournament's prizes become ``prizes`` (place -> prize), no others."""
    Tournament.objects.select_for_update(of=("self",)).filter(pk=tournament.pk).first()
    PrizeSlot.objects.filter(tournament=tournament).exclude(
        position__in=list(prizes)
    ).delete()
    for position, prize in prizes.items():
        PrizeSlot.objects.update_or_create(
            tournament=tournament, position=position, defaults={"prize": prize}
        )
