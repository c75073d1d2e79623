"""The save list's index: each file is read and replayed once, and the index can never make a
good save unlistable or a broken one look good. Listing also keeps finished autosaves bounded."""

import json
import os
import random
from datetime import datetime, timedelta, timezone

import pytest

from buttons_game import stats
from buttons_game.paths import data_dir, saves_dir
from buttons_game.saves import (
    MAX_FINISHED_AUTOSAVES,
    autosave,
    autosave_path,
    delete_save,
    encode_game,
    latest_unfinished,
    list_saves,
    listing,
    read_save,
    save_as,
)
from buttons_game.saves import index as index_module

from ..soak import quick_twins
from .helpers import play_on, random_game, snapshot

T0 = datetime(2025, 3, 1, tzinfo=timezone.utc)


def index_path():
    return data_dir() / index_module.INDEX_NAME


@pytest.fixture
def reads(monkeypatch):
    """How many files listing decoded and replayed."""
    count = {"n": 0}
    real = listing.decode_game

    def counting(data, source):
        count["n"] += 1
        return real(data, source)

    monkeypatch.setattr(listing, "decode_game", counting)
    return count


def write_autosave(game, when):
    path = autosave_path(game)
    path.write_text(encode_game(game, saved_at=when), encoding="utf-8")
    return path


def a_folder_of_every_kind():
    """Named saves, autosaves unfinished and finished, and broken files of several kinds."""
    rng = random.Random(51)
    for i in range(6):
        game = random_game(rng, 2 + i % 3, steps=None if i % 2 else 15 + 10 * i)
        write_autosave(game, T0 + timedelta(minutes=i))
    for i, name in enumerate(["Sunday", "さくら", "Würfel 🎲"]):
        (saves_dir() / f"slot-{i}.json").write_text(
            encode_game(random_game(rng, 3, steps=40), name=name, saved_at=T0 + timedelta(hours=i)),
            encoding="utf-8",
        )
    unnamed = saves_dir() / "copied by hand.json"
    unnamed.write_text(encode_game(random_game(rng, 2, steps=5), saved_at=T0), encoding="utf-8")
    folder = saves_dir()
    (folder / "cut.json").write_bytes(unnamed.read_bytes()[:120])
    (folder / "autosave-broken.json").write_text("not json", encoding="utf-8")
    doc = json.loads(unnamed.read_text(encoding="utf-8"))
    doc["saved_at"] = "9999-12-31T23:59:59-23:59"
    (folder / "far future.json").write_text(json.dumps(doc), encoding="utf-8")
    doc["saved_at"] = T0.isoformat()
    doc["seats"][0]["name"] = "\u200b"
    (folder / "zero width.json").write_text(json.dumps(doc), encoding="utf-8")
    (folder / "a folder.json").mkdir()
    (folder / "\u200b.json").write_bytes(b"{")  # a file name that shows nothing


def cold_listing():
    """The list read from every file, as without an index."""
    index_path().unlink(missing_ok=True)
    infos = list_saves()
    index_path().unlink()
    return infos


def test_the_index_gives_exactly_what_reading_every_file_gives(reads):
    a_folder_of_every_kind()
    cold = cold_listing()
    files = len(list(saves_dir().iterdir()))
    assert len(cold) == files and reads["n"] == files - 1  # a folder is not read
    assert sum(info.broken for info in cold) == 6
    assert not index_path().exists()
    first = list_saves()
    assert index_path().exists()
    reads["n"] = 0
    assert list_saves() == first == cold
    assert latest_unfinished() == next(i for i in cold if not i.broken and not i.finished)
    assert reads["n"] == 0, "an unchanged folder is listed without reading any save"
    for info in cold:
        info.name.encode("utf-8")
        if not info.broken:
            saved = read_save(info.path)
            assert info.seats == saved.game.seats and info.saved_at == saved.saved_at
            assert info.round_number == saved.game.state.round_number


def test_only_new_or_changed_files_are_read_again(reads):
    rng = random.Random(52)
    games = [random_game(rng, 3, steps=20) for _ in range(5)]
    for game in games:
        autosave(game)
    list_saves()
    assert reads["n"] == 5
    reads["n"] = 0
    autosave(play_on(games[0], rng, 3))
    save_as(games[1], "a copy")
    infos = list_saves()
    assert reads["n"] == 2
    assert infos == cold_listing()
    list_saves()
    reads["n"] = 0
    delete_save(autosave_path(games[2]))
    assert len(list_saves()) == 5 and reads["n"] == 0
    assert "autosave-" + games[2].game_id not in index_path().read_text()


def test_a_file_rewritten_with_the_same_size_and_time_is_read_again():
    game = random_game(random.Random(53), 2, steps=20)
    path = autosave(game)
    assert not list_saves()[0].broken
    before = os.stat(path)
    data = bytearray(path.read_bytes())
    data[data.index(b'"white": ') + 9] = ord("9")  # dice show 9: the same size, now broken
    path.write_bytes(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_size == before.st_size
    (info,) = list_saves()
    assert info.broken and "dice show 1 to 6" in info.error


INDEXES = {
    "empty": b"",
    "cut short": b'{"stamp": [',
    "not JSON": bytes(range(256)),
    "a list": b"[]",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "another program's": b'{"stamp": ["other", 1], "entries": {}}',
    "an older app's": None,  # the real index with another stamp
    "entries a list": None,
}


# one unreadable, one too deep and one foreign index in the quick tier, the others slow
@pytest.mark.parametrize(
    "case", quick_twins(INDEXES, "not JSON", "deep", "an older app's"), ids=list(INDEXES)
)
def test_a_missing_corrupt_or_foreign_index_is_rebuilt(reads, case):
    a_folder_of_every_kind()
    cold = cold_listing()
    list_saves()
    document = json.loads(index_path().read_text())
    if case == "an older app's":
        document["stamp"][-1] = "0.0.1"
        data = json.dumps(document).encode()
    elif case == "entries a list":
        data = json.dumps({**document, "entries": list(document["entries"])}).encode()
    else:
        data = INDEXES[case]
    index_path().write_bytes(data)
    reads["n"] = 0
    assert list_saves() == cold
    assert reads["n"] > 0
    reads["n"] = 0
    assert list_saves() == cold and reads["n"] == 0, "the rebuilt index was written"


TAMPERED_GOOD = {
    "a seat name with NUL": lambda e: e[6].__setitem__(0, ["Em\u0000ma", None]),
    "a lone surrogate": lambda e: e[6].__setitem__(0, ["\ud800", None]),
    "an unknown bot": lambda e: e[6].__setitem__(0, ["Emma", "god"]),
    "a bot as a list": lambda e: e[6].__setitem__(0, ["Emma", ["easy"]]),
    "one seat": lambda e: e[6].__delitem__(slice(1, None)),
    "a far date": lambda e: e.__setitem__(5, "9999-12-31T23:59:59-23:59"),
    "a local time": lambda e: e.__setitem__(5, "2025-03-01T00:00:00+05:00"),
    "round zero": lambda e: e.__setitem__(7, 0),
    "round as text": lambda e: e.__setitem__(7, "3"),
    "finished as 1": lambda e: e.__setitem__(8, 1),
    "a game id with a path": lambda e: e.__setitem__(9, "../x"),
    "an error and seats": lambda e: e.__setitem__(10, "broken"),
    "a name with a newline": lambda e: e.__setitem__(4, "a\nb"),
}
TAMPERED_BROKEN = {
    "an error with a newline": lambda e: e.__setitem__(10, "bad\nfile"),
    "an error with a lone surrogate": lambda e: e.__setitem__(10, "bad \ud800"),
    "a long error": lambda e: e.__setitem__(10, "x" * 5000),
    "no error": lambda e: e.__setitem__(10, None),
    "an error and seats": lambda e: e.__setitem__(6, [["Ann", None], ["Ben", None]]),
    "an error and a round": lambda e: e.__setitem__(7, 3),
    "a name with a NUL": lambda e: e.__setitem__(4, "a\x00"),
}
ANY = {
    "another key": lambda e: e.__setitem__(0, e[0] + 1),
    "too short": lambda e: e.pop(),
    "not a list": lambda e: e.clear() or e.append({"name": "x"}),
}
TAMPERED = {
    **{f"good: {k}": ("good", v) for k, v in {**TAMPERED_GOOD, **ANY}.items()},
    **{f"broken: {k}": ("broken", v) for k, v in {**TAMPERED_BROKEN, **ANY}.items()},
}


@pytest.mark.parametrize("case", TAMPERED, ids=list(TAMPERED))
def test_an_entry_that_is_not_exactly_right_is_read_again(reads, case):
    game = random_game(random.Random(54), 3, steps=30)
    path = save_as(game, "Sunday")
    broken = saves_dir() / "broken.json"
    broken.write_bytes(path.read_bytes()[:200])
    cold = cold_listing()
    list_saves()
    document = json.loads(index_path().read_text())
    which, change = TAMPERED[case]
    change(document["entries"][(path if which == "good" else broken).name])
    index_path().write_text(json.dumps(document))
    reads["n"] = 0
    assert list_saves() == cold
    assert reads["n"] == 1


def test_an_unwritable_index_only_makes_listing_slower(monkeypatch, reads):
    a_folder_of_every_kind()
    cold = cold_listing()

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    real = listing.write_atomically
    monkeypatch.setattr(listing, "write_atomically", refuse)
    reads["n"] = 0
    assert list_saves() == cold and list_saves() == cold
    assert reads["n"] > 0 and not index_path().exists()
    monkeypatch.setattr(listing, "write_atomically", real)
    index_path().mkdir()  # a folder where the index goes
    assert list_saves() == cold


def test_listing_prunes_finished_autosaves_without_a_new_autosave():
    finished = random_game(random.Random(55), 2)
    playing = random_game(random.Random(56), 3, steps=25)
    copies = [finished.fork() for _ in range(MAX_FINISHED_AUTOSAVES + 5)]
    for i, game in enumerate(copies):
        write_autosave(game, T0 + timedelta(minutes=i))
    unfinished = [write_autosave(playing.fork(), T0 - timedelta(days=i)) for i in range(3)]
    named = [save_as(finished, f"final {i}") for i in range(3)]
    named_in_an_autosave_file = autosave_path(finished.fork())
    named_in_an_autosave_file.write_text(encode_game(finished, name="kept", saved_at=T0))
    broken = saves_dir() / "autosave-broken.json"
    broken.write_text("{", encoding="utf-8")
    stats.refresh()  # only finished games the statistics have counted are pruned
    infos = list_saves()
    names = {p.name for p in saves_dir().iterdir()}
    assert [g for g in copies if autosave_path(g).name in names] == copies[5:]
    assert all(p.name in names for p in [*unfinished, *named, named_in_an_autosave_file, broken])
    assert {info.path.name for info in infos} == names
    assert len([i for i in infos if i.is_autosave and i.finished]) == MAX_FINISHED_AUTOSAVES + 1


def test_pruning_reads_a_file_again_before_deleting_it():
    """An index that says unfinished games are finished cannot get them deleted."""
    playing = random_game(random.Random(57), 2, steps=25)
    paths = [write_autosave(playing.fork(), T0 + timedelta(minutes=i)) for i in range(30)]
    list_saves()
    document = json.loads(index_path().read_text())
    for entry in document["entries"].values():
        entry[8] = True
    index_path().write_text(json.dumps(document))
    before = snapshot(saves_dir())
    list_saves()
    assert snapshot(saves_dir()) == before
    assert all(path.exists() for path in paths)


def test_the_index_is_beside_the_saves_folder_and_listing_leaves_the_saves_untouched():
    game = random_game(random.Random(58), 2, steps=10)
    autosave(game)
    save_as(game, "Sunday")
    before = snapshot(saves_dir())
    list_saves()
    assert index_path().parent == saves_dir().parent
    assert snapshot(saves_dir()) == before


def test_continue_reads_only_the_index_and_agrees_with_the_full_list(reads, monkeypatch):
    a_folder_of_every_kind()
    full = list_saves()  # builds the index
    expected = next(i for i in full if not i.broken and not i.finished)
    decoded = []
    real = index_module.SaveIndex._decode

    def counting(self, *args, **kwargs):
        decoded.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(index_module.SaveIndex, "_decode", counting)
    reads["n"] = 0
    assert latest_unfinished() == expected
    assert reads["n"] == 0 and len(decoded) == 1, "one entry checked, no file read"
    # a newer unfinished game the index does not know yet: the full listing finds it
    game = random_game(random.Random(3), 2, steps=12)
    write_autosave(game, T0 + timedelta(days=30))
    newest = latest_unfinished()
    assert newest is not None and newest.game_id == game.game_id
