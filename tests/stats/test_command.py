"""``buttons-game stats [--json]``: the figures, the JSON's shape, and clear errors."""

from __future__ import annotations

import json

import pytest

from buttons_game import saves, stats
from buttons_game.cli import main
from buttons_game.games.buttons.game import Seat
from buttons_game.paths import HOME_VARIABLE

from .helpers import Rolled, play_buttons, play_kopf


@pytest.fixture
def some_games():
    rolled = Rolled()
    for seed in range(3):
        seats = (Seat("Anna"), Seat("Bo", "hard"), Seat("Ben"))
        saves.autosave(play_buttons(seats, seed, rolled=rolled))
    saves.save_as(play_kopf((Seat("Anna"), Seat("Bo", "easy")), 1), "Kopf")
    return rolled


def test_stats_json_has_the_dice_and_the_players(some_games, capsys):
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"dice", "players", "games"}
    assert out["games"] == {"buttons": 3, "kopf": 1}
    for kind in ("white", "gold", "plain"):
        die = out["dice"][kind]
        assert list(die["counts"]) == ["1", "2", "3", "4", "5", "6"]
        assert list(die["counts"].values()) == some_games.counts(kind), kind
        assert 0.0 <= die["p_value"] <= 1.0
        assert die["verdict"] in ("fair", "unusual", "too_few")
        assert die["rolls"] == sum(die["counts"].values())
    players = {(p["game"], p["name"]): p for p in out["players"]}
    assert set(players) == {("buttons", "Anna"), ("buttons", "Ben"), ("kopf", "Anna")}
    anna = players[("buttons", "Anna")]
    assert anna["games"] == 3 and 0 <= anna["wins"] <= 3
    assert anna["vs"]["hard"]["games"] == 3 and anna["vs"]["easy"]["games"] == 0
    assert anna["vs"]["easy"]["win_rate"] is None
    assert {"stars_per_round", "busts", "opt_outs", "rounds"} <= set(anna)
    kopf = players[("kopf", "Anna")]
    assert kopf["games"] == 1 and {"captures_per_game", "turns_per_game", "draws"} <= set(kopf)


def test_stats_prints_tables_and_the_dice_in_words(some_games, capsys):
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "BUTTONS (finished games counted: 3)" in out
    assert "Kopf oder Knopf (finished games counted: 1)" in out
    assert "Anna" in out and "Ben" in out and "vs hard" in out
    assert out.count("consistent with fair dice") == 3


def test_stats_with_nothing_saved(capsys):
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == [] and out["dice"]["white"]["p_value"] is None
    assert main(["stats"]) == 0
    assert capsys.readouterr().out.count("too few rolls to tell") == 3


def test_a_broken_file_is_said_on_stderr_and_rebuilt(some_games, capsys):
    stats.refresh()
    stats.statistics_path().write_text("not json", encoding="utf-8")
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    assert "could not be read" in captured.err and stats.BROKEN_NAME in captured.err
    assert json.loads(captured.out)["games"]["buttons"] == 3


@pytest.mark.parametrize("argv,message", [(["stats", "--csv"], "unrecognized arguments")])
def test_bad_flags_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_folder_that_cannot_be_used_exits_2_with_one_line(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(HOME_VARIABLE, str(blocker))
    with pytest.raises(SystemExit) as exit_info:
        main(["stats"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("buttons-game stats: error: cannot read the statistics:")
    assert "not a folder" in err[-1]


def test_a_file_with_a_list_for_a_recent_game_id_is_said_and_rebuilt(some_games, capsys):
    stats.refresh()
    doc = json.loads(stats.statistics_path().read_bytes())
    doc["recent"][0]["id"] = [doc["recent"][0]["id"]]
    stats.statistics_path().write_text(json.dumps(doc), encoding="utf-8")
    assert main(["stats"]) == 0
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "could not be read (recent game 0 is not a counted game)" in err[0]
    assert stats.BROKEN_NAME in err[0] and "Traceback" not in captured.err
    assert "BUTTONS (finished games counted: 3)" in captured.out
