"""``buttons-game verify SAVE``: "verified" (exit 0), the first roll that does not match
(exit 1), nothing to verify in a game of one computer (exit 0), a bad file (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from buttons_game import saves
from buttons_game.cli import main
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.saves.network import encode_network, guest_record, host_record
from tests.net import test_host_guest as net


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def table() -> Any:
    played = net.hosted("buttons", ("easy", None), seed=31)
    net.play_out(played, seed=8)
    return played


def _host_save(table: Any, path: Path) -> Path:
    saves.save_game(table.host.match.game, path, network=host_record(table.host))
    return path


def test_a_networked_save_is_verified(home, table, capsys):
    host = _host_save(table, home / "host.json")
    guest = home / "guest.json"
    only = table.guests["peer-1"]
    saves.save_game(only.game, guest, network=guest_record(only))
    for path in (host, guest):
        assert main(["verify", str(path)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("verified")


def test_a_tampered_reveal_names_the_first_draw_that_does_not_match(home, table, capsys):
    path = _host_save(table, home / "host.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    draws = doc["network"]["proofs"]["draws"]
    draws[5][1] = ("0" if draws[5][1][0] != "0" else "1") + draws[5][1][1:]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("not verified: draw 5") and "chain" in out


def test_proofs_of_another_game_name_the_deal(home, table, capsys):
    """The proof record of another networked game, given this game's id: its chains hold,
    but its joint draw 0 deals another game."""
    path = _host_save(table, home / "host.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    other = net.hosted("buttons", ("easy", None), seed=32)
    net.play_out(other, seed=9)
    proofs = encode_network(host_record(other.host))["proofs"]
    doc["network"]["proofs"] = {**proofs, "game_id": doc["game_id"]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("not verified: draw 0") and "deal" in out


def test_a_save_of_one_computer_has_nothing_to_verify(home, capsys):
    path = home / "local.json"
    saves.save_game(Game.new((Seat("Ann"), Seat("Bob", "easy")), seed=4), path)
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("nothing to verify")


def test_a_bad_file_exits_2_with_the_loaders_message(home, capsys):
    path = home / "broken.json"
    path.write_text('{"format": "buttons-game-save", "version": 3', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["verify", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "cannot load the game" in err and "truncated JSON" in err
