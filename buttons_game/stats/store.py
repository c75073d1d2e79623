"""The statistics file beside the saves: read, brought up to date, written atomically.

``record_game`` counts a game the moment it ends (the app calls it before the finished
game's autosave may prune older autosaves), so pruning loses nothing. ``refresh``
reads the file and adds any finished save not counted yet; a missing file is built
from the saves, and a broken one is kept aside as ``statistics-broken.json`` and
built anew, with a note saying so. ``reset`` sets every figure back to zero and asks
nothing: the screen asks first. The game_ids counted stay in the file (also after a
reset), so no game is ever counted twice.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from buttons_game.paths import data_dir, folder_error
from buttons_game.saves import AnyGame, SaveFileError, list_saves, read_save
from buttons_game.saves.files import TEMP_SUFFIX, write_atomically

from .fileformat import MAX_STATS_BYTES, StatsFileError, decode_statistics, encode_statistics
from .tally import Statistics, tally_game

FILE_NAME = "statistics.json"
BROKEN_NAME = "statistics-broken.json"
STALE_TEMP_SECONDS = 3600
# Each read-change-write of the file holds this, so a count still running in a thread
# (the screen was left) can never write over a reset or a game counted meanwhile.
_LOCK = threading.RLock()


@dataclass(frozen=True)
class Refreshed:
    """The statistics, how many games this look counted anew, and, when the file could
    not be read, why (``broken``: the problem, the file kept as BROKEN_NAME)."""

    stats: Statistics
    added: int = 0
    rebuilt: bool = False
    broken: str | None = None


def statistics_path() -> Path:
    """Where the statistics live: the data folder, beside the saves folder."""
    return data_dir() / FILE_NAME


def read_statistics(path: Path | None = None) -> Statistics | None:
    """The statistics in the file, None when there is none; StatsFileError for a bad file."""
    path = path or statistics_path()
    try:
        # Checked before opening: opening a pipe or a device could block for ever.
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise StatsFileError(f"{path.name} is not a regular file")
        with open(path, "rb") as file:
            data = file.read(MAX_STATS_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StatsFileError(f"cannot read {path.name} ({error.strerror or error})") from None
    return decode_statistics(data)


def write_statistics(stats: Statistics, path: Path | None = None) -> None:
    """Write the file atomically (a temporary file moved over it); StorageError if it cannot."""
    write_atomically(path or statistics_path(), encode_statistics(stats))


def count_saves(stats: Statistics) -> int:
    """Add every finished save not counted yet, oldest first; return how many were added.

    Lists the saves without pruning any, and reads only the files whose game is
    finished and not yet counted. StorageError if the saves folder cannot be used.
    """
    added = 0
    for info in reversed(list_saves(prune=False)):
        if info.broken or not info.finished or not info.game_id:
            continue
        if stats.has_counted(info.game_id):
            continue
        try:
            saved = read_save(info.path)
        except SaveFileError:
            continue  # changed or removed since it was listed
        if saved.game.state.is_over():
            added += stats.add(tally_game(saved.game))
    return added


def refresh() -> Refreshed:
    """The statistics brought up to date with the saves, written if anything changed.

    Raises StorageError (an OSError) when the data folder cannot be used.
    """
    with _LOCK:
        return _refresh()


def _refresh() -> Refreshed:
    path = statistics_path()
    _remove_stale_temp_files(path.parent)
    broken = None
    try:
        stats = read_statistics(path)
    except StatsFileError as error:
        broken = str(error)
        _keep_aside(path)
        stats = None
    rebuilt = stats is None
    if stats is None:
        stats = Statistics()
    added = count_saves(stats)
    if added or rebuilt:
        write_statistics(stats, path)
    return Refreshed(stats, added, rebuilt, broken)


def record_game(game: AnyGame) -> Refreshed:
    """Count a finished game once (``added`` is 1 if it was counted now, 0 if it had been
    before or is not over). A missing or broken file is built from the saves first."""
    if not game.state.is_over():
        return Refreshed(Statistics())
    with _LOCK:
        return _record(game)


def _record(game: AnyGame) -> Refreshed:
    path = statistics_path()
    try:
        stats = read_statistics(path)
    except StatsFileError:
        stats = None
    before = Refreshed(stats) if stats is not None else _refresh()
    stats = before.stats
    if not stats.add(tally_game(game)):
        return before
    write_statistics(stats, path)
    return Refreshed(stats, before.added + 1, before.rebuilt, before.broken)


def reset() -> Statistics:
    """Every figure back to zero (the games counted stay known, so none counts again)."""
    with _LOCK:
        stats = _refresh().stats
        stats.reset()
        write_statistics(stats)
        return stats


def _keep_aside(path: Path) -> None:
    """Move a broken statistics file to BROKEN_NAME (over an older one), so nothing a
    person could want back is overwritten; StorageError if it cannot be moved."""
    try:
        os.replace(path, path.with_name(BROKEN_NAME))
    except FileNotFoundError:
        pass
    except OSError as error:
        raise folder_error(path.parent, error) from None


def _remove_stale_temp_files(folder: Path) -> None:
    """Temporary files an interrupted write of the statistics left behind."""
    prefix = f".{FILE_NAME}."
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    age = time.time() - entry.stat(follow_symlinks=False).st_mtime
                    if age > STALE_TEMP_SECONDS:
                        os.unlink(entry.path)
