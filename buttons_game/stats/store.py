"""The statistics file beside the saves: read, brought up to date, written atomically.

A game's end is kept in one order: its finished autosave first, then ``record_game``
counts it, then older finished autosaves may be pruned; so a kill at any instant
leaves at worst a finished save not counted yet. ``refresh`` (at every look) makes the
file agree with the saves: a finished save not counted is counted, and a recent game
counted whose autosave is not finished (or ended otherwise) is taken back or put
right. A missing file is built from the saves. A file that reads but does not parse
is set aside as ``statistics-broken.json`` (``-2``, ``-3`` … after it, never over one;
the newest KEEP_BROKEN copies are kept) and built anew, with a note saying so; a file
that cannot be read right now (permission, I/O) is left alone: StatsUnavailable says
so, and nothing is written. Nor is a file a newer version wrote (StatsNewer, with its
figures as far as this version can read them): it is never rebuilt over.
``reset`` sets every figure back to zero and asks nothing: the screen asks first. The
game_ids counted stay in the file (also after a reset), so no game is counted twice.

Every read-change-write holds the file's lock (``locking.shared_lock``: between copies,
and between threads of one, so a count still running in a thread can never write over
a reset or a game counted meanwhile), so two copies of the app on one data folder never
lose or double-count a game. Pruning old finished autosaves (saves/listing.py) asks
``counted_games`` first: a finished game not counted is never pruned.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from buttons_game.locking import WAIT_SECONDS, shared_lock
from buttons_game.paths import (
    NotARegularFile,
    data_dir,
    folder_error,
    read_regular,
    remove_stale_files,
)
from buttons_game.saves import AnyGame, SaveFileError, SaveInfo, list_saves, read_save
from buttons_game.saves.files import AUTOSAVE_PREFIX, SUFFIX, TEMP_SUFFIX, write_atomically
from buttons_game.saves.network import NetworkRecord

from .fileformat import (
    MAX_STATS_BYTES,
    NewerStatsFile,
    StatsFileError,
    decode_statistics,
    encode_statistics,
)
from .tally import Statistics, tally_game

FILE_NAME = "statistics.json"
BROKEN_NAME = "statistics-broken.json"
KEEP_BROKEN = 5  # set-aside copies kept, the newest
STALE_TEMP_SECONDS = 60  # a write in progress lives milliseconds
READ_TRIES = 3
RETRY_SECONDS = 0.05


@dataclass(frozen=True)
class Refreshed:
    """The statistics, how many games this look counted anew, and, when the file could
    not be read, why (``broken``: the problem, the file kept as BROKEN_NAME)."""

    stats: Statistics
    added: int = 0
    rebuilt: bool = False
    broken: str | None = None
    kept_as: str = BROKEN_NAME  # where the broken file was set aside
    taken_back: int = 0  # counts the saves no longer bore out, taken back or put right


class StatsUnavailable(OSError):
    """The statistics file exists but cannot be read right now; it is left as it is."""


class StatsNewer(StatsUnavailable):
    """The statistics file was written by a newer version: it is left as it is, never
    written; ``stats`` holds its figures to show read-only (None if they cannot be read),
    ``app_version`` the version of the app that wrote it (None if the file does not say)
    and ``format_version`` the file's statistics version."""

    def __init__(self, path: Path, newer: NewerStatsFile) -> None:
        self.app_version = newer.app_version
        self.format_version = newer.version
        self.stats = newer.stats
        self.version = newer.app_version or f"statistics version {newer.version}"
        super().__init__(
            f"{path.name} was written by a newer version of Buttons Game ({self.version}); "
            "it is left as it is and shown read-only until that version is used"
        )


def statistics_path() -> Path:
    """Where the statistics live: the data folder, beside the saves folder."""
    return data_dir() / FILE_NAME


def read_statistics(path: Path | None = None) -> Statistics | None:
    """The statistics in the file, None when there is none; StatsFileError for a file
    that does not parse, StatsUnavailable for one that cannot be read now (tried
    READ_TRIES times), StatsNewer for one a newer version wrote."""
    path = path or statistics_path()
    for attempt in range(READ_TRIES):
        try:
            data = read_regular(path, MAX_STATS_BYTES)
            break
        except NotARegularFile:
            raise StatsFileError(f"{path.name} is not a regular file") from None
        except FileNotFoundError:
            return None
        except OSError as error:
            if attempt + 1 == READ_TRIES:
                raise StatsUnavailable(
                    error.errno,
                    f"{path.name} cannot be read right now ({error.strerror or error}); "
                    "it is left as it is and nothing is counted over it: try again later",
                ) from None
            time.sleep(RETRY_SECONDS)
    try:
        return decode_statistics(data)
    except NewerStatsFile as newer:
        raise StatsNewer(path, newer) from None


def counted_games() -> frozenset[str] | None:
    """The ids of the games the statistics file has counted (none if there is no file);
    None when it cannot be read or used now: then no finished save may be pruned."""
    try:
        stats = read_statistics()
    except (OSError, ValueError):
        return None
    return frozenset() if stats is None else frozenset(stats.counted)


def write_statistics(stats: Statistics, path: Path | None = None) -> None:
    """Write the file atomically (a temporary file moved over it); StorageError if it cannot."""
    write_atomically(path or statistics_path(), encode_statistics(stats))


def count_saves(
    stats: Statistics,
    cancel: Callable[[], bool] | None = None,
    infos: list[SaveInfo] | None = None,
) -> int:
    """Add every finished save not counted yet, oldest first; return how many were added.

    Lists the saves without pruning any, and reads only the files whose game is
    finished and not yet counted; stops early once ``cancel`` says so (what was
    counted stays counted). StorageError if the saves folder cannot be used.
    """
    added = 0
    for info in reversed(list_saves(prune=False) if infos is None else infos):
        if cancel is not None and cancel():
            break
        if info.broken or not info.finished or not info.game_id:
            continue
        if stats.has_counted(info.key or info.game_id):
            continue
        try:
            saved = read_save(info.path)
        except SaveFileError:
            continue  # changed or removed since it was listed
        if saved.game.state.is_over():
            added += stats.add(tally_game(saved.game, saved.network))
    return added


def take_back(stats: Statistics, infos: list[SaveInfo] | None = None) -> int:
    """Make the recent counts agree with the saves: a game counted whose autosave is
    there but not finished is taken back, one whose autosave ended otherwise is put
    right (a save gone, pruned or deleted, says nothing against its count)."""
    changed = 0
    if not stats.recent:
        return 0
    listed = list_saves(prune=False) if infos is None else infos
    autosaves = {info.path.name: info for info in listed if not info.broken}
    for game_id in list(stats.recent):
        info = autosaves.get(f"{AUTOSAVE_PREFIX}{game_id}{SUFFIX}")
        if info is None:
            continue  # gone, or unreadable: nothing it says
        if not info.finished:
            changed += stats.uncount(game_id)
            continue
        try:
            saved = read_save(info.path)
        except SaveFileError:
            continue  # changed or removed since it was listed
        game = saved.game
        if game.state.is_over() and stats.add(tally_game(game, saved.network)):
            changed += 1
    return changed


def refresh(
    cancel: Callable[[], bool] | None = None, *, rebuild: bool = True, wait: float = WAIT_SECONDS
) -> Refreshed:
    """The statistics brought up to date with the saves, written if anything changed;
    ``cancel`` (the screen was left) stops the count early, keeping what it counted.
    With ``rebuild`` False (the start-up look, which nobody watches) a broken file
    raises StatsFileError and is left for a look that can say so.

    Raises StorageError (an OSError) when the data folder cannot be used,
    StatsUnavailable when the file cannot be read right now (it is left alone), and
    BusyError when another copy held the file's lock ``wait`` seconds.
    """
    with shared_lock(statistics_path(), wait):
        return _refresh(cancel, rebuild)


def _refresh(cancel: Callable[[], bool] | None = None, rebuild: bool = True) -> Refreshed:
    path = statistics_path()
    remove_stale_temp_files(path.parent)
    broken, kept_as = None, BROKEN_NAME
    try:
        stats = read_statistics(path)
    except StatsFileError as error:
        if not rebuild:
            raise
        broken = str(error)
        kept_as = _keep_aside(path)
        stats = None
    rebuilt = stats is None
    if stats is None:
        stats = Statistics()
    infos = list_saves(prune=False)  # one listing for both looks
    taken_back = take_back(stats, infos)
    added = count_saves(stats, cancel, infos)
    if added or taken_back or broken:  # a missing file with nothing to count stays missing
        write_statistics(stats, path)
    return Refreshed(stats, added, rebuilt, broken, kept_as, taken_back)


def record_game(
    game: AnyGame, wait: float = WAIT_SECONDS, network: NetworkRecord | None = None
) -> Refreshed:
    """Count a finished game once (``added`` is 1 if it was counted now, 0 if it had been
    before or is not over); a networked game (``network``: its ``NetworkRecord``) under
    this computer's key, its people those at this computer's seats. A missing or broken
    file is built from the saves first. Call it after the finished game's autosave is
    written, before any pruning. BusyError when another copy held the file's lock
    ``wait`` seconds."""
    if not game.state.is_over():
        return Refreshed(Statistics())
    with shared_lock(statistics_path(), wait):
        return _record(game, network)


def _record(game: AnyGame, network: NetworkRecord | None = None) -> Refreshed:
    path = statistics_path()
    try:
        stats = read_statistics(path)
    except StatsFileError:
        stats = None
    before = Refreshed(stats) if stats is not None else _refresh()
    stats = before.stats
    if not stats.add(tally_game(game, network)):
        return before
    write_statistics(stats, path)
    return Refreshed(
        stats, before.added + 1, before.rebuilt, before.broken, before.kept_as, before.taken_back
    )


def reset(wait: float = WAIT_SECONDS) -> Statistics:
    """Every figure back to zero (the games counted stay known, so none counts again);
    BusyError when another copy held the file's lock ``wait`` seconds."""
    with shared_lock(statistics_path(), wait):
        stats = _refresh().stats
        stats.reset()
        write_statistics(stats)
        return stats


def _keep_aside(path: Path) -> str:
    """Move a broken statistics file to BROKEN_NAME, or the first of
    ``statistics-broken-2.json``, ``-3`` … that is free, never over an older copy, and
    remove all but the newest KEEP_BROKEN copies (the one just made always stays); the
    name it was kept as. StorageError, saying why, if it cannot be moved."""
    taken = set(_broken_copies(path.parent))
    name = ""
    for n in range(1, len(taken) + 2):  # one of these is free
        name = _broken_name(n)
        if name not in taken and _move_aside(path, path.with_name(name)):
            break
        taken.add(name)  # taken since the folder was listed
    else:
        raise folder_error(path.parent, OSError(errno.EEXIST, "every copy's name is taken"))
    _remove_old_copies(path.parent, name)
    return name


def _broken_name(n: int) -> str:
    stem, suffix = BROKEN_NAME.rsplit(".", 1)
    return BROKEN_NAME if n == 1 else f"{stem}-{n}.{suffix}"


def _broken_copies(folder: Path) -> dict[str, float]:
    """The set-aside copies in ``folder`` by name, with their modification times."""
    stem, suffix = BROKEN_NAME.rsplit(".", 1)
    copies = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            numbered = entry.name.startswith(f"{stem}-") and entry.name.endswith(f".{suffix}")
            number = entry.name[len(stem) + 1 : -len(suffix) - 1] if numbered else ""
            if entry.name == BROKEN_NAME or number.isdigit():
                with contextlib.suppress(OSError):
                    copies[entry.name] = entry.stat(follow_symlinks=False).st_mtime
    return copies


def _move_aside(path: Path, target: Path) -> bool:
    """Move ``path`` to ``target`` unless that name is taken (False then); a file gone
    meanwhile counts as moved. StorageError if it cannot be moved."""
    try:
        os.link(path, target)  # fails if the name is taken: nothing is overwritten
    except FileExistsError:
        return False
    except FileNotFoundError:
        return True
    except OSError as error:
        if target.exists() or error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV):
            raise folder_error(path.parent, error) from None
        try:  # a file system without hard links
            os.rename(path, target)
        except OSError as error2:
            raise folder_error(path.parent, error2) from None
        return True
    try:
        os.unlink(path)
    except OSError as error:
        raise folder_error(path.parent, error) from None
    return True


def _remove_old_copies(folder: Path, kept: str) -> None:
    """All but the newest KEEP_BROKEN set-aside copies go, ``kept`` (just made) stays."""
    copies = _broken_copies(folder)
    copies.pop(kept, None)
    newest = sorted(copies, key=lambda name: copies[name], reverse=True)
    for name in newest[KEEP_BROKEN - 1 :]:
        with contextlib.suppress(OSError):
            os.unlink(folder / name)


def remove_stale_temp_files(folder: Path) -> None:
    """Temporary files an interrupted write of the statistics left behind."""
    remove_stale_files(folder, f".{FILE_NAME}.", TEMP_SUFFIX, STALE_TEMP_SECONDS)
