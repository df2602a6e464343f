"""ply.cluster on Ray: a tournament and a book built by Ray tasks equal the local run (the
games in index order, the book byte for byte), a worker killed mid-run loses and doubles
nothing, and a run stopped part way continues to the same result.

Needs Ray (`pip install "./python[cluster]"`). With PLY_RAY_ADDRESS set (CI starts `ray
start --head --num-cpus 2` and sets it to `auto`) the tests use that cluster; otherwise a
local one of two CPUs. With PLY_CLI set to a `ply` binary they also compare with the
command line's files."""

import json
import os
import signal
import subprocess
import threading
import time

import pytest

ray = pytest.importorskip("ray")

import ply  # noqa: E402
import ply.cluster  # noqa: E402
from conftest import TINY_RUN  # noqa: E402

CLI = os.environ.get("PLY_CLI")
needs_cli = pytest.mark.skipif(not CLI, reason="set PLY_CLI to a `ply` binary to compare")

# 40 Connect Four games between fast agents bounded by depth and playouts, not time: the
# games are the same wherever they are played.
AGENTS = ["alphabeta:depth=3", "mcts:iterations=200"]
SETTINGS = dict(games=40, seed=7, openings="random:2")


@pytest.fixture(scope="module", autouse=True)
def cluster():
    address = os.environ.get("PLY_RAY_ADDRESS")
    if address:
        ray.init(address=address, logging_level="WARNING", log_to_driver=False)
    else:
        ray.init(num_cpus=2, logging_level="WARNING", log_to_driver=False)
    yield
    ray.shutdown()


def games_of(folder):
    """The games of `folder`'s games.jsonl as written, in file order, without the clock's
    fields (no two runs share those, not even two on one machine)."""
    out = []
    with open(os.path.join(folder, "games.jsonl")) as f:
        for line in f:
            record = json.loads(line)
            record["duration_ms"] = 0
            for move in record["moves"]:
                move["time_ms"] = 0
            out.append(record)
    return out


def without_times(records):
    return [
        dict(r, duration_ms=0, moves=[dict(m, time_ms=0) for m in r["moves"]]) for r in records
    ]


def run_cli(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)


def test_a_cluster_tournament_is_the_local_tournament(tmp_path):
    out = tmp_path / "cluster"
    result = ply.cluster.arena("connect4", AGENTS, out, progress=False, **SETTINGS)
    local = ply.arena("connect4", AGENTS, concurrency=2, **SETTINGS)
    games = games_of(out)
    assert [g["index"] for g in games] == list(range(40))
    assert games == without_times(local.records) == without_times(result.records)
    assert result.summary["games"] == 40
    for name in ["config.json", "summary.json", "report.md", "records.txt"]:
        assert (out / name).is_file(), name


@needs_cli
def test_the_cli_reads_and_resumes_what_the_cluster_wrote(tmp_path):
    cluster_out, cli_out = tmp_path / "cluster", tmp_path / "cli"
    ply.cluster.arena("connect4", AGENTS, cluster_out, progress=False, concurrency=2, **SETTINGS)
    flags = ["connect4", "--agents", ";".join(AGENTS), "--games", "40", "--seed", "7",
             "--openings", "random:2", "--concurrency", "2"]
    assert run_cli("arena", *flags, "--out", str(cli_out)).returncode == 0
    assert games_of(cluster_out) == games_of(cli_out)
    assert (cluster_out / "config.json").read_text() == (cli_out / "config.json").read_text()
    # `ply arena --resume` on the cluster's folder: nothing left to play, the files kept.
    before = (cluster_out / "games.jsonl").read_text()
    done = run_cli("arena", *flags, "--resume", str(cluster_out))
    assert done.returncode == 0, done.stderr
    assert (cluster_out / "games.jsonl").read_text() == before


def stopped_run(folder, played):
    """A run folder as a driver stopped after `played` games leaves it: config.json and
    those games in games.jsonl, nothing else."""
    tournament = ply.Tournament("connect4", AGENTS, concurrency=2, **SETTINGS)
    run = tournament._native.open_folder(str(folder), "fresh")
    for index in played:
        run.append(tournament._native.play(index))


def test_a_stopped_run_resumes_to_the_straight_runs_games(tmp_path):
    stopped = tmp_path / "stopped"
    stopped_run(stopped, [3, 0, 17])
    with pytest.raises(ValueError, match="already holds"):
        ply.cluster.arena("connect4", AGENTS, stopped, progress=False, **SETTINGS)
    with pytest.raises(ValueError, match="other settings"):
        ply.cluster.arena(
            "connect4", AGENTS, stopped, resume=True, progress=False, **dict(SETTINGS, seed=8)
        )
    ply.cluster.arena(
        "connect4", AGENTS, stopped, resume=True, progress=False, concurrency=2, **SETTINGS
    )
    straight = ply.arena("connect4", AGENTS, concurrency=2, **SETTINGS)
    assert games_of(stopped) == without_times(straight.records)


def workers_playing():
    """The process ids of Ray workers running a game task now."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                if f.read().startswith(b"ray::_play_games"):
                    pids.append(int(entry))
        except OSError:
            continue
    return pids


def test_a_worker_killed_mid_run_loses_nothing_and_doubles_nothing(tmp_path):
    out = tmp_path / "killed"
    killed = []

    def kill_one_worker():
        # Once some games are in, kill a worker in the middle of one: its task is retried.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not killed:
            games = out / "games.jsonl"
            if games.exists() and games.read_text().count("\n") >= 3:
                for pid in workers_playing():
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    break
            time.sleep(0.01)

    killer = threading.Thread(target=kill_one_worker)
    killer.start()
    # Slower games than above (a tenth of a second or more each), so the killer finds one
    # running.
    agents = ["alphabeta:depth=7", "mcts:iterations=3000"]
    result = ply.cluster.arena(
        "connect4", agents, out, games=20, seed=3, progress=False, max_retries=3
    )
    killer.join()
    assert killed, "no worker was found mid-game to kill"
    games = games_of(out)
    assert [g["index"] for g in games] == list(range(20))
    straight = ply.arena("connect4", agents, games=20, seed=3)
    assert games == without_times(straight.records) == without_times(result.records)


def test_a_cluster_book_is_the_local_book_byte_for_byte(tmp_path):
    out = tmp_path / "cluster.book"
    ply.cluster.book(out, depth=4, width=5, height=4, table_bits=22, progress=False)
    build = ply._ply._BookBuild(4, False, width=5, height=4)
    keys = build.keys()
    local = tmp_path / "local.book"
    build.write_book(dict(build.solve(0, len(keys), 22)), str(local))
    assert out.read_bytes() == local.read_bytes()
    assert not os.path.exists(str(out) + ".progress")
    if CLI:
        cli = tmp_path / "cli.book"
        done = run_cli("solve", "connect4-book", "--width", "5", "--height", "4", "--depth",
                       "4", "--table-bits", "22", "--quiet", "--out", str(cli))
        assert done.returncode == 0, done.stderr
        assert out.read_bytes() == cli.read_bytes()
        # The book a cluster wrote is one `ply solve` reads.
        read = run_cli("solve", "connect4", "--width", "5", "--height", "4", "--table-bits",
                       "22", "--book", str(out), "33")
        assert read.returncode == 0, read.stderr
        assert read.stdout.split() == ["33", str(ply.solve_connect4("33", width=5, height=4))]


def test_a_stopped_book_build_resumes_from_its_progress_file(tmp_path):
    out = tmp_path / "resumed.book"
    build = ply._ply._BookBuild(4, True, width=5, height=4)
    keys = build.keys()
    first = build.solve(0, 40, 22)
    # What an interrupted build leaves: the header, some scores, a line cut mid-write.
    lines = [build.progress_header() + "\n"] + [build.progress_line(k, s) for k, s in first]
    (tmp_path / "resumed.book.progress").write_text("".join(lines) + "7f")
    ply.cluster.book(out, depth=4, outcomes=True, width=5, height=4, table_bits=22,
                     progress=False)
    whole = tmp_path / "whole.book"
    build.write_book(dict(build.solve(0, len(keys), 22)), str(whole))
    assert out.read_bytes() == whole.read_bytes()
    other = tmp_path / "other.book"
    (tmp_path / "other.book.progress").write_text("depth 3\n")
    with pytest.raises(ValueError, match="another book"):
        ply.cluster.book(other, depth=4, width=5, height=4, table_bits=22, progress=False)


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_a_book_build_refuses_a_progress_file_that_is_not_a_regular_file(tmp_path, kind):
    # The progress file goes through the same checks as the command's: no hang on a FIFO,
    # no endless read of /dev/zero, nothing written in the way of a folder.
    out = tmp_path / "hostile.book"
    progress = tmp_path / "hostile.book.progress"
    if kind == "fifo":
        os.mkfifo(progress)
    elif kind == "zero":
        os.symlink("/dev/zero", progress)
    else:
        progress.mkdir()
    with pytest.raises(ValueError, match="progress file"):
        ply.cluster.book(out, depth=2, width=5, height=4, table_bits=22, progress=False)
    assert not out.exists()


def test_a_book_is_never_written_over_a_device(tmp_path):
    device = tmp_path / "null"
    os.symlink("/dev/null", device)
    with pytest.raises(ValueError, match="Connect Four book"):
        ply.cluster.book(device, depth=2, width=5, height=4, table_bits=22, progress=False)
    assert os.path.islink(device) and os.path.realpath(device) == "/dev/null"


@pytest.mark.parametrize("bits", [20, 99])
def test_a_bad_table_size_is_refused_on_the_driver_before_anything_starts(tmp_path, bits):
    out = tmp_path / "5x4.book"
    with pytest.raises(ValueError) as info:
        ply.cluster.book(out, depth=2, width=5, height=4, table_bits=bits, progress=False)
    assert f"table_bits {bits}" in str(info.value) and "from 22 to 28" in str(info.value)
    assert list(tmp_path.iterdir()) == []  # no book, no progress file


def test_a_cluster_run_of_clocked_agents_warns_that_it_is_not_the_local_one(tmp_path):
    with pytest.warns(UserWarning, match="read the clock.*time_per_move"):
        ply.cluster.arena("tictactoe", ["random", "greedy"], tmp_path / "a", games=2,
                          time_per_move=0.5, progress=False)
    with pytest.warns(UserWarning, match="mcts:time=5ms"):
        ply.cluster.arena("tictactoe", ["random", "mcts:time=5ms"], tmp_path / "b", games=2,
                          progress=False)


def test_no_cluster_at_auto_says_to_start_one(monkeypatch):
    def refused(*args, **kwargs):
        raise ConnectionError("Could not find any running Ray instance.")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refused)
    with pytest.raises(ConnectionError, match="ray start --head"):
        ply.cluster._connect("auto")


def test_the_driver_keeps_a_bounded_window_and_grows_its_tasks(tmp_path, monkeypatch):
    submitted = []
    original = ply.cluster._gather

    def gather(ray_, task, pieces, take, window):
        def counted():
            for piece in pieces:
                submitted.append(len(piece[2]))
                yield piece
        assert window == 3
        original(ray_, task, counted(), take, window)

    monkeypatch.setattr(ply.cluster, "_gather", gather)
    result = ply.cluster.arena("tictactoe", ["random", "greedy"], tmp_path / "w", games=600,
                               tasks_in_flight=3, progress=False)
    assert result.summary["games"] == 600 and sum(submitted) == 600
    assert submitted[0] == 1 and max(submitted) > 1  # short games go many to a task
    assert [r["index"] for r in result.records] == list(range(600))


# A training run small enough for seconds: its self-play in tasks of four games, as the local
# run plays each round of four games on its one thread, so both put the same positions in
# each batch of network calls and the runs agree to the byte.
TRAIN = dict(TINY_RUN, steps=3, eval_every=2, seed=9)


def test_a_cluster_training_run_is_the_local_run(tmp_path):
    import ply.learn

    local = ply.learn.train("tictactoe", tmp_path / "local", **TRAIN)
    cluster = ply.cluster.train("tictactoe", tmp_path / "cluster", games_per_task=4, **TRAIN)
    assert cluster["step"] == local["step"] == TRAIN["steps"]
    assert cluster["games"] == local["games"]
    for name in ["latest.plym", "best.plym", "losses.csv"]:
        assert (tmp_path / "cluster" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    # Either goes on with the other's run.
    more = ply.learn.train(None, tmp_path / "cluster", resume=True, steps=4)
    assert more["step"] == 4
