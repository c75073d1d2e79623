"""The locks every copy of the app respects: a wait is bounded in all (another thread of
this copy waiting first adds nothing), and a lock file that is not a regular file (a
link, a folder, a pipe put in its place) is repaired or bypassed, never written through."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from filelock import FileLock

from buttons_game import stats
from buttons_game.core.seats import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.locking import BusyError, GameLock, lock_path, shared_lock
from buttons_game.paths import saves_dir
from buttons_game.settings import load_settings, settings_path, write_changes


def test_a_thread_already_waiting_adds_nothing_to_another_threads_wait():
    path = stats.statistics_path()
    other = FileLock(lock_path(path))  # another copy's lock (a lock of its own)
    other.acquire()
    waiting = threading.Thread(target=lambda: _try(path, 3.0))
    waiting.start()
    try:
        time.sleep(0.1)  # the thread now waits for the other copy, holding this copy's turn
        began = time.monotonic()
        with pytest.raises(BusyError), shared_lock(path, wait=0.0):
            pass
        assert time.monotonic() - began < 1.0, "it waited for the other thread's wait"
        assert waiting.is_alive()
    finally:
        other.release()
        waiting.join(10)


def _try(path: Path, wait: float) -> None:
    try:
        with shared_lock(path, wait=wait):
            pass
    except BusyError:
        pass


def _link(where: Path, target: Path) -> None:
    where.symlink_to(target)


def _folder(where: Path, _target: Path) -> None:
    where.mkdir()
    (where / "inside.txt").write_text("not the app's")


def _empty_folder(where: Path, _target: Path) -> None:
    where.mkdir()


def _pipe(where: Path, _target: Path) -> None:
    os.mkfifo(where)


def _dangling_link(where: Path, target: Path) -> None:
    where.symlink_to(target.with_name("nowhere"))


SWAPS = [_link, _folder, _empty_folder, _pipe, _dangling_link]


@pytest.mark.parametrize("swap", SWAPS, ids=lambda f: f.__name__.strip("_"))
def test_a_statistics_lock_file_that_is_not_a_file_never_stops_a_count(swap, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("precious")
    path = stats.statistics_path()
    swap(lock_path(path), target)
    game = KopfGame.new((Seat("Ann"), Seat("Bo", "easy")), target=8)
    finished = random_kopf_end(game)
    assert stats.record_game(finished).added == 1
    assert stats.record_game(finished).added == 0, "the lock works the second time too"
    assert stats.read_statistics() is not None
    assert target.read_text() == "precious"
    assert not lock_path(path).is_symlink()


@pytest.mark.parametrize("swap", SWAPS, ids=lambda f: f.__name__.strip("_"))
def test_a_settings_lock_file_that_is_not_a_file_never_stops_a_change(swap, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("precious")
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    swap(lock_path(path), target)
    write_changes({"effects_volume": 30}, wait=0.0)
    write_changes({"mute": True}, wait=0.0)
    settings, problem = load_settings(path)
    assert problem is None and (settings.effects_volume, settings.mute) == (30, True)
    assert target.read_text() == "precious"


def test_a_folder_holding_files_in_a_locks_place_is_moved_aside_not_emptied():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    _folder(lock_path(path), path)
    write_changes({"effects_volume": 30}, wait=0.0)
    (aside,) = path.parent.glob(lock_path(path).name + ".folder-*")
    assert (aside / "inside.txt").read_text() == "not the app's"


@pytest.mark.parametrize("swap", SWAPS, ids=lambda f: f.__name__.strip("_"))
def test_a_game_lock_file_that_is_not_a_file_is_repaired_and_claims_again(swap, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("precious")
    folder = saves_dir()
    swap(folder / ".game-abcd1234.lock", target)
    mine = GameLock()
    assert mine.claim(folder, "abcd1234")
    assert mine._lock is not None, "claimed with a real lock"
    assert not GameLock().claim(folder, "abcd1234"), "a second copy is refused"
    mine.release()
    assert target.read_text() == "precious"


def random_kopf_end(game: KopfGame) -> KopfGame:
    from buttons_game.core.control import bot_control
    from buttons_game.core.match import Match
    from buttons_game.games.kopf.bots import make_bot

    match = Match(game, [bot_control(make_bot("easy", 1)), bot_control(make_bot("easy", 2))])
    match.run()
    return match.game
