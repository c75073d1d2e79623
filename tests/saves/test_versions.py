"""Older save versions are migrated on load; newer or unknown ones are refused clearly."""

import json
import random

import pytest

from buttons_game.saves import VERSION, SaveFileError, fileformat, load_game, save_game

from .helpers import assert_same_game, random_game, snapshot


def _as_pretend_version_1(doc):
    """The current document rewritten in a made-up older layout: seats as two parallel
    lists, the set-up fields at the top level and the actions called "moves"."""
    return {
        "format": doc["format"],
        "version": 1,
        "app_version": "0.0.1",
        "saved_at": doc["saved_at"],
        "title": doc["name"],
        "game_id": doc["game_id"],
        "names": [seat["name"] for seat in doc["seats"]],
        "levels": [seat["bot"] or "human" for seat in doc["seats"]],
        "layouts": doc["setup"]["layouts"],
        "cards": doc["setup"]["cards"],
        "seed": doc["setup"]["seed"],
        "moves": doc["actions"],
    }


def _from_pretend_version_1(old):
    """The migration step 1 -> 2 that the pretend older layout would need."""
    return {
        "format": old["format"],
        "version": 2,
        "app_version": old["app_version"],
        "saved_at": old["saved_at"],
        "name": old["title"],
        "game_id": old["game_id"],
        "seats": [
            {"name": name, "bot": None if level == "human" else level}
            for name, level in zip(old["names"], old["levels"])
        ],
        "setup": {
            "players": len(old["names"]),
            "layouts": old["layouts"],
            "cards": old["cards"],
            "seed": old["seed"],
        },
        "actions": old["moves"],
    }


@pytest.fixture
def pretend_version_2(monkeypatch):
    """This app as if it wrote version 2 and knew how to migrate version 1."""
    monkeypatch.setattr(fileformat, "VERSION", 2)
    monkeypatch.setattr(fileformat, "MIGRATIONS", {1: _from_pretend_version_1})


def _saved(tmp_path, game):
    path = tmp_path / "game.json"
    save_game(game, path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_an_older_file_is_migrated_and_loads_the_same_game(tmp_path, pretend_version_2):
    game = random_game(random.Random(8), 3, steps=120)
    path, doc = _saved(tmp_path, game)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_as_pretend_version_1(doc), indent=1), encoding="utf-8")
    before = snapshot(tmp_path)
    assert_same_game(load_game(old), game)
    assert snapshot(tmp_path) == before  # migrating never rewrites the file


def test_a_migrated_file_is_still_checked(tmp_path, pretend_version_2):
    game = random_game(random.Random(9), 2, steps=40)
    _, doc = _saved(tmp_path, game)
    old_doc = _as_pretend_version_1(doc)
    old_doc["moves"][1]["white"] = 9
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_doc), encoding="utf-8")
    with pytest.raises(SaveFileError, match="dice show 1 to 6"):
        load_game(old)


def test_migrations_run_in_order_one_step_at_a_time():
    seen = []

    def step(version):
        def run(doc):
            seen.append(version)
            return {**doc, "version": version + 1, "trail": doc["trail"] + [version]}

        return run

    doc = {"version": 1, "trail": []}
    result = fileformat.migrate(doc, {1: step(1), 2: step(2), 3: step(3)}, current=4)
    assert result == {"version": 4, "trail": [1, 2, 3]}
    assert seen == [1, 2, 3]
    assert doc == {"version": 1, "trail": []}


@pytest.mark.parametrize("version", [VERSION + 1, VERSION + 50])
def test_a_newer_version_is_refused_with_a_clear_message(tmp_path, version):
    _, doc = _saved(tmp_path, random_game(random.Random(1), 2, steps=5))
    doc["version"] = version
    path = tmp_path / "newer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError, match="newer") as error:
        load_game(path)
    assert str(path) in str(error.value)
    assert f"version {version}" in str(error.value)


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, None, True])
def test_an_unknown_or_malformed_version_is_refused(tmp_path, version):
    _, doc = _saved(tmp_path, random_game(random.Random(1), 2, steps=5))
    doc["version"] = version
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError, match="version") as error:
        load_game(path)
    assert str(path) in str(error.value)


def test_a_malformed_older_file_is_refused_not_crashed_on(tmp_path, pretend_version_2):
    _, doc = _saved(tmp_path, random_game(random.Random(2), 2, steps=5))
    old_doc = _as_pretend_version_1(doc)
    del old_doc["moves"]
    old_doc["names"] = 7
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_doc), encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(SaveFileError, match="cannot upgrade this version 1 save") as error:
        load_game(old)
    assert str(old) in str(error.value)
    assert snapshot(tmp_path) == before
