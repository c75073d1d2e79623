"""Format 2 saves of both games, written by the app at commit c58ff6d (before the games
became packages on the core), load as the games that app read from them, are listed and
can be continued. What that app read is kept beside them in c58ff6d-expected.json."""

import json
import shutil
from pathlib import Path

import pytest

from buttons_game.paths import saves_dir
from buttons_game.saves import latest_unfinished, list_saves, read_save

from .helpers import assert_legal, snapshot

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "c58ff6d-expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_a_format_2_file_of_c58ff6d_loads_as_the_game_it_held(file):
    expected = EXPECTED[file]
    raw = json.loads((DATA / file).read_text(encoding="utf-8"))
    assert raw["version"] == 2 and raw["game"] == expected["game"]
    before = snapshot(DATA)
    saved = read_save(DATA / file)
    assert snapshot(DATA) == before
    game, state = saved.game, saved.game.state
    assert game.kind == expected["game"] and game.game_id == expected["game_id"]
    assert saved.name == expected["name"]
    assert [[seat.name, seat.bot] for seat in game.seats] == expected["seats"]
    assert len(state.history()) == expected["actions"]
    assert state.is_over() is expected["finished"]
    outcome = state.outcome()
    if expected["game"] == "kopf":
        assert game.turn_number == expected["turn"]
        assert [state.captured(0), state.captured(1)] == expected["captured"]
        assert (outcome.winner if outcome else None) == expected["winner"]
    else:
        assert state.round_number == expected["round"]
        assert [state.star_count(p) for p in range(state.players)] == expected["stars"]
        assert (sorted(outcome.winners) if outcome else None) == expected["winners"]
    assert_legal(game)


def test_the_format_2_files_of_c58ff6d_are_listed_and_continued():
    for file in EXPECTED:
        shutil.copy(DATA / file, saves_dir() / file)
    infos = {info.path.name: info for info in list_saves()}
    assert set(infos) == set(EXPECTED)
    for file, expected in EXPECTED.items():
        info = infos[file]
        assert not info.broken and info.game == expected["game"]
        assert info.finished is expected["finished"] and info.game_id == expected["game_id"]
        if expected["game"] == "kopf":
            assert info.turn_number == expected["turn"] and info.round_number is None
        else:
            assert info.round_number == expected["round"] and info.turn_number is None
    continued = latest_unfinished()
    assert continued is not None and continued.game_id in ("buttons12", "kopf14")
