#!/usr/bin/env python3
"""Plays ply against OpenSpiel's Chinese Checkers bots, with OpenSpiel as the referee.

OpenSpiel's `chinese_checkers` (121 holes) has the classic rules: no swaps, a player who
cannot move passes, the first player with every peg in the opposite point wins, and a game
that reaches `max_moves` turns is a draw. ply plays the same rules with
`ply engine halma --board star121 --rules classic`, whose JSON line protocol takes a
position and answers a move as the list of cells the peg visits.

OpenSpiel splits a turn into actions: a step is one action; a hop chain is one action per
hop, and after each hop the same player may hop on or end the turn with `Pass`. This driver
turns ply's move into those actions (every one checked against OpenSpiel's legal actions:
an illegal move by ply would lose the game and is reported) and asks the OpenSpiel bot for
one action at a time until the turn passes.

OpenSpiel numbers its cells row by row from the top point (player 0's start); ply uses axial
coordinates with player A's start at the bottom. The board is turned half a circle, so
OpenSpiel's player 0 is ply's A.

Setup, outside the repository's build (OpenSpiel is not a dependency of ply):

    python3 -m venv /tmp/os-venv && /tmp/os-venv/bin/pip install -r tools/openspiel/requirements.txt
    cargo build --release -p ply-cli
    /tmp/os-venv/bin/python tools/openspiel/halma_match.py --games 20 --opponent mcts-random

Prints one line per game and a summary (wins, draws, losses for ply; pegs home at the end;
mean time per move of each side), and with --json FILE writes every game. Under these rules a
player who keeps a peg in its start point (the other's home) stops the other from ever
winning, so games against a weak bot often end as draws at the move limit; the pegs home
say who was ahead.
"""

import argparse
import json
import math
import random
import subprocess
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

PASS = 726
RADIUS = 4


def ply_cells():
    """The 121 cells in ply's axial coordinates, in OpenSpiel's index order."""
    cells = []
    for y in range(-2 * RADIUS, 2 * RADIUS + 1):
        for x in range(-3 * RADIUS, 3 * RADIUS + 1):
            a = sorted([abs(x), abs(y), abs(x + y)])
            if a[2] <= 2 * RADIUS and a[1] <= RADIUS:
                cells.append((x, y))
    assert len(cells) == 121
    # OpenSpiel: rows from the top, left to right. Turned half a circle, that is ply's rows
    # from the bottom (y ascending), right to left (2x + y descending).
    return sorted(cells, key=lambda c: (c[1], -(2 * c[0] + c[1])))


CELLS = ply_cells()
INDEX = {c: i for i, c in enumerate(CELLS)}


def board_of(state):
    """The owner of each OpenSpiel cell (-1 empty), read from the state's drawing."""
    rows = [line for line in str(state).splitlines() if line and not line.startswith("Player")]
    marks = [t for line in rows for t in line.split()]
    assert len(marks) == 121, marks
    return [-1 if m == "." else int(m) - 1 for m in marks]


def position_json(state):
    board = board_of(state)
    letters = "AB"
    pegs = {letters[p]: [list(CELLS[i]) for i, o in enumerate(board) if o == p] for p in (0, 1)}
    pegs["turn"] = letters[state.current_player()]
    return json.dumps(pegs)


class PlyEngine:
    """`ply engine halma` as a subprocess: a position in, a move out."""

    def __init__(self, ply, agent, move_time, seed):
        cmd = [ply, "engine", "halma", "--board", "star121", "--players", "2",
               "--rules", "classic", "--agent", agent, "--seed", str(seed)]
        if move_time:
            cmd += ["--time", move_time]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def move(self, state):
        self.proc.stdin.write(position_json(state) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if isinstance(answer, dict):
            raise RuntimeError(f"ply refused the position: {answer}")
        return [tuple(c) for c in answer]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def actions_for_path(state, path):
    """OpenSpiel's actions for ply's move (a step, or one hop per landing, then Pass)."""
    actions = []
    probe = state.clone()
    player = probe.current_player()
    for a, b in zip(path, path[1:]):
        frm, to = INDEX[a], INDEX[b]
        wanted = [f"{frm}->{to}", f"{frm}=>{to}"]
        match = [x for x in probe.legal_actions() if probe.action_to_string(x) in wanted]
        if not match:
            legal = [probe.action_to_string(x) for x in probe.legal_actions()]
            raise ValueError(f"ply's move {path} is illegal for OpenSpiel at {wanted}: {legal}")
        probe.apply_action(match[0])
        actions.append(match[0])
    if not probe.is_terminal() and probe.current_player() == player:
        actions.append(PASS)
    return actions


class DistanceEvaluator(mcts.Evaluator):
    """MCTS leaf values from the pegs' distance to the opposite point (no rollout): the sum
    of each player's row distances to its goal tip, turned into a value in [-1, 1]."""

    def __init__(self):
        self.tips = {0: CELLS.index((-4, 8)), 1: CELLS.index((4, -8))}

    @staticmethod
    def _distance(cell, tip):
        (x1, y1), (x2, y2) = CELLS[cell], CELLS[tip]
        dx, dy = x1 - x2, y1 - y2
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        board = board_of(state)
        cost = [0, 0]
        for i, owner in enumerate(board):
            if owner >= 0:
                # Player 0 (ply's A) runs to the top point, which is (-4, 8) in ply's frame.
                cost[owner] += self._distance(i, self.tips[owner])
        lead = math.tanh((cost[1] - cost[0]) / 20.0)
        return np.array([lead, -lead])

    def prior(self, state):
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def make_bot(game, kind, simulations, seed):
    rng = np.random.RandomState(seed)
    if kind == "mcts-random":
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    elif kind == "mcts-distance":
        evaluator = DistanceEvaluator()
    else:
        raise SystemExit(f"unknown opponent {kind!r}: mcts-random or mcts-distance")
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                        random_state=rng, solve=False)


# OpenSpiel's start points: player 0 the top one (its cells 0-9), player 1 the bottom one
# (111-120); each player's home is the other's start.
START = {0: set(range(0, 10)), 1: set(range(111, 121))}


def pegs_home(state):
    """For each player, how many of its pegs stand in its home (the other's start point)."""
    board = board_of(state)
    return [sum(1 for i in START[1 - p] if board[i] == p) for p in (0, 1)]


def play_game(game, engine, bot, ply_seat):
    state = game.new_initial_state()
    times = {"ply": [], "openspiel": []}
    while not state.is_terminal():
        player = state.current_player()
        if state.legal_actions() == [PASS]:
            state.apply_action(PASS)
            continue
        start = time.perf_counter()
        if player == ply_seat:
            for action in actions_for_path(state, engine.move(state)):
                state.apply_action(action)
            times["ply"].append(time.perf_counter() - start)
        else:
            while not state.is_terminal() and state.current_player() == player:
                state.apply_action(bot.step(state))
            times["openspiel"].append(time.perf_counter() - start)
    returns = state.returns()
    home = pegs_home(state)
    return returns[ply_seat], len(times["ply"]) + len(times["openspiel"]), times, (
        home[ply_seat], home[1 - ply_seat])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--agent", default="champion", help="ply's agent spec")
    parser.add_argument("--time", default="", help="ply's --time, e.g. 200ms (default: the agent's own)")
    parser.add_argument("--opponent", default="mcts-random", help="mcts-random or mcts-distance")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--max-moves", type=int, default=1000, help="OpenSpiel's max_moves (turns)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write every game to this file")
    args = parser.parse_args()

    game = pyspiel.load_game("chinese_checkers", {"players": 2, "max_moves": args.max_moves})
    results, records, homes = [], [], []
    all_times = {"ply": [], "openspiel": []}
    for g in range(args.games):
        ply_seat = g % 2
        random.seed(args.seed + g)
        engine = PlyEngine(args.ply, args.agent, args.time, args.seed + g)
        bot = make_bot(game, args.opponent, args.simulations, args.seed + g)
        try:
            score, turns, times, home = play_game(game, engine, bot, ply_seat)
        finally:
            engine.close()
        outcome = {1.0: "win", -1.0: "loss", 0.0: "draw"}[score]
        results.append(outcome)
        for side in all_times:
            all_times[side] += times[side]
        mean = {s: (sum(t) / len(t) if t else 0.0) for s, t in times.items()}
        homes.append(home)
        print(f"game {g + 1}: ply as {'AB'[ply_seat]} ({ply_seat}): {outcome} in {turns} turns; "
              f"pegs home ply {home[0]}/10, OpenSpiel {home[1]}/10; "
              f"mean move ply {mean['ply']:.3f} s, OpenSpiel {mean['openspiel']:.3f} s", flush=True)
        records.append({"game": g + 1, "ply_seat": ply_seat, "outcome": outcome, "turns": turns,
                        "ply_pegs_home": home[0], "openspiel_pegs_home": home[1],
                        "ply_move_s": mean["ply"], "openspiel_move_s": mean["openspiel"]})
    w, d, l = (results.count(x) for x in ("win", "draw", "loss"))
    mean = {s: (sum(t) / len(t) if t else 0.0) for s, t in all_times.items()}
    print(f"ply ({args.agent}{', --time ' + args.time if args.time else ''}) against OpenSpiel "
          f"{args.opponent} ({args.simulations} simulations), max_moves {args.max_moves}: "
          f"{w} wins, {d} draws, {l} losses in {len(results)} games "
          f"(score {(w + d / 2) / max(1, len(results)):.0%}); mean time per move: ply "
          f"{mean['ply']:.3f} s, OpenSpiel {mean['openspiel']:.3f} s; mean pegs home at the end: "
          f"ply {sum(h[0] for h in homes) / max(1, len(homes)):.1f}, OpenSpiel "
          f"{sum(h[1] for h in homes) / max(1, len(homes)):.1f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "games": records}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
