"""Playing a replay file through the services of the web pages, in one transaction.

Nothing here decides a rule: each step is the call a page makes, in the order the
director and the chief referee make them:

1. the tournament, validated by the director's form (``TournamentForm``) and created
   by ``create_tournament`` (single entry: the chief referee's sheet counts at once);
   its ``seed`` becomes the standings' lot seed and the seed of a drawn first round;
2. the pairs, one ``register_pair`` each (missing clubs created), then the gironi
   (``split_into_gironi``, by hand: each pair's ``girone``); in a team tournament
   (version 2, docs/rules.md §11) the teams, one ``register_team`` each with the
   pairs they fielded (``teams.team_pair``), then ``split_teams_into_gironi``;
3. per round: its ``before`` events (``register_pair`` + ``add_late_pair``,
   ``set_withdrawn``), then per girone a generated round (``generate_round``) or the
   file's own tables (``manual.create_round``, checked), its hands
   (``manual.set_hands``), ``publish_round``; the line-ups (``lineups.set_lineup``);
   the results (``submit_sheet`` as the
   chief referee); the rests nobody entered (the pack's award, as the entry page's
   rest button); ``close_round``; then the corrections (``submit_sheet`` with a
   reason, as a correction).

The first refusal stops everything: :class:`ReplayError` names the element of the
file and says why, and the caller's transaction leaves no trace of the tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from draw.services import lineups, manual, rounds
from participants.models import Pair, Team
from participants.services import registration, teams
from participants.services.entries import PairEntry
from participants.services.team_entries import TeamEntry
from seating.models import TeamMatch
from seating.services import gironi as gironi_services
from standings.services.lot import set_lot_seed
from tournament.forms import TournamentForm
from tournament.models import Girone, Round, Tournament
from tournament.services.tournaments import create_tournament

from .competitor import of as competitor_of
from .errors import ReplayError, refusals
from .format import at
from .referee import Referee

__all__ = ["ReplayError", "Run"]


class Run:
    """One replay: the document read by :mod:`.format`, and who plays it."""

    def __init__(self, document: dict[str, Any], user: Any) -> None:
        self.doc = document
        self.user = user
        self.referee = Referee(user)
        self.seed: int | None = document["tournament"]["seed"]
        self.tournament: Tournament | None = None
        self.gironi: dict[str, Girone] = {}
        self.pairs: dict[int, Pair] = {}
        self.teams: dict[int, Team] = {}
        #: (girone label, round number) -> round, for results and corrections.
        self.rounds: dict[tuple[str, int], Round] = {}

    # --- the steps -----------------------------------------------------------------

    def run(self) -> Tournament:
        self.create()
        self.register()
        for index, entry in enumerate(self.doc["rounds"]):
            self.play(at("rounds", index), entry)
        assert self.tournament is not None
        return self.tournament

    def create(self) -> None:
        data = self.doc["tournament"]
        # The director's form reads every key of the file's tournament but the two it
        # has no field for (the pack version and the seed).
        fields = {k: v for k, v in data.items() if k in TournamentForm.base_fields}
        fields["date"] = (data["date"] or timezone.localdate()).isoformat()
        fields["entry_mode"] = Tournament.EntryMode.SINGLE
        fields["entry_by"] = Tournament.EntryBy.REFEREES  # a replay types as a referee
        form = TournamentForm(
            data={k: "" if v is None else v for k, v in fields.items()}
        )
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            path = "tournament" if field == "__all__" else at("tournament", field)
            raise ReplayError(path, " ".join(errors))
        with refusals("tournament"):
            self.tournament = create_tournament(
                by=self.user,
                rule_pack_version=data["rule_pack_version"],
                **form.cleaned_data,
            )
        if self.seed is not None:
            with refusals(at("tournament", "seed")):
                set_lot_seed(self.tournament, self.seed)

    def register(self) -> None:
        assert self.tournament is not None
        competitor_of(self.tournament).register(self)

    def register_pairs(self) -> None:
        self.register_from("pairs", self.add_pair, gironi_services.split_into_gironi)

    def register_teams(self) -> None:
        if self.doc["pairs"]:
            raise ReplayError(
                "pairs",
                _("a team tournament's pairs are its teams' (give them under “teams”)"),
            )
        self.register_from(
            "teams", self.add_team, gironi_services.split_teams_into_gironi
        )

    def register_from(
        self,
        key: str,
        add: Callable[[dict[str, Any], str], Any],
        split: Callable[..., Any],
    ) -> None:
        """Register the file's ``key`` list (pairs, teams) with ``add`` and split them
        into the gironi it names with ``split``."""
        assert self.tournament is not None
        assignment: dict[int, str] = {}
        for index, entry in enumerate(self.doc[key]):
            add(entry, at(key, index))
            assignment[entry["number"]] = entry["girone"]
        labels = sorted(set(assignment.values()))
        with refusals(key, _("gironi %(labels)s") % {"labels": ", ".join(labels)}):
            outcome = split(
                self.tournament,
                count=len(labels),
                method="manual",
                assignment=assignment,
            )
        self.gironi = {g.label: g for g in outcome.gironi}

    def add_team(self, team: dict[str, Any], path: str) -> Team:
        assert self.tournament is not None
        entry = TeamEntry(
            name=team["name"],
            players=tuple(
                (p["surname"], p["name"], p["card"]) for p in team["players"]
            ),
            club=team["club"],
            captain=team["captain"],
            seed=team["seed"],
            number=team["number"],
        )
        where = _("team %(number)s") % {"number": team["number"]}
        with refusals(path, where):
            made = teams.register_team(self.tournament, entry, create_club=True)
        members = [m.player_id for m in made.members.order_by("order")]
        for index, places in enumerate(team["pairs"]):
            ppath = at(at(path, "pairs"), index)
            players = self.roster_players(members, places, ppath)
            with refusals(ppath, where):
                pair = teams.team_pair(made, players)
            if pair.number != teams.pair_number(made.number, index + 1):
                raise ReplayError(
                    ppath,
                    _(
                        "the team's pairs are listed in pair-number order, its "
                        "registered pairs first (1-2, 3-4, 5-6)"
                    ),
                )
        self.teams[made.number] = made
        for pair in made.pairs.all():
            self.pairs[pair.number] = pair
        return made

    def roster_players(
        self, members: list[int], places: list[int], path: str
    ) -> tuple[int, int]:
        if not all(1 <= p <= len(members) for p in places):
            raise ReplayError(
                path,
                _("a roster place is from 1 to %(count)s") % {"count": len(members)},
            )
        return members[places[0] - 1], members[places[1] - 1]

    def lineup(self, path: str, lineup: dict[str, Any], made: dict[str, Round]) -> None:
        label = lineup["girone"]
        if label not in made:
            raise ReplayError(
                at(path, "girone"),
                _("girone %(girone)s has no tables in this round") % {"girone": label},
            )
        match = TeamMatch.objects.filter(
            round=made[label], number=lineup["match"]
        ).first()
        if match is None:
            raise ReplayError(
                at(path, "match"),
                _("round %(round)s of girone %(girone)s has no match %(match)s")
                % {
                    "round": made[label].number,
                    "girone": label,
                    "match": lineup["match"],
                },
            )
        team = self.teams.get(lineup["team"])
        if team is None:
            raise ReplayError(
                at(path, "team"),
                _("team %(number)s is not registered") % {"number": lineup["team"]},
            )
        members = [m.player_id for m in team.members.order_by("order")]
        pairs = [
            self.roster_players(members, places, at(at(path, "pairs"), i))
            for i, places in enumerate(lineup["pairs"])
        ]
        where = _("match %(match)s, team %(team)s") % {
            "match": lineup["match"],
            "team": team.number,
        }
        with refusals(path, where):
            lineups.set_lineup(match, team, pairs)

    def add_pair(self, pair: dict[str, Any], path: str) -> Pair:
        assert self.tournament is not None
        one, two = pair["players"]
        entry = PairEntry(
            last_name1=one["surname"],
            first_name1=one["name"],
            membership1=one["card"],
            last_name2=two["surname"],
            first_name2=two["name"],
            membership2=two["card"],
            club=pair["club"],
            seed=pair["seed"],
            number=pair["number"],
        )
        with refusals(path, _("pair %(number)s") % {"number": pair["number"]}):
            made = registration.register_pair(self.tournament, entry, create_club=True)
        self.pairs[made.number] = made
        return made

    def pair(self, number: int, path: str) -> Pair:
        if number not in self.pairs:
            raise ReplayError(
                path, _("pair %(number)s is not registered") % {"number": number}
            )
        return self.pairs[number]

    def girone(self, label: str, path: str) -> Girone:
        if label not in self.gironi:
            raise ReplayError(
                path,
                _("there is no girone “%(label)s” (the gironi are %(known)s)")
                % {"label": label, "known": ", ".join(self.gironi)},
            )
        return self.gironi[label]

    def play(self, path: str, entry: dict[str, Any]) -> None:
        for index, event in enumerate(entry["before"]):
            self.before(at(at(path, "before"), index), event)
        made = self.make_rounds(path, entry)
        for index, lineup in enumerate(entry["lineups"]):
            self.lineup(at(at(path, "lineups"), index), lineup, made)
        for index, result in enumerate(entry["results"]):
            rpath = at(at(path, "results"), index)
            self.girone(result["girone"], at(rpath, "girone"))
            self.referee.enter(rpath, result, made)
        if entry["close"]:
            for label, round_ in made.items():
                self.referee.close(at(path, "tables"), label, round_)
        for index, correction in enumerate(entry["corrections"]):
            cpath = at(at(path, "corrections"), index)
            label = correction["girone"]
            self.girone(label, at(cpath, "girone"))
            key = (label, correction["round"])
            if key not in self.rounds:
                raise ReplayError(
                    at(cpath, "round"),
                    _("girone %(girone)s has no round %(number)s yet")
                    % {"girone": label, "number": correction["round"]},
                )
            self.referee.enter(
                cpath, correction, {label: self.rounds[key]}, correction=True
            )

    def before(self, path: str, event: dict[str, Any]) -> None:
        assert self.tournament is not None
        competitor_of(self.tournament).before(
            self, path, event["event"], event["value"]
        )

    def team_event(self, path: str, kind: str, value: Any) -> None:
        """A team withdrawn or back (the events name teams, docs/rules.md §11)."""
        if kind == "add_pair":
            raise ReplayError(
                at(path, kind), _("a team tournament adds no pair after round 1")
            )
        team = self.teams.get(value)
        if team is None:
            raise ReplayError(
                at(path, kind),
                _("team %(number)s is not registered") % {"number": value},
            )
        with refusals(at(path, kind), _("team %(number)s") % {"number": value}):
            self.teams[value] = teams.set_team_withdrawn(team, kind == "withdraw")

    def pair_event(self, path: str, kind: str, value: Any) -> None:
        """A pair withdrawn, back, or entering late."""
        if kind == "add_pair":
            girone = self.girone(value["girone"], at(at(path, kind), "girone"))
            pair = self.add_pair(value, at(path, kind))
            with refusals(
                at(path, kind), _("pair %(number)s") % {"number": pair.number}
            ):
                pair = gironi_services.add_late_pair(pair, girone)
            self.pairs[pair.number] = pair
            return
        pair = self.pair(value, at(path, kind))
        with refusals(at(path, kind), _("pair %(number)s") % {"number": value}):
            self.pairs[value] = registration.set_withdrawn(pair, kind == "withdraw")

    def make_rounds(self, path: str, entry: dict[str, Any]) -> dict[str, Round]:
        tables = entry["tables"]
        for key in ("resting", "hands"):
            for label in entry[key]:
                self.girone(label, at(at(path, key), label))
                if label not in tables:
                    raise ReplayError(
                        at(at(path, key), label),
                        _("girone %(girone)s has no tables in this round")
                        % {"girone": label},
                    )
        made: dict[str, Round] = {}
        for label in sorted(tables):
            tpath = at(at(path, "tables"), label)
            girone = self.girone(label, tpath)
            given = tables[label]
            resting = entry["resting"].get(label)
            where = _("girone %(girone)s") % {"girone": label}
            with refusals(tpath, where):
                if given == "generate":
                    round_ = rounds.generate_round(girone, seed=self.seed)
                else:
                    round_ = manual.create_round(
                        girone, [tuple(t) for t in given], resting or []
                    )
            if given == "generate" and resting is not None:
                self.check_resting(at(at(path, "resting"), label), round_, resting)
            if label in entry["hands"]:
                with refusals(at(at(path, "hands"), label), where):
                    round_ = manual.set_hands(round_, entry["hands"][label])
            with refusals(tpath, where):
                round_ = rounds.publish_round(round_)
            made[label] = round_
            self.rounds[(label, round_.number)] = round_
        return made

    def check_resting(self, path: str, round_: Round, resting: list[int]) -> None:
        assert self.tournament is not None
        rest = competitor_of(self.tournament).resting(round_)
        if rest != sorted(resting):
            raise ReplayError(
                path,
                _("the movement rests %(made)s, the file says %(given)s")
                % {
                    "made": ", ".join(map(str, rest)) or "-",
                    "given": ", ".join(map(str, sorted(resting))) or "-",
                },
            )
