"""``ply.arena``: tournaments with the records and summary of ``ply arena``."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from . import _ply

AgentLike = Union[str, "_ply.Agent", Callable[["_ply.State"], Any]]

# The tournament settings' defaults: the command line's (`ply arena --help`).
DEFAULTS: Dict[str, Any] = {
    "games": 10,
    "format": "round-robin",
    "openings": "random:2",
    "tolerance": 0.1,
    "hang_timeout": 60.0,
    "max_plies": 1000,
    "seed": 1,
}


@dataclass
class ArenaResult:
    """A tournament as ``ply arena`` reports it.

    ``result`` is what ``ply arena --json`` prints (game, variant, config, summary, ...),
    ``records`` one dict per game as a line of ``games.jsonl``, ``report`` the markdown
    report ``ply arena`` prints.
    """

    result: Dict[str, Any]
    records: Sequence[Dict[str, Any]]
    report: str

    @property
    def summary(self) -> Dict[str, Any]:
        """Results per pairing, ratings, per-agent statistics (``summary.json``)."""
        summary: Dict[str, Any] = self.result["summary"]
        return summary

    def games_table(self) -> List[Dict[str, Any]]:
        """One flat dict per game (for ``pandas.DataFrame``): index, rng seed, one
        ``agent_i`` and ``score_i`` per seat, plies, termination, reason, duration."""
        rows = []
        for r in self.records:
            row: Dict[str, Any] = {
                "index": r["index"],
                "rng_seed": r["rng_seed"],
                "opening": " ".join(r["opening"]),
                "plies": len(r["moves"]),
                "termination": r["termination"],
                "reason": r["reason"],
                "duration_ms": r["duration_ms"],
            }
            for seat, (agent, score) in enumerate(zip(r["agents"], r["scores"])):
                row[f"agent_{seat}"] = agent
                row[f"score_{seat}"] = score
            rows.append(row)
        return rows

    def agents_table(self) -> List[Dict[str, Any]]:
        """One flat dict per agent (for ``pandas.DataFrame``): score with its 95 % interval,
        wins/draws/losses, rating, mean time, nodes and depth per move."""
        rows = []
        for a in self.summary["agents"]:
            rating = a.get("rating") or {}
            rows.append(
                {
                    "agent": a["name"],
                    "wins": a["wdl"]["wins"],
                    "draws": a["wdl"]["draws"],
                    "losses": a["wdl"]["losses"],
                    "score": a["score"]["estimate"],
                    "score_low": a["score"]["low"],
                    "score_high": a["score"]["high"],
                    "elo": rating.get("elo"),
                    "elo_error95": rating.get("error95"),
                    "moves": a["moves"],
                    "mean_time_ms": a["mean_time_ms"],
                    "mean_nodes": a["mean_nodes"],
                    "mean_depth": a["mean_depth"],
                }
            )
        return rows


def _callable_name(function: Callable[..., Any], taken: Sequence[str]) -> str:
    base = "python:" + getattr(function, "__name__", type(function).__name__)
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    return name


def _start(
    game: Union[str, "_ply.State"], variant: Optional[Dict[str, Union[int, str]]]
) -> "_ply.State":
    """The position every game starts from: a game's name in a variant, or a State."""
    if isinstance(game, str):
        return _ply.new_game(game, **(variant or {}))
    if isinstance(game, _ply.State):
        if variant:
            raise ValueError("variant settings go with a game name; a State has its own")
        return game
    raise TypeError(f"game is a game name or a ply.State, not {type(game).__name__}")


def arena(
    game: Union[str, "_ply.State"],
    agents: Sequence[AgentLike],
    *,
    games: int = DEFAULTS["games"],
    variant: Optional[Dict[str, Union[int, str]]] = None,
    format: str = DEFAULTS["format"],
    openings: str = DEFAULTS["openings"],
    concurrency: Optional[int] = None,
    time_per_move: Optional[float] = None,
    time_per_game: Optional[float] = None,
    tolerance: float = DEFAULTS["tolerance"],
    hang_timeout: float = DEFAULTS["hang_timeout"],
    max_plies: int = DEFAULTS["max_plies"],
    seed: int = DEFAULTS["seed"],
    anchor: Optional[str] = None,
) -> ArenaResult:
    """Plays a tournament, as ``ply arena GAME --agents ...`` does, and returns its records
    and summary.

    ``game`` is a game's name (its start position in the ``variant`` settings) or a
    ``State`` to start every game from. ``agents`` are agent specs (``"alphabeta:depth=4"``),
    ``ply.Agent`` objects (their spec) or Python callables ``f(state) -> move`` (named
    ``python:NAME`` in the records; an exception or a non-move forfeits that game). The
    defaults are the command line's. Times are in seconds. With the same ``seed`` and agents
    that do not read the clock, two runs give the same games. Ctrl-C stops it with
    ``KeyboardInterrupt`` (the games in progress are given up).
    """
    start = _start(game, variant)
    specs: List[str] = []
    callables = []
    for agent in agents:
        if isinstance(agent, str):
            specs.append(agent)
        elif isinstance(agent, _ply.Agent):
            specs.append(agent.spec)
        elif callable(agent):
            name = _callable_name(agent, specs)
            specs.append(name)
            callables.append((name, agent))
        else:
            raise TypeError(
                f"an agent is a spec string, a ply.Agent or a callable, not {type(agent).__name__}"
            )
    if concurrency is None:
        # Python agents take the GIL in turn, so games of them gain nothing from more threads.
        concurrency = 1 if callables else (os.cpu_count() or 1)
    result_json, records_json, report = _ply._arena(
        start,
        specs,
        callables,
        format=format,
        games=games,
        openings=openings,
        concurrency=concurrency,
        time_per_move=time_per_move,
        time_per_game=time_per_game,
        tolerance=tolerance,
        hang_timeout=hang_timeout,
        max_plies=max_plies,
        seed=seed,
        anchor=anchor,
    )
    return ArenaResult(
        result=json.loads(result_json),
        records=[json.loads(r) for r in records_json],
        report=report,
    )


class Tournament:
    """A tournament whose games are played one at a time, by index: game ``i`` is fixed by
    the settings, the seed and ``i`` alone, so any scheduler may play the games anywhere, in
    any order, and ``result`` of their records is the tournament ``ply arena`` plays.

    ``game``, ``agents`` (specs or ``ply.Agent`` objects) and the keyword settings are
    ``ply.arena``'s, with the same defaults. A ``Tournament`` pickles (it is rebuilt from its
    settings), so it can be sent to other processes or machines.

    >>> t = ply.Tournament("tictactoe", ["random", "greedy"], games=2)
    >>> t.planned_games, t.play(1)["index"]
    (2, 1)
    """

    def __init__(
        self,
        game: Union[str, "_ply.State"],
        agents: Sequence[Union[str, "_ply.Agent"]],
        *,
        variant: Optional[Dict[str, Union[int, str]]] = None,
        **settings: Any,
    ) -> None:
        specs = [a.spec if isinstance(a, _ply.Agent) else a for a in agents]
        if not all(isinstance(s, str) for s in specs):
            raise TypeError("a tournament's agents are spec strings or ply.Agent objects")
        self._args = (_start(game, variant), specs, {**DEFAULTS, **settings})
        self._native = _ply._Tournament(self._args[0], specs, **self._args[2])

    def __reduce__(self) -> Any:
        start, specs, settings = self._args
        return (_rebuild_tournament, (start, specs, settings))

    @property
    def planned_games(self) -> int:
        """Games the schedule holds: indices ``0`` to ``planned_games - 1``."""
        return int(self._native.planned_games)

    def play(self, index: int) -> Dict[str, Any]:
        """Plays game ``index`` and returns its record (a line of ``games.jsonl``)."""
        return dict(json.loads(self._native.play(index)))

    def result(self, records: Sequence[Dict[str, Any]]) -> ArenaResult:
        """The tournament as far as ``records`` go (any order; each game once), as
        ``ply.arena`` returns it."""
        lines = [json.dumps(r) for r in records]
        result_json, report = self._native.result(lines)
        ordered = sorted(records, key=lambda r: int(r["index"]))
        return ArenaResult(result=json.loads(result_json), records=list(ordered), report=report)


def _rebuild_tournament(
    start: "_ply.State", specs: List[str], settings: Dict[str, Any]
) -> Tournament:
    return Tournament(start, specs, **settings)
