"""The rendering benchmark reports a run with no frames of a kind instead of failing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.render import thinking_line

ROOT = Path(__file__).resolve().parent.parent


def test_no_frames_while_the_bot_thinks_is_said_not_a_traceback() -> None:
    line = thinking_line([], [], 0)
    assert "none drawn in 0 decisions" in line


def test_one_frame_while_the_bot_thinks_has_no_gaps_to_measure() -> None:
    line = thinking_line([5.0], [], 1)
    assert "1 in 1 decisions" in line and "median 5.0 ms" in line
    assert "no gaps to measure" in line


@pytest.mark.slow
def test_render_benchmark_with_no_decisions_ends_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "BUTTONS_GAME_HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "benchmarks/render.py", "--decisions", "0", "--frames", "12"]
        + ["--repeats", "1", "--idle-seconds", "0.2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "none drawn in 0 decisions" in run.stdout
