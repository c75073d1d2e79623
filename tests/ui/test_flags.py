"""The app's command-line flags: a whole headless game, screenshots, and clear errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from buttons_game.cli import main


@pytest.mark.slow
def test_headless_bot_game_through_the_real_loop(tmp_path):
    shots = tmp_path / "shots"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "BUTTONS_GAME_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "buttons_game",
            "--seats",
            "bot,bot,bot:easy,bot:random",
            "--fast",
            "--screenshots",
            str(shots),
            "--quit-when-over",
            "--seed",
            "4",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("turn" in n for n in names) and any("placing" in n for n in names)
    assert any("summary" in n for n in names) and names[-1].endswith("game-over.png")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--seats", "human"], "2, 3 or 4 seats"),
        (["--seats", "human,robot"], "unknown seat 'robot'"),
        (["--seats", "human,bot:genius"], "unknown seat"),
        (["--window", "big"], "WIDTHxHEIGHT"),
        (["--window", "100x100"], "outside"),
        (["--lang", "xx"], "unknown language"),
        (["--quit-when-over"], "needs --seats"),
        (["--speed"], "unrecognized arguments"),
    ],
)
def test_bad_flags_exit_2_with_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_headless_kopf_oder_knopf_bot_game_through_the_real_loop(tmp_path):
    shots = tmp_path / "shots"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "BUTTONS_GAME_HOME": str(tmp_path / "home")}
    command = [
        sys.executable,
        "-m",
        "buttons_game",
        "--game",
        "kopf",
        "--seats",
        "bot:random,bot:easy",
    ]
    command += ["--fast", "--screenshots", str(shots), "--quit-when-over", "--seed", "3"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("kopf-move" in n for n in names) and names[-1].endswith("kopf-over.png")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--game", "kopf", "--seats", "human,bot,bot"], "played by 2 seats"),
        (["--short", "--seats", "human,bot"], "--game kopf"),
        (["--game", "chess"], "invalid choice"),
    ],
)
def test_kopf_flags_are_checked(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_continue_after_a_kill_brings_back_a_kopf_oder_knopf_game(tmp_path, make_app, monkeypatch):
    """A game played by two bots is killed (-9) mid-game; Continue opens it at its last move."""
    import signal
    import time

    from buttons_game import saves
    from buttons_game.ui.games.kopf.screen import KopfScreen

    home = tmp_path / "home"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "BUTTONS_GAME_HOME": str(home)}
    command = [
        sys.executable,
        "-m",
        "buttons_game",
        "--game",
        "kopf",
        "--seats",
        "bot:easy,bot:easy",
    ]
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(home))
    try:
        end = time.monotonic() + 120
        while time.monotonic() < end:
            time.sleep(0.5)
            info = saves.latest_unfinished() if (home / "data" / "saves").exists() else None
            if info is not None and info.turn_number and info.turn_number >= 4:
                break
        else:
            raise AssertionError("the game never reached its fourth turn")
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    on_disk = saves.load_game(saves.latest_unfinished().path)
    app = make_app()
    app.continue_game()
    assert isinstance(app.top, KopfScreen)
    assert app.top.session.state == on_disk.state and not on_disk.state.is_over()
