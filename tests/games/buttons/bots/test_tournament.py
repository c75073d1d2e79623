"""The tournament command: small game counts, the JSON shape, and bad flags."""

import json

import pytest

from buttons_game import tournament
from buttons_game.games.buttons.bots import efficiency
from buttons_game.games.buttons.bots.efficiency import solo_positions
from buttons_game.tournament import main, seat_orders, wilson

FIELDS = {
    "win_rate",
    "ci_low",
    "ci_high",
    "games",
    "mean_rounds",
    "busts_per_game",
    "decision_ms_median",
    "decision_ms_p99",
}


def test_json_has_every_level_and_field(capsys):
    argv = ["--players", "3", "--seats", "easy,random,random", "--games", "7", "--seed", "4"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 9  # rounded up to whole sets of the 3 distinct seat orders
    assert set(data["levels"]) == {"easy", "random"}
    for row in data["levels"].values():
        assert set(row) >= FIELDS
        assert 0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1
        assert row["mean_rounds"] >= 1 and row["decision_ms_p99"] >= row["decision_ms_median"]
    assert data["levels"]["easy"]["games"] == 9 and data["levels"]["random"]["games"] == 18
    wins = data["levels"]["easy"]["win_rate"] * 9 + data["levels"]["random"]["win_rate"] * 18
    assert wins == pytest.approx(9)  # every game has one win to share out


def test_same_seed_same_results_with_and_without_jobs(capsys):
    argv = ["--players", "2", "--seats", "medium,easy", "--games", "10", "--seed", "2", "--json"]
    main(argv)
    one = json.loads(capsys.readouterr().out)["levels"]
    main([*argv, "--jobs", "2"])
    two = json.loads(capsys.readouterr().out)["levels"]
    for level in one:
        for key in ("win_rate", "mean_rounds", "busts_per_game", "games"):
            assert one[level][key] == two[level][key]


def test_text_report(capsys):
    assert main(["--players", "2", "--seats", "easy,random", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "4 2-player games" in out and "95% CI" in out
    assert out.count("\neasy") == 1 and out.count("\nrandom") == 1


def test_seat_orders_rotate_every_level_through_every_seat():
    orders = seat_orders(["hard", "medium", "medium", "medium"])
    assert len(orders) == 4
    assert {order.index("hard") for order in orders} == {0, 1, 2, 3}


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == pytest.approx(0) and wilson(10, 10)[1] == pytest.approx(1)


@pytest.mark.slow  # bot rounds against the solver
def test_efficiency_json(capsys, monkeypatch):
    quick = tuple(p for p in solo_positions() if p.buttons.bit_count() == 2)[-2:]
    monkeypatch.setattr(efficiency, "solo_positions", lambda: quick)
    assert main(["--efficiency", "--seats", "easy,medium", "--games", "20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["positions"] == 2 and set(data["levels"]) == {"easy", "medium"}
    for row in data["levels"].values():
        assert row["rounds"] == 20 and 0 < row["efficiency"] < 1.5


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--players", "5"], "2, 3 or 4 players"),
        (["--players", "3", "--seats", "hard,medium"], "one level per seat"),
        (["--seats", "hard,grandmaster"], "unknown bot level"),
        (["--games", "0"], "at least 1"),
        (["--games", "lots"], "whole number"),
        (["--seed", "x"], "whole number"),
        (["--jobs", "0"], "at least 1"),
        (["--colour"], "unrecognized arguments"),
    ],
)
def test_bad_flags_exit_2_with_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow  # bot games with the hard bot
def test_default_seats_are_hard_against_medium(capsys):
    assert main(["--players", "3", "--games", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["levels"]["hard"]["games"] == 3 and data["levels"]["medium"]["games"] == 6


@pytest.mark.parametrize("jobs", ["3", "64", str(10**30)])
def test_jobs_beyond_the_cpus_are_capped_and_said_once(jobs, capsys, monkeypatch):
    monkeypatch.setattr(tournament, "available_cpus", lambda: 2)
    argv = ["--players", "2", "--seats", "medium,easy", "--games", "6", "--seed", "2", "--json"]
    assert main([*argv, "--jobs", jobs]) == 0
    captured = capsys.readouterr()
    assert captured.err == f"buttons-game: --jobs {jobs} is more than the 2 CPUs here; using 2\n"
    main(argv)
    single = json.loads(capsys.readouterr().out)["levels"]
    for level, row in json.loads(captured.out)["levels"].items():
        for key in ("win_rate", "mean_rounds", "busts_per_game", "games"):
            assert row[key] == single[level][key]


def test_jobs_within_the_cpus_are_used_without_a_word(capsys, monkeypatch):
    used = []
    monkeypatch.setattr(tournament, "available_cpus", lambda: 4)
    monkeypatch.setattr(tournament, "run_tournament", lambda *a: used.append(a[3]) or ({}, 0))
    assert main(["--players", "2", "--seats", "medium,easy", "--jobs", "4", "--json"]) == 0
    assert used == [4] and capsys.readouterr().err == ""


def test_efficiency_jobs_are_capped_too(capsys, monkeypatch):
    used = []
    monkeypatch.setattr(tournament, "available_cpus", lambda: 1)
    monkeypatch.setattr(efficiency, "efficiency_command", lambda *a: used.append(a[3]) or 0)
    assert main(["--efficiency", "--jobs", "8"]) == 0
    assert used == [1]
    assert (
        capsys.readouterr().err == "buttons-game: --jobs 8 is more than the 1 CPU here; using 1\n"
    )


def test_available_cpus_is_at_least_one(monkeypatch):
    assert tournament.available_cpus() >= 1
    monkeypatch.delattr(tournament.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(tournament.os, "cpu_count", lambda: None)
    assert tournament.available_cpus() == 1
    monkeypatch.setattr(tournament.os, "cpu_count", lambda: 3)
    assert tournament.available_cpus() == 3


@pytest.mark.parametrize("jobs", ["0", "-3"])
def test_jobs_below_one_stay_an_error(jobs, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([f"--jobs={jobs}"])
    assert exit_info.value.code == 2
    assert f"at least 1, got {jobs}" in capsys.readouterr().err
