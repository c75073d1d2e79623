"""At start-up the app removes what interrupted saves left behind, and nothing else."""

import os
import random
import time

from buttons_game.paths import data_dir, saves_dir
from buttons_game.saves import autosave, list_saves, remove_stale_temp_files

from .helpers import random_game, snapshot


def aged(path, seconds):
    when = time.time() - seconds
    os.utime(path, (when, when), follow_symlinks=False)
    return path


def test_leftover_temp_files_older_than_a_minute_go_and_nothing_else(tmp_path):
    folder = saves_dir()
    game = random_game(random.Random(41), 2, steps=10)
    save = autosave(game)
    rng = random.Random(42)
    letters = "abcdefghijklmnopqrstuvwxyz0123456789_"

    def temp_name(target):
        return f".{target}.{''.join(rng.choice(letters) for _ in range(8))}.tmp"

    stale = []
    for i in range(600):
        path = folder / temp_name(f"autosave-{i:04x}.json" if i % 3 else f"Slot {i}.json")
        path.write_bytes(save.read_bytes()[: i % 200])
        stale.append(aged(path, 61 + i))
    very_old = folder / temp_name("x.json")
    very_old.write_bytes(b"")
    stale.append(aged(very_old, 3600 * 24 * 400))
    probe = folder / ".storage-probe.json.abcdefgh.tmp"  # left by storage_problem in a crash
    probe.write_bytes(b"")
    stale.append(aged(probe, 120))
    index_temp = data_dir() / ".saves-index.json.abcdefgh.tmp"
    index_temp.write_bytes(b"{")
    stale.append(aged(index_temp, 120))
    stats_temp = data_dir() / ".statistics.json.abcdefgh.tmp"  # a count a kill interrupted
    stats_temp.write_bytes(b"{")
    stale.append(aged(stats_temp, 120))

    in_progress = [folder / temp_name(f"autosave-{i}.json") for i in range(40)]
    for i, path in enumerate(in_progress):
        path.write_bytes(b"{")
        aged(path, i)  # 0 to 39 seconds old: maybe a save of another running copy
    outside = data_dir().parent / "outside.json"
    outside.write_bytes(b"keep")
    aged(outside, 7200)
    others = {
        folder / "notes.tmp": b"x",
        folder / ".notes.tmp": b"x",
        folder / ".hidden.json": b"x",
        folder / "x.json.abcdefgh.tmp": b"x",  # no leading dot: not ours
        folder / ".x.json.abcdefgh.tmp.bak": b"x",
        folder / ".x.json": b"x",
        data_dir() / ".other.json.abcdefgh.tmp": b"x",  # beside the saves: the index's, stats'
        data_dir() / ".statistics.json.abcdefgh.tmp.bak": b"x",
        data_dir() / "notes.txt": b"x",
    }
    for path, data in others.items():
        path.write_bytes(data)
        aged(path, 7200)
    matching_folder = folder / ".y.json.abcdefgh.tmp"
    matching_folder.mkdir()
    aged(matching_folder, 7200)
    link = folder / ".z.json.abcdefgh.tmp"
    link.symlink_to(outside)
    aged(link, 7200)

    kept_before = {p: b for p, b in snapshot(data_dir().parent).items() if p not in map(str, stale)}
    removed = remove_stale_temp_files()
    assert sorted(removed) == sorted(stale)
    assert not any(path.exists() for path in stale)
    assert snapshot(data_dir().parent) == kept_before
    assert matching_folder.is_dir() and link.is_symlink() and outside.read_bytes() == b"keep"
    assert all(path.exists() for path in in_progress)
    assert [info.path for info in list_saves()] == [save]
    assert remove_stale_temp_files() == []


def test_the_age_can_be_chosen_and_a_missing_folder_is_no_problem(home):
    assert remove_stale_temp_files() == []
    folder = saves_dir()
    temp = folder / ".a.json.abcdefgh.tmp"
    temp.write_bytes(b"")
    aged(temp, 30)
    assert remove_stale_temp_files(age_seconds=60) == []
    assert remove_stale_temp_files(age_seconds=10) == [temp]


def test_an_unusable_folder_has_nothing_to_clean(home):
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file, not a folder")
    assert remove_stale_temp_files() == []
