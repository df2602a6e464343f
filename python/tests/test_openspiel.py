"""ply.openspiel: every game of the registry, loaded by OpenSpiel's `load_game`, runs
OpenSpiel's own algorithms unchanged: its MCTSBot, `evaluate_bots`, and what its AlphaZero
needs of a game (the game sent to worker processes, observations, masks).

Needs OpenSpiel (`pip install "./python[openspiel]"`); skipped without it. The AlphaZero
run itself needs JAX too (`pip install jax flax optax orbax-checkpoint chex`)."""

import multiprocessing
import os
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")

import ply  # noqa: E402
import ply.openspiel  # noqa: E402
from conftest import GAMES  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402


def mcts_bot(game, seed, simulations=30):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(
        game, 2.0, simulations, evaluator, random_state=np.random.RandomState(seed)
    )


def test_every_registered_game_is_an_openspiel_game():
    names = set(pyspiel.registered_names())
    assert ply.openspiel.registered() == [f"ply_{name}" for name in GAMES]
    assert set(ply.openspiel.registered()) <= names


class UniformEvaluator(mcts.Evaluator):
    """No rollouts: every leaf is worth 0, every move as likely. Keeps the search of long
    games (halma's random games run to the move limit) cheap."""

    def evaluate(self, state):
        return np.zeros(state.num_players())

    def prior(self, state):
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


@pytest.mark.parametrize("name", GAMES)
def test_mcts_plays_every_game_through_evaluate_bots(name):
    game = pyspiel.load_game(f"ply_{name}")
    players = game.num_players()
    search = mcts.MCTSBot(game, 2.0, 8, UniformEvaluator(), random_state=np.random.RandomState(1))
    bots = [search] + [
        uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(1, players)
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    assert len(returns) == players and all(-1 <= r <= 1 for r in returns)


def test_mcts_beats_random_at_connect_four_through_the_adapter():
    game = pyspiel.load_game("ply_connect4(width=5,height=4)")
    rng = np.random.RandomState(5)
    score = 0.0
    for seat in range(2):
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(2)]
        bots[seat] = mcts_bot(game, seat, simulations=200)
        score += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[seat]
    assert score == 2.0


def test_the_adapter_answers_as_the_ply_state_does():
    game = pyspiel.load_game("ply_quoridor(size=5,walls=2)")
    assert game.get_parameters()["walls"] == 2 and game.ply_game.variant.startswith("5x5")
    state = game.new_initial_state()
    ours = ply.new_game("quoridor", size=5, walls=2)
    for _ in range(12):
        action = state.legal_actions()[len(state.legal_actions()) // 2]
        assert state.legal_actions() == sorted(ours.legal_actions())
        assert state.action_to_string(action) == ours.action_to_string(action)
        assert state.observation_tensor() == ours.observation_tensor()
        assert state.legal_actions_mask() == ours.legal_actions_mask()
        state.apply_action(action)
        ours.apply_action(action)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == ours.history() != clone.history()
    assert state.information_state_string() == state.history_str()  # perfect recall
    assert game.observation_tensor_shape() == list(ours.observation_shape)


def test_an_unbounded_game_is_cut_as_a_draw_at_max_game_length():
    game = pyspiel.load_game("ply_quoridor(size=5,max_game_length=6)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 6 and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    with pytest.raises(Exception, match="max_game_length"):
        pyspiel.load_game("ply_quoridor(max_game_length=0)")


def _play_in_worker(game, queue):
    """Runs in a process started by `spawn`, as OpenSpiel's AlphaZero starts its actors."""
    state = game.new_initial_state()
    bot = mcts_bot(game, 3, simulations=10)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    queue.put((state.returns(), state.observation_tensor(0)[:3], state.legal_actions_mask()))


def test_a_game_sent_to_a_spawned_worker_plays_there_as_alphazero_sends_it():
    game = pyspiel.load_game("ply_tictactoe")
    state = game.new_initial_state()
    state.apply_action(4)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == [4] and again.ply_state.history() == [4]
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    worker = context.Process(target=_play_in_worker, args=(game, queue))
    worker.start()
    returns, _, mask = queue.get(timeout=120)
    worker.join(timeout=60)
    assert worker.exitcode == 0 and len(returns) == 2 and len(mask) == 9


@pytest.mark.skipif(
    not os.environ.get("PLY_TEST_ALPHAZERO"),
    reason="OpenSpiel's AlphaZero takes minutes on a CPU: set PLY_TEST_ALPHAZERO=1 (needs jax, "
    "flax, optax, orbax-checkpoint, chex)",
)
def test_openspiels_alphazero_trains_on_ply_tictactoe(tmp_path):
    pytest.importorskip("jax", reason="OpenSpiel's AlphaZero needs JAX")
    from open_spiel.python.algorithms.alpha_zero import alpha_zero

    config = alpha_zero.Config(
        game="ply_tictactoe", path=str(tmp_path), learning_rate=1e-3, weight_decay=1e-4,
        decouple_weight_decay=False, train_batch_size=32, replay_buffer_size=256,
        replay_buffer_reuse=4, max_steps=1, checkpoint_freq=1, actors=1, evaluators=1,
        uct_c=1.41, max_simulations=10, policy_alpha=1.0, policy_epsilon=0.25, temperature=1,
        temperature_drop=2, evaluation_window=5, eval_levels=2, nn_model="mlp", nn_width=16,
        nn_depth=1, observation_shape=None, output_size=None, quiet=True, verbose=False,
        nn_api_version="linen",
    )
    alpha_zero.alpha_zero(config)
    assert (tmp_path / "learner.jsonl").read_text().strip()
