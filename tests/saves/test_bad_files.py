"""Bad files are refused with SaveFileError naming the file and the problem, and left untouched."""

import json
import os
import random

import pytest

from buttons_game.games.buttons.engine import Place
from buttons_game.saves import (
    MAX_ACTIONS,
    MAX_FILE_BYTES,
    VERSION,
    SaveFileError,
    load_game,
    save_game,
)

from ..soak import volumes
from .helpers import assert_legal, random_game, snapshot

GAME = random_game(random.Random(11), 3, steps=60)


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "game.json"
    save_game(GAME, path)
    return path


def refused(path, *words):
    """Load ``path`` expecting a SaveFileError that names it and says ``words``; check no file
    in its folder changed."""
    before = snapshot(path.parent)
    with pytest.raises(SaveFileError) as error:
        load_game(path)
    message = str(error.value)
    assert str(path) in message
    for word in words:
        assert word in message
    assert snapshot(path.parent) == before
    return message


def edited(path, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def first(doc, kind):
    return next(a for a in doc["actions"] if a["type"] == kind)


@pytest.mark.parametrize("stride", volumes(29, 1))
def test_every_truncation_is_refused_as_cut_short(tmp_path, stride):
    """Every ``stride``-th length of a file cut short (the soak: every length)."""
    game = random_game(random.Random(3), 2, steps=12)
    path = tmp_path / "short.json"
    save_game(game, path)
    data = path.read_bytes()
    for size in range(0, len(data) - 2, stride):
        path.write_bytes(data[:size])
        refused(path)
    path.write_bytes(data[: len(data) // 2])
    refused(path, "cut short")


@pytest.mark.parametrize("flips", volumes(40, 300))
def test_random_byte_flips_are_refused_or_give_a_legal_game(saved, flips):
    data = saved.read_bytes()
    rng = random.Random(5)
    rejected = 0
    for _ in range(flips):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        saved.write_bytes(bytes(damaged))
        before = snapshot(saved.parent)
        try:
            assert_legal(load_game(saved))
        except SaveFileError as error:
            assert str(saved) in str(error)
            rejected += 1
        assert snapshot(saved.parent) == before
    assert rejected > flips // 2  # most flips hit structure, numbers or dice; names may survive


WRONG_TYPES = {
    "top level a list": (lambda d: d.clear() or d.update({"format": ["x"]}), "not a Buttons Game"),
    "version as text": (lambda d: d.update(version="1"), "whole number"),
    "seats an object": (lambda d: d.update(seats={"a": 1}), "seats"),
    "seat a string": (lambda d: d["seats"].__setitem__(0, "Emma"), "seat 0"),
    "seat name a number": (lambda d: d["seats"][1].update(name=5), "seat 1's name"),
    "bot a number": (lambda d: d["seats"][1].update(bot=3), "seat 1's bot"),
    "unknown bot level": (lambda d: d["seats"][1].update(bot="grandmaster"), "bot level"),
    "setup a list": (lambda d: d.update(setup=[3]), "set-up"),
    "players as text": (lambda d: d["setup"].update(players="3"), "set-up"),
    "layouts a string": (lambda d: d["setup"].update(layouts="1A1B2A"), "set-up"),
    "unknown layout": (lambda d: d["setup"]["layouts"].__setitem__(0, "9Z"), "layout"),
    "cards dealt twice": (lambda d: d["setup"].update(cards=[["red"], ["red"], ["blue"]]), "twice"),
    "seed a float": (lambda d: d["setup"].update(seed=1.5), "seed"),
    "actions an object": (lambda d: d.update(actions={"0": "roll"}), "actions must be a list"),
    "action a string": (lambda d: d["actions"].__setitem__(0, "roll"), "action 0"),
    "unknown action": (lambda d: d["actions"].__setitem__(0, {"type": "cheat"}), "action 0"),
    "dice as text": (lambda d: first(d, "dice").update(white="3"), "white"),
    "plain dice a string": (lambda d: first(d, "dice").update(plain="2345"), "plain"),
    "player a float": (lambda d: first(d, "place").update(player=1.0), "player"),
    "player a boolean": (lambda d: first(d, "place").update(player=True), "player"),
    "name a list": (lambda d: d.update(name=["x"]), "name"),
    "game id with a path": (lambda d: d.update(game_id="../../evil"), "game id"),
    "saved_at a number": (lambda d: d.update(saved_at=1700000000), "saved_at"),
    "saved_at not a date": (lambda d: d.update(saved_at="yesterday"), "saved_at"),
    "app version a list": (lambda d: d.update(app_version=[0, 1]), "app_version"),
    "missing field": (lambda d: d.pop("seats"), "missing seats"),
    "extra field": (lambda d: d.update(cheats=True), "unexpected 'cheats'"),
    "too few seats": (lambda d: d["seats"].pop(), "2 seats for a 3-player"),
    "a name too long": (lambda d: d["seats"][0].update(name="x" * 5000), "longer than"),
}


@pytest.mark.parametrize("case", WRONG_TYPES, ids=list(WRONG_TYPES))
def test_wrong_json_types_and_values_are_refused(saved, case):
    change, words = WRONG_TYPES[case]
    refused(edited(saved, change), words)


HUGE = {
    "seed": (lambda d: d["setup"].update(seed=10**30), "too large"),
    "seed just over the limit": (lambda d: d["setup"].update(seed=2**64), "out of range"),
    "white die": (lambda d: first(d, "dice").update(white=10**18), "white"),
    "plain die": (lambda d: first(d, "dice")["plain"].__setitem__(0, 10**19), "plain die"),
    "player": (lambda d: first(d, "place").update(player=-(10**19)), "player"),
    "version": (lambda d: d.update(version=10**25), "too large"),
    "float": (lambda d: first(d, "dice").update(gold=1e308), "gold"),
}


@pytest.mark.parametrize("case", HUGE, ids=list(HUGE))
def test_huge_numbers_are_refused(saved, case):
    change, words = HUGE[case]
    refused(edited(saved, change), words)


@pytest.mark.parametrize("text", ["1e999", "NaN", "-Infinity", "9" * 5000, "1" + "0" * 400])
def test_numbers_json_cannot_hold_or_that_are_enormous_are_refused(saved, text):
    data = saved.read_text(encoding="utf-8").replace(
        f'"version": {VERSION}', f'"version": {text}', 1
    )
    saved.write_text(data, encoding="utf-8")
    refused(saved)


@pytest.mark.parametrize("where", ["white", "gold", "plain"])
@pytest.mark.parametrize("value", [-1, 0, 7, -600])
def test_dice_outside_one_to_six_are_refused(saved, where, value):
    def change(doc):
        dice = first(doc, "dice")
        if where == "plain":
            dice["plain"][0] = value
        else:
            dice[where] = value

    refused(edited(saved, change), "dice show 1 to 6", "action 1")


def test_a_legal_looking_file_with_an_illegal_action_names_the_action(saved):
    doc = json.loads(saved.read_text(encoding="utf-8"))
    i, dice = next((i, a) for i, a in enumerate(doc["actions"]) if a["type"] == "dice")
    other_row = dice["white"] % 6 + 1
    doc["actions"].insert(i + 1, {"type": "place", "player": 0, "row": other_row, "col": 1})
    saved.write_text(json.dumps(doc), encoding="utf-8")
    message = refused(saved, f"action {i + 1}", repr(Place(0, other_row, 1)), "replayed")
    assert "row" in message


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["actions"].insert(0, {"type": "opt_out"}),  # opting out without a button
        lambda d: d["actions"].insert(1, {"type": "roll"}),  # a second roll before the dice
        lambda d: d["actions"].__setitem__(1, {**d["actions"][1], "plain": [1]}),  # dice count
        lambda d: d["actions"].insert(0, {"type": "dice", "white": 1, "gold": 1, "plain": []}),
        lambda d: d["actions"].append({"type": "star", "player": 0, "row": 1, "col": 1}),
    ],
)
def test_illegal_action_sequences_are_refused(saved, change):
    refused(edited(saved, change), "cannot be replayed")


def test_actions_after_the_end_of_the_game_are_refused(tmp_path):
    over = random_game(random.Random(4), 2)
    path = tmp_path / "over.json"
    save_game(over, path)
    refused(edited(path, lambda d: d["actions"].append({"type": "roll"})), "the game is over")


NOT_SAVES = {
    "empty": b"",
    "whitespace": b" \n\t\n",
    "a number": b"42",
    "a list": b"[1, 2, 3]",
    "another app's JSON": b'{"format": "other-game", "version": 1}',
    "an object without format": b'{"version": 1, "seats": []}',
    "a PNG": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
    "latin-1 text": '{"name": "Jürgen"}'.encode("latin-1"),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "NUL bytes": b"\x00" * 100,
    "duplicate keys": b'{"format": "buttons-game-save", "format": "buttons-game-save"}',
}


@pytest.mark.parametrize("case", NOT_SAVES, ids=list(NOT_SAVES))
def test_files_that_are_not_saves_are_refused(tmp_path, case):
    path = tmp_path / "thing.json"
    path.write_bytes(NOT_SAVES[case])
    refused(path)


def test_a_file_saved_by_a_text_editor_with_a_byte_order_mark_loads(saved):
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())
    assert load_game(saved) == GAME


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(saved):
    saved.write_bytes(saved.read_bytes() + b" " * MAX_FILE_BYTES)
    refused(saved, "larger than")


def test_more_actions_than_any_game_needs_are_refused(saved):
    refused(
        edited(saved, lambda d: d.update(actions=[{"type": "roll"}] * (MAX_ACTIONS + 1))),
        "more than any game",
    )


def test_a_missing_file_a_folder_and_an_unreadable_file_are_refused(tmp_path, monkeypatch):
    with pytest.raises(SaveFileError, match="no such file") as error:
        load_game(tmp_path / "nothing.json")
    assert str(tmp_path / "nothing.json") in str(error.value)
    with pytest.raises(SaveFileError, match="not a valid file name"):
        load_game(str(tmp_path / "nul\0.json"))
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(SaveFileError, match=str(folder)):
        load_game(folder)

    if hasattr(os, "mkfifo"):  # a named pipe would block a naive reader forever
        pipe = tmp_path / "pipe.json"
        os.mkfifo(pipe)
        with pytest.raises(SaveFileError, match="not a regular file"):
            load_game(pipe)

    def no_permission(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    path = tmp_path / "locked.json"
    save_game(GAME, path)
    monkeypatch.setattr(os, "open", no_permission)  # the one way a save is opened
    with pytest.raises(SaveFileError, match="cannot read the file .Permission denied"):
        load_game(path)
