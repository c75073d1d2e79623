"""A save as long as a save may be (50,000 actions): its review shows how far it is, stops
when asked, stops when its screen is left, and never keeps the app from closing."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from buttons_game.games.buttons.coach import Cancelled, review_game
from buttons_game.saves import MAX_ACTIONS, save_game
from buttons_game.ui.background import Background

from .long_game import long_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def longest():
    game = long_game(MAX_ACTIONS - 300)
    assert MAX_ACTIONS - 300 <= len(game.state.history()) <= MAX_ACTIONS
    assert game.state.is_over()
    return game


@pytest.fixture(scope="module")
def long():
    """The quick tier's: a tenth as long, as slow to review per decision."""
    return long_game(MAX_ACTIONS // 10)


def test_a_long_review_tells_its_progress_and_stops_when_asked(long):
    longest = long
    told: list[tuple[int, int]] = []
    asked = []

    def cancel() -> bool:
        asked.append(1)
        return len(told) >= 40

    with pytest.raises(Cancelled):
        review_game(longest, 0, cancel=cancel, progress=lambda d, t: told.append((d, t)))
    total = len(longest.state.history())
    assert all(t == total for _, t in told)
    done = [d for d, _ in told]
    assert done == sorted(done) and done[-1] < total // 10  # stopped early, not at the end
    assert len(asked) == len(told) + 1


def test_leaving_stops_the_review_thread(long):
    longest = long
    pool = Background("coach")
    future = pool.submit(lambda: review_game(longest, 0, cancel=pool.cancelled.is_set))
    time.sleep(0.05)
    began = time.perf_counter()
    pool.shutdown(wait=True)  # what the screen's exit does, but waiting for the thread
    assert time.perf_counter() - began < 30  # stopped at its next decision, not 150 s later
    with pytest.raises(Cancelled):
        future.result()


@pytest.mark.slow
def test_the_app_ends_when_its_window_closes_during_a_long_review(longest, tmp_path):
    save = tmp_path / "long.json"
    save_game(longest, save)
    env = {**os.environ, "BUTTONS_GAME_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("exit_child.py")), str(save)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    closed = time.perf_counter()
    assert line == "closed\n", child.stderr.read() if child.stderr else ""
    try:
        child.wait(timeout=20)  # the review alone would run for minutes
    finally:
        child.kill()
    ended = time.perf_counter() - closed
    assert child.returncode == 0, child.stderr.read() if child.stderr else ""
    print(f"the process ended {ended:.2f} s after its window closed")


def test_closing_a_table_stops_its_bot_mid_thought():
    from buttons_game.core.control import PERSON_HERE, bot_control
    from buttons_game.core.match import Match
    from buttons_game.core.seats import Seat
    from buttons_game.games.kopf.bots.hard import HardBot
    from buttons_game.games.kopf.game import KopfGame

    game = KopfGame.new((Seat("Bo", "hard"), Seat("Ann")))
    state = game.state
    controls = [bot_control(HardBot(1, seconds=None)), PERSON_HERE]  # no budget at all
    match = Match(game, controls, worker=True)
    match.think()
    job = match.job
    assert job is not None
    time.sleep(0.05)
    match.close()  # the table closed: the search ends at its next look at the clock
    assert job.future.result(timeout=30) in state.legal_actions()
    assert job.thinker.last is not None and job.thinker.last.depth < 30
