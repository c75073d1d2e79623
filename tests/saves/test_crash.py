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


def run_child_until_killed(home: Path, seed: int, wait_for: int, delay: float) -> tuple[int, bool]:
    """Start the child, wait until it reports ``wait_for`` completed autosaves, then let it
    run ``delay`` seconds more (into the middle of a later save) and SIGKILL it.

    Returns the action count of the last save the child reported as complete
    (-1 if none) and whether it reached the end of the game.
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
    lines = [child.stdout.readline()]
    assert lines[0].startswith("ready"), lines[0] + child.stderr.read()
    while len(lines) <= wait_for and lines[-1].startswith(("ready", "saved")):
        lines.append(child.stdout.readline())
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    # Read through the same text streams as readline: communicate() would read the
    # pipes underneath and lose what readline has already buffered.
    out, err = child.stdout.read(), child.stderr.read()
    child.wait()
    completed = -1
    over = False
    for line in lines[1:] + out.splitlines():
        line = line.strip()
        if line.startswith("saved "):
            completed = int(line.split()[1])
        elif line == "over":
            over = True
        elif line:
            pytest.fail(f"unexpected output from the child: {line!r}")
    if child.returncode != -signal.SIGKILL:
        assert over and child.returncode == 0, err
    return completed, over


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is a POSIX signal")
def test_sigkill_during_autosaves_never_loses_a_completed_save(home):
    rng = random.Random(20250101)
    save = home / "data" / "saves" / "autosave-crash-test.json"
    on_disk = 0
    games_over = 0
    for round_ in range(KILLS):
        completed, over = run_child_until_killed(
            home, seed=round_, wait_for=rng.randint(1, 40), delay=rng.uniform(0, 0.003)
        )
        game = load_game(save)  # must never fail, whenever the kill came
        assert_legal(game)
        saved = len(game.state.history())
        # Never older than the file before this run, nor than any save the child reported
        # as done; at most the save being written when the kill came is newer.
        newest_known = max(on_disk, completed)
        assert newest_known <= saved <= newest_known + 1
        on_disk = saved
        if over:
            assert game.state.is_over()
            games_over += 1
            save.unlink()
            on_disk = 0
    assert games_over >= 1  # the child played whole games through, across many kills
    # Whatever temporary file a kill left behind never shows up as a save.
    assert all(not info.broken for info in list_saves())
