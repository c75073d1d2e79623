"""The command line: simulate, and clear errors with exit code 2 for bad flags."""

import subprocess
import sys

import pytest

from buttons_game.cli import main


def test_simulate_prints_a_summary(capsys):
    assert main(["simulate", "--players", "3", "--games", "20", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "20 random 3-player games (seed 5)" in out
    assert "rounds per game: mean" in out and "busts per game" in out
    assert out.count("seat ") == 3 and "games per second" in out


def test_simulate_is_reproducible(capsys):
    main(["simulate", "--players", "2", "--games", "10", "--seed", "1"])
    first = capsys.readouterr().out.splitlines()[:4]
    main(["simulate", "--players", "2", "--games", "10", "--seed", "1"])
    assert capsys.readouterr().out.splitlines()[:4] == first


@pytest.mark.parametrize(
    "argv,message",
    [
        (["simulate", "--players", "5"], "2, 3 or 4 players"),
        (["simulate", "--games", "0"], "at least 1"),
        (["simulate", "--games", "many"], "whole number"),
        (["simulate", "--seed", "x"], "whole number"),
        (["simulate", "--colour"], "unrecognized arguments"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_flags_exit_2_with_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_module_entry_point_runs_simulate():
    result = subprocess.run(
        [sys.executable, "-m", "buttons_game", "simulate", "--games", "3", "--players", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "3 random 2-player games" in result.stdout
