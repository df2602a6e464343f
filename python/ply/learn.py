"""``ply.learn``: the AlphaZero-style learner of ``ply train`` from Python.

- ``train(game, out, ...)`` runs ``ply train``'s loop (self-play, training, checkpoints, the
  gate and the baseline match, the learning curve) into the run folder ``out``; with
  ``resume=True`` it goes on with the run there. Self-play runs on this process's threads,
  or on a Ray cluster with ``ply.cluster.train``.
- ``self_play(model, ...)`` plays self-play games with a model file and returns them.
- ``examples(...)`` turns self-play games (a run folder's, or ``self_play``'s) into NumPy
  arrays for training a network of one's own: observations ``(n, planes, rows, columns)``
  (the game's planes and one more, the mover's seat), policy targets ``(n, actions)`` (the
  search's visit shares) and values ``(n, seats)`` (each seat's result, 0 to 1, from the
  mover's side), each position twice where the game has a mirror.

Keyword settings are ``ply train``'s flags with ``_`` for ``-`` (``steps``, ``sims``,
``blocks``, ``threads``, ...); any other keyword is a setting of the game's variant
(``width=8``). A model plays as ``ply.agent("az:model=FILE")``.
"""

from __future__ import annotations

import glob
import json
import os
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

import numpy as np

from . import _ply

__all__ = ["train", "self_play", "examples", "run_examples"]

Games = List[Dict[str, Any]]
Arrays = Tuple[np.ndarray, np.ndarray, np.ndarray]


def _settings_json(game: str, options: Dict[str, Any]) -> str:
    return _ply._run_settings(game, options)


def train(
    game: Optional[str],
    out: Union[str, os.PathLike],
    *,
    resume: bool = False,
    self_play: Optional[Callable[[bytes, str, List[int]], Iterable[str]]] = None,
    **options: Any,
) -> Dict[str, Any]:
    """Trains a network for ``game`` by self-play into the run folder ``out`` (or, with
    ``resume=True``, goes on with the run there to ``steps`` steps; ``game`` may then be
    ``None``) and returns the run's progress. ``self_play(model, run_json, indices)``, if
    given, plays the games ``indices`` and yields each as a JSON line as it finishes (what
    ``ply.cluster.train`` passes); otherwise this process's threads play them. Ctrl-C stops
    the run after the step in progress; ``resume=True`` goes on from there."""
    if resume:
        kept = json.loads(open(os.path.join(out, "run.json"), encoding="utf-8").read())
        game = game or kept["game"]
        run_json = _settings_json(game, {"steps": options.get("steps", kept["steps"])})
        if set(options) - {"steps"}:
            raise ValueError(
                "resume=True goes on with the run's own settings; only steps may change"
            )
    else:
        if game is None:
            raise ValueError("a new run needs its game")
        run_json = _settings_json(game, options)
    return json.loads(_ply._train(os.fspath(out), run_json, resume, self_play))


def self_play(
    model: Union[str, os.PathLike, bytes],
    game: str,
    games: int = 1,
    first: int = 0,
    **options: Any,
) -> Games:
    """Plays self-play games ``first`` to ``first + games - 1`` with ``model`` (a model
    file's path or bytes) under ``ply train``'s self-play settings (``sims``, ``fast_sims``,
    ``seed``, ...) and returns them, each a dict: ``index``, ``moves`` (action numbers),
    ``targets`` (``[action, share]`` pairs, or ``None`` for a fast move), ``values`` (the
    search's value of each position for its mover, 0 to 1, or ``None`` for a fast move) and
    ``rewards`` (by seat), in the order of their numbers. The same inputs give the same
    games."""
    if not isinstance(model, bytes):
        with open(model, "rb") as f:
            model = f.read()
    run_json = _settings_json(game, options)
    lines = _ply._self_play(model, run_json, list(range(first, first + games)))
    return sorted((json.loads(line) for line in lines), key=lambda game: game["index"])


def _arrays(
    game: str, lines: List[str], q_share: float, variant: Dict[str, Any]
) -> Arrays:
    obs, obs_shape, policy, policy_shape, values, values_shape = _ply._examples(
        game, lines, q_share, **variant
    )
    return (
        np.frombuffer(obs, dtype=np.float32).reshape(obs_shape).copy(),
        np.frombuffer(policy, dtype=np.float32).reshape(policy_shape).copy(),
        np.frombuffer(values, dtype=np.float32).reshape(values_shape).copy(),
    )


def examples(
    game: str,
    games: Iterable[Union[Dict[str, Any], str]],
    q_share: float = 0.0,
    **variant: Any,
) -> Arrays:
    """The training examples of self-play ``games`` (dicts as ``self_play`` returns them, or
    their JSON lines) of ``game``'s variant: ``(observations, policy, values)``. The values
    are the games' outcomes, with the search's values blended in by ``q_share`` (0 to 1), as
    ``ply train --q-share`` does."""
    lines = [g if isinstance(g, str) else json.dumps(g) for g in games]
    return _arrays(game, lines, q_share, variant)


def run_examples(out: Union[str, os.PathLike]) -> Arrays:
    """The training examples of every self-play game of the run folder ``out`` (written by
    ``ply train`` or ``train``), in the order they were played, their values blended as the
    run's ``q_share`` says."""
    with open(os.path.join(out, "run.json"), encoding="utf-8") as f:
        run = json.load(f)
    lines: List[str] = []
    def round_of(path: str) -> int:
        return int(os.path.basename(path)[len("round-") : -len(".jsonl")])

    paths = glob.glob(os.path.join(os.fspath(out), "games", "round-*.jsonl"))
    for path in sorted(paths, key=round_of):
        with open(path, encoding="utf-8") as f:
            # A line cut short by a stop does not read: it is left out, as the run does.
            for line in f:
                try:
                    json.loads(line)
                except ValueError:
                    continue
                lines.append(line.strip())
    return _arrays(run["game"], lines, run.get("q_share", 0.0), dict(run["variant"]))
