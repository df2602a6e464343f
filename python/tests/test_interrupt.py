"""Ctrl-C stops long work (a search, perft, a solve, a tournament) with KeyboardInterrupt,
and leaves the state as it was. Each piece of work would run for seconds to minutes if the
interrupt were ignored; the bound on how long it took to stop is generous (the machine may
be loaded): the point is that it stops at all."""

import os
import signal
import threading
import time

import pytest

import ply

# Generous: an interrupt honoured takes milliseconds; one ignored takes the work's whole run.
PROMPT = 5.0


def interrupted(work, after=0.2):
    """Runs `work`, sending this process SIGINT (as Ctrl-C does) `after` seconds in; returns
    the seconds from the signal to the KeyboardInterrupt."""
    timer = threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
        timer.join()
    return time.perf_counter() - start - after


def connect4_after(moves, **settings):
    state = ply.new_game("connect4", **settings)
    for column in moves:
        state.play(column)
    return state


def test_ctrl_c_stops_a_search_and_leaves_the_state_alone():
    state = connect4_after("44")
    before = (state.position(), state.history())
    agent = ply.agent("alphabeta", game="connect4")
    assert interrupted(lambda: agent.choose(state, time=30)) < PROMPT
    assert (state.position(), state.history()) == before
    # The agent answers again afterwards.
    assert agent.choose(state, depth=2).move in state.legal_moves()


@pytest.mark.parametrize("spec", ["mcts", "perfect", "solver"])
def test_ctrl_c_stops_every_kind_of_search(spec):
    # 8x7 has no opening book: the solvers would search for a long time.
    state = connect4_after("4", width=8, height=7)
    agent = ply.agent(spec, game="connect4")
    assert interrupted(lambda: agent.choose(state, time=30)) < PROMPT
    assert state.history_notation() == ["4"]


def test_ctrl_c_stops_perft():
    state = connect4_after("4")
    assert interrupted(lambda: ply.perft(state, 12)) < PROMPT
    assert state.history_notation() == ["4"]
    assert ply.perft(state, 2) == 49


def test_ctrl_c_stops_a_solve():
    ply.solve_connect4("32164625")  # the solver's table is allocated before the interrupt
    assert interrupted(lambda: ply.solve_connect4("", width=8, height=7)) < PROMPT
    assert interrupted(lambda: ply.analyze_connect4("4", width=8, height=7)) < PROMPT
    assert ply.solve_connect4("32164625") == 11


def test_ctrl_c_stops_a_tournament_and_its_games_in_progress():
    agents = ["alphabeta:time=20s", "mcts:time=20s"]
    work = lambda: ply.arena("connect4", agents, games=2, max_plies=4, concurrency=2)
    assert interrupted(work) < PROMPT
    result = ply.arena("connect4", ["random", "greedy"], games=2)
    assert len(result.records) == 2


def test_work_on_another_thread_runs_to_its_end():
    # Python delivers signals to the main thread only: a search on another thread is not
    # interrupted, and returns its move.
    state = connect4_after("4")
    out = {}
    worker = threading.Thread(
        target=lambda: out.update(move=ply.agent("alphabeta:depth=4").choose(state).move)
    )
    worker.start()
    worker.join()
    assert out["move"] in state.legal_moves()
