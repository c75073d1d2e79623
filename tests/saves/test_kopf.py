"""Games of Kopf oder Knopf in save files: the same format with "game": "kopf", round trips,
bad files refused clearly, and both kinds side by side in the list and for Continue."""

import json
import random
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from buttons_game import stats
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import PASS, Remove, new_game
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import data_dir, saves_dir
from buttons_game.saves import (
    MAX_FINISHED_AUTOSAVES,
    MAX_MESSAGE_CHARS,
    VERSION,
    SaveFileError,
    autosave,
    autosave_path,
    encode_game,
    latest_unfinished,
    list_saves,
    load_game,
    read_save,
    save_as,
    save_game,
)
from buttons_game.saves import index as index_module
from tests.games.kopf.games import ANNA, BEN, BOT, GROUP_MOVE, punishing_start
from tests.games.kopf.games import random_game as random_kopf_game
from tests.games.kopf.helpers import board

from .helpers import assert_legal, assert_same_game, assert_same_kopf_game, snapshot
from .helpers import random_game as random_buttons_game

T0 = datetime(2025, 3, 1, tzinfo=timezone.utc)


def kopf(seed: int, steps: int | None = None, *, target: int = 10, seats=None) -> KopfGame:
    return random_kopf_game(random.Random(seed), steps, target=target, seats=seats)


def saved_doc(tmp_path, game, **kwargs):
    path = tmp_path / "kopf.json"
    path.write_text(encode_game(game, **kwargs), encoding="utf-8")
    return path, json.loads(path.read_text(encoding="utf-8"))


def write(path, doc):
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def refused(path, *words):
    before = snapshot(path.parent)
    with pytest.raises(SaveFileError) as error:
        load_game(path)
    message = str(error.value)
    assert str(path) in message and len(message) <= MAX_MESSAGE_CHARS
    for word in words:
        assert word in message, (word, message)
    assert snapshot(path.parent) == before
    return message


# ------------------------------------------------------------------ round trips


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    target=st.sampled_from([10, 8]),
    steps=st.integers(0, 400),
)
def test_random_kopf_games_of_both_targets_saved_at_random_points_load_equal(
    tmp_path_factory, seed, target, steps
):
    game = kopf(seed, steps, target=target)
    event(f"target {target}, {'over' if game.state.is_over() else 'under way'}")
    path = tmp_path_factory.mktemp("saves") / "game.json"
    save_game(game, path)
    assert_same_kopf_game(load_game(path), game)


@pytest.mark.parametrize("target", [10, 8])
def test_a_finished_kopf_game_loads_as_finished(tmp_path, target):
    game = kopf(target, target=target)
    assert game.state.is_over()
    path = tmp_path / "over.json"
    save_game(game, path)
    loaded = load_game(path)
    assert_same_kopf_game(loaded, game)
    assert loaded.state.outcome() is not None and not loaded.can_undo


def test_a_new_kopf_game_without_actions_round_trips(tmp_path):
    game = KopfGame.new((Seat("Emma"), Seat("Bot", "hard")), target=8)
    path = tmp_path / "new.json"
    save_game(game, path)
    assert_same_kopf_game(load_game(path), game)


def test_a_custom_position_round_trips(tmp_path):
    game = punishing_start((ANNA, BOT)).apply(GROUP_MOVE).apply(Remove(5, 5))
    path = tmp_path / "custom.json"
    save_game(game, path)
    loaded = load_game(path)
    assert_same_kopf_game(loaded, game)
    assert loaded.state.setup.pieces == game.state.setup.pieces


def test_the_kopf_file_says_which_game_and_holds_set_up_and_actions(tmp_path):
    game = punishing_start().apply(GROUP_MOVE).apply(Remove(6, 7))
    when = datetime(2025, 3, 1, 18, 30, tzinfo=timezone.utc)
    path, doc = saved_doc(tmp_path, game, name="Sonntag", saved_at=when)
    assert list(doc) == [
        "format",
        "version",
        "game",
        "app_version",
        "saved_at",
        "name",
        "game_id",
        "seats",
        "setup",
        "actions",
    ]
    assert doc["version"] == VERSION and doc["game"] == "kopf" and doc["name"] == "Sonntag"
    assert doc["seats"] == [{"name": "Anna", "bot": None}, {"name": "Ben", "bot": None}]
    assert set(doc["setup"]) == {"board", "target", "pieces", "to_move"}
    assert doc["actions"] == [
        {"type": "move", "from": [7, 7], "to": [6, 7]},
        {"type": "remove", "at": [6, 7]},
    ]
    text = path.read_text(encoding="utf-8")
    assert '\n    {"type": "remove", "at": [6, 7]}\n' in text, "one action per line"
    buttons_doc = json.loads(encode_game(random_buttons_game(random.Random(1), 2, steps=5)))
    assert buttons_doc["game"] == "buttons" and list(buttons_doc)[:3] == list(doc)[:3]


def test_a_saved_kopf_game_with_a_pass_round_trips(tmp_path):
    red = [(1, 1)]
    blue = [(1, 4), (4, 1), (4, 4), (7, 1), (7, 4), (10, 10), (10, 7), (7, 10), (4, 10)]
    state = new_game(board=board({(1, 1): 3}), pieces=(red, blue), to_move=0, target=14)
    game = KopfGame((ANNA, BEN), state).apply(PASS)
    path = tmp_path / "pass.json"
    save_game(game, path)
    assert_same_kopf_game(load_game(path), game)
    assert json.loads(path.read_text(encoding="utf-8"))["actions"] == [{"type": "pass"}]


def test_kopf_saves_refuse_to_write_what_loading_would_refuse():
    game = kopf(3, 10)

    for bad in (
        replace(game, seats=(Seat("a\x00b"), BEN)),
        replace(game, game_id="../x"),
    ):
        with pytest.raises(ValueError):
            encode_game(bad)
    with pytest.raises(ValueError, match="the save name"):
        encode_game(game, name="x" * 1000)


# ------------------------------------------------------------------ slots and autosave


def test_autosave_save_as_and_load_work_for_kopf():
    game = kopf(4, 25, seats=(ANNA, BOT))
    path = autosave(game)
    assert path == autosave_path(game)
    assert_same_kopf_game(load_game(path), game)
    named = save_as(game, "Kopf am Sonntag")
    copy = load_game(named)
    assert isinstance(copy, KopfGame) and copy.game_id != game.game_id
    assert copy.state == game.state and copy.undo_seat == game.undo_seat
    assert read_save(named).name == "Kopf am Sonntag"


# ------------------------------------------------------------------ bad files


def test_a_kopf_save_with_an_illegal_action_is_refused_naming_it(tmp_path):
    game = kopf(5, 30)
    path, doc = saved_doc(tmp_path, game)
    doc["actions"][4] = {"type": "move", "from": [1, 1], "to": [9, 9]}
    refused(write(path, doc), "the game cannot be replayed", "action 4")
    doc["actions"][4] = {"type": "remove", "at": [5, 5]}
    refused(write(path, doc), "action 4", "forbidden group")
    doc["actions"][4] = {"type": "pass"}
    refused(write(path, doc), "action 4", "passing is not allowed")


@pytest.mark.parametrize(
    "action, words",
    [
        ({"type": "dice", "white": 1, "gold": 1, "plain": []}, "unknown action type"),
        ({"type": "move", "from": [1, 1]}, "fields"),
        ({"type": "move", "from": [1, 1], "to": [1, True]}, "[row, col]"),
        ({"type": "remove", "at": [10**12, 1]}, "[row, col]"),
        ({"type": ["move"]}, "its type must be text"),
        ("move", "JSON object"),
    ],
)
def test_a_malformed_kopf_action_is_refused(tmp_path, action, words):
    path, doc = saved_doc(tmp_path, kopf(6, 10))
    doc["actions"][3] = action
    refused(write(path, doc), "action 3 is malformed", words)


def test_a_buttons_action_in_a_kopf_save_is_refused(tmp_path):
    path, doc = saved_doc(tmp_path, kopf(6, 10))
    doc["actions"].append({"type": "roll"})
    refused(write(path, doc), "action 10 is malformed")


def board_of(value):
    return lambda doc: doc["setup"].__setitem__("board", value)


BAD_SETUPS = {
    "five holes": (lambda doc: doc["setup"]["board"][2].__setitem__(3, 5), "1 to 4 holes"),
    "nine rows": (lambda doc: doc["setup"]["board"].pop(), "10 rows"),
    "a row of text": (lambda doc: doc["setup"]["board"].__setitem__(0, "1" * 10), "row 1"),
    "a board as text": (board_of("x"), "10 rows"),
    "target 15": (lambda doc: doc["setup"].__setitem__("target", 15), "target"),
    "target true": (lambda doc: doc["setup"].__setitem__("target", True), "target"),
    "green to move": (lambda doc: doc["setup"].__setitem__("to_move", 2), "to_move"),
    "a piece off the board": (
        lambda doc: doc["setup"]["pieces"][0].__setitem__(0, [11, 1]),
        "off the board",
    ),
    "two pieces on a square": (
        lambda doc: doc["setup"]["pieces"][1].__setitem__(0, doc["setup"]["pieces"][0][0]),
        "taken twice",
    ),
    "fifteen red pieces": (
        lambda doc: doc["setup"]["pieces"][0].extend([[1, 1], [10, 10]]),
        "at most 14",
    ),
    "one side": (lambda doc: doc["setup"]["pieces"].pop(), "pieces"),
    "a seed": (lambda doc: doc["setup"].__setitem__("seed", 1), "a set-up has"),
    "a BUTTONS set-up": (
        lambda doc: doc.__setitem__(
            "setup", {"players": 2, "layouts": ["1A", "2B"], "cards": None, "seed": 1}
        ),
        "a set-up has",
    ),
    "a set-up as a list": (lambda doc: doc.__setitem__("setup", []), "a set-up has"),
}


@pytest.mark.parametrize("case", BAD_SETUPS)
def test_a_kopf_save_with_a_bad_set_up_is_refused_clearly(tmp_path, case):
    path, doc = saved_doc(tmp_path, kopf(7, 0))
    change, words = BAD_SETUPS[case]
    change(doc)
    refused(write(path, doc), "bad Kopf oder Knopf set-up", words)


def test_a_set_up_already_won_is_refused(tmp_path):
    path, doc = saved_doc(tmp_path, kopf(7, 0))
    doc["setup"]["pieces"][1] = doc["setup"]["pieces"][1][:4]
    refused(write(path, doc), "bad Kopf oder Knopf set-up", "already captured")


@pytest.mark.parametrize(
    "seats, words",
    [
        ([{"name": "Anna", "bot": None}], "exactly 2"),
        ([{"name": n, "bot": None} for n in ("A", "B", "C")], "exactly 2"),
        ([{"name": "Anna", "bot": None}, {"name": "Ben", "bot": "god"}], "unknown bot level"),
        ([{"name": "Anna\n", "bot": None}, {"name": "Ben", "bot": None}], "seat 0's name"),
        ([{"name": "A" * 10**5, "bot": None}, {"name": "Ben", "bot": None}], "seat 0's name"),
        ([{"name": "Anna", "bot": None}, {"name": "Ben"}], "seat 1 must be an object"),
    ],
)
def test_kopf_seats_follow_the_same_rules_as_buttons_seats(tmp_path, seats, words):
    path, doc = saved_doc(tmp_path, kopf(8, 6))
    doc["seats"] = seats
    refused(write(path, doc), words)


@pytest.mark.parametrize("kind", ["chess", "", None, 2, ["kopf"], "KOPF", "x" * 10**5])
def test_an_unknown_game_is_refused(tmp_path, kind):
    path, doc = saved_doc(tmp_path, kopf(9, 6))
    doc["game"] = kind
    message = refused(write(path, doc), 'the game must be "buttons" or "kopf"')
    assert len(message) <= MAX_MESSAGE_CHARS


def test_no_game_field_in_a_version_2_file_is_refused(tmp_path):
    path, doc = saved_doc(tmp_path, kopf(9, 6))
    del doc["game"]
    refused(write(path, doc), "missing game")


def test_a_game_of_one_kind_under_the_other_kind_is_refused(tmp_path):
    path, doc = saved_doc(tmp_path, kopf(10, 6))
    doc["game"] = "buttons"
    refused(write(path, doc), "bad set-up")
    buttons = random_buttons_game(random.Random(2), 2, steps=10)
    path.write_text(encode_game(buttons), encoding="utf-8")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["game"] = "kopf"
    refused(write(path, doc), "bad Kopf oder Knopf set-up")


def test_a_huge_bad_value_in_a_kopf_save_gives_a_short_message(tmp_path):
    path, doc = saved_doc(tmp_path, kopf(11, 6))
    doc["setup"]["board"][0][0] = "x" * 10**6
    refused(write(path, doc), "bad Kopf oder Knopf set-up")
    path, doc = saved_doc(tmp_path, kopf(11, 6))
    doc["actions"][0] = {"type": "move", "from": ["x" * 10**6, 1], "to": [1, 1]}
    refused(write(path, doc), "action 0 is malformed")


# ------------------------------------------------------------------ the list and Continue


def write_autosave(game, when):
    path = autosave_path(game)
    path.write_text(encode_game(game, saved_at=when), encoding="utf-8")
    return path


def test_a_mixed_folder_lists_both_kinds_with_their_progress():
    buttons = random_buttons_game(random.Random(21), 3, steps=60)
    kopf_playing = kopf(22, 15, seats=(ANNA, BOT))
    kopf_over = kopf(23, target=8)
    buttons_over = random_buttons_game(random.Random(24), 2)
    write_autosave(buttons, T0)
    write_autosave(kopf_playing, T0 + timedelta(minutes=1))
    write_autosave(kopf_over, T0 + timedelta(minutes=2))
    write_autosave(buttons_over, T0 + timedelta(minutes=3))
    (saves_dir() / "named kopf.json").write_text(
        encode_game(kopf_playing, name="Kopf", saved_at=T0 - timedelta(days=1)), encoding="utf-8"
    )
    (saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    infos = list_saves()
    by_id = {(info.game_id, info.name): info for info in infos if not info.broken}
    assert len(infos) == 6 and sum(info.broken for info in infos) == 1
    broken = next(info for info in infos if info.broken)
    assert broken.game == "" and broken.turn_number is None
    playing = by_id[(kopf_playing.game_id, "")]
    assert playing.game == "kopf" and playing.round_number is None
    assert playing.turn_number == kopf_playing.turn_number and not playing.finished
    assert playing.seats == (ANNA, BOT)
    over = by_id[(kopf_over.game_id, "")]
    assert over.game == "kopf" and over.finished and over.turn_number == kopf_over.turn_number
    assert by_id[(kopf_playing.game_id, "Kopf")].game == "kopf"
    for game in (buttons, buttons_over):
        info = by_id[(game.game_id, "")]
        assert info.game == "buttons" and info.turn_number is None
        assert info.round_number == game.state.round_number
    order = [(info.saved_at, info.path.name) for info in infos]
    assert order == sorted(order, reverse=True), "newest first, whatever the kind"
    # the index gives the same list without reading a file again
    assert (data_dir() / index_module.INDEX_NAME).exists()
    assert list_saves() == infos


def test_the_turn_number_is_the_turn_under_way():
    game = punishing_start().apply(GROUP_MOVE).apply(Remove(5, 5))
    autosave(game)
    (info,) = list_saves()
    assert info.turn_number == 2 and info.game == "kopf"


@pytest.mark.parametrize("newest", ["kopf", "buttons"])
def test_continue_picks_the_newest_unfinished_game_of_either_kind(newest):
    kopf_game = kopf(31, 20)
    buttons_game = random_buttons_game(random.Random(32), 2, steps=30)
    finished_kopf = kopf(33, target=8)
    later = T0 + timedelta(hours=1)
    write_autosave(kopf_game, later if newest == "kopf" else T0)
    write_autosave(buttons_game, later if newest == "buttons" else T0)
    write_autosave(finished_kopf, later + timedelta(hours=1))  # finished: never continued
    expected = kopf_game if newest == "kopf" else buttons_game
    for _ in range(2):  # from the files, then from the index
        info = latest_unfinished()
        assert info is not None and info.game_id == expected.game_id and info.game == newest
        loaded = load_game(info.path)
        assert loaded.kind == newest and loaded.state == expected.state


def test_finished_autosaves_of_both_kinds_are_pruned_together():
    kopf_over = kopf(41, target=8)
    buttons_over = random_buttons_game(random.Random(42), 2)
    playing = kopf(43, 12)
    copies = [
        (kopf_over if i % 2 else buttons_over).fork() for i in range(MAX_FINISHED_AUTOSAVES + 6)
    ]
    for i, game in enumerate(copies):
        write_autosave(game, T0 + timedelta(minutes=i))
    unfinished = write_autosave(playing, T0 - timedelta(days=1))
    named = save_as(kopf_over, "the final")
    stats.refresh()  # only finished games the statistics have counted are pruned
    infos = list_saves()
    names = {p.name for p in saves_dir().iterdir()}
    assert [g for g in copies if autosave_path(g).name in names] == copies[6:]
    assert unfinished.name in names and named.name in names
    assert {info.game for info in infos} == {"kopf", "buttons"}
    # autosaving a finished game of Kopf prunes too
    for game in [kopf_over.fork() for _ in range(3)]:
        autosave(game)
    finished = [i for i in list_saves() if i.is_autosave and i.finished and not i.name]
    assert len(finished) == MAX_FINISHED_AUTOSAVES


TAMPERED_KOPF = {
    "turn zero": lambda e: e.__setitem__(12, 0),
    "turn as text": lambda e: e.__setitem__(12, "3"),
    "no turn": lambda e: e.__setitem__(12, None),
    "a round": lambda e: e.__setitem__(7, 3),
    "three seats": lambda e: e[6].append(["Carla", None]),
    "another game": lambda e: e.__setitem__(11, "chess"),
    "a buttons game": lambda e: e.__setitem__(11, "buttons"),
    "a game as a list": lambda e: e.__setitem__(11, ["kopf"]),
}


@pytest.mark.parametrize("case", TAMPERED_KOPF)
def test_a_kopf_index_entry_that_is_not_exactly_right_is_read_again(case):
    game = kopf(44, 20)
    path = save_as(game, "Sunday")
    index = data_dir() / index_module.INDEX_NAME
    first = list_saves()
    document = json.loads(index.read_text())
    TAMPERED_KOPF[case](document["entries"][path.name])
    index.write_text(json.dumps(document))
    assert list_saves() == first


def test_an_index_entry_of_buttons_with_a_turn_is_read_again():
    game = random_buttons_game(random.Random(45), 2, steps=20)
    path = save_as(game, "Sunday")
    index = data_dir() / index_module.INDEX_NAME
    first = list_saves()
    document = json.loads(index.read_text())
    document["entries"][path.name][12] = 4
    index.write_text(json.dumps(document))
    assert list_saves() == first and first[0].turn_number is None


def test_an_index_of_the_previous_index_version_is_rebuilt(monkeypatch):
    autosave(kopf(46, 10))
    first = list_saves()
    index = data_dir() / index_module.INDEX_NAME
    document = json.loads(index.read_text())
    assert document["stamp"][1] == index_module.INDEX_VERSION == 3
    document["stamp"][1] = 2
    for entry in document["entries"].values():
        del entry[13:]  # as version 2 wrote them
    index.write_text(json.dumps(document))
    assert list_saves() == first
    assert json.loads(index.read_text())["stamp"][1] == 3


def test_saved_games_of_both_kinds_load_legally():
    for game in (kopf(47, 30), random_buttons_game(random.Random(48), 3, steps=30)):
        loaded = load_game(autosave(game))
        assert_legal(loaded)
        assert loaded.kind == game.kind
        if isinstance(game, Game):
            assert_same_game(loaded, game)
