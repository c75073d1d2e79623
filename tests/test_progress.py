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


def run(argv: list[str], terminal: bool, code: str | None = None) -> tuple[str, str]:
    """``buttons-game ARGV`` (run by ``python -c CODE ARGV`` if given): its stdout (a pipe)
    and its stderr (a pty, or a pipe)."""
    start = ["-m", "buttons_game"] if code is None else ["-c", code]
    command = [sys.executable, *start, *argv]
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
@pytest.mark.slow  # two runs of the app in a child process; the bar itself is tested quick below
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
@pytest.mark.slow  # two tournaments in a child process; the bar itself is tested quick below
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


# ``buttons-game`` with the efficiency measured over two of the smaller fixed positions.
TWO_POSITIONS = """
import sys
from buttons_game.cli import main
from buttons_game.games.buttons.bots import efficiency
two = tuple(p for p in efficiency.solo_positions() if p.buttons.bit_count() == 2)[-2:]
efficiency.solo_positions = lambda seed=2015: two
sys.exit(main(sys.argv[1:]))
"""


def lines_shown(err: str) -> list[str]:
    """What stays on a terminal of each line drawn (a terminal's newline is CR LF)."""
    return [line.split("\r")[-1] for line in err.replace("\r\n", "\n").split("\n")]


@posix_only
@pytest.mark.slow  # three commands, each solving two positions exactly
def test_efficiency_shows_a_bar_per_stage_on_a_terminal_but_not_with_json_or_in_a_pipe():
    argv = ["tournament", "--efficiency", "--seats", "easy,random", "--games", "30"]
    out, err = run(argv, terminal=True, code=TWO_POSITIONS)
    shown = lines_shown(err)
    assert shown[0].startswith("[" + "#" * 30 + "] 2/2 positions") and "in all" in shown[0]
    assert shown[1].startswith("[" + "#" * 30 + "] 60/60 rounds") and "rounds/s" in shown[1]
    assert shown[2:] == [""], "each stage on a line of its own, and the bar ends its line"
    assert err.count("\r") > 2, "the bar is redrawn over its line"
    assert out.startswith("solo-round efficiency: 30 seeded rounds per level over 2 fixed")
    assert "#" not in out and "\r" not in out, "the report on stdout stays clean"
    json_out, json_err = run([*argv, "--json"], terminal=True, code=TWO_POSITIONS)
    assert "rounds/s" not in json_err and "#" not in json_err, "--json: no bar"
    assert set(json.loads(json_out)["levels"]) == {"easy", "random"}
    piped_out, piped_err = run(argv, terminal=False, code=TWO_POSITIONS)
    assert piped_err == "", "nothing extra when stderr is not a terminal"
    assert piped_out.splitlines()[1:] == out.splitlines()[1:]


class Meter:
    """A meter that writes down what it is told."""

    def __init__(self) -> None:
        self.stages: list[tuple[str, int]] = []
        self.counted: dict[str, int] = {}

    def stage(self, total: int, unit: str) -> None:
        self.stages.append((unit, total))

    def advance(self, count: int = 1) -> None:
        unit = self.stages[-1][0]
        self.counted[unit] = self.counted.get(unit, 0) + count


def two_stars(position: object) -> float:
    return 2.0


@pytest.mark.parametrize("jobs", [1, 2])
def test_efficiency_tells_its_meter_each_position_solved_and_each_round_played(
    jobs, monkeypatch, capsys
):
    from buttons_game.games.buttons.bots import efficiency

    two = efficiency.solo_positions()[:2]
    monkeypatch.setattr(efficiency, "solo_positions", lambda seed=2015: two)
    monkeypatch.setattr(efficiency, "_exact", two_stars)  # no solving: quick
    meter = Meter()
    argv = (["easy", "random", "easy"], 60, 3, jobs, True)
    assert efficiency.efficiency_command(*argv, meter) == 0
    assert meter.stages == [("positions", 2), ("rounds", 120)]
    assert meter.counted == {"positions": 2, "rounds": 120}
    measured = json.loads(capsys.readouterr().out)
    assert efficiency.efficiency_command(*argv) == 0, "and the same without a meter"
    assert json.loads(capsys.readouterr().out) == measured
    assert measured["levels"]["easy"]["rounds"] == 60


def test_a_bar_in_stages_draws_each_at_once_and_ends_each_line():
    bar = Progress(0, stream=FakeTerminal())
    bar.stage(2, "positions")
    assert lines_shown(bar.stream.getvalue())[-1].startswith("[" + "-" * 30 + "] 0/2 positions")
    bar.advance()
    bar.advance()
    bar.advance()  # one too many changes nothing
    bar.stage(3, "rounds")
    bar.advance(3)
    bar.close()
    text = bar.stream.getvalue()
    first, second, after = lines_shown(text)
    assert first.startswith("[" + "#" * 30 + "] 2/2 positions") and after == ""
    assert second.startswith("[" + "#" * 30 + "] 3/3 rounds")
    assert text.endswith("\n") and text.count("\n") == 2, "close adds no empty line"


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
