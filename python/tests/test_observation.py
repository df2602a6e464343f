"""Observation tensors and legal-action masks over each variant's fixed action space."""

import random

import numpy as np
import pytest

import ply
from conftest import GAMES

# Every registered game in its default variant, and variants worth a test of their own.
VARIANTS = [(game, {}) for game in GAMES] + [
    ("tictactoe", {"width": 7, "height": 5, "k": 4}),
    ("connect4", {"width": 9, "height": 7}),
    ("quoridor", {"size": 5, "walls": 3}),
    ("halma", {"board": "rhombus"}),
    ("halma", {"board": "star", "players": 3}),
    ("halma", {"board": "star121", "players": 6}),
]


@pytest.mark.parametrize("game,settings", VARIANTS)
def test_masks_match_legal_moves_and_actions_are_unique(game, settings):
    rng = random.Random(11)
    state = ply.new_game(game, **settings)
    shape = state.observation_shape
    for _ in range(40):
        if state.is_over():
            break
        moves = state.legal_moves()
        actions = [m.action for m in moves]
        assert len(set(actions)) == len(actions), "two moves share an action"
        assert all(0 <= a < state.num_actions for a in actions)
        mask = state.action_mask()
        assert mask.dtype == np.int8 and mask.shape == (state.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions)
        for player in range(state.num_players):
            obs = state.observation(player)
            assert obs.dtype == np.float32 and obs.shape == shape
            assert set(np.unique(obs).tolist()) <= {0.0, 1.0} or game == "quoridor"
        assert len(state.observation_planes()) == shape[0]
        # Playing by action index plays the same move as by notation.
        move = rng.choice(moves)
        twin = state.clone()
        assert twin.play(move.action) == move
        state.play(move.notation)
        assert twin.position() == state.position()


def test_connect4_planes_are_from_the_observers_side():
    state = ply.new_game("connect4")
    state.play("4")  # Red (seat 0) in column 4, bottom row
    red, yellow = state.observation(0), state.observation(1)
    assert red[0, 0, 3] == 1 and red[1, 0, 3] == 0 and red[2, 0, 3] == 0
    assert yellow[1, 0, 3] == 1 and yellow[0, 0, 3] == 0
    assert red[2].sum() == 41
    assert np.array_equal(state.observation(), yellow)  # default: the player to move
    with pytest.raises(ValueError, match="player 2"):
        state.observation(2)


def test_tictactoe_action_is_the_cell_index():
    state = ply.new_game("tictactoe")
    assert state.num_actions == 9
    assert state.play("a1").action in range(9)
    assert state.observation(0).reshape(3, 9)[0].sum() == 1


def test_quoridor_encoding():
    state = ply.new_game("quoridor")
    assert state.num_actions == 81 + 2 * 64
    assert state.observation_shape == (7, 9, 9)
    obs = state.observation(0)
    assert obs[0].sum() == 1 and obs[1].sum() == 1
    assert obs[5, 0, 0] == 1.0 and obs[6, 0, 0] == 1.0  # all walls in hand
    wall = next(m for m in state.legal_moves() if m.notation.endswith("h"))
    state.play(wall)
    assert 81 <= wall.action < 81 + 64
    after = state.observation(0)
    assert after[2].sum() == 1 and after[3].sum() == 0
    assert after[5, 0, 0] == pytest.approx(0.9)


def test_halma_encoding_marks_the_board_and_each_seats_pegs():
    state = ply.new_game("halma", board="star", players=3)
    obs = state.observation(0)
    planes, rows, cols = obs.shape
    assert planes == 4
    assert obs[3].sum() == 73  # the star's holes
    assert obs[0].sum() == obs[1].sum() == obs[2].sum() > 0  # a full point each
    # Seat 1 sees its own pegs first: seat 0's plane 0 is its plane 2.
    assert np.array_equal(state.observation(1)[2], obs[0])
