"""The examples run (so the README's tour does not rot). They need the test extra:
`pip install "./python[test]"` (PettingZoo, matplotlib)."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

RUNS = [
    ["play_a_game.py"],
    ["own_agent.py"],
    ["pettingzoo_loop.py", "quoridor", "--size", "5"],
    ["solve_connect4.py"],
    ["pit_two_agents.py", "--games", "2", "--out", "{tmp}/scores.png"],
]


@pytest.mark.parametrize("run", RUNS, ids=lambda r: r[0])
def test_example_runs(run, tmp_path):
    args = [a.format(tmp=tmp_path) for a in run]
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / args[0]), *args[1:]],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
