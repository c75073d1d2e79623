"""A loaded named save plays on under its own game_id; finished autosaves are kept to a bound."""

import random
from datetime import datetime, timedelta, timezone

from buttons_game import stats
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.paths import saves_dir
from buttons_game.saves import (
    MAX_FINISHED_AUTOSAVES,
    autosave,
    autosave_path,
    encode_game,
    list_saves,
    load_game,
    prune_finished_autosaves,
    read_save,
    save_as,
)

from .helpers import assert_legal, play_on, random_game, snapshot


def test_a_named_save_loads_as_a_copy_that_never_overwrites_the_original_autosave():
    rng = random.Random(1)
    game = random_game(rng, 3, steps=60)
    original = autosave(game)
    slot = save_as(game, "Sunday")
    before = snapshot(saves_dir())
    loaded = load_game(slot)
    assert loaded.game_id != game.game_id
    assert loaded == type(game)(game.seats, game.state, loaded.game_id)
    assert read_save(slot).game.game_id == game.game_id, "the file itself is unchanged"
    assert snapshot(saves_dir()) == before
    played = play_on(loaded, rng, 30)
    copy = autosave(played)
    assert copy != original and copy == autosave_path(played)
    assert original.read_bytes() == before[str(original)][0], "the original's record is kept"
    assert load_game(original) == game


def test_a_finished_game_saved_by_name_keeps_its_record_when_played_from_the_slot():
    game = random_game(random.Random(2), 2)
    assert game.state.is_over()
    original = autosave(game)
    loaded = load_game(save_as(game, "Final"))
    autosave(loaded)
    assert read_save(original).game.game_id == game.game_id
    assert len([info for info in list_saves() if info.is_autosave]) == 2


def test_an_autosave_keeps_its_id_and_goes_on_in_its_own_file():
    rng = random.Random(3)
    game = random_game(rng, 4, steps=40)
    path = autosave(game)
    loaded = load_game(path)
    assert loaded.game_id == game.game_id
    assert autosave(play_on(loaded, rng, 5)) == path
    assert [p.name for p in saves_dir().iterdir()] == [path.name]


def test_the_copy_keeps_the_undo_stack():
    rng = random.Random(4)
    game = Game.new((Seat("Ann"), Seat("Ben")), seed=4)
    while not game.can_undo:
        game = play_on(game, rng, 1)
    loaded = load_game(save_as(game, "undo"))
    assert loaded.undo_seat == game.undo_seat
    assert loaded.undo().state == game.undo().state


def _write_autosave(game, when: datetime):
    autosave_path(game).write_text(encode_game(game, saved_at=when), encoding="utf-8")


def test_only_the_newest_finished_autosaves_are_kept():
    finished = random_game(random.Random(5), 2)
    unfinished = random_game(random.Random(6), 3, steps=20)
    t0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
    old_unfinished = [unfinished.fork() for _ in range(3)]
    for i, game in enumerate(old_unfinished):
        _write_autosave(game, t0 + timedelta(minutes=i))
    copies = [finished.fork() for _ in range(MAX_FINISHED_AUTOSAVES + 4)]
    for i, game in enumerate(copies):
        _write_autosave(game, t0 + timedelta(hours=1, minutes=i))
    named = save_as(finished, "keep me")
    broken = saves_dir() / "autosave-broken.json"
    broken.write_text("{", encoding="utf-8")
    stats.refresh()  # only finished games the statistics have counted are pruned
    newest = finished.fork()
    autosave(newest)  # a finished game: the oldest five finished autosaves go
    names = {p.name for p in saves_dir().iterdir()}
    kept = [g for g in copies if autosave_path(g).name in names]
    assert kept == copies[5:]
    assert autosave_path(newest).name in names
    assert all(autosave_path(g).name in names for g in old_unfinished)
    assert named.name in names and broken.name in names
    finished_autosaves = [i for i in list_saves() if i.is_autosave and i.finished]
    assert len(finished_autosaves) == MAX_FINISHED_AUTOSAVES


def test_an_unfinished_autosave_prunes_nothing():
    finished = random_game(random.Random(7), 2)
    t0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
    for i in range(MAX_FINISHED_AUTOSAVES + 2):
        _write_autosave(finished.fork(), t0 + timedelta(minutes=i))
    stats.refresh()  # counted: they may be pruned
    before = snapshot(saves_dir())
    path = autosave(random_game(random.Random(8), 2, steps=10))
    after = snapshot(saves_dir())
    del after[str(path)]
    assert after == before
    assert len(prune_finished_autosaves(keep=5)) == MAX_FINISHED_AUTOSAVES + 2 - 5
    assert_legal(load_game(path))
