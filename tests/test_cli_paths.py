"""Every path the command line takes (review SAVE, --load, --replay, --screenshots), of any
length or byte, that cannot be used exits with code 2 and one clear line on stderr."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game import saves
from buttons_game.arguments import SaveNotFound, find_save
from buttons_game.cli import main
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.paths import saves_dir

SAVE_COMMANDS = {
    "review": (["review"], "buttons-game review: error: cannot load the game: "),
    "load": (["--load"], "buttons-game: error: cannot load the game: "),
    "replay": (["--replay"], "buttons-game: error: cannot replay the game: "),
}


@pytest.fixture
def here(tmp_path, monkeypatch):
    """An empty current folder, a saves folder of its own, and a saved game in it."""
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(tmp_path / "home"))
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    saves.save_as(Game.new((Seat("Ann"), Seat("Bob", "easy")), seed=4), "Sunday")
    return folder


@pytest.fixture
def started(monkeypatch):
    """What the game would open (the app is not started)."""
    import buttons_game.ui.launch as launch

    seen: list[object] = []
    monkeypatch.setattr(launch, "run_app", lambda options: seen.append(options) or 0)
    return seen


def unreadable(monkeypatch, path: Path) -> None:
    """Opening ``path`` (or anything in it) is refused, as for a file of another user."""
    real_open = os.open

    def refusing(name, *args, **kwargs):
        if os.fspath(name).startswith(os.fspath(path)):
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)


def bad_path(case: str, here: Path, monkeypatch) -> tuple[str, str]:
    """The argument for ``case`` and a part of the message that says what is wrong."""
    if case == "name over 255 bytes":
        return "a" * 256, "longer than 255 bytes"
    if case == "name over 255 bytes in a folder":
        return str(here / ("é" * 128 + ".json")), "longer than 255 bytes"
    if case == "path over 4096 bytes":
        return "/".join(["b" * 200] * 21), "longer than 4096 bytes"
    if case == "NUL byte":
        return "Sun\0day.json", "NUL"
    if case == "unencodable character":
        return "Sun\ud800day.json", "not a valid file name"
    if case == "undecodable bytes":
        return os.fsdecode(b"Sun\xffday.json"), "no such file"
    if case == "folder":
        return str(here), "not a regular file"
    if case == "missing":
        return str(here / "nothing.json"), "no such file"
    path = here / "locked.json"
    path.write_bytes(saves_dir().joinpath("Sunday.json").read_bytes())
    unreadable(monkeypatch, path)
    return str(path), "Permission denied"


CASES = [
    "name over 255 bytes",
    "name over 255 bytes in a folder",
    "path over 4096 bytes",
    "NUL byte",
    "unencodable character",
    "undecodable bytes",
    "folder",
    "missing",
    "unreadable",
]


def exits_2_with_one_line(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].isprintable() and len(lines[0]) < 500
    return lines[0]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("command", SAVE_COMMANDS)
def test_a_save_path_that_cannot_be_used_exits_2_with_one_line(
    command, case, here, started, monkeypatch, capsys
):
    argument, why = bad_path(case, here, monkeypatch)
    argv, start = SAVE_COMMANDS[command]
    line = exits_2_with_one_line([*argv, argument], capsys)
    assert line.startswith(start) and why in line, line
    assert started == [], "nothing starts"


@pytest.mark.parametrize(
    "case",
    ["name over 255 bytes", "path over 4096 bytes", "NUL byte", "unencodable character", "file"],
)
def test_a_screenshot_folder_that_cannot_be_used_exits_2_with_one_line(
    case, here, started, monkeypatch, capsys
):
    if case == "file":
        argument, why = str(here / "file" / "shots"), "cannot be created"
        (here / "file").write_text("x")
    else:
        argument, why = bad_path(case, here, monkeypatch)
    line = exits_2_with_one_line(["--seats", "human,bot", "--screenshots", argument], capsys)
    assert line.startswith("buttons-game: error: --screenshots ") and why in line, line
    assert started == []


def test_a_screenshot_folder_that_cannot_be_written_in_says_why(here, started, monkeypatch, capsys):
    unreadable(monkeypatch, here / "shots")
    line = exits_2_with_one_line(["--seats", "human,bot", "--screenshots", "shots"], capsys)
    assert "nothing can be written in it (Permission denied)" in line
    assert started == []


def test_a_bare_name_just_under_the_limit_looks_on_without_an_error(here):
    """255 bytes as given, 260 with .json added: found nowhere, said so."""
    with pytest.raises(SaveNotFound, match="no such file in the current folder"):
        find_save(Path("c" * 255))
    assert find_save(Path("Sunday")) == saves_dir() / "Sunday.json"


@pytest.mark.slow
@pytest.mark.parametrize("command", SAVE_COMMANDS)
def test_undecodable_bytes_from_a_real_command_line_exit_2_with_one_line(command, here):
    argv, start = SAVE_COMMANDS[command]
    args = [os.fsencode(a) for a in argv]
    for argument in (b"Sun\xffday.json", b"x" * 300, b"y/" * 2100):
        done = subprocess.run(
            [sys.executable, "-m", "buttons_game", *args, argument],
            capture_output=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
            timeout=120,
        )
        err = done.stderr.decode("utf-8").splitlines()
        assert done.returncode == 2 and len(err) == 1, done.stderr
        assert err[0].startswith(start) and "Traceback" not in err[0]


@pytest.mark.parametrize("command", ["load", "replay"])
def test_a_double_clicked_app_with_a_bad_save_opens_and_says_it_too(
    command, here, started, monkeypatch, capsys
):
    """No terminal to read stderr in (a frozen app not started from one): the window opens
    on the main menu and says what could not be opened; the exit code is still 2."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    argv, start = SAVE_COMMANDS[command]
    assert main([*argv, "a" * 300]) == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith(start) and "longer than 255 bytes" in line
    (options,) = started
    assert options.problem == line.removeprefix("buttons-game: error: ")
    assert options.load is None and options.replay is None


def test_with_no_stderr_at_all_the_window_alone_says_it(here, started, monkeypatch):
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["--load", str(here / "nothing.json")]) == 2
    (options,) = started
    assert (
        options.problem.startswith("cannot load the game: ") and "no such file" in options.problem
    )
