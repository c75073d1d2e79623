"""Killing the app at any moment, even in the middle of an autosave, never loses a game.

A child process plays and autosaves after every action; the parent kills it with
SIGKILL at random moments, many times, and checks that the file on disk always
loads and holds at least every save the child reported as completed.
"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from buttons_game.paths import HOME_VARIABLE
from buttons_game.saves import list_saves, load_game

from .helpers import assert_legal

CHILD = Path(__file__).with_name("autosave_child.py")
KILLS = 40


def run_child_until_killed(home: Path, seed: int, delay: float) -> tuple[int | None, bool]:
    """Start the child, let it autosave for ``delay`` seconds, SIGKILL it.

    Returns the action count of the last save the child reported as complete
    (None if none completed) and whether it reached the end of the game.
    """
    env = {**os.environ, HOME_VARIABLE: str(home)}
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert child.stdout is not None
    first = child.stdout.readline()
    assert first.startswith("ready"), first + child.stderr.read()
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    completed = None
    over = False
    for line in out.splitlines():
        if line.startswith("saved "):
            completed = int(line.split()[1])
        elif line == "over":
            over = True
        else:
            pytest.fail(f"unexpected output from the child: {line!r}")
    if child.returncode != -signal.SIGKILL:
        assert over and child.returncode == 0, err
    return completed, over


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is a POSIX signal")
def test_sigkill_during_autosaves_never_loses_a_completed_save(home):
    rng = random.Random(20250101)
    save = home / "data" / "saves" / "autosave-crash-test.json"
    on_disk = 0
    kills_mid_game = 0
    for round_ in range(KILLS):
        completed, over = run_child_until_killed(home, seed=round_, delay=rng.uniform(0, 0.06))
        if not save.exists():
            assert completed is None and on_disk == 0
            continue
        game = load_game(save)  # must never fail, whenever the kill came
        assert_legal(game)
        saved = len(game.state.history())
        assert saved >= on_disk  # never older than what was on disk before
        if completed is not None:
            # Every reported save is there; at most the one being written when killed is newer.
            assert completed <= saved <= completed + 1
            kills_mid_game += 1
        on_disk = saved
        if over:
            assert game.state.is_over()
            save.unlink()
            on_disk = 0
    assert kills_mid_game >= KILLS // 2
    # Whatever temporary file a kill left behind never shows up as a save.
    assert all(not info.broken for info in list_saves())
