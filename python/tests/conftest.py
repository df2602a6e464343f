"""Shared helpers of the Python tests."""

import random

import pytest

import ply

# Every game of the registry: the tests run over this, never over a list of their own, so a
# game added to the registry is tested without a change here.
GAMES = [g.name for g in ply.games()]


def random_playout(state: "ply.State", rng: random.Random, max_plies: int = 400) -> int:
    """Plays random legal moves until the end (or `max_plies`); returns the plies played."""
    plies = 0
    while not state.is_over() and plies < max_plies:
        state.play(rng.choice(state.legal_moves()))
        plies += 1
    return plies


@pytest.fixture
def rng() -> random.Random:
    return random.Random(2024)


# The smallest training run that goes through every part of `ply train`'s loop (self-play,
# training steps, the gate and the baseline match): seconds, on one thread.
TINY_RUN = dict(
    steps=2,
    blocks=1,
    channels=8,
    sims=8,
    fast_sims=4,
    round_games=4,
    batch=16,
    eval_sims=4,
    gate_games=2,
    baseline="random",
    baseline_games=2,
    threads=1,
    seed=5,
)
