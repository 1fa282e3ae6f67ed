"""A table result's lifecycle: the allowed transitions, as a table.

A :class:`~scoring.models.TableResult` moves between five states (empty, entered,
contested, disputed, confirmed) through the events below. What a service decides is
*which* event a submission is (a first sheet, an equal second sheet, a settlement, ...);
where the table goes is read here, never written in the service: an event the table
does not list for the current state is refused (:class:`TransitionError`), so a new
kind of entry is one row more, not one branch more in every service.

The events, by who makes them (docs/rules.md §5, §5g):

* a referee: the first sheet of a single entry counts at once (``SINGLE_ENTRY``); in
  double entry it waits (``FIRST_ENTRY``) for a second sheet, equal (``SECOND_EQUAL``)
  or different (``SECOND_DIFFERENT``); a disputed table is settled by a typed or a
  chosen sheet (``SETTLE``); a referee's sheet takes over a table the players are
  entering (``TAKE_OVER``); a confirmed table changes only by ``CORRECT``;
* a player (issue 30): a line's sheet (``PLAYER_ENTRY``, again before the other line
  answers), the other line's agreement (``PLAYERS_AGREE``: confirming it, or typing an
  equal sheet) or disagreement (``PLAYERS_DISAGREE``: contested the first time,
  disputed, for the referee, the second).
"""

from __future__ import annotations

from enum import StrEnum

from .models import TableResult

State = TableResult.Status


class Event(StrEnum):
    SINGLE_ENTRY = "single_entry"
    FIRST_ENTRY = "first_entry"
    SECOND_EQUAL = "second_equal"
    SECOND_DIFFERENT = "second_different"
    SETTLE = "settle"
    TAKE_OVER = "take_over"
    CORRECT = "correct"
    PLAYER_ENTRY = "player_entry"
    PLAYERS_AGREE = "players_agree"
    PLAYERS_DISAGREE = "players_disagree"


#: (state, event) → the state after it; a pair not listed is not allowed.
TRANSITIONS: dict[tuple[State, Event], State] = {
    # Referees.
    (State.EMPTY, Event.SINGLE_ENTRY): State.CONFIRMED,
    (State.EMPTY, Event.FIRST_ENTRY): State.ENTERED,
    (State.ENTERED, Event.SECOND_EQUAL): State.CONFIRMED,
    (State.ENTERED, Event.SECOND_DIFFERENT): State.DISPUTED,
    (State.DISPUTED, Event.SETTLE): State.CONFIRMED,
    (State.CONTESTED, Event.SETTLE): State.CONFIRMED,
    (State.ENTERED, Event.TAKE_OVER): State.CONFIRMED,
    (State.CONTESTED, Event.TAKE_OVER): State.CONFIRMED,
    (State.DISPUTED, Event.TAKE_OVER): State.CONFIRMED,
    (State.CONFIRMED, Event.CORRECT): State.CONFIRMED,
    # Players (issue 30).
    (State.EMPTY, Event.PLAYER_ENTRY): State.ENTERED,
    (State.ENTERED, Event.PLAYER_ENTRY): State.ENTERED,
    (State.CONTESTED, Event.PLAYER_ENTRY): State.ENTERED,
    (State.ENTERED, Event.PLAYERS_AGREE): State.CONFIRMED,
    (State.CONTESTED, Event.PLAYERS_AGREE): State.CONFIRMED,
    (State.ENTERED, Event.PLAYERS_DISAGREE): State.CONTESTED,
    (State.CONTESTED, Event.PLAYERS_DISAGREE): State.DISPUTED,
}


class TransitionError(Exception):
    """An event the lifecycle does not allow in the table's state (a bug of the
    caller: the services check the state first and say why in words)."""

    def __init__(self, state: str, event: Event) -> None:
        super().__init__(f"{event} is not allowed on a table {state}")
        self.state, self.event = state, event


def allowed(state: str, event: Event) -> bool:
    """Whether ``event`` may happen to a table in ``state``."""
    return (State(state), event) in TRANSITIONS


def after(state: str, event: Event) -> State:
    """The state a table in ``state`` reaches through ``event``."""
    try:
        return TRANSITIONS[(State(state), event)]
    except KeyError:
        raise TransitionError(state, event) from None


def advance(result: TableResult, event: Event) -> None:
    """Move ``result`` through ``event`` (the caller saves it)."""
    result.status = after(result.status, event)
