"""The command line: simulate, and clear errors with exit code 2 for bad flags."""

import os
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


@pytest.mark.parametrize("seed", [str(2**64), str(-(2**64)), str(10**40)])
def test_a_seed_a_save_could_not_hold_is_refused_and_nothing_is_written(
    seed, capsys, tmp_path, monkeypatch
):
    from buttons_game.paths import HOME_VARIABLE

    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    with pytest.raises(SystemExit) as exit_info:
        main(["--seats", "human,bot", "--seed", seed])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith(
        f"argument --seed: the seed must lie strictly between -2**64 and 2**64 "
        f"(a save could not hold it), got '{seed}'"
    )
    assert list(tmp_path.rglob("*.json")) == []


@pytest.mark.parametrize("seed", ["-5", "0", str(2**64 - 1), str(-(2**64) + 1)])
def test_seeds_in_the_save_range_are_accepted(seed):
    from buttons_game.cli import build_parser, join_dash_values

    parser = build_parser()
    assert parser.parse_args(join_dash_values(["--seed", seed], parser)).seed == int(seed)
    args = parser.parse_args(join_dash_values(["simulate", "--seed", seed], parser))
    assert args.seed == int(seed)


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--window", "-5x10"], "window size -5x10 is outside"),
        (["--window", "-1280x720"], "window size -1280x720 is outside"),
        (["--window", "-big"], "expected one argument"),
        (["--seed", "-5x"], "expected a whole number, got '-5x'"),
        (["--seed", "-1.5"], "expected a whole number, got '-1.5'"),
        (["--lang", "-5"], "unknown language '-5'"),
        (["simulate", "--games", "-3"], "at least 1, got -3"),
        (["simulate", "--players", "-2"], "at least 1, got -2"),
        (["tournament", "--jobs", "-1x"], "expected a whole number, got '-1x'"),
    ],
)
def test_values_that_start_with_a_minus_get_the_options_own_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_negative_seed_still_works_for_simulate(capsys):
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "-5"]) == 0
    assert "(seed -5)" in capsys.readouterr().out


def test_joining_stops_at_a_double_dash():
    from buttons_game.cli import build_parser, join_dash_values

    parser = build_parser()
    assert join_dash_values(["--window", "-5x10", "--", "--seed", "-5x"], parser) == [
        "--window=-5x10",
        "--",
        "--seed",
        "-5x",
    ]


def _no_app(monkeypatch):
    """Stand in for the app: record its options instead of opening a window."""
    import buttons_game.ui.launch

    started = []
    monkeypatch.setattr(
        buttons_game.ui.launch, "run_app", lambda options: started.append(options) or 0
    )
    return started


def test_a_screenshot_folder_that_is_a_file_is_refused_up_front(tmp_path, capsys, monkeypatch):
    started = _no_app(monkeypatch)
    shots = tmp_path / "shots.png"
    shots.write_text("")
    with pytest.raises(SystemExit) as exit_info:
        main(["--screenshots", str(shots)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith(f"--screenshots {shots}: it exists and is not a folder")
    assert started == [] and shots.read_text() == ""


def test_a_screenshot_folder_that_cannot_be_created_is_refused(tmp_path, capsys, monkeypatch):
    started = _no_app(monkeypatch)
    (tmp_path / "file").write_text("")
    shots = tmp_path / "file" / "shots"
    with pytest.raises(SystemExit) as exit_info:
        main(["--seats", "bot,bot", "--screenshots", str(shots)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"buttons-game: error: --screenshots {shots}: it cannot be created (")
    assert started == []


def test_a_screenshot_folder_that_cannot_be_written_is_refused(tmp_path, capsys, monkeypatch):
    import tempfile

    started = _no_app(monkeypatch)

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    with pytest.raises(SystemExit) as exit_info:
        main(["--screenshots", str(tmp_path)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith(
        f"--screenshots {tmp_path}: nothing can be written in it (Permission denied)"
    )
    assert started == []


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="needs POSIX permissions, not root"
)
def test_a_read_only_screenshot_folder_is_refused(tmp_path, capsys, monkeypatch):
    started = _no_app(monkeypatch)
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(SystemExit) as exit_info:
            main(["--screenshots", str(tmp_path)])
    finally:
        tmp_path.chmod(0o700)
    assert exit_info.value.code == 2
    assert "nothing can be written in it" in capsys.readouterr().err
    assert started == []


def test_a_missing_screenshot_folder_is_created_and_left_empty(tmp_path, monkeypatch):
    started = _no_app(monkeypatch)
    shots = tmp_path / "new" / "shots"
    assert main(["--seats", "human,bot", "--screenshots", str(shots)]) == 0
    assert shots.is_dir() and list(shots.iterdir()) == []
    assert started[0].screenshots == shots


def test_the_headless_host_says_each_new_wormhole_code_once_and_keeps_all_in_its_file(
    tmp_path, capsys
):
    import json

    from buttons_game.netplay import _tell_codes

    told: dict[int, str] = {}
    codes_file = tmp_path / "codes.json"
    _tell_codes({0: "7-purple-sausages"}, codes_file, told)
    _tell_codes({0: "7-purple-sausages", 1: "3-eagle-banjo"}, codes_file, told)
    _tell_codes({0: "9-tidy-walrus", 1: "3-eagle-banjo"}, codes_file, told)
    said = capsys.readouterr().err.splitlines()
    assert said == [
        "seat 0: wormhole code 7-purple-sausages",
        "seat 1: wormhole code 3-eagle-banjo",
        "seat 0: wormhole code 9-tidy-walrus",
    ]
    assert json.loads(codes_file.read_text()) == {"0": "9-tidy-walrus", "1": "3-eagle-banjo"}
