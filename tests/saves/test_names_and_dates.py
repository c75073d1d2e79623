"""Names and dates a file holds cannot stop the game: the loader refuses what cannot be drawn
or shown, and saving refuses to write what loading would refuse."""

import json
import os
import random
from datetime import datetime, timedelta, timezone

import pytest

from buttons_game.games.buttons.game import Game, Seat
from buttons_game.paths import saves_dir
from buttons_game.saves import (
    SaveFileError,
    autosave,
    delete_save,
    encode_game,
    latest_unfinished,
    list_saves,
    load_game,
    read_save,
    save_as,
    save_game,
)

from .helpers import random_game, snapshot

GAME = random_game(random.Random(21), 3, steps=30)

BAD_NAMES = {
    "NUL": ("Em\x00ma", "control character (U+0000)"),
    "a newline": ("Emma\nBen", "control character (U+000A)"),
    "only zero-width": ("\u200b\u200d\ufeff", "format character (U+200B)"),
    "a bidi override": ("\u202eEmma", "format character (U+202E)"),
    "a lone surrogate": ("\ud800", "lone surrogate (U+D800)"),
    "empty": ("", "shows nothing"),
    "only spaces": ("   ", "shows nothing"),
    "only Hangul fillers": ("\u3164\u3164", "shows nothing"),
    "a line separator": ("Emma\u2028Ben", "line separator"),
}


def write(path, doc):
    # ensure_ascii: a lone surrogate is written as the JSON escape "\\ud800", as in a real file.
    path.write_text(json.dumps(doc), encoding="ascii")
    return path


@pytest.fixture
def doc():
    return json.loads(encode_game(GAME, name="Sunday"))


@pytest.mark.parametrize("case", BAD_NAMES, ids=list(BAD_NAMES))
@pytest.mark.parametrize("where", ["seat", "save"])
def test_a_name_that_cannot_be_drawn_is_refused_naming_the_field(tmp_path, doc, case, where):
    name, words = BAD_NAMES[case]
    if where == "seat":
        doc["seats"][1]["name"] = name
        field = "seat 1's name"
    else:
        doc["name"] = name
        field = "the save name"
    path = write(tmp_path / "bad.json", doc)
    before = snapshot(tmp_path)
    with pytest.raises(SaveFileError) as error:
        load_game(path)
    message = str(error.value)
    assert str(path) in message and field in message and words in message
    message.encode("utf-8")  # the message itself can be shown
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("case", BAD_NAMES, ids=list(BAD_NAMES))
def test_a_game_with_such_a_seat_name_is_never_written(tmp_path, case):
    name, words = BAD_NAMES[case]
    game = Game.new((Seat("Ann"), Seat(name, "easy")), seed=1)
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    with pytest.raises(ValueError, match="seat 1's name"):
        save_game(game, folder / "game.json")
    with pytest.raises(ValueError, match="seat 1's name"):
        autosave(game)
    with pytest.raises(ValueError, match="save name"):
        save_game(GAME, folder / "game.json", name=name)
    if name.strip():
        with pytest.raises(ValueError, match="save name"):
            save_as(GAME, name)
    assert list(folder.iterdir()) == []
    assert list(saves_dir().iterdir()) == []


def test_names_that_can_be_drawn_still_load(tmp_path, doc):
    for name in ("Zoë", "さくら", "Würfel 🎲", " Emma ", "\ue000", "x" * 200):
        doc["seats"][0]["name"] = name
        doc["name"] = name
        loaded = load_game(write(tmp_path / "good.json", doc))
        assert loaded.seats[0].name == name


def test_a_lone_surrogate_name_is_listed_as_broken_and_can_be_deleted(doc):
    good = save_as(GAME, "good")
    doc["seats"][0]["name"] = "\ud800"
    bad = saves_dir() / "surrogate.json"
    bad.write_bytes(json.dumps(doc).encode("ascii"))
    assert b"\\ud800" in bad.read_bytes()
    before = snapshot(saves_dir())
    infos = {info.path.name: info for info in list_saves()}
    assert not infos["good.json"].broken
    info = infos["surrogate.json"]
    assert info.broken and info.seats == ()
    assert "seat 0's name holds a lone surrogate (U+D800)" in info.error
    info.error.encode("utf-8")
    info.name.encode("utf-8")
    assert latest_unfinished().path == good
    assert snapshot(saves_dir()) == before, "listing writes nothing in the saves folder"
    delete_save(info.path)
    assert not bad.exists()
    assert [i.path for i in list_saves()] == [good]


# ------------------------------------------------------------------ dates

BAD_DATES = [
    "0001-01-01T00:00:00+00:00",
    "0001-01-01T00:00:00-23:59",
    "9999-12-31T23:59:59+00:00",
    "9999-12-31T23:59:59-23:59",  # converting to UTC overflows
    "0001-01-01T00:30:00+23:59",
    "1999-12-31T23:59:59+00:00",
    "2000-01-01T00:30:00+01:00",  # 1999 in UTC
    "2201-01-01T00:00:00+00:00",
    "2200-12-31T23:00:00-02:00",  # 2201 in UTC
]


@pytest.mark.parametrize("when", BAD_DATES)
def test_a_date_outside_2000_to_2200_is_refused(tmp_path, doc, when):
    doc["saved_at"] = when
    path = write(tmp_path / "date.json", doc)
    with pytest.raises(SaveFileError, match="saved_at is not a date between 2000 and 2200"):
        load_game(path)


@pytest.mark.parametrize("when", BAD_DATES)
def test_the_load_list_can_show_every_date_a_file_holds(doc, when):
    doc["saved_at"] = when
    write(saves_dir() / "date.json", doc)
    save_as(GAME, "good")
    infos = list_saves()
    broken = {info.path.name: info.broken for info in infos}
    assert broken == {"good.json": False, "date.json": True}
    for info in infos:
        info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")  # what the Load screen does


@pytest.mark.parametrize(
    "when, utc",
    [
        ("2000-01-01T00:00:00+00:00", datetime(2000, 1, 1, tzinfo=timezone.utc)),
        ("2030-06-01T12:00:00-05:30", datetime(2030, 6, 1, 17, 30, tzinfo=timezone.utc)),
        ("2200-12-31T23:59:59", datetime(2200, 12, 31, 23, 59, 59, tzinfo=timezone.utc)),
    ],
)
def test_dates_in_range_load_as_the_same_moment_in_utc(tmp_path, doc, when, utc):
    doc["saved_at"] = when
    path = write(tmp_path / "date.json", doc)
    saved_at = read_save(path).saved_at
    assert saved_at == utc and saved_at.utcoffset() == timedelta(0)


@pytest.mark.parametrize("year", [1, 1999, 2201, 9999])
def test_saving_with_a_date_loading_would_refuse_is_refused(tmp_path, year):
    with pytest.raises(ValueError, match="saved_at"):
        encode_game(GAME, saved_at=datetime(year, 6, 1, tzinfo=timezone.utc))


@pytest.mark.parametrize("seconds", [2**40, -(2**40), 2**37, -(2**33), 0])
def test_a_broken_file_with_any_modification_time_can_be_shown(monkeypatch, seconds):
    """File systems such as tmpfs hold times far beyond the years datetime can show."""
    broken = saves_dir() / "broken.json"
    broken.write_text("{", encoding="utf-8")
    real_stat = os.stat

    def far_away(path, *args, **kwargs):
        real = real_stat(path, *args, **kwargs)
        if os.fspath(path) != str(broken):
            return real
        fields = tuple(real)[:8] + (int(seconds),) + tuple(real)[9:]
        return os.stat_result(fields, {"st_mtime": float(seconds), "st_mtime_ns": seconds * 10**9})

    monkeypatch.setattr(os, "stat", far_away)
    (info,) = list_saves()
    assert info.broken
    info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")  # what the Load screen does
    assert datetime(2000, 1, 1, tzinfo=timezone.utc) <= info.saved_at
    assert info.saved_at < datetime(2201, 1, 1, tzinfo=timezone.utc)
