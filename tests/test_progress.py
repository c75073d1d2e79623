"""Long command-line work shows a progress bar on stderr when it is a terminal (a pty
here), and nothing extra when stderr is a pipe or with --json."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from buttons_game.progress import Progress, clock

posix_only = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs POSIX")


def run(argv: list[str], terminal: bool) -> tuple[str, str]:
    """``buttons-game ARGV``: its stdout (a pipe) and its stderr (a pty, or a pipe)."""
    command = [sys.executable, "-m", "buttons_game", *argv]
    env = dict(os.environ)
    if not terminal:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout, done.stderr
    import pty

    master, slave = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    out = process.stdout.read().decode() if process.stdout else ""
    assert process.wait(timeout=120) == 0, seen.decode(errors="replace")
    return out, seen.decode(errors="replace")


@posix_only
def test_simulate_shows_a_bar_on_a_terminal_and_nothing_in_a_pipe():
    argv = ["simulate", "--players", "2", "--games", "150", "--seed", "3"]
    out, err = run(argv, terminal=True)
    assert "[" + "#" * 30 + "] 150/150 games" in err and "games/s" in err and "in all" in err
    assert "\r" in err, "the bar is redrawn over one line"
    piped_out, piped_err = run(argv, terminal=False)
    assert piped_err == "", "nothing extra when stderr is not a terminal"
    assert "\r" not in out and "#" not in out, "the report on stdout stays clean"
    assert out.splitlines()[:4] == piped_out.splitlines()[:4]


@posix_only
def test_tournament_shows_a_bar_on_a_terminal_but_not_with_json():
    argv = ["tournament", "--seats", "easy,random", "--games", "6", "--seed", "2"]
    out, err = run(argv, terminal=True)
    assert "6/6 games" in err and "games/s" in err
    assert out.startswith("6 2-player games of BUTTONS")
    out, err = run([*argv, "--json"], terminal=True)
    assert "games/s" not in err and "#" not in err, "--json: no bar"
    assert json.loads(out)["games"] == 6
    _, piped_err = run(argv, terminal=False)
    assert piped_err == ""


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_says_games_done_the_rate_and_the_time_left():
    bar = Progress(200, stream=FakeTerminal())
    assert bar.shown and not Progress(5, stream=io.StringIO()).shown
    bar.done = 50
    line = bar.line(bar.started + 10)
    assert line.startswith("[" + "#" * 7 + "-" * 23 + "]  50/200 games")
    assert "5.0 games/s" in line and line.endswith("0:30 left")
    bar.done = 200
    assert bar.line(bar.started + 40).endswith("0:40 in all")
    assert (clock(5), clock(62), clock(3723)) == ("0:05", "1:02", "1:02:03")
    with Progress(3, stream=FakeTerminal()) as shown:
        for _ in range(3):
            shown.advance()
    text = shown.stream.getvalue()
    assert text.startswith("\r[") and text.endswith("\n") and "3/3 games" in text
