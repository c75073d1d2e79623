"""settings.json: nothing a file holds can stop, hang or flood the game; bad values default."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from buttons_game import settings as settings_module
from buttons_game.settings import (
    MAX_SETTINGS_BYTES,
    MAX_WINDOW,
    MIN_WINDOW,
    Settings,
    load_settings,
    save_settings,
    window_fits,
)

GOOD = {
    "language": "de",
    "window": [1600, 900],
    "fullscreen": True,
    "animation": "fast",
    "symbols": False,
    "coach": "always",
    "last_seats": [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "hard"}],
    "tutorial_offered": True,
    "kopf_lesson": 3,
    "effects_volume": 40,
    "mute": True,
}
GOOD_SETTINGS = Settings(
    language="de",
    window=(1600, 900),
    fullscreen=True,
    animation="fast",
    symbols=False,
    coach="always",
    last_seats=({"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "hard"}),
    tutorial_offered=True,
    kopf_lesson=3,
    effects_volume=40,
    mute=True,
)
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")


def promptly(call: Callable[[], Any], seconds: float = 10.0) -> Any:
    """``call()``'s result, failing the test if it takes longer than ``seconds``."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(("value", call()))
        except BaseException as error:  # reported in the test's thread
            outcome.append(("error", error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    kind, value = outcome[0]
    if kind == "error":
        raise value
    return value


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def check_problem(problem: str | None, *words: str) -> None:
    assert problem is not None
    assert len(problem) <= 200 and "\n" not in problem
    for word in words:
        assert word in problem


# ------------------------------------------------------------------ good files


def test_saved_settings_load_back_without_a_problem(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(GOOD_SETTINGS, path)
    assert load_settings(path) == (GOOD_SETTINGS, None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_no_file_gives_the_defaults_in_the_system_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "")
    settings, problem = load_settings(tmp_path / "settings.json")
    assert problem is None and settings == Settings(language="fr")


def test_the_defaults_as_saved_load_without_a_problem(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(), path)
    data = json.loads(path.read_text())
    assert data["window"] is None and data["last_seats"] == []
    assert load_settings(path) == (Settings(), None)


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert load_settings(path) == (GOOD_SETTINGS, None)


def test_keys_the_game_does_not_know_are_ignored_quietly(tmp_path):
    path = write(tmp_path / "settings.json", {**GOOD, "volume": [1, {"x": None}], "theme": "dark"})
    assert load_settings(path) == (GOOD_SETTINGS, None)


@pytest.mark.parametrize("size", [MIN_WINDOW, MAX_WINDOW, (1280, 720), (960, 4320)])
def test_windows_within_the_bounds_are_kept(tmp_path, size):
    path = write(tmp_path / "settings.json", {"window": list(size)})
    settings, problem = load_settings(path)
    assert problem is None and settings.window == size


def test_a_null_window_means_fit_the_display(tmp_path):
    path = write(tmp_path / "settings.json", {**GOOD, "window": None})
    settings, problem = load_settings(path)
    assert problem is None and settings.window is None and settings.language == "de"


@pytest.mark.parametrize(
    "text",
    ["960x600", "7680x4320", "959x600", "960x599", "7681x4320", "7680x4321", "640x480", "1x1"],
)
def test_settings_and_the_window_flag_accept_the_same_sizes(tmp_path, text):
    import argparse

    from buttons_game.cli import window_size

    w, h = (int(v) for v in text.split("x"))
    try:
        window_size(text)
        flag_accepts = True
    except argparse.ArgumentTypeError:
        flag_accepts = False
    settings, _ = load_settings(write(tmp_path / "settings.json", {"window": [w, h]}))
    assert flag_accepts == window_fits(w, h) == (settings.window == (w, h))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_to_four_last_seats_are_kept(tmp_path, seats):
    kinds = ["human", "easy", "medium", "hard"]
    last = [{"name": f"P{i}", "kind": kinds[i]} for i in range(seats)]
    settings, problem = load_settings(write(tmp_path / "settings.json", {"last_seats": last}))
    assert problem is None and list(settings.last_seats) == last


def test_the_tutorial_is_offered_at_a_first_start_only(tmp_path):
    fresh, problem = load_settings(tmp_path / "settings.json")  # no file: a first start
    assert problem is None and not fresh.tutorial_offered and fresh.kopf_lesson == 0
    path = tmp_path / "settings.json"
    save_settings(fresh, path)
    assert not load_settings(path)[0].tutorial_offered, "saved before the offer: still due"
    older = write(
        tmp_path / "older.json", {k: v for k, v in GOOD.items() if k != "tutorial_offered"}
    )
    settings, problem = load_settings(older)
    assert problem is None and settings.tutorial_offered, "a file from before: nobody new"


@pytest.mark.parametrize("lesson", [0, 6])
def test_the_lesson_reached_is_kept(tmp_path, lesson):
    settings, problem = load_settings(write(tmp_path / "settings.json", {"kopf_lesson": lesson}))
    assert problem is None and settings.kopf_lesson == lesson


@pytest.mark.parametrize("volume", [0, 1, 75, 99, 100])
def test_an_effects_volume_from_0_to_100_is_kept(tmp_path, volume):
    path = write(tmp_path / "settings.json", {"effects_volume": volume, "mute": False})
    settings, problem = load_settings(path)
    assert problem is None and settings.effects_volume == volume and not settings.mute


def test_sound_is_on_at_three_quarters_by_default(tmp_path):
    settings, problem = load_settings(tmp_path / "settings.json")
    assert problem is None and settings.effects_volume == 75 and not settings.mute


# ------------------------------------------------------- bad values, one by one

BAD_VALUES = {
    "language": ["xx", "", ["de"], {"de": 1}, 5, None, True],
    "window": [
        [10_000, 10_000],
        [640, 480],
        [959, 600],
        [7681, 4320],
        [1280, 4321],
        "1280x720",
        [1280],
        [1280, 720, 1],
        [1280.0, 720],
        [True, 720],
        [[1280], 720],
        {"width": 1280, "height": 720},
        0,
    ],
    "fullscreen": [1, "yes", [True], {"on": True}, None],
    "animation": ["turbo", ["fast"], {"fast": 1}, 1.0, None],
    "symbols": [0, "no", [False], None],
    "coach": ["on", True, ["auto"], None, "AUTO"],
    "tutorial_offered": [1, "yes", [True], None],
    "kopf_lesson": [-1, 7, 1.0, True, "2", [3], None],
    "effects_volume": [-1, 101, 1000, 50.0, True, "75", [75], {"volume": 75}, None],
    "mute": [1, 0, "yes", "false", [True], None],
    "last_seats": [
        [{"name": "Ada", "kind": "human"}],
        [{"name": f"P{i}", "kind": "human"} for i in range(5)],
        [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": "wizard"}],
        [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": ["hard"]}],
        [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": {"hard": 1}}],
        [{"name": "Ada", "kind": "human"}, {"name": "", "kind": "hard"}],
        [{"name": "Ada", "kind": "human"}, {"name": "B" * 17, "kind": "hard"}],
        [{"name": "Ada", "kind": "human"}, {"name": "B\nob", "kind": "hard"}],
        [{"name": "Ada", "kind": "human"}, {"name": 7, "kind": "hard"}],
        [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": "hard", "x": 1}],
        [{"name": "Ada", "kind": "human"}, ["Bob", "hard"]],
        {"name": "Ada", "kind": "human"},
        "Ada,Bob",
        None,
    ],
}
CASES = [(key, value) for key, values in BAD_VALUES.items() for value in values]


@pytest.mark.parametrize("key,value", CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_a_bad_value_falls_back_to_its_default_and_keeps_the_rest(tmp_path, key, value):
    path = write(tmp_path / "settings.json", {**GOOD, key: value})
    settings, problem = promptly(lambda: load_settings(path))
    expected = Settings(**{**GOOD_SETTINGS.__dict__, key: getattr(Settings(), key)})
    assert settings == expected
    check_problem(problem, key)


def test_every_bad_value_is_named_in_one_message(tmp_path):
    path = write(tmp_path / "settings.json", {**GOOD, "window": [1, 1], "animation": ["x"]})
    settings, problem = load_settings(path)
    assert settings.language == "de" and settings.symbols is False
    assert settings.window is None and settings.animation == "normal"
    check_problem(problem, "window", "animation")
    assert "language" not in problem


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1" * 5000, "-" + "9" * 30])
def test_numbers_settings_cannot_hold_default_only_their_own_key(tmp_path, number):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(GOOD).replace("[1600, 900]", f"[{number}, 900]"))
    settings, problem = load_settings(path)
    assert settings == Settings(**{**GOOD_SETTINGS.__dict__, "window": None})
    check_problem(problem, "window")
    assert "11111111" not in problem


def test_a_long_string_is_never_quoted(tmp_path):
    path = write(tmp_path / "settings.json", {**GOOD, "language": "x" * 60_000})
    settings, problem = load_settings(path)
    assert settings.language == "en" and settings.window == (1600, 900)
    check_problem(problem, "language")
    assert "xxxxxxxxxx" not in problem


# ------------------------------------------------------- files that are not settings


@pytest.mark.parametrize(
    "data,words",
    [
        (b'{"language": "d\xe9"}', ["UTF-8"]),
        (b"\xff\xfe{\x00}\x00", ["UTF-8"]),
        (b"\x00" * 100, ["JSON"]),
        (b"", ["empty"]),
        (b"  \n", ["empty"]),
        (b'{"language": "de",', ["JSON"]),
        (b"{not json", ["JSON"]),
        (b'{"language": "de"} trailing', ["JSON"]),
        (b'["language", "de"]', ["not a settings file"]),
        (b'"de"', ["not a settings file"]),
        (b"42", ["not a settings file"]),
        (b"null", ["not a settings file"]),
        (b"[" * 30_000 + b"]" * 30_000, ["nested too deeply"]),
        (b'{"language": "de", "window": ' + b"[" * 30_000 + b"]" * 30_000 + b"}", ["nested"]),
        (b"[" * 100_000 + b"]" * 100_000, ["larger than 64 KB"]),
        (b"{" + b" " * MAX_SETTINGS_BYTES + b"}", ["larger than 64 KB"]),
    ],
)
def test_a_file_that_is_not_a_settings_file_gives_the_defaults_and_one_message(
    tmp_path, data, words
):
    path = tmp_path / "settings.json"
    path.write_bytes(data)
    settings, problem = promptly(lambda: load_settings(path))
    assert settings == Settings()
    check_problem(problem, "settings.json", *words)


def test_a_huge_file_is_not_read_whole(tmp_path):
    path = tmp_path / "settings.json"
    with path.open("wb") as file:
        file.truncate(1024**3)  # 1 GB of zeros, sparse on disk
    settings, problem = promptly(lambda: load_settings(path))
    assert settings == Settings()
    check_problem(problem, "larger than 64 KB")


def test_a_folder_where_the_file_belongs(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    settings, problem = promptly(lambda: load_settings(path))
    assert settings == Settings()
    check_problem(problem, "not a regular file")


@posix_only
def test_a_fifo_is_never_opened(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    try:
        settings, problem = promptly(lambda: load_settings(path), seconds=5)
    finally:
        # Should a reader hang in open(), a writer that comes and goes sets it free.
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert settings == Settings()
    check_problem(problem, "not a regular file")


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_an_endless_device_is_never_read(tmp_path):
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    settings, problem = promptly(lambda: load_settings(path), seconds=5)
    assert settings == Settings()
    check_problem(problem, "not a regular file")


@posix_only
def test_a_link_that_loops_is_reported(tmp_path):
    path = tmp_path / "settings.json"
    path.symlink_to(path)
    settings, problem = promptly(lambda: load_settings(path))
    assert settings == Settings()
    check_problem(problem, "settings.json", "cannot read")


def test_a_very_long_path_is_shortened_in_the_message(tmp_path):
    folder = tmp_path
    for _ in range(4):
        folder = folder / ("f" * 60)
    folder.mkdir(parents=True)
    path = folder / "settings.json"
    path.write_bytes(b"\xff")
    _, problem = load_settings(path)
    check_problem(problem, "settings.json", "UTF-8")


def test_a_settings_folder_that_cannot_be_made(tmp_path, monkeypatch):
    from buttons_game.paths import HOME_VARIABLE

    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    settings, problem = load_settings()
    assert settings.window is None
    check_problem(problem, "settings folder")
    with pytest.raises(OSError, match="cannot save the settings"):
        save_settings(GOOD_SETTINGS)


# ------------------------------------------------------------------ saving


def test_a_failed_save_names_the_file_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    (path / "keep").write_text("")  # os.replace cannot put a file over a full folder
    with pytest.raises(OSError) as error:
        save_settings(GOOD_SETTINGS, path)
    message = str(error.value)
    assert message.startswith(f"{path}: cannot save the settings (")
    assert ".tmp" not in message and len(message) <= 200
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_a_full_disk_leaves_the_old_settings_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(GOOD_SETTINGS, path)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module.os, "fsync", full)
    with pytest.raises(OSError, match="cannot save the settings \\(No space left on device\\)"):
        save_settings(Settings(), path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    monkeypatch.undo()
    assert load_settings(path) == (GOOD_SETTINGS, None)


def test_saving_into_a_missing_folder_is_an_os_error(tmp_path):
    path = tmp_path / "gone" / "settings.json"
    with pytest.raises(OSError, match="cannot save the settings"):
        save_settings(GOOD_SETTINGS, path)
    assert not path.parent.exists()


def test_the_coach_reviews_one_person_by_default_every_person_or_nobody():
    assert Settings().coached([2]) == [2]
    assert Settings().coached([0, 1]) == []  # hot-seat: nobody's play is shown to the others
    assert Settings(coach="always").coached([0, 1]) == [0, 1]
    assert Settings(coach="off").coached([1]) == []
