"""``ply.cluster``: tournaments, self-play and Connect Four opening books on a Ray cluster.

The work is split into ply's deterministic units, each played or solved by a Ray task:
game ``i`` of a tournament (``ply.Tournament``: fixed by the settings, the seed and ``i``)
and a run of positions of a book (fixed by the book and the run's place in the build
order). The driver writes what comes back to the same files the command line writes, so
a merge is exactly the local result:

- ``arena`` fills a run folder as ``ply arena --out DIR`` does (``config.json``,
  ``games.jsonl`` appended as games end, then ``games.jsonl`` in index order,
  ``summary.json``, ``report.md``, the plots and ``records.txt``); ``ply arena --resume
  DIR`` continues or re-summarises it, and ``resume=True`` continues a run either wrote;
- ``selfplay`` is ``arena`` for the games ``ply tune`` learns from (its ``records.txt``);
- ``book`` writes ``OUT.progress`` as each run of positions is solved and the book at the
  end, as ``ply solve connect4-book --out OUT`` does (either continues the other's
  progress file), and the book is the file ``ply solve --book`` reads.

A worker that dies has its task retried by Ray (``max_retries``); a unit that comes back
twice (a retry of a task that had in fact finished) is kept once: every game is known by
its index and every position by its key. Stopping the driver (Ctrl-C) loses no finished
unit: run the same call again with ``resume=True``.

Needs Ray: ``pip install "./python[cluster]"``. ``address`` is a running cluster's
(``"auto"`` for the one this machine belongs to); without it, and without a ``ray.init``
of the caller's own, a local cluster of this machine's cores is started.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _ply
from ._arena import ArenaResult, Tournament

__all__ = ["arena", "selfplay", "book"]


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            'ply.cluster needs Ray: pip install "./python[cluster]" (or pip install ray)'
        ) from e
    return ray


def _connect(address: Optional[str]) -> Any:
    """Ray, connected: to `address`, to the caller's own ``ray.init``, or to a new local
    cluster."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=address, logging_level="WARNING", log_to_driver=False)
    return ray


class _Progress:
    """One line on standard error per finished unit at most every second."""

    def __init__(self, what: str, total: int, done: int, shown: bool) -> None:
        self.what, self.total, self.done, self.shown = what, total, done, shown
        self.start = time.monotonic()
        self.last = 0.0

    def add(self, n: int) -> None:
        self.done += n
        now = time.monotonic()
        if self.shown and (now - self.last >= 1.0 or self.done == self.total):
            self.last = now
            print(
                f"cluster: {self.done}/{self.total} {self.what}, {now - self.start:.0f} s",
                file=sys.stderr,
                flush=True,
            )


def _chunks(items: Sequence[int], size: int) -> List[List[int]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _gather(
    ray: Any,
    task: Any,
    pieces: Iterable[Tuple[Any, ...]],
    take: Callable[[Any], None],
) -> None:
    """Submits `task` once per piece and hands each result to `take` as it comes back, in
    any order; cancels what is still running if the driver stops (Ctrl-C)."""
    pending = [task.remote(*piece) for piece in pieces]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                take(ray.get(ref))
    finally:
        for ref in pending:
            ray.cancel(ref)


# Each worker process builds a tournament once and keeps it for the games it is given (the
# last run's only: a worker serves one run at a time in turn).
_TOURNAMENTS: Dict[str, Tournament] = {}


def _play_games(key: str, tournament: Tuple[Any, ...], indices: List[int]) -> List[str]:
    """A Ray task: games `indices` of the tournament built from `tournament` (its
    arguments), each a line of ``games.jsonl``."""
    kept = _TOURNAMENTS.get(key)
    if kept is None:
        start, specs, settings = tournament
        _TOURNAMENTS.clear()
        kept = _TOURNAMENTS.setdefault(key, Tournament(start, specs, **settings))
    return [kept._native.play(i) for i in indices]


def arena(
    game: Union[str, "_ply.State"],
    agents: Sequence[Union[str, "_ply.Agent"]],
    out: Union[str, "os.PathLike[str]"],
    *,
    variant: Optional[Dict[str, Union[int, str]]] = None,
    resume: bool = False,
    overwrite: bool = False,
    address: Optional[str] = None,
    games_per_task: int = 1,
    max_retries: int = 3,
    progress: bool = True,
    **settings: Any,
) -> ArenaResult:
    """Plays the tournament ``ply.arena(game, agents, **settings)`` describes on a Ray
    cluster, each game a task, into the run folder ``out`` (as ``ply arena --out out``):
    every game is appended to ``games.jsonl`` as it comes back, and the summary, report,
    plots and ``records.txt`` are written at the end. Returns what ``ply.arena`` returns.

    A folder that holds results is refused unless ``overwrite`` (start again) or
    ``resume`` (keep its games, play the rest; the settings must be the ones it was
    started with, as ``ply arena --resume`` asks). ``games_per_task`` games go to each task
    (more amortise Ray's overhead on short games; fewer spread the work more evenly).
    """
    if resume and overwrite:
        raise ValueError("resume keeps a folder's games, overwrite deletes them: choose one")
    if games_per_task < 1:
        raise ValueError(f"games_per_task {games_per_task}: at least 1")
    tournament = Tournament(game, agents, variant=variant, **settings)
    mode = "resume" if resume else "overwrite" if overwrite else "fresh"
    folder = tournament._native.open_folder(os.fspath(out), mode)
    for warning in folder.warnings():
        print(f"cluster: warning: {warning}", file=sys.stderr)
    lines: Dict[int, str] = {json.loads(line)["index"]: line for line in folder.previous()}
    missing = [i for i in range(tournament.planned_games) if i not in lines]
    shown = _Progress("games", tournament.planned_games, len(lines), progress)

    def take(played: List[str]) -> None:
        for line in played:
            index = json.loads(line)["index"]
            if index not in lines:  # a retried task's game may come back twice
                folder.append(line)
                lines[index] = line
                shown.add(1)

    if missing:
        ray = _connect(address)
        task = ray.remote(num_cpus=1, max_retries=max_retries)(_play_games)
        shared = ray.put(tournament._args)
        key = f"{os.getpid()}-{id(tournament)}-{time.time_ns()}"
        _gather(ray, task, ((key, shared, c) for c in _chunks(missing, games_per_task)), take)
    records = [lines[i] for i in sorted(lines)]
    written, skipped = tournament._native.finish(folder, records)
    for reason in skipped:
        print(f"cluster: not written: {reason}", file=sys.stderr)
    return tournament.result([json.loads(r) for r in records])


def selfplay(
    game: Union[str, "_ply.State"],
    agents: Sequence[Union[str, "_ply.Agent"]],
    out: Union[str, "os.PathLike[str]"],
    **options: Any,
) -> str:
    """Self-play games for ``ply tune``: a tournament between settings of one engine
    (``["strongest:nodes=3000,eval=race-v2", "strongest:nodes=5000,eval=race-v2"]``),
    played by ``arena`` into ``out``; returns the path of its ``records.txt``, which
    ``ply tune GAME out/records.txt`` reads. Game ``i`` is fixed by the settings, the seed
    and ``i``, so the cluster plays exactly the games ``ply arena`` plays."""
    arena(game, agents, out, **options)
    return os.path.join(os.fspath(out), "records.txt")


# Each worker process keeps the book build it works on (the positions, in build order).
_BOOKS: Dict[Tuple[int, bool, Tuple[Tuple[str, str], ...]], Any] = {}


def _solve_positions(
    depth: int, outcomes: bool, variant: Tuple[Tuple[str, str], ...], run: Tuple[int, int],
    table_bits: int,
) -> List[Tuple[int, int]]:
    """A Ray task: the keys and scores of positions ``run[0]`` to ``run[1]`` (exclusive)
    of the book's build order."""
    build = _BOOKS.get((depth, outcomes, variant))
    if build is None:
        _BOOKS.clear()
        build = _BOOKS.setdefault(
            (depth, outcomes, variant), _ply._BookBuild(depth, outcomes, **dict(variant))
        )
    return list(build.solve(run[0], run[1], table_bits))


def book(
    out: Union[str, "os.PathLike[str]"],
    *,
    depth: int,
    outcomes: bool = False,
    table_bits: int = 24,
    positions_per_task: int = 16,
    address: Optional[str] = None,
    max_retries: int = 3,
    progress: bool = True,
    **variant: Union[int, str],
) -> str:
    """Builds the Connect Four opening book ``ply solve connect4-book --depth DEPTH --out
    OUT`` builds (``outcomes``: ``--outcomes``; ``width``, ``height``, ``k`` the board),
    each run of ``positions_per_task`` positions of its build order a Ray task, solved with
    a table of ``2**table_bits`` entries (8 bytes each) per worker. Each score is added to
    ``OUT.progress`` as it comes back; a build stopped part way (by Ctrl-C, or a driver
    that died) continues from there when run again, by this function or by the command.
    Returns the book's path; the book is the same bytes whoever built it."""
    if positions_per_task < 1:
        raise ValueError(f"positions_per_task {positions_per_task}: at least 1")
    build = _ply._BookBuild(depth, outcomes, **variant)
    keys = build.keys()
    path = os.fspath(out)
    # Checked, opened and read through the package's Rust side, as the command does: a
    # device, a folder or a FIFO in the book's or the progress file's place is refused,
    # and reading is capped.
    progress_path, fd = build.open_progress(path)
    with os.fdopen(fd, "a", encoding="utf-8") as log:
        # Two builds of one book at once would interleave their lines (the command holds
        # the same lock).
        try:
            fcntl.flock(log.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            raise ValueError(
                f"another build is writing the progress file {progress_path!r}: wait for "
                "it to finish, or build into another file"
            ) from e
        done: Dict[int, int] = dict(build.read_progress_file(progress_path))
        if done:
            log.write("\n")  # a line cut short by the interruption gets its end
        else:
            log.truncate(0)
            log.write(build.progress_header() + "\n")
        log.flush()
        runs = [
            (start, min(start + positions_per_task, len(keys)))
            for start in range(0, len(keys), positions_per_task)
            if any(k not in done for k in keys[start : start + positions_per_task])
        ]
        shown = _Progress("positions", len(keys), len(set(keys) & set(done)), progress)

        def take(solved: List[Tuple[int, int]]) -> None:
            fresh = [(k, s) for k, s in solved if k not in done]
            for key, score in fresh:
                done[key] = score
                log.write(build.progress_line(key, score))
            log.flush()
            shown.add(len(fresh))

        if runs:
            ray = _connect(address)
            task = ray.remote(num_cpus=1, max_retries=max_retries)(_solve_positions)
            shape = tuple(sorted((k, str(v)) for k, v in variant.items()))
            pieces = ((depth, outcomes, shape, run, table_bits) for run in runs)
            _gather(ray, task, pieces, take)
        build.write_book(done, path)
    os.remove(progress_path)
    return path
