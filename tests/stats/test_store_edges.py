"""A statistics file a newer version wrote is left alone (read-only, never rebuilt over or
written), and set-aside copies of broken files are capped at the newest five, each
message naming the copy truly made."""

from __future__ import annotations

import errno
import json
import os

import pytest

from buttons_game import saves, stats
from buttons_game.cli import main
from buttons_game.games.buttons.game import Seat
from buttons_game.paths import StorageError, data_dir

from .helpers import play_buttons

KEEP_BROKEN = 5  # the newest set-aside copies kept
NEWER_MESSAGE = (
    "statistics.json was written by a newer version of Buttons Game (9.0.1); "
    "it is left as it is and shown read-only until that version is used"
)


@pytest.fixture
def counted():
    """Two finished games saved and counted in the statistics file."""
    for seed in range(2):
        saves.autosave(play_buttons((Seat("Anna"), Seat("Bo", "hard")), seed))
    return stats.refresh().stats


def write_newer(change=None) -> bytes:
    """The statistics file as a newer version might write it: a higher version, a field
    this version does not know; ``change`` edits the document further."""
    path = stats.statistics_path()
    doc = json.loads(path.read_bytes())
    doc |= {"version": 3, "app_version": "9.0.1", "achievements": [{"name": "x"}]}
    for player in doc["players"]:
        player["longest_streak"] = 2
    if change:
        change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path.read_bytes()


def assert_left_alone(data: bytes) -> None:
    assert stats.statistics_path().read_bytes() == data
    files = [p.name for p in data_dir().iterdir() if "statistics" in p.name]
    assert sorted(files) == [".statistics.json.lock", stats.FILE_NAME]


def test_a_newer_file_is_read_only_for_every_look_and_never_written(counted):
    data = write_newer()
    with pytest.raises(stats.StatsNewer) as error:
        stats.read_statistics()
    assert str(error.value) == NEWER_MESSAGE
    assert isinstance(error.value, stats.StatsUnavailable)
    shown = error.value.stats
    assert shown is not None and shown.totals["buttons"] == 2 == shown.players()[0].games
    assert shown.players() == counted.players() and shown.dice == counted.dice
    another = play_buttons((Seat("Anna"), Seat("Cy", "easy")), 9)
    saves.autosave(another)
    for look in (
        stats.refresh,
        lambda: stats.refresh(rebuild=False),
        lambda: stats.record_game(another),
        stats.reset,
    ):
        with pytest.raises(stats.StatsNewer, match="left as it is and shown read-only"):
            look()
        assert_left_alone(data)


def test_a_newer_file_whose_figures_cannot_be_read_is_still_left_alone(counted):
    data = write_newer(lambda doc: doc.update(players={"by_game": doc["players"]}))
    with pytest.raises(stats.StatsNewer) as error:
        stats.refresh()
    assert error.value.stats is None and "Buttons Game (9.0.1)" in str(error.value)
    assert_left_alone(data)


def test_a_newer_file_without_its_app_version_names_its_statistics_version(counted):
    write_newer(lambda doc: doc.pop("app_version"))
    with pytest.raises(stats.StatsNewer, match=r"\(statistics version 3\)"):
        stats.read_statistics()


def test_the_stats_command_says_a_newer_file_is_left_alone(counted, capsys):
    data = write_newer()
    with pytest.raises(SystemExit) as exit_info:
        main(["stats"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"buttons-game stats: error: cannot read the statistics: {NEWER_MESSAGE}"
    assert_left_alone(data)


def make_copies(count: int) -> list[str]:
    """``count`` empty set-aside copies, each newer than the one before; their names."""
    folder = data_dir()
    names = [stats.BROKEN_NAME] + [f"statistics-broken-{n}.json" for n in range(2, count + 1)]
    for i, name in enumerate(names):
        path = folder / name
        path.touch()
        os.utime(path, (1_600_000_000 + i, 1_600_000_000 + i))
    return names


def damage(old: bool = True) -> None:
    """A broken statistics file, older than every copy set aside before unless not ``old``."""
    path = stats.statistics_path()
    path.write_bytes(b"damaged {")
    if old:
        os.utime(path, (1_000_000_000, 1_000_000_000))


def copies() -> set[str]:
    return {p.name for p in data_dir().iterdir() if p.name.startswith("statistics-broken")}


def test_thousands_of_copies_are_cut_to_the_newest_five_the_new_one_kept(counted):
    names = make_copies(9_999)
    damage()
    again = stats.refresh()
    assert again.broken and again.stats == counted
    kept = data_dir() / again.kept_as
    assert kept.read_bytes() == b"damaged {"
    assert copies() == {again.kept_as, *names[-(KEEP_BROKEN - 1) :]}
    assert all((data_dir() / name).read_bytes() == b"" for name in names[-(KEEP_BROKEN - 1) :])
    damage(old=False)  # the newest copy
    third = stats.refresh()
    assert third.kept_as != again.kept_as and third.kept_as in copies()
    assert again.kept_as not in copies(), "the oldest copy goes"
    damage()
    fourth = stats.refresh()
    assert {third.kept_as, fourth.kept_as} <= copies() and len(copies()) == KEEP_BROKEN


def test_the_stats_command_names_the_copy_it_kept_among_thousands(counted, capsys):
    make_copies(3_000)
    damage()
    assert main(["stats"]) == 0
    err = capsys.readouterr().err.strip()
    assert "could not be read" in err and "not a folder" not in err
    name = err.rsplit("old file kept as ", 1)[1]
    assert (data_dir() / name).read_bytes() == b"damaged {"
    assert len(copies()) == KEEP_BROKEN


def test_a_file_that_truly_cannot_be_set_aside_says_the_real_reason(counted, monkeypatch):
    make_copies(3)
    damage()

    def no_permission(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "link", no_permission)
    with pytest.raises(StorageError, match="no permission to write in") as error:
        stats.refresh()
    assert error.value.reason == "no_permission"
    assert stats.statistics_path().read_bytes() == b"damaged {"
    assert len(copies()) == 3, "nothing removed when nothing was set aside"
