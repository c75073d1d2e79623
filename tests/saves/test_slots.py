"""The autosave, named slots, the save list, Continue and delete, all under BUTTONS_GAME_HOME."""

import os
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.games.buttons.game import Game, Seat
from buttons_game.names import SAVE_NAME_LIMIT, SEAT_NAME_LIMIT, clean_name, name_problem
from buttons_game.paths import saves_dir
from buttons_game.saves import (
    MAX_NAME_CHARS,
    SaveExistsError,
    autosave,
    delete_save,
    latest_unfinished,
    list_saves,
    load_game,
    read_save,
    save_as,
    save_game,
    slot_file_name,
)

from .helpers import assert_same_game, play_on, random_game, snapshot


def test_saves_go_under_buttons_game_home(home):
    game = random_game(random.Random(1), 2, steps=5)
    path = autosave(game)
    assert path.parent == home / "data" / "saves" == saves_dir()
    assert path.name == f"autosave-{game.game_id}.json"
    assert_same_game(load_game(path), game)


def test_autosave_keeps_one_file_per_game_and_overwrites_it():
    rng = random.Random(2)
    game = random_game(rng, 3, steps=0)
    path = autosave(game)
    for steps in (1, 10, 25, 60):
        game = play_on(game, rng, steps)
        assert autosave(game) == path
        assert_same_game(load_game(path), game)
    assert sorted(p.name for p in saves_dir().iterdir()) == [path.name]


def test_the_list_shows_names_seats_round_date_and_finished_newest_first():
    over = random_game(random.Random(3), 2)
    playing = random_game(random.Random(4), 4, steps=120)
    save_as(over, "Gestern")
    time.sleep(0.01)
    autosave(playing)
    infos = list_saves()
    assert [info.is_autosave for info in infos] == [True, False]
    newest, oldest = infos
    assert newest.saved_at > oldest.saved_at
    assert newest.name == "" and oldest.name == "Gestern"
    assert newest.seats == playing.seats and oldest.seats == over.seats
    assert newest.round_number == playing.state.round_number
    assert oldest.round_number == over.state.round_number
    assert (newest.finished, oldest.finished) == (False, True)
    assert newest.game_id == playing.game_id
    assert not newest.broken and not oldest.broken


def test_a_broken_file_is_listed_as_broken_and_does_not_break_the_list():
    game = random_game(random.Random(5), 3, steps=20)
    good = save_as(game, "good")
    bad = saves_dir() / "bad.json"
    bad.write_bytes(good.read_bytes()[:100])
    (saves_dir() / "notes.txt").write_text("not a save")
    before = snapshot(saves_dir())
    infos = {info.path.name: info for info in list_saves()}
    assert set(infos) == {"good.json", "bad.json"}
    assert infos["bad.json"].broken
    assert "bad.json" in infos["bad.json"].error and "cut short" in infos["bad.json"].error
    assert infos["bad.json"].name == "bad"
    assert not infos["good.json"].broken
    assert snapshot(saves_dir()) == before


def test_continue_picks_the_newest_unfinished_game():
    assert latest_unfinished() is None
    older = random_game(random.Random(6), 2, steps=30)
    autosave(older)
    time.sleep(0.01)
    newer = random_game(random.Random(7), 3, steps=30)
    autosave(newer)
    time.sleep(0.01)
    save_as(random_game(random.Random(8), 2), "finished")
    time.sleep(0.01)
    (saves_dir() / "broken.json").write_text("{")
    info = latest_unfinished()
    assert info is not None and info.game_id == newer.game_id
    assert_same_game(load_game(info.path), newer)


@pytest.mark.parametrize(
    "name, file_name",
    [
        ("Sunday", "Sunday.json"),
        ("Sonntag mit Oma", "Sonntag-mit-Oma.json"),
        ("Zoë's game", "Zoë-s-game.json"),
        ("日曜日のゲーム", "日曜日のゲーム.json"),
        ("../../etc/passwd", "etc-passwd.json"),
        ("C:\\Windows\\system32", "C-Windows-system32.json"),
        ('a/b\\c:d*e?f"g<h>i|j', "a-b-c-d-e-f-g-h-i-j.json"),
        ("CON", "save-CON.json"),
        ("nul", "save-nul.json"),
        ("autosave-1234", "save-autosave-1234.json"),
        ("...", "save.json"),
        ("🎲🎲", "save.json"),
        ("x" * 300, "x" * 48 + ".json"),
        ("e\u0301te\u0301", "été.json"),
    ],
)
def test_slot_file_names_are_safe_for_any_typed_name(name, file_name):
    assert slot_file_name(name) == file_name


def test_save_as_stores_the_typed_name_and_refuses_to_overwrite_unless_asked():
    game = random_game(random.Random(9), 2, steps=15)
    path = save_as(game, "  Zoë's game  ")
    assert path.name == "Zoë-s-game.json"
    assert [info.name for info in list_saves()] == ["Zoë's game"]
    other = random_game(random.Random(10), 3, steps=15)
    before = snapshot(saves_dir())
    with pytest.raises(SaveExistsError, match="Zoë's game") as error:
        save_as(other, "Zoë's game")
    assert error.value.path == path
    # A different name that maps to the same file is refused too, naming the save it would replace.
    with pytest.raises(SaveExistsError, match="Zoë's game"):
        save_as(other, "Zoë s game")
    assert snapshot(saves_dir()) == before
    assert save_as(other, "Zoë's game", overwrite=True) == path
    assert_same_game(read_save(path).game, other)


def test_save_as_refuses_an_empty_name():
    with pytest.raises(ValueError, match="name"):
        save_as(random_game(random.Random(1), 2, steps=1), "   ")
    assert list_saves() == []


def test_delete_removes_a_save_and_only_a_save(tmp_path):
    game = random_game(random.Random(11), 2, steps=5)
    path = save_as(game, "gone")
    delete_save(path)
    assert not path.exists()
    delete_save(path)  # already gone: nothing to do
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    with pytest.raises(ValueError, match="not a save"):
        delete_save(outside)
    with pytest.raises(ValueError, match="not a save"):
        delete_save(saves_dir() / ".." / "elsewhere.json")
    notes = saves_dir() / "notes.txt"
    notes.write_text("keep me")
    with pytest.raises(ValueError, match="not a save"):
        delete_save(notes)
    assert outside.exists() and notes.exists()


def test_a_save_that_is_a_link_is_removed_itself_never_its_target(tmp_path):
    game = random_game(random.Random(13), 2, steps=5)
    target = tmp_path / "kept-elsewhere.json"
    save_game(game, target)
    link = saves_dir() / "linked.json"
    link.symlink_to(target)
    assert [info.path for info in list_saves()] == [link]
    delete_save(link)
    assert not link.is_symlink() and not link.exists()
    assert target.exists() and load_game(target) == game
    assert list_saves() == []


def test_temporary_files_left_by_a_crash_are_hidden_and_cleaned_up_when_stale():
    game = random_game(random.Random(12), 2, steps=5)
    path = autosave(game)
    fresh = saves_dir() / f".{path.name}.abc123.tmp"
    stale = saves_dir() / f".{path.name}.def456.tmp"
    fresh.write_bytes(path.read_bytes()[:50])
    stale.write_bytes(path.read_bytes()[:50])
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    assert [info.path for info in list_saves()] == [path]
    assert fresh.exists()  # might be a save in progress by another window
    assert not stale.exists()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    slot=st.text(max_size=200).map(lambda t: clean_name(t, SAVE_NAME_LIMIT)).filter(bool),
    names=st.lists(
        st.text(max_size=200).map(lambda t: clean_name(t, SEAT_NAME_LIMIT)).filter(bool),
        min_size=2,
        max_size=2,
    ),
)
def test_any_typed_slot_and_seat_names_save_and_load(slot, names):
    """Whatever a player types, what set-up and Save as keep of it saves and loads."""
    game = Game.new((Seat(names[0]), Seat(names[1], "easy")), seed=1)
    path = save_as(game, slot, overwrite=True)
    assert path.parent == saves_dir()
    assert path.name == slot_file_name(slot)
    saved = read_save(path)
    assert saved.name == slot.strip()
    assert saved.game.seats == game.seats


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    slot=st.text(max_size=60).filter(str.strip),
    names=st.lists(st.text(max_size=60), min_size=2, max_size=2),
)
def test_raw_slot_and_seat_names_save_and_load_or_are_refused_before_writing(slot, names):
    game = Game.new((Seat(names[0]), Seat(names[1], "easy")), seed=1)
    drawable = all(name_problem(n, MAX_NAME_CHARS) is None for n in (slot.strip(), *names))
    before = snapshot(saves_dir())
    try:
        path = save_as(game, slot, overwrite=True)
    except ValueError:
        assert not drawable
        assert snapshot(saves_dir()) == before
    else:
        assert drawable
        assert read_save(path).game.seats == game.seats
