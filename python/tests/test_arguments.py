"""Every whole-number argument: out of range is a ValueError naming the argument (never an
OverflowError), a float or a bool a TypeError, and a NumPy integer serves wherever an int
does."""

import numpy as np
import pytest

import ply


def state():
    return ply.new_game("connect4")


def agent():
    return ply.agent("alphabeta", game="connect4")


# (what is called with the value, the argument's name in the message)
ARGUMENTS = [
    (lambda v: state().observation(player=v), "player"),
    (lambda v: agent().choose(state(), depth=v), "depth"),
    (lambda v: agent().choose(state(), nodes=v), "nodes"),
    (lambda v: agent().choose(state(), iterations=v), "iterations"),
    (lambda v: ply.agent("random", seed=v), "seed"),
    (lambda v: ply.perft(state(), v), "depth"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], games=v), "games"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], concurrency=v), "concurrency"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], max_plies=v), "max_plies"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], seed=v), "seed"),
]


@pytest.mark.parametrize("call,name", ARGUMENTS, ids=[n for _, n in ARGUMENTS])
@pytest.mark.parametrize("value", [-5, -1, 10**20, -(10**40), 10**400])
def test_out_of_range_is_a_value_error_naming_the_argument(call, name, value):
    with pytest.raises(ValueError) as info:
        call(value)
    assert not isinstance(info.value, OverflowError)
    assert str(info.value).startswith(name + " "), str(info.value)


@pytest.mark.parametrize("call,name", ARGUMENTS, ids=[n for _, n in ARGUMENTS])
@pytest.mark.parametrize("value", [1.5, True, "3"])
def test_what_is_no_whole_number_is_a_type_error(call, name, value):
    with pytest.raises(TypeError, match=name):
        call(value)


def test_moves_out_of_range_are_illegal_moves():
    for value in [-5, 10**20, np.int64(-1), np.uint64(2**63)]:
        with pytest.raises(ply.IllegalMoveError, match="action"):
            state().apply_action(value)
        with pytest.raises(ply.IllegalMoveError, match="action"):
            state().play(value)
    with pytest.raises(TypeError, match="action"):
        state().apply_action(1.0)


@pytest.mark.parametrize("kind", [np.int8, np.int32, np.int64, np.uint16, np.uint64])
def test_numpy_integers_serve_wherever_an_int_does(kind):
    s = state()
    s.play(kind(3))
    s.apply_action(kind(3))
    assert s.child(kind(2)).history_notation() == ["4", "4", "3"]
    assert s.history_notation() == ["4", "4"]
    assert s.observation(player=kind(1)).shape == s.observation_shape
    decision = ply.agent("alphabeta", seed=kind(4)).choose(
        s, depth=kind(2), nodes=kind(100), iterations=kind(5)
    )
    assert decision.move in s.legal_moves()
    assert ply.perft(s, kind(2)) == 49
    assert ply.new_game("connect4", width=kind(5), height=kind(4)).num_actions == 5
    assert ply.load_game("quoridor", size=kind(5)).num_actions == 25 + 2 * 16
    result = ply.arena(
        "tictactoe", ["random", "greedy"], games=kind(2), seed=kind(3),
        concurrency=kind(1), max_plies=kind(20),
    )
    assert len(result.records) == 2


def test_an_action_chosen_by_numpy_plays():
    s = state()
    mask = s.action_mask()
    s.play(np.flatnonzero(mask)[0])  # np.int64, as a policy's argmax gives
    assert s.history_notation() == ["1"]


SECONDS = [
    (lambda v: agent().choose(state(), time=v), "time"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], time_per_move=v), "time_per_move"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], time_per_game=v), "time_per_game"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], tolerance=v), "tolerance"),
    (lambda v: ply.arena("tictactoe", ["random", "greedy"], hang_timeout=v), "hang_timeout"),
]


@pytest.mark.parametrize("call,name", SECONDS, ids=[n for _, n in SECONDS])
@pytest.mark.parametrize("value", [-1, -0.5, float("nan"), float("inf"), 10**400])
def test_times_out_of_range_are_value_errors_naming_the_argument(call, name, value):
    with pytest.raises(ValueError) as info:
        call(value)
    assert not isinstance(info.value, OverflowError)
    assert str(info.value).startswith(name + " "), str(info.value)
