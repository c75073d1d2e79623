"""benchmarks/monkey.py runs its screens and says how each went."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_monkey_benchmark_runs_each_screen_and_counts_what_raised(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "monkey.py"), "--events", "5",
         "--screens", "menu,kopf"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "BUTTONS_GAME_HOME": str(tmp_path / "home")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("menu") and "5 events" in lines[0] and "no error" in lines[0]
    assert lines[1].startswith("kopf") and lines[-1].endswith("0 raised")
