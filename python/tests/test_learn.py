"""ply.learn: ``ply train``'s loop from Python, self-play as a pure function of its inputs,
the examples as NumPy arrays, and the model a run writes playing as ``ply.agent("az:…")``.

Every run here is tiny (a net of one block of 8 channels, a handful of games of a few
simulations): seconds, not minutes, and no assertion about time."""

import json
import os
import subprocess

import numpy as np
import pytest

import ply
import ply.learn
from conftest import TINY_RUN



@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("learn") / "run"
    progress = ply.learn.train("tictactoe", out, **TINY_RUN)
    return out, progress


def test_a_run_writes_its_models_checkpoint_and_curve(run):
    out, progress = run
    assert progress["step"] == TINY_RUN["steps"]
    for name in ["run.json", "checkpoint.safetensors", "latest.plym", "best.plym", "curve.svg"]:
        assert (out / name).is_file(), name
    settings = json.loads((out / "run.json").read_text())
    assert settings["game"] == "tictactoe" and settings["steps"] == TINY_RUN["steps"]
    assert settings["selfplay"]["simulations"] == TINY_RUN["sims"]


def test_self_play_is_the_same_for_the_same_inputs(run):
    out, _ = run
    model = (out / "latest.plym").read_bytes()
    first = ply.learn.self_play(model, "tictactoe", games=3, first=10, sims=8, seed=2)
    again = ply.learn.self_play(out / "latest.plym", "tictactoe", games=3, first=10, sims=8, seed=2)
    assert first == again
    assert [g["index"] for g in first] == [10, 11, 12]
    other = ply.learn.self_play(model, "tictactoe", games=3, first=10, sims=8, seed=3)
    assert other != first
    for game in first:
        state = ply.new_game("tictactoe")
        for action in game["moves"]:
            assert action in state.legal_actions()
            state.apply_action(action)
        assert state.is_terminal()
        assert len(game["rewards"]) == 2


def test_examples_are_numpy_arrays_of_the_games_positions(run):
    out, _ = run
    games = ply.learn.self_play(out / "latest.plym", "tictactoe", games=2, sims=8)
    obs, policy, values = ply.learn.examples("tictactoe", games)
    n = obs.shape[0]
    # Each searched position, and its mirror image.
    searched = sum(1 for g in games for t in g["targets"] if t is not None)
    assert n == 2 * searched
    assert obs.dtype == policy.dtype == values.dtype == np.float32
    assert obs.shape[1:] == (4, 3, 3), "the game's 3 planes and the mover's seat"
    assert policy.shape == (n, 9) and values.shape == (n, 2)
    assert np.allclose(policy.sum(axis=1), 1.0, atol=1e-5)
    assert ((values >= 0) & (values <= 1)).all()
    from_lines = ply.learn.examples("tictactoe", [json.dumps(g) for g in games])
    assert all(np.array_equal(a, b) for a, b in zip((obs, policy, values), from_lines))


def test_q_share_blends_the_searchs_values_into_the_value_targets(run):
    out, _ = run
    games = ply.learn.self_play(out / "latest.plym", "tictactoe", games=2, sims=8)
    for game in games:
        assert len(game["values"]) == len(game["moves"])
    _, _, outcomes = ply.learn.examples("tictactoe", games)
    _, _, searched = ply.learn.examples("tictactoe", games, q_share=1.0)
    _, _, half = ply.learn.examples("tictactoe", games, q_share=0.5)
    assert np.allclose(half, (outcomes + searched) / 2, atol=1e-6)
    assert not np.array_equal(outcomes, searched)
    # Two seats: the other's value is the rest.
    assert np.allclose(searched.sum(axis=1), 1.0, atol=1e-6)
    for wrong in [-0.1, 1.5, float("nan")]:
        with pytest.raises(ValueError, match="q_share"):
            ply.learn.examples("tictactoe", games, q_share=wrong)


def test_the_run_folders_examples_are_every_game_it_played(run):
    out, _ = run
    obs, policy, values = ply.learn.run_examples(out)
    assert obs.shape[0] == policy.shape[0] == values.shape[0] > 0


def test_the_model_plays_as_an_az_agent_and_alone(run):
    out, _ = run
    state = ply.new_game("tictactoe")
    for spec in [f"az:model={out / 'best.plym'},sims=16", f"az-policy:model={out / 'best.plym'}"]:
        agent = ply.agent(spec, game="tictactoe")
        assert agent.choose(state).move in state.legal_moves()
    # The bundled model, by its name and by default.
    for spec in ["az:model=3x3,sims=50", "az-policy"]:
        assert ply.agent(spec, game="tictactoe").choose(state).move in state.legal_moves()


def test_a_model_for_another_game_is_refused_naming_both(run):
    out, _ = run
    with pytest.raises(ValueError, match="tictactoe") as refused:
        ply.agent(f"az:model={out / 'best.plym'}", game="connect4").choose(
            ply.new_game("connect4")
        )
    assert "connect4" in str(refused.value)


def test_resume_goes_on_and_refuses_other_settings(run, tmp_path):
    out, _ = run
    with pytest.raises(ValueError, match="only steps"):
        ply.learn.train(None, out, resume=True, steps=3, sims=9)
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(out), str(copy)], check=True)
    progress = ply.learn.train(None, copy, resume=True, steps=3)
    assert progress["step"] == 3


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(steps=0), "steps"),
        (dict(sims="many"), "sims"),
        (dict(width=99), "width"),
    ],
)
def test_bad_settings_are_refused_before_anything_is_written(tmp_path, options, words):
    out = tmp_path / "bad"
    with pytest.raises(ValueError, match=words):
        ply.learn.train("connect4", out, **options)
    assert not out.exists()


def test_self_play_refuses_a_file_that_is_not_a_model(tmp_path):
    bad = tmp_path / "bad.plym"
    bad.write_bytes(b"\x00" * 64)
    with pytest.raises(ValueError, match="model"):
        ply.learn.self_play(bad, "tictactoe")
    assert os.path.getsize(bad) == 64
