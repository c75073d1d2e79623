"""The statistics file: a round trip, and a clear error for each kind of bad file."""

from __future__ import annotations

import json

import pytest

from buttons_game import stats
from buttons_game.games.buttons.game import Seat
from buttons_game.stats.fileformat import MAX_STATS_BYTES

from .helpers import play_buttons, play_kopf


def sample() -> stats.Statistics:
    result = stats.Statistics()
    result.add(stats.tally_game(play_buttons((Seat("さくら"), Seat("Bo", "hard")), seed=1)))
    result.add(stats.tally_game(play_kopf((Seat("Zoë"), Seat("Bo", "easy")), seed=2)))
    return result


def document() -> dict:
    return json.loads(stats.encode_statistics(sample()))


def test_a_round_trip_keeps_everything():
    result = sample()
    assert stats.decode_statistics(stats.encode_statistics(result)) == result
    assert stats.decode_statistics(stats.encode_statistics(stats.Statistics())) == (
        stats.Statistics()
    )


def broken(change) -> bytes:
    doc = document()
    change(doc)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    "data,message",
    [
        (b"", "empty"),
        (b"\xff\xfe", "UTF-8"),
        (b'{"format": "buttons-game-statistics",', "cut short"),
        (b"{'format': 1}", "not valid JSON"),
        (b'{"format": "buttons-game-save", "version": 1}', "not a Buttons Game statistics"),
        (b'{"format": "buttons-game-statistics", "version": 7}', "newer Buttons Game"),
        (b'{"format": "buttons-game-statistics", "version": "1"}', "version"),
        (b" " * (MAX_STATS_BYTES + 1), "larger than"),
        (b'{"format": "buttons-game-statistics", "format": 1}', "appears twice"),
        (broken(lambda d: d.pop("dice")), "missing dice"),
        (broken(lambda d: d.update(extra=1)), "unexpected 'extra'"),
        (broken(lambda d: d["players"][0].update(wins=99)), "more wins"),
        (broken(lambda d: d["players"][0].update(games=-1)), "whole number"),
        (broken(lambda d: d["players"][0].update(games=1.5)), "whole number"),
        (broken(lambda d: d["players"][0].update(name="\x00")), "name holds"),
        (broken(lambda d: d["players"][0].update(game="chess")), "buttons or kopf"),
        (broken(lambda d: d["players"][0]["vs"].update(hard=[1, 2])), "more wins than games"),
        (broken(lambda d: d["players"][0]["vs"].pop("easy")), "vs must hold"),
        (broken(lambda d: d["players"].append(dict(d["players"][0]))), "listed twice"),
        (broken(lambda d: d["dice"].update(white=[1, 2, 3])), "6 counts"),
        (broken(lambda d: d["counted"].append("../x")), "not a game id"),
        (broken(lambda d: d["counted"].append(d["counted"][0])), "counted names a game twice"),
        (broken(lambda d: d["games"].update(buttons=0)), "more games than were counted"),
        (b'{"format": "buttons-game-statistics", "version": 1, "x": NaN}', "NaN"),
        (b'{"format": "buttons-game-statistics", "version": 1' + b"9" * 40 + b"}", "too large"),
    ],
)
def test_a_bad_file_raises_a_clear_error(data, message):
    with pytest.raises(stats.StatsFileError) as error:
        stats.decode_statistics(data)
    assert message in str(error.value)
    assert len(str(error.value)) <= 300


def test_a_folder_where_the_file_should_be_is_a_clear_error():
    stats.statistics_path().mkdir()
    with pytest.raises(stats.StatsFileError, match="not a regular file"):
        stats.read_statistics()


def test_the_written_file_is_replaced_atomically_and_leaves_no_temporary_file():
    first, second = sample(), sample()
    stats.write_statistics(first)
    stats.write_statistics(second)
    folder = stats.statistics_path().parent
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
    assert stats.read_statistics() == second != first
