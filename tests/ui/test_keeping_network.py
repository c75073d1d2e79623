"""A networked game kept by several windows on one computer (a host's and its guests', one
user folder): each writes its own autosave, none forks the game, and each counts only the
people at its own seats, so nobody's game is counted twice or lost."""

from __future__ import annotations

import pytest

from buttons_game import saves, stats
from buttons_game.paths import HOME_VARIABLE
from buttons_game.saves.network import guest_record, host_record
from buttons_game.ui.keeping import GameKeeper
from tests.net import test_host_guest as net


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


def test_a_host_and_two_guests_in_one_folder_keep_three_saves_and_count_each_person_once():
    table = net.hosted("buttons", ("easy", None, None), seed=21)
    guests = [table.guests[peer] for peer in sorted(table.guests)]
    windows = [(table.host.match.game, host_record(table.host))]
    windows += [(guest.game, guest_record(guest)) for guest in guests]
    keepers = [GameKeeper(lambda text, tone: None) for _ in windows]
    told: list[str] = []
    for keeper, (game, record) in zip(keepers, windows):
        keeper.notify = lambda text, tone: told.append(text)
        claimed = keeper.claim(game, record)
        assert claimed.game_id == game.game_id  # the same game in every window: no fork
        keeper.changed(claimed, record)
    assert not told
    net.play_out(table, seed=5)
    finished = [(table.host.match.game, host_record(table.host))]
    finished += [(guest.game, guest_record(guest)) for guest in guests]
    for keeper, (game, record) in zip(keepers, finished):
        assert game.state.is_over()
        keeper.changed(game, record)
        keeper.close()
    infos = saves.list_saves(prune=False)
    names = sorted(info.path.name for info in infos)
    game_id = table.host.match.game.game_id
    assert names == sorted(
        f"autosave-{game_id}-{record.computer}.json" for _, record in finished
    ), "one autosave per window"
    assert all(info.networked and info.finished for info in infos)
    counted = stats.read_statistics()
    assert counted is not None
    assert sorted(counted.counted) == sorted(f"{game_id}-{r.computer}" for _, r in finished)
    people = {record.name: record.games for record in counted.players("buttons")}
    assert people == {"Guest 1": 1, "Guest 2": 1}  # each counted by its own computer only
    assert counted.totals["buttons"] == 3  # one finished game at each window
    again = stats.refresh()  # a later look at the saves counts nothing more
    assert again.added == 0 and again.stats == counted
