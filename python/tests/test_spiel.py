"""The pyspiel surface of states and games: each method against pyspiel's own answers on
the same positions (the games OpenSpiel also has, played in lockstep from fixed seeds),
and the methods on every registered game. The comparisons need OpenSpiel
(`pip install "./python[openspiel]"`) and are skipped without it."""

import pickle
import random

import pytest

import ply
from conftest import GAMES, random_playout

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None

needs_pyspiel = pytest.mark.skipif(pyspiel is None, reason="open_spiel is not installed")


def ttt_name(text):
    """OpenSpiel's tic-tac-toe action name (`x(0,2)`: row from the top, column) in ply's
    notation (`c3`: column letter, row from the bottom)."""
    row, col = int(text[2]), int(text[4])
    return "abc"[col] + str(3 - row)


# The games both libraries have: ply's name and settings, OpenSpiel's, the plane of
# OpenSpiel's (not egocentric) observation that holds player 0's, player 1's pieces and the
# empty cells, and OpenSpiel's name of an action written in ply's notation.
SHARED = [
    ("tictactoe", {}, "tic_tac_toe", (2, 1, 0), ttt_name),
    ("connect4", {}, "connect_four", (0, 1, 2), lambda t: str(int(t[1:]) + 1)),
    ("connect4", {"width": 6, "height": 5}, "connect_four(columns=6,rows=5)", (0, 1, 2),
     lambda t: str(int(t[1:]) + 1)),
    ("breakthrough", {}, "breakthrough", (0, 1, 2), lambda t: t),
    ("breakthrough", {"rows": 6, "columns": 5}, "breakthrough(rows=6,columns=5)", (0, 1, 2),
     lambda t: t),
]
IDS = [f"{s[0]}-{s[2]}" for s in SHARED]


def lockstep(name, settings, spiel_name, games, seed):
    """Pairs of states (ply's, pyspiel's) along random games played in both."""
    rng = random.Random(seed)
    spiel_game = pyspiel.load_game(spiel_name)
    for _ in range(games):
        ours, theirs = ply.new_game(name, **settings), spiel_game.new_initial_state()
        while True:
            yield ours.clone(), theirs.clone()
            if theirs.is_terminal():
                break
            action = rng.choice(theirs.legal_actions())
            theirs.apply_action(action)
            ours.apply_action(action)


@needs_pyspiel
@pytest.mark.parametrize("name,settings,spiel_name,planes,notation", SHARED, ids=IDS)
def test_state_methods_answer_as_pyspiel_on_the_same_positions(
    name, settings, spiel_name, planes, notation
):
    seen = {}  # pyspiel's observation string -> ply's, which must name one position too
    for ours, theirs in lockstep(name, settings, spiel_name, games=8, seed=51):
        assert ours.current_player() == theirs.current_player()
        assert ours.is_terminal() == theirs.is_terminal()
        assert ours.is_chance_node() == theirs.is_chance_node() is False
        assert ours.is_player_node() == theirs.is_player_node()
        assert ours.rewards() == theirs.rewards()
        assert ours.returns() == theirs.returns()
        for player in range(2):
            assert ours.player_return(player) == theirs.player_return(player)
            assert ours.player_reward(player) == theirs.player_reward(player)
            assert sorted(ours.legal_actions(player)) == theirs.legal_actions(player)
            assert ours.legal_actions_mask(player) == theirs.legal_actions_mask(player)
        assert sorted(ours.legal_actions()) == theirs.legal_actions()
        assert ours.legal_actions_mask() == theirs.legal_actions_mask()
        assert ours.history() == theirs.history()
        assert ours.history_str() == theirs.history_str()
        assert ours.move_number() == theirs.move_number()
        assert ours.serialize() == theirs.serialize()
        again = ours.get_game().deserialize_state(theirs.serialize())
        assert again == ours and again.history() == ours.history()
        assert theirs.get_game().deserialize_state(ours.serialize()).history() == theirs.history()
        for player in range(2):
            flat = theirs.observation_tensor(player)
            cells = len(flat) // 3
            plane = lambda i: flat[i * cells : (i + 1) * cells]  # noqa: E731
            mine, other, empty = planes[player], planes[1 - player], planes[2]
            expected = plane(mine) + plane(other) + plane(empty)
            assert ours.observation_tensor(player) == expected
            assert ours.information_state_tensor(player) == ours.observation_tensor(player)
            assert ours.information_state_string(player) == ours.observation_string(player)
            assert ours.observation_string(player) == str(ours)
        # The observation strings tell apart the same positions in both libraries.
        key = theirs.observation_string(0)
        assert seen.setdefault(key, ours.observation_string(0)) == ours.observation_string(0)
        if not theirs.is_terminal():
            for action in theirs.legal_actions():
                for player in range(2):
                    text = ours.action_to_string(player, action)
                    assert text == notation(theirs.action_to_string(player, action))
                    assert ours.string_to_action(player, text) == action
                assert theirs.string_to_action(theirs.action_to_string(action)) == action
                assert ours.string_to_action(ours.action_to_string(action)) == action
    assert len(set(seen.values())) == len(seen)


@needs_pyspiel
@pytest.mark.parametrize("name,settings,spiel_name,planes,notation", SHARED, ids=IDS)
def test_every_action_of_the_space_is_named_as_pyspiel_names_it(
    name, settings, spiel_name, planes, notation
):
    positions = list(lockstep(name, settings, spiel_name, games=2, seed=7))[::9]
    for ours, theirs in positions:
        size = ours.num_distinct_actions()
        for action in range(size):
            for player in range(2):
                text = ours.action_to_string(player, action)
                assert ours.string_to_action(player, text) == action
                if not text.startswith("action "):  # an index naming a move of this board
                    assert text == notation(theirs.action_to_string(player, action))


@needs_pyspiel
@pytest.mark.parametrize("name,settings,spiel_name,planes,notation", SHARED, ids=IDS)
def test_game_methods_answer_as_pyspiel(name, settings, spiel_name, planes, notation):
    ours, theirs = ply.load_game(name, **settings), pyspiel.load_game(spiel_name)
    assert ours.max_game_length() == theirs.max_game_length()
    assert ours.num_distinct_actions() == theirs.num_distinct_actions()
    assert ours.min_utility() == theirs.min_utility()
    assert ours.max_utility() == theirs.max_utility()
    assert ours.utility_sum() == theirs.utility_sum()
    assert ours.max_chance_outcomes() == theirs.max_chance_outcomes()
    assert list(ours.observation_tensor_shape()) == theirs.observation_tensor_shape()
    assert ours.observation_tensor_size() == theirs.observation_tensor_size()
    assert ours.num_players == theirs.num_players()
    kind, spiel_kind = ours.get_type(), theirs.get_type()
    for field in ["dynamics", "chance_mode", "information", "utility", "reward_model"]:
        assert getattr(kind, field) == getattr(spiel_kind, field).name, field
    for field in ["provides_observation_string", "provides_observation_tensor",
                  "max_num_players", "min_num_players"]:
        assert getattr(kind, field) == getattr(spiel_kind, field), field


@pytest.mark.parametrize("name", GAMES)
def test_the_pyspiel_surface_holds_on_every_game(name, rng):
    game = ply.load_game(name)
    state = game.new_initial_state()
    assert state.serialize() == "\n" and state.move_number() == 0
    random_playout(state, rng, max_plies=60)
    assert state.move_number() == len(state.history()) == len(state.history_notation())
    assert state.history_str() == ", ".join(map(str, state.history()))
    replayed = game.deserialize_state(state.serialize())
    assert replayed == state and replayed.history() == state.history()
    assert pickle.loads(pickle.dumps(state)).history() == state.history()
    assert len(state.observation_tensor()) == game.observation_tensor_size()
    assert state.legal_actions_mask() == state.action_mask().tolist()
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert text == next(m.notation for m in state.legal_moves() if m.action == action)
        assert state.string_to_action(text) == action
    if state.is_terminal():
        assert state.current_player() == -4 and state.rewards() == state.returns()
        assert state.legal_actions(0) == [] and not any(state.legal_actions_mask(0))
    else:
        assert state.current_player() == state.to_move()
        assert state.rewards() == [0.0] * state.num_players
    assert game.get_type().short_name == name
    assert game.get_parameters()  # every variant parameter, with its value
    assert (game.max_game_length() is None) == (name == "quoridor")


def test_a_state_from_a_position_serializes_its_first_position():
    start = ply.new_game("connect4").from_position(
        ply.new_game("connect4").child(3).position()
    )
    start.play("4")
    text = start.serialize()
    assert text.startswith("position ") and text.endswith("\n3\n")
    assert start.get_game().deserialize_state(text) == start
    assert start.move_number() == 1  # the moves played on this state


@pytest.mark.parametrize(
    "text,words",
    [
        ("3\nx\n", ["line 2", "'x'", "action index"]),
        ("3\n3\n3\n3\n3\n3\n3\n", ["line 7", "action 3"]),
        ("9\n", ["line 1", "action 9"]),
        ("3\nposition " + "." * 42 + "\n", ["line 2", "position comes first"]),
    ],
)
def test_a_bad_serialization_is_refused_naming_its_line(text, words):
    with pytest.raises(ValueError) as info:
        ply.load_game("connect4").deserialize_state(text)
    for word in words:
        assert word in str(info.value)


def test_action_names_reach_beyond_the_legal_moves():
    state = ply.new_game("quoridor", size=5)
    # Every pawn square and wall slot has a name and reads back, legal or not.
    names = [state.action_to_string(1, a) for a in range(state.num_actions)]
    assert len(set(names)) == state.num_actions
    assert [state.string_to_action(1, n) for n in names] == list(range(state.num_actions))
    assert state.string_to_action("c3h") == state.string_to_action(0, "c3 h")
    with pytest.raises(ValueError, match="names no action"):
        state.string_to_action("z9")
    with pytest.raises(ValueError, match="action"):
        state.action_to_string(state.num_actions)
    with pytest.raises(ValueError, match="player"):
        state.action_to_string(2, 0)
