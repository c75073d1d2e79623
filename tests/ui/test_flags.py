"""The app's command-line flags: a whole headless game, screenshots, and clear errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from buttons_game.cli import main


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
