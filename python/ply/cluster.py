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
  progress file), and the book is the file ``ply solve --book`` reads;
- ``train`` is ``ply train``'s loop with its self-play games played by Ray tasks and the
  training done by the driver: the run folder is the one ``ply train --out DIR`` writes,
  and either continues the other's run (``resume=True``, ``ply train --resume DIR``).

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
import itertools
import json
import os
import sys
import time
import warnings
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _ply
from ._arena import ArenaResult, Tournament

__all__ = ["arena", "selfplay", "book", "train"]


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
        try:
            ray.init(address=address, logging_level="WARNING", log_to_driver=False)
        except ConnectionError as e:
            raise ConnectionError(
                f"no Ray cluster to join at address={address!r}: start one first (`ray start "
                "--head` on this machine, see docs/cluster.md), or leave address out for a "
                f"local cluster of this machine's cores ({e})"
            ) from e
    return ray


def _window(ray: Any, tasks_in_flight: Optional[int]) -> int:
    """How many tasks the driver keeps submitted at once: enough to keep every CPU of the
    cluster busy while results travel back (two per CPU), few enough that the driver's
    bookkeeping stays small whatever the number of units."""
    if tasks_in_flight is not None:
        if tasks_in_flight < 1:
            raise ValueError(f"tasks_in_flight {tasks_in_flight}: at least 1")
        return tasks_in_flight
    return max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))


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


def _gather(
    ray: Any,
    task: Any,
    pieces: Iterable[Tuple[Any, ...]],
    take: Callable[[Any], None],
    window: int,
) -> None:
    """Runs `task` once per piece with at most `window` tasks in flight, and hands each
    result to `take` as it comes back, in any order. Every wait collects all the results
    ready by then in one batch, and as many new pieces are submitted (before the batch is
    taken, so the workers stay busy): the driver's work per result does not grow with the
    number of pieces. Cancels what is still running if the driver stops (Ctrl-C)."""
    queue = iter(pieces)
    in_flight: List[Any] = []

    def submit(count: int) -> None:
        in_flight.extend(task.remote(*piece) for piece in itertools.islice(queue, count))

    try:
        submit(window)
        while in_flight:
            ray.wait(in_flight, num_returns=1)  # block for the first
            ready, waiting = ray.wait(in_flight, num_returns=len(in_flight), timeout=0)
            in_flight[:] = waiting
            results = ray.get(ready)
            submit(len(ready))
            for result in results:
                take(result)
    finally:
        for ref in in_flight:
            ray.cancel(ref)


def _stream(
    ray: Any, task: Any, pieces: Iterable[Tuple[Any, ...]], window: int
) -> Iterator[Any]:
    """`_gather` as a generator: each result as it comes back, in any order; closing the
    generator (the consumer stops) cancels what is still running."""
    queue = iter(pieces)
    in_flight: List[Any] = []
    try:
        in_flight.extend(task.remote(*piece) for piece in itertools.islice(queue, window))
        while in_flight:
            ready, waiting = ray.wait(in_flight, num_returns=1, timeout=1.0)
            if not ready:
                continue
            ready, waiting = ray.wait(in_flight, num_returns=len(in_flight), timeout=0)
            in_flight[:] = waiting
            results = ray.get(ready)
            in_flight.extend(
                task.remote(*piece) for piece in itertools.islice(queue, len(ready))
            )
            yield from results
    finally:
        for ref in in_flight:
            ray.cancel(ref)


# With `games_per_task` left to the driver: how long a task should run, so that Ray's cost
# of a task (about 2 ms, docs/results/cluster.md) is a small share of it, and the most games
# one task plays (a task's records travel back whole).
TASK_SECONDS = 0.1
MAX_GAMES_PER_TASK = 1000


class _RunSize:
    """The games each task plays: fixed, or (`None`) grown from the time the games took so
    far, starting at one game a task, so that short games go many to a task and long ones
    one each. Which task plays a game changes nothing in it: game `i` is fixed by `i`."""

    def __init__(self, fixed: Optional[int]) -> None:
        self.fixed = fixed
        self.games, self.seconds = 0, 0.0

    def add(self, games: int, seconds: float) -> None:
        self.games += games
        self.seconds += seconds

    def __call__(self) -> int:
        if self.fixed is not None:
            return self.fixed
        if self.games == 0 or self.seconds <= 0:
            return 1
        per_game = self.seconds / self.games
        return max(1, min(MAX_GAMES_PER_TASK, int(TASK_SECONDS / per_game)))


def _runs(indices: Iterator[int], size: Callable[[], int]) -> Iterator[List[int]]:
    """The games of `indices` in runs of `size()` (asked afresh for each run)."""
    while True:
        run = list(itertools.islice(indices, size()))
        if not run:
            return
        yield run


# Each worker process builds a tournament once and keeps it for the games it is given (the
# last run's only: a worker serves one run at a time in turn).
_TOURNAMENTS: Dict[str, Tournament] = {}


def _play_games(
    key: str, tournament: Tuple[Any, ...], indices: List[int]
) -> Tuple[float, List[Tuple[int, str]]]:
    """A Ray task: games `indices` of the tournament built from `tournament` (its
    arguments), each with its line of ``games.jsonl``, and the seconds they took."""
    started = time.perf_counter()
    kept = _TOURNAMENTS.get(key)
    if kept is None:
        start, specs, settings = tournament
        _TOURNAMENTS.clear()
        kept = _TOURNAMENTS.setdefault(key, Tournament(start, specs, **settings))
    played = [(i, kept._native.play(i)) for i in indices]
    return time.perf_counter() - started, played


class _RecordsFile(Sequence[Dict[str, Any]]):
    """The games of a run folder's ``games.jsonl``, read when asked for: iterating reads
    the file line by line; indexing or ``len`` reads it whole once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._all: Optional[List[Dict[str, Any]]] = None

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        if self._all is not None:
            yield from self._all
            return
        with open(self.path, encoding="utf-8") as lines:
            for line in lines:
                yield json.loads(line)

    def _loaded(self) -> List[Dict[str, Any]]:
        if self._all is None:
            self._all = list(iter(self))
        return self._all

    def __len__(self) -> int:
        return len(self._loaded())

    def __getitem__(self, index: Any) -> Any:
        return self._loaded()[index]


def arena(
    game: Union[str, "_ply.State"],
    agents: Sequence[Union[str, "_ply.Agent"]],
    out: Union[str, "os.PathLike[str]"],
    *,
    variant: Optional[Dict[str, Union[int, str]]] = None,
    resume: bool = False,
    overwrite: bool = False,
    address: Optional[str] = None,
    games_per_task: Optional[int] = None,
    tasks_in_flight: Optional[int] = None,
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
    started with, as ``ply arena --resume`` asks).

    ``games_per_task`` games go to each task; by default the driver chooses, from the time
    the first games took, enough for a task to last about ``TASK_SECONDS`` (short games go
    many to a task, so Ray's cost per task does not dominate; long ones one each). At most
    ``tasks_in_flight`` tasks are submitted at once (default: two per CPU of the cluster),
    so the driver's time and memory per game do not grow with the number of games: it
    keeps no game in memory, only which are done, and reads ``games.jsonl`` back at the
    end. The result's ``records`` are read from that file when asked for.

    Time-limited agents (a ``time_per_move``, or a spec with ``time=``) play games that
    depend on each machine's speed and load: the run is a tournament, but not the one
    ``ply.arena`` plays, and a ``UserWarning`` says so.
    """
    if resume and overwrite:
        raise ValueError("resume keeps a folder's games, overwrite deletes them: choose one")
    if games_per_task is not None and games_per_task < 1:
        raise ValueError(f"games_per_task {games_per_task}: at least 1")
    tournament = Tournament(game, agents, variant=variant, **settings)
    clocked = tournament._native.clocked()
    if clocked:
        warnings.warn(
            "ply.cluster.arena: the games read the clock ("
            + ", ".join(clocked)
            + "), so each depends on the speed and load of the machine that plays it: the "
            "run is a tournament, but not the one ply.arena plays on one machine. Bound the "
            "agents by depth, nodes or iterations for games that are the same anywhere.",
            UserWarning,
            stacklevel=2,
        )
    mode = "resume" if resume else "overwrite" if overwrite else "fresh"
    folder = tournament._native.open_folder(os.fspath(out), mode)
    for warning in folder.warnings():
        print(f"cluster: warning: {warning}", file=sys.stderr)
    planned = tournament.planned_games
    # One byte a game: whether games.jsonl holds it. The records themselves stay there.
    done = bytearray(planned)
    for index in folder.previous_indices():
        done[index] = 1
    shown = _Progress("games", planned, sum(done), progress)
    size = _RunSize(games_per_task)

    def take(result: Tuple[float, List[Tuple[int, str]]]) -> None:
        seconds, played = result
        size.add(len(played), seconds)
        fresh = 0
        for index, line in played:
            if not done[index]:  # a retried task's game may come back twice
                folder.append(line)
                done[index] = 1
                fresh += 1
        shown.add(fresh)

    if not all(done):
        ray = _connect(address)
        task = ray.remote(num_cpus=1, max_retries=max_retries)(_play_games)
        shared = ray.put(tournament._args)
        key = f"{os.getpid()}-{id(tournament)}-{time.time_ns()}"
        missing = (i for i in range(planned) if not done[i])
        pieces = ((key, shared, run) for run in _runs(missing, size))
        _gather(ray, task, pieces, take, _window(ray, tasks_in_flight))
    written, skipped, result_json, report = tournament._native.finish(folder)
    for reason in skipped:
        print(f"cluster: not written: {reason}", file=sys.stderr)
    records = _RecordsFile(os.path.join(os.fspath(out), "games.jsonl"))
    return ArenaResult(result=json.loads(result_json), records=records, report=report)


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
    tasks_in_flight: Optional[int] = None,
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
    # Checked here, before any file is opened or task started, as the workers check it.
    _ply._BookBuild.check_table_bits(table_bits)
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
            _gather(ray, task, pieces, take, _window(ray, tasks_in_flight))
        build.write_book(done, path)
    os.remove(progress_path)
    return path


def _self_play(model: bytes, run_json: str, indices: List[int]) -> List[str]:
    """A Ray task: self-play games ``indices`` of the run (settings ``run_json``) with the
    model file's bytes, each a JSON line: fixed by its inputs, so a retried task gives the
    same games."""
    return _ply._self_play(model, run_json, indices)


def train(
    game: Optional[str],
    out: Union[str, "os.PathLike[str]"],
    *,
    resume: bool = False,
    address: Optional[str] = None,
    games_per_task: int = 4,
    tasks_in_flight: Optional[int] = None,
    max_retries: int = 3,
    **options: Any,
) -> Dict[str, Any]:
    """``ply train`` with its self-play on Ray: each round's games are played by tasks of
    ``games_per_task`` games (each task one CPU, single-threaded), and the driver writes
    every game to the run folder as it comes back, trains, checkpoints and evaluates, as
    ``ply.learn.train`` does; returns the run's progress. Settings as ``ply.learn.train``
    (``steps``, ``sims``, ...; others are the game's variant). Stopping the driver (Ctrl-C)
    loses at most the step in progress: call again with ``resume=True``."""
    from . import learn

    if games_per_task < 1:
        raise ValueError(f"games_per_task {games_per_task}: at least 1")
    ray = _connect(address)
    window = _window(ray, tasks_in_flight)
    task = ray.remote(num_cpus=1, max_retries=max_retries)(_self_play)

    def play(model: bytes, run_json: str, indices: List[int]) -> Iterator[str]:
        shared = ray.put(model)
        pieces = (
            (shared, run_json, indices[i : i + games_per_task])
            for i in range(0, len(indices), games_per_task)
        )
        for lines in _stream(ray, task, pieces, window):
            yield from lines

    return learn.train(game, out, resume=resume, self_play=play, **options)
