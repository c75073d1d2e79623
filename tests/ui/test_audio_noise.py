"""No "ALSA lib" lines on a machine without a sound card: only the app's own message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game.ui.sound import without_alsa_noise

ROOT = Path(__file__).resolve().parents[2]

OPEN_THE_MIXER = """
from buttons_game.ui.sound import Sounds
sounds = Sounds(volume=75)
sounds.play("place")
print(sounds.state)
"""


def real_audio_env() -> dict[str, str]:
    """The environment without the dummy audio driver the tests set: SDL probes the real
    drivers (ALSA among them) as it would on a player's machine."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


@pytest.mark.slow  # a child process; the filter itself is tested quick below
def test_opening_the_mixer_prints_no_alsa_lines_only_the_apps_message():
    run = subprocess.run(
        [sys.executable, "-c", OPEN_THE_MIXER],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=real_audio_env(),
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "ALSA lib" not in run.stderr
    state = run.stdout.split()[-1]
    assert state in ("open", "off")
    if state == "off":  # no audio device here: the app says so, once, in its own words
        assert run.stderr.count("sound effects are off") == 1, run.stderr


def test_other_lines_written_while_the_mixer_opens_still_reach_stderr(capfd):
    with without_alsa_noise():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        os.write(2, b"something else went wrong\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "something else went wrong\nafter\n"


@pytest.mark.slow
def test_a_whole_bot_game_prints_no_alsa_lines(tmp_path):
    env = {**real_audio_env(), "BUTTONS_GAME_HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "buttons_game", "--seats", "bot,bot", "--fast", "--quit-when-over"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "ALSA lib" not in run.stderr
