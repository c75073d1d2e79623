"""The keeper of the games (the services behind the window): a finished game that could not
be counted is never pruned and is counted later; Continue with a saves folder that
cannot be written; nothing slow or waiting at start-up on the window's thread."""

from __future__ import annotations

import errno
import random

import pytest

from buttons_game import saves, stats
from buttons_game.paths import HOME_VARIABLE, saves_dir
from buttons_game.stats import store
from buttons_game.ui import keeping
from buttons_game.ui.keeping import GameKeeper
from tests.saves.helpers import random_game

GAMES = 28


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


def unreadable(path=None):
    raise store.StatsUnavailable(errno.EIO, "statistics.json cannot be read right now")


def finished_ids() -> set[str]:
    return {
        info.game_id
        for info in saves.list_saves(prune=False)
        if info.finished and info.game_id is not None
    }


def test_games_finished_while_the_statistics_cannot_be_read_are_kept_and_counted_at_start(
    monkeypatch,
):
    told: list[str] = []
    keeper = GameKeeper(lambda text, tone: told.append(tone))
    played = random_game(random.Random(1), 2)
    games = [played.fork() for _ in range(GAMES)]
    with monkeypatch.context() as failing:
        failing.setattr(store, "read_statistics", unreadable)
        for game in games:
            keeper.changed(game)  # saved; the count fails and is told
            saves.list_saves()  # the Load list
            keeper.can_continue()  # the main menu
    assert told.count("bad") == GAMES
    ids = {game.game_id for game in games}
    assert ids <= finished_ids(), "a finished game not counted was pruned"
    keeper.close()
    GameKeeper(lambda text, tone: None).close()  # the next start counts them
    counted = stats.read_statistics()
    assert counted is not None and {i for i in ids if counted.has_counted(i)} == ids
    assert counted.totals["buttons"] == GAMES


def test_a_count_that_failed_is_tried_again_at_the_next_games_end(monkeypatch):
    keeper = GameKeeper(lambda text, tone: None)
    played = random_game(random.Random(2), 3)
    first = played.fork()
    keeper.changed(first)  # counted: the statistics file is there from now on
    games = [played.fork() for _ in range(GAMES)]
    with monkeypatch.context() as failing:
        failing.setattr(store, "read_statistics", unreadable)
        for game in games:
            keeper.changed(game)
    last = played.fork()
    keeper.changed(last)  # the file reads again: this game, and those before it
    counted = stats.read_statistics()
    assert counted is not None
    assert all(counted.has_counted(g.game_id) for g in [first, *games, last])
    assert counted.totals["buttons"] == GAMES + 2
    # counted now, the oldest finished autosaves may go
    assert len(finished_ids()) == saves.MAX_FINISHED_AUTOSAVES
    keeper.close()


def test_the_listing_prunes_no_finished_game_while_the_statistics_cannot_be_read(
    monkeypatch,
):
    played = random_game(random.Random(3), 2)
    games = [played.fork() for _ in range(saves.MAX_FINISHED_AUTOSAVES + 5)]
    for game in games:
        saves.autosave(game, prune=False)
    monkeypatch.setattr(store, "read_statistics", unreadable)
    assert saves.prune_finished_autosaves() == []
    assert len(saves.list_saves()) == len(games)


def test_continue_works_with_a_saves_folder_that_cannot_be_written(monkeypatch):
    playing = random_game(random.Random(4), 2, steps=12)
    assert not playing.state.is_over()
    saves.autosave(playing)
    reason = f"{saves_dir()} cannot be written (read-only file system)"
    monkeypatch.setattr(saves, "storage_problem", lambda: reason)
    told: list[tuple[str, str]] = []
    keeper = GameKeeper(lambda text, tone: told.append((text, tone)))
    assert keeper.saving_off == reason
    assert keeper.can_continue()
    game = keeper.game_to_continue()
    assert game is not None and game.game_id == playing.game_id
    assert game.state == playing.state
    keeper.close()


def test_stale_game_claims_are_cleared_off_the_windows_thread(monkeypatch):
    folder = saves_dir()
    for n in range(300):
        (folder / f".game-{n:08x}.lock").touch()
    threads: list[str] = []
    real = keeping.remove_idle_game_locks

    def clear(where):
        import threading

        threads.append(threading.current_thread().name)
        return real(where)

    monkeypatch.setattr(keeping, "remove_idle_game_locks", clear)
    keeper = GameKeeper(lambda text, tone: None)
    assert threads == [] and len(list(folder.glob(".game-*.lock"))) == 300
    keeper.begin()  # after the first frame
    done = keeper.tidying.submit(lambda: None)
    done.result(timeout=30)
    assert threads == ["saves"]  # the start-up worker's thread
    assert list(folder.glob(".game-*.lock")) == []
    keeper.close()
