"""The first moments of a start: leftovers of a crash cleaned up in every folder the app
writes, and the main menu at once with many saves and no index yet."""

from __future__ import annotations

import os
import time
from concurrent.futures import wait
from pathlib import Path

import pytest

from buttons_game import saves
from buttons_game.paths import config_dir, data_dir, saves_dir
from buttons_game.saves import listing
from buttons_game.ui.screens.menu import MainMenu

from .conftest import HANG, step
from .test_saves_ui import played

SAVES = 1500


def aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_start_up_removes_every_stale_temp_file_the_app_makes(make_app):
    stale = [
        config_dir() / ".settings-k2j3h4.tmp",  # a settings write a kill interrupted
        data_dir() / ".statistics.json.x8y7z6.tmp",
        data_dir() / ".saves-index.json.a1b2c3.tmp",
        saves_dir() / ".autosave-g1.json.q9w8e7.tmp",
        saves_dir() / ".storage-probe.json.r5t6y7.tmp",
    ]
    fresh = [config_dir() / ".settings-n0w0n0.tmp", saves_dir() / ".Sunday.json.w1w2w3.tmp"]
    others = [config_dir() / "notes.tmp", data_dir() / ".settings-k2j3h4.tmp.bak"]
    for path in stale + fresh + others:
        path.write_bytes(b"{")
    for path in stale + others:
        aged(path, 61)
    make_app()
    assert [path for path in stale if path.exists()] == []
    assert all(path.exists() for path in fresh + others)  # maybe another copy's write


def many_saves(unfinished_first: bool) -> Path:
    """SAVES finished named saves and one unfinished autosave, the newest on disk or the
    oldest; no index."""
    finished = played(3, 100_000)
    data = saves.save_as(finished, "Finished").read_bytes()
    for i in range(SAVES):
        (saves_dir() / f"finished-{i:04}.json").write_bytes(data)
    unfinished = saves.autosave(played(2, 20))
    aged(unfinished, -60 if unfinished_first else 10**6)
    (data_dir() / "saves-index.json").unlink(missing_ok=True)
    return unfinished


def reads_on_this_thread(monkeypatch) -> list[Path]:
    import threading

    read = []
    real = listing._read_info
    main = threading.current_thread()

    def counting(path, *args, **kwargs):
        if threading.current_thread() is main:
            read.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(listing, "_read_info", counting)
    return read


@pytest.mark.slow
def test_the_menu_does_not_read_every_save_at_a_first_start(make_app, monkeypatch):
    unfinished = many_saves(unfinished_first=True)
    read = reads_on_this_thread(monkeypatch)
    app = make_app(settled=False)
    app.push(MainMenu(app))
    step(app, 2)
    assert app.top.continue_.is_enabled
    assert read == [unfinished]  # the newest file is the game to continue: one read
    wait([app.keeper.tidied], timeout=HANG)
    assert (data_dir() / "saves-index.json").exists()  # built meanwhile, off the window


@pytest.mark.slow
def test_continue_comes_once_the_saves_are_read_when_the_game_is_old(make_app, monkeypatch):
    many_saves(unfinished_first=False)
    monkeypatch.setattr(listing, "QUICK_SECONDS", 0.0)
    app = make_app(settled=False)
    app.push(MainMenu(app))
    step(app, 2)
    menu = app.top
    assert not menu.continue_.is_enabled and menu.saves_pending
    wait([app.keeper.tidied], timeout=HANG)
    step(app, 2)
    assert app.top.continue_.is_enabled  # the menu looked again without a click
