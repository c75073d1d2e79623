"""Two windows on one settings file: each writes only what it changed, measured against
its own last wish, never against the merged file; and a change another copy keeps
waiting is written later, or kept in a journal when the window closes first."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from filelock import FileLock

from buttons_game import i18n
from buttons_game.i18n import t
from buttons_game.locking import lock_path
from buttons_game.paths import HOME_VARIABLE
from buttons_game.settings import (
    JOURNAL_PREFIX,
    load_settings,
    read_journals,
    settings_path,
)
from buttons_game.ui import shared_writes
from buttons_game.ui.preferences import Preferences
from buttons_game.ui.shared_writes import SharedWrites


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


def window(told: list[tuple[str, str]] | None = None) -> Preferences:
    said = told if told is not None else []
    return Preferences(None, lambda text, tone: said.append((text, tone)), True)


def on_file():
    settings, problem = load_settings(settings_path())
    assert problem is None
    return settings


def test_another_windows_language_survives_this_windows_later_writes():
    a, b = window(), window()
    a.save(replace(a.settings, language="de"))
    b.save(replace(b.settings, effects_volume=40))  # the file still says German
    assert on_file().language == "de"
    b.toggle_mute()  # M at B's table: only the sound is B's change
    settings = on_file()
    assert (settings.language, settings.effects_volume, settings.mute) == ("de", 40, True)


# Each field with values a window may choose for it.
CHOICES = {
    "language": ["en", "de", "fr", "it", "ja"],
    "effects_volume": [0, 10, 35, 75, 100],
    "mute": [True, False],
    "animation": ["slow", "normal", "fast", "instant"],
    "symbols": [True, False],
    "coach": ["auto", "always", "off"],
    "window": [(1280, 720), (1600, 900), (1920, 1080)],
    "kopf_lesson": [0, 1, 2, 3],
}


@pytest.mark.parametrize("seed", [1, 2])
def test_interleaved_writes_of_two_windows_leave_every_field_as_last_chosen(seed):
    """300 writes, each by one of two windows changing one field: the file holds, for each
    field, the value the last window to change it chose."""
    rng = random.Random(seed)
    windows = [window(), window()]
    last: dict[str, object] = {}
    for _ in range(300):
        prefs = rng.choice(windows)
        field = rng.choice(sorted(CHOICES))
        value = rng.choice(CHOICES[field])
        if getattr(prefs.settings, field) == value:
            continue  # no change in this window: nothing to write
        prefs.save(replace(prefs.settings, **{field: value}))
        last[field] = value
    settings = on_file()
    wrong = {f: getattr(settings, f) for f, v in last.items() if getattr(settings, f) != v}
    assert wrong == {}


def test_a_change_another_copy_holds_up_is_written_once_it_lets_go():
    told: list[tuple[str, str]] = []
    prefs = window(told)
    other = FileLock(lock_path(settings_path()))  # another copy's lock (another fd)
    other.acquire()
    try:
        prefs.toggle_mute()  # returns at once: the write is queued
        assert prefs.writes.waiting and prefs.settings.mute
        assert not settings_path().exists() or not on_file().mute
    finally:
        other.release()
    assert prefs.writes.settle()
    assert on_file().mute


def test_a_change_still_held_up_at_closing_is_kept_and_written_at_the_next_start(home):
    prefs = window()
    prefs.save(replace(prefs.settings, language="it"))
    other = FileLock(lock_path(settings_path()))
    other.acquire()
    try:
        prefs.save(replace(prefs.settings, effects_volume=20))
        prefs.toggle_mute()
        prefs.close()  # never waits
        prefs.writes.close()
        changed, journals = read_journals()
        assert changed == {"effects_volume": 20, "mute": True} and len(journals) == 1
        assert (on_file().effects_volume, on_file().mute) == (75, False)
        again = window()  # the next start, the other copy still holding the file
        assert (again.settings.effects_volume, again.settings.mute) == (20, True)
        assert again.writes.waiting
    finally:
        other.release()
    assert again.writes.settle()
    settings = on_file()
    assert (settings.language, settings.effects_volume, settings.mute) == ("it", 20, True)
    assert not list(settings_path().parent.glob(JOURNAL_PREFIX + "*"))


def test_the_window_says_so_when_a_write_waits_for_another_copy(monkeypatch):
    i18n.install("en")
    told: list[tuple[str, str]] = []
    writes = SharedWrites(
        lambda text, tone: told.append((text, tone)),
        lambda text: told.remove(next(n for n in told if n[0] == text)),
    )
    prefs = Preferences(None, lambda text, tone: told.append((text, tone)), True, None, writes)
    other = FileLock(lock_path(settings_path()))
    other.acquire()
    try:
        prefs.toggle_mute()
        told.clear()
        assert not writes.poll() and told == []  # not at once: a write may wait a moment
        monkeypatch.setattr(shared_writes, "TELL_AFTER", 0.0)  # as if a second had passed
        assert writes.poll()
        assert told == [(t("shared.waiting", file="settings.json"), "bad")]
    finally:
        other.release()
    assert writes.settle()
    assert told[-1] == (t("shared.written", file="settings.json"), "good")
    assert (t("shared.waiting", file="settings.json"), "bad") not in told, "taken back"
    assert "settings.json" in told[-1][0]


def test_a_journal_that_is_not_valid_adds_nothing_and_is_removed(home):
    folder = settings_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{JOURNAL_PREFIX}1-1.json").write_text("{not json")
    (folder / f"{JOURNAL_PREFIX}2-1.json").write_text(
        '{"changes": {"effects_volume": 999, "mute": true, "language": ["de"]}}'
    )
    prefs = window()
    assert prefs.settings.mute and prefs.settings.effects_volume == 75
    assert prefs.settings.language == "en"
    assert prefs.writes.settle()
    assert on_file().mute
    assert not list(folder.glob(JOURNAL_PREFIX + "*"))


def test_a_change_that_could_not_be_written_is_told_and_written_with_the_next(monkeypatch):
    from buttons_game import settings as settings_module

    told: list[tuple[str, str]] = []
    prefs = window(told)
    real = settings_module.save_settings

    def full(settings, path=None):
        raise OSError("settings.json: cannot save the settings (No space left on device)")

    monkeypatch.setattr(settings_module, "save_settings", full)
    prefs.save(replace(prefs.settings, language="fr"))
    assert told and told[-1][1] == "bad"
    monkeypatch.setattr(settings_module, "save_settings", real)
    prefs.toggle_mute()  # the disk has room again
    settings = on_file()
    assert (settings.language, settings.mute) == ("fr", True)
