"""Older save versions are migrated on load; newer or unknown ones are refused clearly.

Version 1 files (games of BUTTONS, written before the save said which game it holds)
are kept in tests/saves/data exactly as that version wrote them.
"""

import json
import random
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from buttons_game.games.buttons.game import Game
from buttons_game.paths import saves_dir
from buttons_game.saves import (
    VERSION,
    SaveFileError,
    fileformat,
    latest_unfinished,
    list_saves,
    load_game,
    read_save,
    save_game,
)

from .helpers import assert_legal, assert_same_game, random_game, snapshot

DATA = Path(__file__).parent / "data"


def _as_pretend_version_2(doc):
    """The current document rewritten in a made-up older layout: seats as two parallel
    lists, the set-up fields at the top level and the actions called "moves"."""
    return {
        "format": doc["format"],
        "version": 2,
        "game": doc["game"],
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


def _from_pretend_version_2(old):
    """The migration step 2 -> 3 that the pretend older layout would need."""
    return {
        "format": old["format"],
        "version": 3,
        "game": old["game"],
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
def pretend_version_3(monkeypatch):
    """This app as if it wrote version 3 and knew how to migrate version 2."""
    monkeypatch.setattr(fileformat, "VERSION", 3)
    monkeypatch.setattr(
        fileformat, "MIGRATIONS", {**fileformat.MIGRATIONS, 2: _from_pretend_version_2}
    )


def _saved(tmp_path, game):
    path = tmp_path / "game.json"
    save_game(game, path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_an_older_file_is_migrated_and_loads_the_same_game(tmp_path, pretend_version_3):
    game = random_game(random.Random(8), 3, steps=120)
    path, doc = _saved(tmp_path, game)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_as_pretend_version_2(doc), indent=1), encoding="utf-8")
    before = snapshot(tmp_path)
    assert_same_game(load_game(old), game)
    assert snapshot(tmp_path) == before  # migrating never rewrites the file


def test_a_migrated_file_is_still_checked(tmp_path, pretend_version_3):
    game = random_game(random.Random(9), 2, steps=40)
    _, doc = _saved(tmp_path, game)
    old_doc = _as_pretend_version_2(doc)
    old_doc["moves"][1]["white"] = 9
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_doc), encoding="utf-8")
    with pytest.raises(SaveFileError, match="dice show 1 to 6"):
        load_game(old)


# ------------------------------------------------------------ real version 1 files

# What the version 1 app itself read from these files (actions, round, over, winners).
V1_FILES = {
    "v1-unfinished.json": (80, 3, False, None, None),
    "v1-finished-named.json": (198, 14, True, (0,), "Sunday"),
}


@pytest.mark.parametrize("file", V1_FILES)
def test_a_version_1_file_loads_as_the_game_of_buttons_it_held(file):
    actions, round_number, over, winners, name = V1_FILES[file]
    raw = json.loads((DATA / file).read_text(encoding="utf-8"))
    assert raw["version"] == 1 and "game" not in raw
    before = snapshot(DATA)
    saved = read_save(DATA / file)
    assert snapshot(DATA) == before  # migrating never rewrites the file
    game = saved.game
    assert isinstance(game, Game) and game.kind == "buttons"
    assert len(game.state.history()) == actions
    assert game.state.round_number == round_number and game.state.is_over() is over
    outcome = game.state.outcome()
    assert (outcome.winners if outcome else None) == winners
    assert saved.name == name and game.game_id == raw["game_id"]
    assert [seat.name for seat in game.seats] == [seat["name"] for seat in raw["seats"]]
    assert saved.saved_at == datetime.fromisoformat(raw["saved_at"]).astimezone(timezone.utc)
    assert_legal(game)


def test_a_version_1_file_saved_again_is_the_current_version_and_loads_the_same(tmp_path):
    game = load_game(DATA / "v1-unfinished.json")
    path = tmp_path / "again.json"
    save_game(game, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == VERSION == 3 and doc["game"] == "buttons" and "network" not in doc
    assert list(doc)[:3] == ["format", "version", "game"]
    assert_same_game(load_game(path), game)


def test_version_1_files_are_listed_and_continued():
    for file in V1_FILES:
        shutil.copy(DATA / file, saves_dir() / file)
    infos = {info.path.name: info for info in list_saves()}
    assert set(infos) == set(V1_FILES)
    assert not any(info.broken for info in infos.values())
    assert all(info.game == "buttons" for info in infos.values())
    assert infos["v1-unfinished.json"].round_number == 3
    assert infos["v1-finished-named.json"].finished
    continued = latest_unfinished()
    assert continued is not None and continued.game_id == "v1unfinished"


def test_the_step_from_version_1_adds_the_kind_and_changes_nothing_else():
    doc = json.loads((DATA / "v1-unfinished.json").read_text(encoding="utf-8"))
    migrated = fileformat.migrate(doc, current=2)
    assert migrated == {**doc, "version": 2, "game": "buttons"}
    assert doc["version"] == 1 and "game" not in doc


def test_a_version_1_file_that_already_names_a_game_is_refused(tmp_path):
    doc = json.loads((DATA / "v1-unfinished.json").read_text(encoding="utf-8"))
    doc["game"] = "kopf"
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError, match="cannot upgrade this version 1 save"):
        load_game(path)


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


def test_a_malformed_older_file_is_refused_not_crashed_on(tmp_path, pretend_version_3):
    _, doc = _saved(tmp_path, random_game(random.Random(2), 2, steps=5))
    old_doc = _as_pretend_version_2(doc)
    del old_doc["moves"]
    old_doc["names"] = 7
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_doc), encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(SaveFileError, match="cannot upgrade this version 2 save") as error:
        load_game(old)
    assert str(old) in str(error.value)
    assert snapshot(tmp_path) == before
