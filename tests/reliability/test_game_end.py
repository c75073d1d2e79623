"""One order for every game's end: its finished save, then its count, then pruning; and a
look at the statistics that makes them agree with the saves, whatever was killed when."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game import saves, stats
from buttons_game.core.seats import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import HOME_VARIABLE
from buttons_game.stats.store import StatsUnavailable
from buttons_game.stats.tally import Statistics, tally_game

from ..stats.helpers import play_kopf

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("end_child.py")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


def agree(counted: Statistics) -> None:
    """The statistics say what the finished saves say: each finished autosave counted once
    with its own figures, and no game counted whose autosave is not finished."""
    finished = {}
    unfinished = set()
    for info in saves.list_saves(prune=False):
        game = saves.read_save(info.path).game
        if game.state.is_over():
            finished[game.game_id] = game
        else:
            unfinished.add(game.game_id)
    assert set(counted.counted) == set(finished)
    assert not unfinished & set(counted.counted)
    expected = Statistics()
    for game in finished.values():
        expected.add(tally_game(game))
    assert counted.records == expected.records
    assert counted.totals == expected.totals and counted.dice == expected.dice


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["before-save", "after-save", "after-count"])
def test_a_kill_at_a_game_end_leaves_saves_and_statistics_agreeing(home, moment):
    env = {**os.environ, HOME_VARIABLE: str(home), "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, str(CHILD), "3", moment], capture_output=True, text=True, env=env
    )
    assert child.returncode == -signal.SIGKILL, child.stdout + child.stderr
    (info,) = saves.list_saves(prune=False)
    assert info.finished == (moment != "before-save")  # the kill came where it was meant
    agree(stats.refresh().stats)  # the next start's look
    assert stats.refresh().added == 0  # and nothing is counted twice after it


def test_a_count_whose_save_is_not_finished_is_taken_back(home):
    game = play_kopf((Seat("Ann"), Seat("Bo", "easy")), seed=4)
    saves.autosave(game)
    stats.record_game(game)
    # What an older version left when killed between its count and the finished save:
    # the count is in, the save one move short.
    history = game.state.history()
    short = KopfGame.replayed(game.seats, game.state.setup, history[:-1], game.game_id)
    assert not short.state.is_over()
    saves.autosave(short)
    refreshed = stats.refresh()
    assert refreshed.taken_back == 1
    assert not refreshed.stats.has_counted(game.game_id)
    assert refreshed.stats.totals["kopf"] == 0 and not refreshed.stats.players("kopf")
    agree(refreshed.stats)
    # played on to the same end, it is counted again, once
    saves.autosave(game)
    assert stats.record_game(game).added == 1
    agree(stats.refresh().stats)


def test_a_game_counted_with_one_ending_and_saved_with_another_is_put_right(home):
    first = play_kopf((Seat("Ann"), Seat("Bo", "easy")), seed=5)
    other = play_kopf((Seat("Ann"), Seat("Bo", "easy")), seed=6)
    relabelled = type(other)(other.seats, other.state, first.game_id)  # same id, other end
    assert tally_game(relabelled) != tally_game(first)
    saves.autosave(first)
    stats.record_game(first)
    saves.autosave(relabelled)  # taken back and played on to another end; killed before count
    refreshed = stats.refresh()
    assert refreshed.taken_back == 1 and refreshed.stats.totals["kopf"] == 1
    agree(refreshed.stats)


def test_a_statistics_file_that_cannot_be_read_now_is_left_alone(home, monkeypatch):
    game = play_kopf((Seat("Ann"), Seat("Bo", "easy")), seed=7)
    saves.autosave(game)
    stats.record_game(game)
    path = stats.statistics_path()
    before = path.read_bytes()
    real_open = os.open  # the one way the file is opened

    def failing_open(file, *args, **kwargs):
        if Path(file) == path:
            raise OSError(errno.EIO, "Input/output error")
        return real_open(file, *args, **kwargs)

    later = play_kopf((Seat("Ann"), Seat("Bo", "easy")), seed=8)
    saves.autosave(later)
    with monkeypatch.context() as patched:
        patched.setattr(os, "open", failing_open)
        with pytest.raises(StatsUnavailable, match="cannot be read right now"):
            stats.refresh()
        with pytest.raises(StatsUnavailable):
            stats.record_game(later)
    assert path.read_bytes() == before  # not rebuilt from the saves, nothing set aside
    assert sorted(p.name for p in path.parent.glob("statistics*")) == ["statistics.json"]
    refreshed = stats.refresh()  # readable again: the game missed is counted now
    assert refreshed.added == 1 and refreshed.stats.totals["kopf"] == 2


def test_broken_statistics_files_are_set_aside_numbered_never_over_each_other(home):
    path = stats.statistics_path()
    kept = []
    for n in range(3):
        path.write_bytes(f"not json {n}".encode())
        refreshed = stats.refresh()
        assert refreshed.broken and refreshed.rebuilt
        kept.append(refreshed.kept_as)
    assert kept == [
        "statistics-broken.json",
        "statistics-broken-2.json",
        "statistics-broken-3.json",
    ]
    for n, name in enumerate(kept):
        assert (path.parent / name).read_bytes() == f"not json {n}".encode()


def test_a_count_left_early_keeps_what_it_counted_and_the_next_look_counts_the_rest(home):
    for seed in (11, 12, 13):
        saves.autosave(play_kopf((Seat("Ann"), Seat("Bo", "easy")), seed=seed))
    looks = []

    def cancel() -> bool:  # the screen is left after the first game was counted
        looks.append(1)
        return len(looks) > 1

    assert stats.refresh(cancel).added == 1
    assert stats.refresh().added == 2
    agree(stats.refresh().stats)
