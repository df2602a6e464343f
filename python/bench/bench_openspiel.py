"""ply through Python against OpenSpiel through Python, same machine, same run.

Measures, on Connect Four (7x6) and Quoridor (9x9, 10 walls each):

1. random playouts per second, each a loop in Python over the library's own API (ply and
   OpenSpiel alike: ``legal_actions`` / ``apply_action``), so the
   figure is what a Python user's own loop gets, bindings included;
2. a fixed-depth alpha-beta search from the start position: OpenSpiel's
   ``open_spiel.python.algorithms.minimax.alpha_beta_search`` (Python; pyspiel has no C++
   alpha-beta binding) against ply's ``alphabeta`` run through ``ply.agent(...).choose``,
   both plain (no table, no iterative deepening, no ordering heuristics, a zero evaluation
   at the horizon: the same algorithm) and as ply plays it by default (its evaluation,
   table, PVS, killers, history) for reference.

Usage: ``python bench/bench_openspiel.py [--seconds 3]`` in an environment with ply
installed (``pip install ./python``). OpenSpiel is not a dependency of ply: install it
beside it with ``pip install open_spiel`` to get its columns; without it only ply's run.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import sys
import time
from typing import Callable, List, Optional, Tuple

import ply

try:  # OpenSpiel is optional: the rest of the benchmark runs without it.
    import pyspiel
    from open_spiel.python.algorithms import minimax as os_minimax
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None
    os_minimax = None

GAMES = {
    # name: (ply game and settings, OpenSpiel game string, alpha-beta depth)
    "Connect Four 7x6": (("connect4", {}), "connect_four", 9),
    "Quoridor 9x9, 10 walls": (("quoridor", {"size": 9, "walls": 10}), "quoridor(board_size=9,wall_count=10,players=2)", 4),
}

PLAIN = "alphabeta:depth={d},eval=zero,tt=0,id=false,pvs=false,killers=false,history=false"
DEFAULT = "alphabeta:depth={d}"


def rate(playout: Callable[[], int], seconds: float) -> Tuple[float, float]:
    """Playouts per second and plies per second of `playout` run for about `seconds`."""
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += playout()
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


def ply_playout(game: str, settings: dict, rng: random.Random) -> Callable[[], int]:
    start = ply.new_game(game, **settings)

    def playout() -> int:
        state = start.clone()
        plies = 0
        while not state.is_over():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        return plies

    return playout


def spiel_playout(game_string: str, rng: random.Random) -> Callable[[], int]:
    game = pyspiel.load_game(game_string)

    def playout() -> int:
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        return plies

    return playout


def timed(run: Callable[[], object]) -> Tuple[float, object]:
    """The time of one run and its result."""
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def best_of(rounds: int, *measures: Callable[[], Tuple[float, object]], lower: bool = False):
    """Runs the measures in turn, `rounds` times (so a load that comes and goes on the
    machine hits each alike), and keeps each one's best round: the highest first figure,
    or the lowest with `lower`. Returns one (figure, result) per measure."""
    best: List[Optional[Tuple[float, object]]] = [None] * len(measures)
    for _ in range(rounds):
        for i, measure in enumerate(measures):
            figure, result = measure()
            if best[i] is None or (figure < best[i][0] if lower else figure > best[i][0]):
                best[i] = (figure, result)
    return best


def spiel_alpha_beta(game_string: str, depth: int) -> Callable[[], Tuple[float, int]]:
    """A run of OpenSpiel's Python alpha-beta: its seconds and the leaves it evaluated."""
    game = pyspiel.load_game(game_string)
    leaves = [0]

    def zero(state) -> float:
        leaves[0] += 1
        return 0.0

    def run() -> Tuple[float, int]:
        leaves[0] = 0
        seconds, _ = timed(
            lambda: os_minimax.alpha_beta_search(game, maximum_depth=depth, value_function=zero)
        )
        return seconds, leaves[0]

    return run


def ply_alpha_beta(game: str, settings: dict, spec: str) -> Callable[[], Tuple[float, int]]:
    """A run of ply's alpha-beta through Python: its seconds and the nodes it visited."""
    state = ply.new_game(game, **settings)

    def run() -> Tuple[float, int]:
        # A fresh agent each time: no table or history carried over.
        agent = ply.agent(spec, game=game)
        seconds, decision = timed(lambda: agent.choose(state))
        return seconds, decision.nodes

    return run


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="playout time a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each measure")
    args = parser.parse_args(argv)

    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"# ply {ply.__version__} vs OpenSpiel, {now:%Y-%m-%d %H:%M} UTC")
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.processor() or platform.platform()}")
    if pyspiel is None:
        print("# OpenSpiel not installed (pip install open_spiel): ply's figures only")
    else:
        from importlib.metadata import version

        print(f"# OpenSpiel {version('open_spiel')}")
    print()
    print(f"# best of {args.rounds} alternating rounds; playouts {args.seconds:g} s a round")
    print()
    print("| game | measure | ply (Python API) | OpenSpiel (Python API) |")
    print("|---|---|---:|---:|")
    have_spiel = pyspiel is not None
    for title, ((game, settings), spiel_name, depth) in GAMES.items():
        measures = [lambda: rate(ply_playout(game, settings, random.Random(1)), args.seconds)]
        if have_spiel:
            measures.append(lambda: rate(spiel_playout(spiel_name, random.Random(1)), args.seconds))
        results = best_of(args.rounds, *measures)
        cells = [f"{games:,.0f} ({plies:,.0f} plies/s)" for games, plies in results]
        cells += ["n/a"] * (2 - len(cells))
        print(f"| {title} | random playouts/s | {cells[0]} | {cells[1]} |")

        measures = [ply_alpha_beta(game, settings, PLAIN.format(d=depth))]
        if have_spiel:
            measures.append(spiel_alpha_beta(spiel_name, depth))
        results = best_of(args.rounds, *measures, lower=True)
        cells = [f"{seconds * 1e3:,.1f} ms ({count:,} {unit})"
                 for (seconds, count), unit in zip(results, ["nodes", "leaves"])]
        cells += ["n/a"] * (2 - len(cells))
        print(f"| {title} | alpha-beta depth {depth}, plain, zero eval | {cells[0]} | {cells[1]} |")

        ((seconds, nodes),) = best_of(
            args.rounds, ply_alpha_beta(game, settings, DEFAULT.format(d=depth)), lower=True
        )
        print(
            f"| {title} | alpha-beta depth {depth}, ply's default (eval, table, PVS) | "
            f"{seconds * 1e3:,.1f} ms ({nodes:,} nodes) | - |"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
