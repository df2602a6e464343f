"""Tournaments: reproducible from their seed, Python callables among the agents, and the
same records and summary as `ply arena`."""

import json
import os
import subprocess
import tempfile

import pytest

import ply


def without_times(records):
    """The records with every timing removed (as the Rust GameRecord::without_times)."""
    out = []
    for r in records:
        r = dict(r, duration_ms=0.0, moves=[dict(m, time_ms=0.0) for m in r["moves"]])
        out.append(r)
    return out


def test_a_run_is_reproducible_from_its_seed():
    kwargs = dict(games=4, seed=17, openings="random:2")
    agents = ["alphabeta:depth=3", "mcts:iterations=200", "greedy"]
    first = ply.arena("connect4", agents, **kwargs)
    second = ply.arena("connect4", agents, **kwargs)
    assert len(first.records) == 3 * 4
    assert without_times(first.records) == without_times(second.records)
    other = ply.arena("connect4", agents, **dict(kwargs, seed=18))
    assert without_times(other.records) != without_times(first.records)


def test_summary_and_tables():
    result = ply.arena("tictactoe", ["alphabeta:depth=9", "random"], games=6, seed=2)
    assert result.summary["games"] == 6
    table = {row["agent"]: row for row in result.agents_table()}
    assert table["alphabeta:depth=9"]["losses"] == 0
    assert table["random"]["wins"] == 0
    games = result.games_table()
    assert len(games) == 6 and {"agent_0", "score_1", "termination"} <= set(games[0])
    assert "# Tournament: tictactoe" in result.report
    assert result.result["config"]["rng_seed"] == 2


def test_python_callables_play_and_misbehaving_ones_forfeit():
    def first_move(state):
        return state.legal_moves()[0]

    def by_action(state):
        return state.legal_actions()[-1]

    def raises(state):
        raise RuntimeError("no idea")

    def illegal(state):
        return "a1" if "a1" in state.history_notation() else "b2" if "b2" in state.history_notation() else "a1"

    result = ply.arena(
        "tictactoe", ["random", first_move, by_action, raises], games=2, seed=4
    )
    names = {row["agent"] for row in result.agents_table()}
    assert names == {"random", "python:first_move", "python:by_action", "python:raises"}
    for record in result.records:
        if "python:raises" in record["agents"]:
            assert record["termination"] == "panic"
            assert "RuntimeError: no idea" in record["reason"]
        else:
            assert record["termination"] == "normal"
    cheat = ply.arena("tictactoe", ["random", illegal], games=2, seed=4, openings="none")
    assert any(r["termination"] == "illegal-move" for r in cheat.records)


def test_bad_setups_raise():
    with pytest.raises(ValueError, match="'dept'"):
        ply.arena("connect4", ["alphabeta:dept=3", "random"])
    with pytest.raises(ValueError, match="two agents"):
        ply.arena("connect4", ["random"])
    with pytest.raises(ValueError, match="format"):
        ply.arena("connect4", ["random", "greedy"], format="swiss")
    with pytest.raises(ValueError, match="openings|random:K"):
        ply.arena("connect4", ["random", "greedy"], openings="random:x")
    with pytest.raises(ValueError, match="'chess'"):
        ply.arena("chess", ["random", "greedy"])
    with pytest.raises(TypeError, match="agent"):
        ply.arena("connect4", ["random", 3])


def test_a_state_sets_the_start_and_the_variant():
    start = ply.new_game("connect4", width=5, height=4)
    start.play("3")
    result = ply.arena(start, ["random", "greedy"], games=2, openings="none", seed=1)
    assert all(r["start_position"] == start.position() for r in result.records)
    assert result.result["variant"] == start.variant


CLI = os.environ.get("PLY_CLI")


@pytest.mark.skipif(not CLI, reason="set PLY_CLI to a `ply` binary to compare with it")
def test_the_same_records_and_summary_as_ply_arena():
    agents = ["alphabeta:depth=4", "random"]
    result = ply.arena("connect4", agents, games=4, seed=5, concurrency=2)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [CLI, "arena", "connect4", "--agents", ",".join(agents), "--games", "4",
             "--seed", "5", "--concurrency", "2", "--out", folder, "--json"],
            check=True, capture_output=True,
        )
        with open(os.path.join(folder, "games.jsonl")) as f:
            records = [json.loads(line) for line in f]
        with open(os.path.join(folder, "summary.json")) as f:
            summary = json.load(f)
    assert without_times(records) == without_times(result.records)
    # summary.json is `ply arena --json`'s whole result: game, config and summary.
    assert without_clock(summary) == without_clock(result.result)


def without_clock(value):
    """`value` without what the clock decides (times per move, per game, per agent)."""
    if isinstance(value, dict):
        return {k: without_clock(v) for k, v in value.items() if "time" not in k}
    if isinstance(value, list):
        return [without_clock(v) for v in value]
    return value
