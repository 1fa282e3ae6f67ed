"""The tournament form's movement plan, built from blocks of rounds rather than typed.

Each block is a movement and how many rounds in a row it plays ("3 turni: Mitchell",
then "1 turno: Danese modificato"); the page says the plan back in words as it is
built. The tournament keeps the plan as its formula (``3xmitchell+danese_modificato``),
which :func:`tournament.services.plans.plan_from_blocks` writes. A request that gives no
block but the formula itself (a script) is read as before.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.errors import PairingError
from rules.pairing import REGISTRY, parse_plan
from tournament.models import Tournament
from tournament.services.errors import ServiceError
from tournament.services.plans import (
    PLAN_BLOCKS,
    blocks_of,
    choice_label,
    first_movements,
    later_movements,
    mitchell_offered,
    one_round_movements,
    plan_from_blocks,
    plan_words,
    word_label,
)
from tournament.services.reasons import reason_text

#: The most rounds a plan may have (as many as the tournament's rounds field allowed).
MAX_ROUNDS = 60
#: A new tournament's plan: three Mitchell rounds then a Danese (docs/rules.md §9).
NEW_PLAN = "3xmitchell+danese"


def _movement(n: int) -> str:
    return f"plan_movement_{n}"


def _rounds(n: int) -> str:
    return f"plan_rounds_{n}"


class PlanFields(forms.Form):
    """The plan's blocks, a base of :class:`tournament.forms.TournamentForm`."""

    PLAN_FIELD_NAMES = frozenset(
        [_movement(n) for n in range(1, PLAN_BLOCKS + 1)]
        + [_rounds(n) for n in range(1, PLAN_BLOCKS + 1)]
        + ["movement_plan", "rounds_planned"]
    )

    @property
    def one_round_movements(self) -> tuple[str, ...]:
        return one_round_movements()

    #: What is stored, from the blocks; a script may give the formula instead (and the
    #: replay files do: they read the form's fields by name).
    movement_plan = forms.CharField(
        required=False,
        widget=forms.HiddenInput,
        max_length=Tournament._meta.get_field("movement_plan").max_length,
    )
    rounds_planned = forms.IntegerField(
        required=False, widget=forms.HiddenInput, min_value=1, max_value=MAX_ROUNDS
    )

    @property
    def plan_phrases(self) -> dict[str, str]:
        """How the page's live summary says a block (the words of :func:`plan_words`)."""
        return {
            "one": str(_("round %(number)s: %(movement)s")),
            "many": str(_("rounds %(first)s–%(last)s: %(movement)s")),
            "round_robin": str(_("all'italiana: everyone meets everyone")),
        }

    @property
    def plan_word_labels(self) -> dict[str, str]:
        """The movements' labels in words, for the page's live summary."""
        return {name: word_label(name) for name in REGISTRY}

    def add_plan_fields(self) -> None:
        fields = self.fields
        for n in range(1, PLAN_BLOCKS + 1):
            first = n == 1
            movements = first_movements() if first else later_movements()
            choices = [(m, choice_label(m)) for m in movements]
            fields[_rounds(n)] = forms.IntegerField(
                label=_("Rounds"),
                min_value=1,
                max_value=MAX_ROUNDS,
                required=False,
            )
            fields[_movement(n)] = forms.ChoiceField(
                label=_("Movement") if first else _("then"),
                choices=choices if first else [("", _("— nothing more —")), *choices],
                required=False,
            )
        if not self.is_bound and not self.initial.get(_movement(1)):
            self.initial.update(self.plan_initial(NEW_PLAN, None))

    @staticmethod
    def plan_initial(plan_text: str, rounds_planned: int | None) -> dict:
        """The blocks' initial values for a stored plan."""
        try:
            plan = parse_plan(plan_text)
        except PairingError:
            return {}
        initial: dict = {"rounds_planned": rounds_planned}
        for n, (movement, count) in enumerate(blocks_of(plan)[:PLAN_BLOCKS], start=1):
            initial[_movement(n)] = movement
            if movement != "round_robin":
                initial[_rounds(n)] = count
        return initial

    def plan_rows(self) -> list[dict]:
        """The blocks as the template lays them out."""
        form = self
        return [
            {
                "number": n,
                "rounds": form[_rounds(n)],
                "movement": form[_movement(n)],
            }
            for n in range(1, PLAN_BLOCKS + 1)
        ]

    @property
    def plan_errors(self):
        return self.errors.get("movement_plan", [])

    @property
    def plan_summary(self) -> str:
        """The plan in words: the one chosen if it is valid, else the initial one."""
        text = getattr(self, "cleaned_data", {}).get("movement_plan") or ""
        if not text:
            initial = self.initial
            blocks = [
                (initial.get(_movement(n)) or "", initial.get(_rounds(n)))
                for n in range(1, PLAN_BLOCKS + 1)
            ]
            try:
                text = plan_from_blocks(blocks)
            except ServiceError:
                return ""
        try:
            return plan_words(parse_plan(text))
        except PairingError:
            return ""

    def _blocks_given(self) -> bool:
        data = self.data
        return any(
            self.add_prefix(_movement(n)) in data for n in range(1, PLAN_BLOCKS + 1)
        )

    def clean_plan(self, *, format: str) -> None:
        """Set ``movement_plan`` and ``rounds_planned`` from the blocks (or the
        formula a script sent), or say in words what is wrong with them (a Mitchell in
        a team tournament's plan, ``format``, as the service's
        :func:`~tournament.services.tournaments.check_movement_plan` refuses it)."""
        data = self.cleaned_data
        # The blocks are how the plan is typed, not what the tournament stores.
        blocks = [
            (data.pop(_movement(n), "") or "", data.pop(_rounds(n), None))
            for n in range(1, PLAN_BLOCKS + 1)
        ]
        if self._blocks_given():
            try:
                text = plan_from_blocks(blocks)
            except ServiceError as error:
                self.add_error("movement_plan", error.message)
                return
        else:
            text = data.get("movement_plan") or ""
            if not text:
                self.add_error(
                    "movement_plan", _("Choose the movement of the first round.")
                )
                return
        try:
            plan = parse_plan(text)
        except PairingError as exc:
            self.add_error(
                "movement_plan",
                _("This movement plan cannot be played: %(reason)s.")
                % {"reason": reason_text(exc)},
            )
            return
        if not mitchell_offered(format) and "mitchell" in plan:
            self.add_error(
                "movement_plan",
                _(
                    "A Mitchell is not offered to teams (each team holds both lines of"
                    " its match): start with a draw or the seeding order."
                ),
            )
            return
        if len(plan) > MAX_ROUNDS:
            self.add_error(
                "movement_plan",
                _("A tournament has at most %(max)s rounds.") % {"max": MAX_ROUNDS},
            )
            return
        data["movement_plan"] = text
        if set(plan) == {"round_robin"}:
            # The calendar's length follows the gironi: keep what was there.
            data["rounds_planned"] = (
                data.get("rounds_planned") or self.initial.get("rounds_planned") or 1
            )
        elif self._blocks_given() or not data.get("rounds_planned"):
            data["rounds_planned"] = len(plan)
