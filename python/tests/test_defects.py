"""The defects of issue 51, one test each (its table's rows 1 to 10; row 11, the README's
games and planes, is test_readme.py)."""

import copy
import os
import pickle
import threading
import time

import pytest

import ply
from conftest import GAMES


def test_1_moves_agents_and_decisions_pickle_and_copy():
    state = ply.new_game("connect4")
    move = state.legal_moves()[0]
    agent = ply.agent("alphabeta:depth=3", game="connect4", seed=9)
    decision = agent.choose(state)
    for value in [move, decision]:
        for again in [pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)]:
            assert repr(again) == repr(value)
    assert pickle.loads(pickle.dumps(move)) == move
    assert pickle.loads(pickle.dumps(decision)).pv == decision.pv
    for again in [pickle.loads(pickle.dumps(agent)), copy.copy(agent), copy.deepcopy(agent)]:
        assert (again.spec, again.games, repr(again)) == (agent.spec, agent.games, repr(agent))
        assert again.choose(state).move == decision.move  # the same agent, as built
    unbound = pickle.loads(pickle.dumps(ply.agent("random", seed=3)))
    assert unbound.games == GAMES


def test_2_a_python_agent_returning_an_illegal_action_loses_by_illegal_move():
    def taken(state):
        return 4 if 4 in state.history() else state.legal_actions()[0] if state.history() else 4

    def outside(state):
        return 99

    result = ply.arena("tictactoe", ["random", taken], games=4, seed=4, openings="none")
    illegal = [r for r in result.records if r["termination"] == "illegal-move"]
    assert illegal and all(r["agents"][r["offender"]] == "python:taken" for r in illegal)
    # An index outside the variant's actions names no move at all, as unreadable notation.
    far = ply.arena("tictactoe", ["random", outside], games=2, seed=4, openings="none")
    assert {r["termination"] for r in far.records} == {"panic"}
    assert "names no move" in far.records[0]["reason"]


@pytest.mark.parametrize("spec", ["alphabeta:depth=x", "mcts:iterations=-1", "random:seed=1.5"])
def test_3_a_bad_value_in_a_spec_is_refused_at_once(spec):
    with pytest.raises(ValueError, match="bad value|suits no game|expected"):
        ply.agent(spec)
    with pytest.raises(ValueError):
        ply.agent(spec, game="connect4")


@pytest.mark.parametrize("game", GAMES)
def test_4_every_default_variant_names_itself(game):
    state = ply.new_game(game)
    assert state.variant and state.variant == ply.load_game(game).variant
    assert f"({state.variant})" in repr(state) and "()" not in repr(state)
    assert ply.new_game("tictactoe").variant == "width=3, height=3, k=3"
    assert ply.new_game("tictactoe", width=4).variant == "4x3, 3 in a row"


def test_5_a_bad_openings_argument_names_the_keyword_and_what_was_expected():
    with pytest.raises(ValueError) as info:
        ply.arena("connect4", ["random", "greedy"], openings="bogus")
    text = str(info.value)
    assert "openings='bogus'" in text.replace('"', "'")
    assert "opening spec" in text and "file" in text and "--openings" not in text


@pytest.mark.parametrize("value", [8.0, True, [8], None])
def test_6_a_setting_of_the_wrong_type_is_a_type_error_as_the_readme_says(value):
    with pytest.raises(TypeError, match="width"):
        ply.new_game("connect4", width=value)
    readme = open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read()
    assert "a float or a bool is a `TypeError`" in readme


def test_7_an_agent_used_from_two_threads_says_what_to_do():
    agent = ply.agent("alphabeta:depth=30", game="connect4")
    state = ply.new_game("connect4")
    searching = threading.Thread(target=lambda: agent.choose(state, time=3.0))
    searching.start()
    error = None
    while searching.is_alive() and error is None:  # until the search holds the agent
        try:
            agent.choose(state, depth=1)
        except RuntimeError as e:
            error = str(e)
            state.play("4")  # the state is free: the search runs on a copy of it
        time.sleep(0.01)
    searching.join()
    assert error is not None
    assert "another thread" in error and "give each thread its own" in error
