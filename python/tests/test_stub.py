"""The stub `ply/_ply.pyi` (what editors complete from) matches the native module."""

import subprocess
import sys


def test_stub_matches_the_native_module(tmp_path):
    # Run in a scratch folder: mypy leaves its cache where it runs.
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "ply._ply"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
