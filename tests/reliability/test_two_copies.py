"""Two copies of the app on one data folder (a second double click): real processes,
sharing the statistics, the autosaves and the settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game import saves, stats
from buttons_game.core.seats import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import HOME_VARIABLE, saves_dir
from buttons_game.settings import load_settings, settings_path
from buttons_game.ui.keeping import GameKeeper

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("copy_child.py")
GAMES = 40


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


def start(home: Path, *args: object) -> subprocess.Popen[str]:
    env = {**os.environ, HOME_VARIABLE: str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, str(CHILD), *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.slow
def test_two_copies_ending_games_at_once_count_every_game_once(home):
    saves_dir()  # the folders, before both start
    copies = [start(home, "count", seed, GAMES) for seed in (1, 2)]
    (home / "go").touch()
    for copy in copies:
        out, err = copy.communicate(timeout=600)
        assert copy.returncode == 0 and out == "done\n", err
    counted = stats.refresh().stats
    assert counted.totals["kopf"] == 2 * GAMES and len(counted.counted) == 2 * GAMES
    assert sorted(r.games for r in counted.players("kopf")) == [GAMES, GAMES]


@pytest.mark.slow
def test_a_game_played_in_one_copy_goes_on_as_a_copy_in_another(home):
    game = KopfGame.new((Seat("Ann"), Seat("Bo", "easy")), target=8)
    saves.autosave(game)
    other = start(home, "hold", game.game_id)
    assert other.stdout is not None and other.stdout.readline() == "held\n"
    told = []
    keeper = GameKeeper(lambda text, tone: told.append(tone))
    try:
        here = keeper.claim(game)
        assert here.game_id != game.game_id and here.state == game.state
        assert told == ["bad"]  # said in the window
    finally:
        other.communicate(timeout=60)
    keeper.close()
    again = GameKeeper(lambda text, tone: told.append(tone))
    assert again.claim(game) is game  # the other copy is gone: the game is free again
    again.close()


@pytest.mark.slow
def test_two_copies_changing_settings_keep_both_changes(home):
    volume = start(home, "settings", "effects_volume", 35)
    language = start(home, "settings", "language", json.dumps("fr"))
    for copy in (volume, language):
        assert copy.stdout is not None and copy.stdout.readline() == "loaded\n"
    for copy in (volume, language):  # both loaded before either saves
        out, err = copy.communicate("\n", timeout=60)
        assert out == "saved\n", err
    settings, problem = load_settings(settings_path())
    assert problem is None
    assert settings.effects_volume == 35 and settings.language == "fr"


def test_one_copy_waits_for_the_others_lock_and_sees_its_write(home, tmp_path):
    """The quick twin of the process tests: the statistics lock is an OS file lock, held
    across the whole read-change-write, which a second lock object (as in another
    process) cannot take meanwhile."""
    from filelock import FileLock, Timeout

    from buttons_game.locking import lock_path, shared_lock

    path = stats.statistics_path()
    with shared_lock(path):
        other = FileLock(lock_path(path))
        with pytest.raises(Timeout):
            other.acquire(timeout=0.05)
    other.acquire(timeout=1)
    other.release()


def test_game_claims_no_copy_holds_are_tidied_away_once_their_game_is_gone(home):
    from buttons_game.locking import GameLock, remove_idle_game_locks

    folder = saves_dir()
    playing = KopfGame.new((Seat("Ann"), Seat("Bo", "easy")), target=8)
    saves.autosave(playing)
    held = GameLock()
    assert held.claim(folder, "held0000")
    for game_id in (playing.game_id, "gone0000"):  # claimed, then given up
        lock = GameLock()
        assert lock.claim(folder, game_id)
        lock.release()
    assert remove_idle_game_locks(folder) == 1
    left = sorted(p.name for p in folder.glob(".game-*.lock"))
    assert left == sorted([f".game-{playing.game_id}.lock", ".game-held0000.lock"])
    held.release()
