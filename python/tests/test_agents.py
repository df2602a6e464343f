"""Agents: every spec of every game's catalog chooses legal moves; bad specs raise; the
searches release the GIL."""

import random
import threading
import time

import pytest

import ply
from conftest import random_playout


def position(game):
    """A position of `game` a few random plies in (the same each time)."""
    state = ply.new_game(game)
    random_playout(state, random.Random(5), max_plies=4)
    return state


def catalog_specs():
    for info in ply.games():
        for name in info.agents():
            yield info.name, name


@pytest.mark.parametrize("game,spec", list(catalog_specs()))
def test_every_catalog_agent_chooses_a_legal_move(game, spec):
    state = position(game)
    try:
        agent = ply.agent(spec, game=game, seed=3)
    except ValueError as e:
        # The network agents of a game that bundles no model need a model file
        # (test_learn.py plays one).
        if spec.startswith("az") and "bundles no model" in str(e):
            pytest.skip(f"{game} bundles no model")
        raise
    try:
        decision = agent.choose(state, time=0.05, depth=2, nodes=5000, iterations=200)
    except ValueError as e:
        # Breakthrough bundles a 6x6 model; the position here is on the default 8x8.
        if spec.startswith("az") and "no bundled model plays" in str(e):
            pytest.skip(f"{game}'s bundled models are for other variants")
        raise
    assert decision.move in state.legal_moves()
    assert decision.time >= 0 and decision.nodes >= 0
    if decision.pv:
        assert decision.pv[0] == decision.move


def test_alphabeta_reports_its_search():
    state = ply.new_game("connect4")
    decision = ply.agent("alphabeta:depth=6").choose(state)
    assert decision.depth == 6
    assert decision.nodes > 100
    assert len(decision.pv) >= 2
    # The principal variation is a line of legal moves.
    line = state.clone()
    for move in decision.pv:
        line.play(move)
    assert "alphabeta" in repr(ply.agent("alphabeta:depth=6"))


def test_the_perfect_agent_wins_a_won_position():
    state = ply.new_game("connect4")
    for column in "32164625":  # Pons' Test_L1_R1: a win for the player to move (11)
        state.play(column)
    decision = ply.agent("perfect", game="connect4").choose(state)
    after = state.clone()
    after.play(decision.move)
    assert ply.solve_connect4(after) == -11


def test_an_agent_without_a_game_serves_every_game_whose_catalog_has_it():
    agent = ply.agent("alphabeta:depth=2")
    assert set(agent.games) == {g.name for g in ply.games() if "alphabeta" in g.agents()}
    assert agent.games
    for game in agent.games:
        state = ply.new_game(game)
        assert agent.choose(state).move in state.legal_moves()
    only_connect4 = ply.agent("perfect")
    assert only_connect4.games == ["connect4"]
    with pytest.raises(ValueError, match="'perfect'.*tictactoe|tictactoe.*perfect"):
        only_connect4.choose(ply.new_game("tictactoe"))


@pytest.mark.parametrize(
    "spec,game,words",
    [
        ("alphabeta:dept=3", None, ["'dept'", "depth"]),
        ("alphabeta:depth=0", "connect4", ["depth"]),
        ("nosuchagent", None, ["nosuchagent", "alphabeta"]),
        ("mcts:c=-1", "tictactoe", ["c"]),
        ("alphabeta", "chess", ["'chess'"]),
        ("", "connect4", []),
    ],
)
def test_bad_specs_raise_value_errors_naming_them(spec, game, words):
    with pytest.raises(ValueError) as info:
        ply.agent(spec, game=game)
    for word in words:
        assert word in str(info.value)


def test_bad_limits_and_finished_games_raise():
    agent = ply.agent("random", game="tictactoe")
    with pytest.raises(ValueError, match="time"):
        agent.choose(ply.new_game("tictactoe"), time=-1)
    with pytest.raises(ValueError, match="depth"):
        agent.choose(ply.new_game("tictactoe"), depth=0)
    over = ply.new_game("tictactoe")
    for move in ["a1", "a2", "b1", "b2", "c1"]:
        over.play(move)
    with pytest.raises(ValueError, match="over"):
        agent.choose(over)


def test_seeded_agents_repeat_themselves():
    state = ply.new_game("quoridor")
    first = [ply.agent("mcts:iterations=300", seed=9).choose(state).move for _ in range(2)]
    assert first[0] == first[1]


def test_searches_release_the_gil():
    # A search on another thread must leave this one free to run Python: with the GIL
    # held for the whole search, the counter below could not move until it ended.
    state = ply.new_game("connect4")
    done = threading.Event()
    result = {}

    def search():
        result["decision"] = ply.agent("alphabeta:time=600ms,depth=64").choose(state)
        done.set()

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.05)
    ticks = 0
    start = time.perf_counter()
    while not done.is_set():
        ticks += 1
    elapsed = time.perf_counter() - start
    thread.join()
    assert result["decision"].move in state.legal_moves()
    assert elapsed > 0.2 and ticks > 10_000, (elapsed, ticks)
