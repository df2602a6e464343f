"""States: playing, taking back, copying, positions, drawing, and bad input."""

import copy
import pickle
import random

import pytest

import ply
from conftest import GAMES, random_playout


def test_games_lists_every_registered_game_with_its_descriptor():
    games = {g.name: g for g in ply.games()}
    assert len(games) == len(GAMES) >= 1
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
    assert state.history_notation() == ["4", "1", "7"]
    assert state.to_move() == 1
    assert state.undo() == "7"
    assert state.undo() == "1"
    assert state.history_notation() == ["4"]
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


# Every registered game in its default variant, and variants worth a test of their own.
VARIANTS = [(game, {}) for game in GAMES] + [
    ("tictactoe", {"width": 5, "height": 4, "k": 4}),
    ("quoridor", {"size": 5, "walls": 3}),
    ("halma", {"board": "star121", "players": 4}),
]


@pytest.mark.parametrize("game,settings", VARIANTS)
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


@pytest.mark.parametrize("game", GAMES)
def test_random_games_score_when_they_end(game, rng):
    state = ply.new_game(game)
    random_playout(state, rng, max_plies=2000)
    # Random halma movers may never finish; every game that ends gives each seat a score.
    if state.is_over():
        scores = state.scores()
        assert len(scores) == state.num_players and all(s >= 0 for s in scores)
        assert max(state.returns()) == 1.0 or set(state.returns()) == {0.0}


@pytest.mark.parametrize("game,settings", VARIANTS)
def test_states_pickle_with_their_history(game, settings):
    rng = random.Random(3)
    state = ply.new_game(game, **settings)
    random_playout(state, rng, max_plies=12)
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert again.history() == state.history()
    assert again.variant == state.variant and again.legal_moves() == state.legal_moves()
    if state.history():
        assert again.undo() == state.undo()
        assert again == state
    # A state read from a position has no past, and comes back without one.
    read = state.from_position(state.position())
    assert pickle.loads(pickle.dumps(read)).history() == []
    assert copy.deepcopy(state) == state


def test_an_unpickled_state_keeps_its_variant_and_plays_on():
    state = ply.new_game("connect4", width=5, height=4)
    state.play("3")
    again = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert again.num_actions == 5 and again.history_notation() == ["3"]
    again.play("3")
    assert again.undo() == "3" and again.undo() == "3"
    assert again == ply.new_game("connect4", width=5, height=4)


@pytest.mark.parametrize("game", GAMES)
def test_load_game_gives_the_variants_facts(game):
    loaded = ply.load_game(game)
    start = ply.new_game(game)
    assert loaded.name == game
    assert loaded.new_initial_state() == start
    assert loaded.num_players == start.num_players
    assert loaded.num_actions == loaded.num_distinct_actions() == start.num_actions
    assert loaded.observation_shape == loaded.observation_tensor_shape()
    assert loaded.observation_shape == start.observation_shape
    assert loaded.variant == start.variant and loaded.settings == {}
    assert pickle.loads(pickle.dumps(loaded)) == loaded


def test_load_game_takes_the_variant_settings():
    game = ply.load_game("connect4", width=5, height=4)
    assert game.settings == {"width": "5", "height": "4"}
    assert game.num_actions == 5 and game.observation_shape == (3, 4, 5)
    assert game != ply.load_game("connect4")
    assert "width=5" in repr(game)
    with pytest.raises(ValueError, match="'size'"):
        ply.load_game("connect4", size=9)
    with pytest.raises(ValueError, match="'chess'"):
        ply.load_game("chess")


def test_child_plays_on_a_copy():
    state = ply.new_game("tictactoe")
    state.play("b2")
    child = state.child("a1")
    assert child.history_notation() == ["b2", "a1"] and state.history_notation() == ["b2"]
    a1 = next(m for m in state.legal_moves() if m.notation == "a1")
    assert state.child(a1.action).history() == state.child(a1).history() == [4, 6]
    with pytest.raises(ply.IllegalMoveError, match="'b2'"):
        state.child("b2")
    assert state.history_notation() == ["b2"]


def test_returns_are_scores_scaled_to_minus_one_one():
    win = ply.new_game("tictactoe")
    assert win.returns() == [0.0, 0.0]
    for move in ["a1", "a2", "b1", "b2", "c1"]:
        win.play(move)
    assert win.scores() == [1.0, 0.0] and win.returns() == [1.0, -1.0]
    draw = ply.new_game("tictactoe")
    for move in ["a1", "b2", "c3", "a2", "a3", "b3", "b1", "c1", "c2"]:
        draw.play(move)
    assert draw.scores() == [0.5, 0.5] and draw.returns() == [0.0, 0.0]
