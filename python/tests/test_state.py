"""States: playing, taking back, copying, positions, drawing, and bad input."""

import copy
import random

import pytest

import ply
from conftest import random_playout


def test_games_lists_every_registered_game_with_its_descriptor():
    games = {g.name: g for g in ply.games()}
    assert set(games) == {"tictactoe", "connect4", "quoridor", "halma"}
    quoridor = games["quoridor"]
    assert [p.name for p in quoridor.params] == ["size", "walls", "players"]
    assert quoridor.seats == ("Black", "White", "Red", "Green")
    assert "alphabeta" in quoridor.agents()
    assert games["connect4"].default_agent in games["connect4"].agents()
    for game in games.values():
        assert game.levels, game.name
        ply.new_game(game.name).play(game.notation_example)


def test_new_game_reads_settings():
    state = ply.new_game("quoridor", size=9, walls=10)
    assert state.game == "quoridor"
    assert len(state.legal_moves()) == 131
    assert len(ply.new_game("connect4", width=5, height=4).legal_moves()) == 5
    assert ply.new_game("halma", board="star121", players=6).num_players == 6
    four = ply.new_game("quoridor", size=5, players=4)
    assert four.num_players == 4
    assert len(four.legal_moves()) == 35


@pytest.mark.parametrize(
    "game,settings,words",
    [
        ("chess", {}, ["'chess'", "connect4"]),
        ("connect4", {"size": 9}, ["'size'", "width"]),
        ("connect4", {"width": 0}, ["width", "1 to"]),
        ("quoridor", {"size": 8}, ["size", "odd"]),
        ("quoridor", {"players": 5}, ["players", "2 to 4"]),
        ("halma", {"board": "hexagon"}, ["'hexagon'", "star"]),
        ("halma", {"board": "star", "players": 4}, ["players"]),
        ("connect4", {"width": True}, ["width", "True"]),
        ("connect4", {"width": 7.5}, ["width", "7.5"]),
    ],
)
def test_bad_games_and_settings_raise_value_errors_naming_them(game, settings, words):
    with pytest.raises(ValueError) as info:
        ply.new_game(game, **settings)
    for word in words:
        assert word in str(info.value)


def test_play_accepts_notation_moves_and_actions_and_undo_takes_back():
    state = ply.new_game("connect4")
    first = state.play("4")
    assert first.notation == "4" and first.action == 3
    second = state.legal_moves()[0]
    assert state.play(second) == second
    assert state.play(6).notation == "7"
    state.apply_action(5)
    assert state.undo() == "6"
    assert state.history() == ["4", "1", "7"]
    assert state.to_move() == 1
    assert state.undo() == "7"
    assert state.undo() == "1"
    assert state.history() == ["4"]
    assert state.position() == ply.new_game("connect4").from_position(state.position()).position()


def test_illegal_moves_raise_and_change_nothing():
    state = ply.new_game("tictactoe")
    state.play("b2")
    before = state.position()
    with pytest.raises(ply.IllegalMoveError, match="'b2'"):
        state.play("b2")
    with pytest.raises(ValueError, match="'z9'"):
        state.play("z9")
    with pytest.raises(ply.IllegalMoveError, match="action 9"):
        state.play(9)
    with pytest.raises(ply.IllegalMoveError, match="action 4"):
        state.play(4)  # b2 is taken
    with pytest.raises(ply.IllegalMoveError, match="action -1"):
        state.play(-1)
    with pytest.raises(ply.IllegalMoveError, match="action 4"):
        state.apply_action(4)
    with pytest.raises(TypeError, match="notation string"):
        state.play(1.5)
    with pytest.raises(TypeError, match="notation string"):
        state.play(True)
    assert state.position() == before
    with pytest.raises(ValueError, match="nothing to undo"):
        ply.new_game("tictactoe").undo()


def test_a_finished_game_scores_and_refuses_moves():
    state = ply.new_game("tictactoe")
    for move in ["a1", "a2", "b1", "b2", "c1"]:
        assert not state.is_over()
        assert state.scores() is None
        state.play(move)
    assert state.is_over()
    assert state.scores() == [1.0, 0.0]
    assert state.legal_moves() == []
    with pytest.raises(ply.IllegalMoveError, match="over"):
        state.play("c3")


def test_clone_is_independent_and_copy_works():
    state = ply.new_game("quoridor", size=5, walls=3)
    state.play(state.legal_moves()[0])
    twin = state.clone()
    twin.play(twin.legal_moves()[-1])
    assert len(state.history()) == 1 and len(twin.history()) == 2
    assert copy.deepcopy(state) == state
    assert copy.copy(twin) == twin and twin != state


@pytest.mark.parametrize(
    "game,settings",
    [
        ("tictactoe", {}),
        ("tictactoe", {"width": 5, "height": 4, "k": 4}),
        ("connect4", {}),
        ("quoridor", {"size": 5, "walls": 3}),
        ("quoridor", {}),
        ("halma", {}),
        ("halma", {"board": "star121", "players": 4}),
    ],
)
def test_positions_round_trip_along_random_games(game, settings):
    rng = random.Random(7)
    state = ply.new_game(game, **settings)
    for _ in range(30):
        if state.is_over():
            break
        again = state.from_position(state.position())
        assert again.position() == state.position()
        assert [m.notation for m in again.legal_moves()] == [
            m.notation for m in state.legal_moves()
        ]
        assert again.to_move() == state.to_move()
        state.play(rng.choice(state.legal_moves()))
    with pytest.raises(ValueError, match="position"):
        state.from_position("not a position \x00")


def test_from_position_reads_a_position_of_a_variant():
    state = ply.new_game("connect4", width=5, height=4)
    state.play("3")
    again = ply.from_position("connect4", state.position(), width=5, height=4)
    assert again == state and again.history() == []
    with pytest.raises(ValueError, match="'width'|width"):
        ply.from_position("connect4", state.position(), width=0)


def test_str_draws_the_board():
    state = ply.new_game("connect4")
    state.play("4")
    text = str(state)
    assert "x" in text.lower() and "1 2 3 4 5 6 7" in text
    assert "connect4" in repr(state)


def test_random_games_end_with_scores(rng):
    for game in ["tictactoe", "connect4", "quoridor"]:
        state = ply.new_game(game)
        random_playout(state, rng, max_plies=2000)
        assert state.is_over(), game
        assert sum(state.scores()) == pytest.approx(1.0)
