"""Movements (sistemi di accoppiamento): who meets whom in each round.

Terminology (code name = Italian term): round = turno; table = tavolo, ``(ns, ew)``;
line = linea, NS = Nord/Sud (coppia fissa), EO = Est/Ovest (coppia mobile); rest =
riposo; ranking = classifica; rematch = incontro ripetuto; round robin = all'italiana;
group = girone; draw = sorteggio; plan = the sequence of movements of a tournament.

Pairs are plain ints (pair ids). Everything here is pure and deterministic (the random
first round and the simulator depend only on their ``seed``) and raises
:class:`rules.errors.PairingError` with a message that names the pairs and values.

* :data:`REGISTRY`, :func:`movement`: every movement as one object that names itself,
  states its constraints and seats a round (:class:`Movement`, :class:`Situation`);
* :func:`round_robin`: Berger calendar of a girone;
* :func:`mitchell`, :func:`split_lines`: NS stays, EO moves k tables a round;
* :func:`danese`, :func:`rematch_forbidden`, :func:`club_forbidden`: Danese puro and
  modificato, the exact referee's walk down the ranking;
* :func:`first_round`: by draw or by seeding order;
* :func:`parse_plan`, :func:`validate_plan`, :func:`movement_for_round`: hybrid plans;
* :func:`check_round`: an independent checker that reports every violation;
  :func:`meetings_to_note`: every rematch and same-club meeting, for the draft page;
* :func:`simulate_tournament`: seeded random tournaments for tests and benchmarks.
"""

from rules.pairing.base import Round, Table
from rules.pairing.checker import Violation, check_round, meetings_to_note
from rules.pairing.danese import club_forbidden, danese, rematch_forbidden
from rules.pairing.first_round import first_round
from rules.pairing.mitchell import (
    mitchell,
    mitchell_period,
    mitchell_seats,
    split_lines,
)
from rules.pairing.movement import (
    Constraints,
    Movement,
    Options,
    Scope,
    Seating,
    Situation,
    gettext_noop,
)
from rules.pairing.plan import (
    MOVEMENTS,
    calendar_movement,
    format_plan,
    movement_for_round,
    parse_plan,
    validate_plan,
)
from rules.pairing.registry import REGISTRY, movement, movement_names
from rules.pairing.round_robin import round_robin
from rules.pairing.simulate import (
    SimulatedRound,
    SimulatedTournament,
    simulate_tournament,
)

__all__ = [
    "MOVEMENTS",
    "REGISTRY",
    "Constraints",
    "Movement",
    "Options",
    "Round",
    "Scope",
    "Seating",
    "SimulatedRound",
    "SimulatedTournament",
    "Situation",
    "Table",
    "Violation",
    "calendar_movement",
    "check_round",
    "club_forbidden",
    "danese",
    "first_round",
    "format_plan",
    "gettext_noop",
    "meetings_to_note",
    "mitchell",
    "mitchell_period",
    "mitchell_seats",
    "movement",
    "movement_for_round",
    "movement_names",
    "parse_plan",
    "rematch_forbidden",
    "round_robin",
    "simulate_tournament",
    "split_lines",
    "validate_plan",
]
