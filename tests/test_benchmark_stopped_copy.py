"""The small twin of benchmarks/stopped_copy.py: one run of the real app while another
copy, stopped, holds every shared lock; what it kept is there once that copy lets go."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_one_run_beside_a_stopped_copy_keeps_the_m_press_and_counts_the_game(tmp_path):
    env = {**os.environ, "BUTTONS_GAME_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "stopped_copy.py"), "--rounds", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "1 runs of the app, 1 games played to their end" in out
    for phase in ("start-up", "Continue", "M at the table", "play to the end", "closing"):
        assert re.search(rf"^{re.escape(phase)} +\d+ +[\d.]+ +[\d.]+$", out, re.M), phase
    assert re.search(r"worst [\d.]+ ms", out)
    assert "sound muted True (M pressed 1 times" in out
    assert "settings journals left 0" in out
    assert "games counted 26 (expected 25 before + 1)" in out
