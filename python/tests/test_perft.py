"""Perft through Python equals the counts the Rust tests check (crates/games/*/tests)."""

import pytest

import ply
from conftest import GAMES

# (game, settings, counts at depth 1, 2, ...): the tables of the games' own Rust tests.
CASES = [
    # crates/games/tictactoe/tests/rules.rs: perft_matches_published_counts
    ("tictactoe", {}, [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0]),
    # crates/games/connect4/tests/connect4/rules.rs (the debug build's eight depths)
    ("connect4", {}, [7, 49, 343, 2401, 16807, 117649, 823536, 5673234]),
    # crates/games/quoridor/tests/quoridor/rules.rs: perft_9x9_ten_walls, perft_9x9_depth_3
    ("quoridor", {"size": 9, "walls": 10}, [131, 16677, 2062264]),
    # perft_5x5_three_walls
    ("quoridor", {"size": 5, "walls": 3}, [35, 1109, 31540, 794442]),
    # crates/games/halma/tests/halma/perft.rs: own_perft_tables
    ("halma", {"board": "star", "players": 2}, [10, 100, 1800, 32400]),
    ("halma", {"board": "star", "players": 3}, [10, 100, 1000, 18000]),
    ("halma", {"board": "rhombus", "players": 2}, [10, 100, 1720, 29584]),
    ("halma", {"board": "star121", "players": 2}, [14, 196, 4760, 115600]),
    ("halma", {"board": "star121", "players": 3}, [14, 196, 2744, 66640]),
    ("halma", {"board": "star121", "players": 4}, [14, 199, 2786, 39601]),
    ("halma", {"board": "star121", "players": 6}, [14, 199, 2828, 40189]),
]


@pytest.mark.parametrize("game,settings,counts", CASES, ids=lambda c: str(c)[:40])
def test_perft_matches_the_rust_tests(game, settings, counts):
    state = ply.new_game(game, **settings)
    for depth, count in enumerate(counts, start=1):
        assert ply.perft(state, depth) == count, f"{game} {settings} depth {depth}"


def count(state, depth):
    """Perft by Python's own walk over legal_moves, play and undo."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.play(move)
        total += count(state, depth - 1)
        state.undo()
    return total


@pytest.mark.parametrize("game", GAMES)
def test_perft_of_every_game_agrees_with_a_walk_over_its_moves(game):
    # Every registered game, with or without published counts above.
    state = ply.new_game(game)
    for depth in range(3):
        assert ply.perft(state, depth) == count(state, depth), f"{game} depth {depth}"


def test_perft_leaves_the_state_alone():
    state = ply.new_game("connect4")
    state.play("4")
    before = state.position()
    assert ply.perft(state, 3) == 343
    assert state.position() == before
    assert state.history_notation() == ["4"]


def test_perft_depth_zero_is_one_and_bad_depths_raise():
    state = ply.new_game("tictactoe")
    assert ply.perft(state, 0) == 1
    with pytest.raises(ValueError, match="64"):
        ply.perft(state, 65)
    with pytest.raises(ValueError, match="depth -1"):
        ply.perft(state, -1)
