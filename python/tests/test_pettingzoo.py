"""PettingZoo's own api_test on every game (small variants where the default is slow)."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import ply
import ply.pettingzoo
from conftest import GAMES

# Every registered game in its default variant (random players may never end a game:
# max_plies truncates it), and variants worth a test of their own.
VARIANTS = [(game, {"max_plies": 200}) for game in GAMES] + [
    ("tictactoe", {"width": 4, "height": 4, "k": 3}),
    ("connect4", {"width": 5, "height": 4}),
    ("quoridor", {"size": 5, "walls": 3}),
    ("halma", {"board": "rhombus", "max_plies": 200}),
    ("halma", {"board": "star", "players": 3, "max_plies": 200}),
    ("halma", {"board": "star121", "players": 6, "max_plies": 100}),
]


@pytest.mark.parametrize("game,settings", VARIANTS, ids=lambda v: str(v))
def test_api_test_passes(game, settings):
    api_test(ply.pettingzoo.env(game, **settings), num_cycles=300)


def test_a_game_played_through_the_environment_rewards_the_winner():
    env = ply.pettingzoo.env("tictactoe")
    env.reset()
    for action in [0, 3, 1, 4, 2]:  # X takes the top row
        observation, reward, terminated, truncated, info = env.last()
        assert observation["action_mask"][action] == 1
        env.step(action)
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(env.terminations.values())


def test_an_illegal_action_ends_the_game_with_a_loss():
    env = ply.pettingzoo.env("connect4", width=4, height=4)
    env.reset()
    for _ in range(4):
        env.step(0)  # fills column 1
    env.step(0)  # illegal: the column is full
    assert env.rewards["player_0"] == -1
    assert all(env.terminations.values())


def test_halma_is_truncated_at_max_plies():
    env = ply.pettingzoo.env("halma", max_plies=4)
    env.reset()
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(np.flatnonzero(observation["action_mask"])[0])
        env.step(action)
    assert len(env.unwrapped.state.history()) == 4


def test_bad_settings_raise():
    with pytest.raises(ValueError, match="'size'"):
        ply.pettingzoo.env("connect4", size=9)
    with pytest.raises(ValueError, match="render_mode"):
        ply.pettingzoo.env("connect4", render_mode="rgb_array")
