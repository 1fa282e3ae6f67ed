"""What one tournament's standings refresh reads once: settings, lot seed, the
referee's decisions, its competitors (pairs, or teams: :mod:`.competitors`) and their
details copied into the rows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rules.errors import RulesError
from rules.packs import load_pack
from tournament.models import Tournament
from tournament.words import match_score as match_score_of

from ..models import StandingsConfig
from .competitors import CompetitorInfo, Competitors, competitors_of
from .config import Settings, standings_settings


@dataclass(frozen=True)
class Context:
    """What a tournament's refresh needs once: settings, lot seed, decisions, and its
    competitors (``infos``: the pairs', or the teams', details by id)."""

    tournament: Tournament
    settings: Settings
    config: StandingsConfig
    competitors: Competitors
    infos: dict[int, CompetitorInfo]

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
            self.tournament.format,
            self.match_score,
            self.settings,
            config.lot_seed,
            config.lines_apart,
            repr(config.decisions),
            tuple(sorted(self.infos.items())),
        )

    @cached_property
    def lot_names(self) -> dict[int, int]:
        """Competitor id -> its number (pair or team number): the lot is drawn on the
        numbers, as by hand, so that the same seed draws the same wherever the event is
        entered."""
        return {pid: info.number for pid, info in self.infos.items()}

    def decisions_for(self, team_ids: set[int]) -> list[list[int]]:
        """The referee's orders (pair or team numbers in the config) that apply to
        these competitors."""
        by_number = {info.number: pid for pid, info in self.infos.items()}
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
    competitors = competitors_of(tournament)
    return Context(
        tournament,
        standings_settings(tournament),
        config,
        competitors,
        competitors.infos(tournament),
    )
