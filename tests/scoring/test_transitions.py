"""The result's lifecycle as a table (scoring/lifecycle.py): what it allows, pure."""

import pytest

from scoring.lifecycle import TRANSITIONS, Event, State, TransitionError, after, allowed


def test_every_state_is_reached_from_empty():
    reached, frontier = {State.EMPTY}, [State.EMPTY]
    while frontier:
        state = frontier.pop()
        for (src, _event), dst in TRANSITIONS.items():
            if src == state and dst not in reached:
                reached.add(dst)
                frontier.append(dst)
    assert reached == set(State)


def test_a_confirmed_table_changes_only_by_a_correction():
    leaving = {e for (s, e) in TRANSITIONS if s == State.CONFIRMED}
    assert leaving == {Event.CORRECT}
    assert after(State.CONFIRMED, Event.CORRECT) == State.CONFIRMED


def test_players_disagree_twice_before_the_referee():
    contested = after(State.ENTERED, Event.PLAYERS_DISAGREE)
    assert contested == State.CONTESTED
    assert after(contested, Event.PLAYERS_DISAGREE) == State.DISPUTED
    assert not allowed(State.DISPUTED, Event.PLAYERS_DISAGREE)


@pytest.mark.parametrize("event", list(Event))
def test_an_event_not_listed_is_refused(event):
    for state in State:
        if (state, event) not in TRANSITIONS:
            with pytest.raises(TransitionError):
                after(state, event)
