"""A bad value is quoted in a short excerpt: every SaveFileError message stays short, however
huge the value in the file."""

import json
import random

import pytest

from buttons_game.paths import saves_dir
from buttons_game.saves import (
    MAX_FILE_BYTES,
    MAX_MESSAGE_CHARS,
    SaveFileError,
    encode_game,
    list_saves,
    load_game,
)

from .helpers import random_game

GAME = random_game(random.Random(31), 3, steps=30)
HUGE = 100_000


def first(doc, kind):
    return next(a for a in doc["actions"] if a["type"] == kind)


CASES = {
    "a bot level": lambda d: d["seats"][1].update(bot="x" * HUGE),
    "an action type": lambda d: d["actions"].__setitem__(0, {"type": "x" * HUGE}),
    "an action as text": lambda d: d["actions"].__setitem__(0, "roll" * HUGE),
    "plain dice": lambda d: first(d, "dice").update(plain=[1] * HUGE),
    "an action's fields": lambda d: first(d, "roll").update({f"k{i}": 0 for i in range(HUGE // 8)}),
    "a layout list": lambda d: d["setup"].update(layouts=["1A"] * HUGE),
    "a set-up's fields": lambda d: d["setup"].update({f"k{i}": 0 for i in range(HUGE // 8)}),
    "a seed as text": lambda d: d["setup"].update(seed="9" * HUGE),
    "the seats": lambda d: d.update(seats=[{"name": "x" * 50, "bot": None}] * (HUGE // 30)),
    "a game id": lambda d: d.update(game_id="g" * HUGE),
    "saved_at": lambda d: d.update(saved_at="2" * HUGE),
    "app_version": lambda d: d.update(app_version=["v"] * HUGE),
    "a version": lambda d: d.update(version="1" * HUGE),
    "an extra field": lambda d: d.update({"x" * HUGE: 1}),
    "many extra fields": lambda d: d.update({f"extra{i}": 1 for i in range(HUGE // 8)}),
}


def check_short(message, path):
    assert len(message) <= MAX_MESSAGE_CHARS
    assert str(path) in message
    assert message.isprintable()


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_huge_bad_value_is_quoted_in_a_short_excerpt(tmp_path, case):
    doc = json.loads(encode_game(GAME))
    CASES[case](doc)
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert path.stat().st_size > 60_000
    with pytest.raises(SaveFileError) as error:
        load_game(path)
    check_short(str(error.value), path)


def test_a_duplicate_huge_field_and_a_huge_json_error_are_quoted_short(tmp_path):
    key = "k" * HUGE
    path = tmp_path / "dup.json"
    path.write_text('{"format": "buttons-game-save", "' + key + '": 1, "' + key + '": 2}')
    with pytest.raises(SaveFileError, match="appears twice") as error:
        load_game(path)
    check_short(str(error.value), path)
    path.write_text('{"format": "buttons-game-save", "version": 1, "x": [' + "1," * HUGE + "]}")
    with pytest.raises(SaveFileError) as error:
        load_game(path)
    check_short(str(error.value), path)


def test_a_file_just_under_the_size_limit_with_one_huge_value_gives_a_short_message(tmp_path):
    doc = json.loads(encode_game(GAME))
    doc["seats"][1]["bot"] = "x" * (MAX_FILE_BYTES - 10_000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert 7_000_000 < path.stat().st_size <= MAX_FILE_BYTES
    with pytest.raises(SaveFileError, match="bot level") as error:
        load_game(path)
    check_short(str(error.value), path)
    assert "…" in str(error.value)


def test_a_long_path_is_cut_so_the_problem_is_still_said(tmp_path):
    folder = tmp_path / ("d" * 200) / ("e" * 200)
    folder.mkdir(parents=True)
    path = folder / "short.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(SaveFileError) as error:
        load_game(path)
    message = str(error.value)
    assert len(message) <= MAX_MESSAGE_CHARS
    assert "cut short" in message and "short.json" in message and "…" in message
    with pytest.raises(SaveFileError, match="no such file") as error:
        load_game(folder / "missing.json")
    assert len(str(error.value)) <= MAX_MESSAGE_CHARS


def test_the_save_list_shows_short_errors():
    doc = json.loads(encode_game(GAME))
    doc["actions"][0] = {"type": "\x00" * HUGE}
    (saves_dir() / "huge.json").write_text(json.dumps(doc), encoding="utf-8")
    (info,) = list_saves()
    assert info.broken and len(info.error) <= MAX_MESSAGE_CHARS
    assert info.error.isprintable() and "…" in info.error
