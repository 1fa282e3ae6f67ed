"""What one tournament's standings refresh reads once: settings, lot seed, the
referee's decisions and the pairs' details copied into the rows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from participants.models import Pair
from rules.errors import RulesError
from rules.packs import load_pack
from tournament.models import Tournament
from tournament.words import match_score as match_score_of

from ..models import StandingsConfig
from .config import Settings, standings_settings


@dataclass(frozen=True)
class PairInfo:
    number: int
    players: str
    club: str
    girone_label: str


@dataclass(frozen=True)
class Context:
    """What a tournament's refresh needs once: settings, lot seed, decisions, pairs."""

    tournament: Tournament
    settings: Settings
    config: StandingsConfig
    pairs: dict[int, PairInfo]

    @cached_property
    def match_score(self) -> str:
        """What a Briscola match's stored score counts (the pack's ``match_score``)."""
        return match_score_of(self.tournament)

    @cached_property
    def key(self) -> tuple[object, ...]:
        """Everything besides the results that a stored ranking depends on."""
        config = self.config
        return (
            self.tournament.game,
            self.match_score,
            self.settings,
            config.lot_seed,
            config.lines_apart,
            repr(config.decisions),
            tuple(sorted(self.pairs.items())),
        )

    @cached_property
    def lot_names(self) -> dict[int, int]:
        """Pair id -> pair number: the lot is drawn on the numbers, as by hand, so
        that the same seed draws the same wherever the event is entered."""
        return {pid: info.number for pid, info in self.pairs.items()}

    def decisions_for(self, team_ids: set[int]) -> list[list[int]]:
        """The referee's orders (pair numbers in the config) that apply to these teams."""
        by_number = {info.number: pid for pid, info in self.pairs.items()}
        out: list[list[int]] = []
        seen: set[int] = set()
        for order in self.config.decisions or []:
            # Stored before the model checked them (StandingsConfig.clean): a value
            # that is not a list of pair numbers is no decision.
            if not isinstance(order, list) or not all(type(n) is int for n in order):
                continue
            ids = [by_number[n] for n in order if n in by_number]
            if len(ids) == len(order) and set(ids) <= team_ids and seen.isdisjoint(ids):
                out.append(ids)
                seen.update(ids)
        return out


def lines_apart_default(tournament: Tournament) -> bool:
    """Whether a new tournament's standings rank the NS and EO lines apart.

    The rule pack's ``[pairing] mitchell_ranking`` decides it for a tournament whose
    movement plan has Mitchell rounds (docs/rules.md §9.1): ``"per_line"`` ranks each line
    apart besides the combined ranking, ``"combined"`` only the combined one. The
    director can change it afterwards (the standings settings).
    """
    if "mitchell" not in (tournament.movement_plan or ""):
        return False
    try:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulesError:
        return False
    return pack.pairing is not None and pack.pairing.mitchell_ranking == "per_line"


def tournament_context(tournament: Tournament) -> Context:
    config, _ = StandingsConfig.objects.get_or_create(
        tournament=tournament,
        defaults={"lines_apart": lines_apart_default(tournament)},
    )
    found = Pair.objects.filter(tournament=tournament).values_list(
        "pk",
        "number",
        "player1__last_name",
        "player1__first_name",
        "player2__last_name",
        "player2__first_name",
        "club__name",
        "girone__label",
    )
    pairs = {
        pk: PairInfo(number, f"{l1} {f1} – {l2} {f2}"[:130], club or "", label or "")
        for pk, number, l1, f1, l2, f2, club, label in found
    }
    return Context(tournament, standings_settings(tournament), config, pairs)
