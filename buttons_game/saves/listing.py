"""The save list: what the Load screen and Continue show, the autosave, and tidying the folder.

Listing reads each save file once: what it learnt is kept in an index (see
index.py) beside the saves folder, and only files that are new or changed are
read and replayed again. ``load_game`` still replays the file the player opens.
Listing also keeps the folder tidy: finished autosaves beyond the newest
MAX_FINISHED_AUTOSAVES and temporary files a crash left behind are removed.
Named saves, unfinished games, files that cannot be read and finished games the
statistics have not counted (``stats.store.counted_games``; none while the statistics
file cannot be read) are never removed. The index is only a cache: listing never
waits for another copy writing it (the window's thread lists), it writes it next time.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from datetime import datetime
from pathlib import Path

from buttons_game.core.kind import kind_of
from buttons_game.locking import shared_lock
from buttons_game.names import clean_name
from buttons_game.paths import StorageError, folder_error, read_regular, saves_dir

from .fileformat import (
    EARLIEST_SAVED_AT,
    MAX_NAME_CHARS,
    AnyGame,
    SaveFileError,
    decode_game,
)
from .files import (
    AUTOSAVE_PREFIX,
    SUFFIX,
    TEMP_SUFFIX,
    autosave_path,
    delete_save,
    read_bytes,
    read_save,
    save_game,
    write_atomically,
)
from .index import (
    INDEX_NAME,
    MAX_INDEX_BYTES,
    UNKNOWN_ENTRY,
    SaveIndex,
    SaveInfo,
    modified_time,
    progress_fields,
    stat_key,
)
from .network import NetworkRecord

# Autosaves of finished games kept; older ones go when the list is read or a finished
# game is autosaved.
MAX_FINISHED_AUTOSAVES = 20
# What the app removes at start-up: a save in progress by another running copy lives
# milliseconds, so a temporary file a minute old is a leftover of a crash.
STALE_TEMP_SECONDS = 60
# What listing removes while the app runs: it may run during another copy's save.
LISTING_STALE_TEMP_SECONDS = 3600
INDEX_WAIT_SECONDS = 0.0  # the index is only a cache: another copy writing it is not waited for
# The longest the main menu reads saves for Continue while the index is not built yet.
QUICK_SECONDS = 0.1

# The save writer's temporary files: ".{file name}.{random}.tmp" (tempfile.mkstemp).
_TEMP_FILE = re.compile(r"\..*" + re.escape(SUFFIX) + r"\..*" + re.escape(TEMP_SUFFIX))
# Beside the saves folder: the index's and the statistics' temporary files.
_DATA_TEMP_FILE = re.compile(
    r"\.(" + re.escape(INDEX_NAME) + r"|statistics\.json)\..*" + re.escape(TEMP_SUFFIX)
)


def autosave(game: AnyGame, *, prune: bool = True, network: NetworkRecord | None = None) -> Path:
    """Save ``game`` to its own autosave file (named from its game_id, and for a networked
    game this computer's id: ``network``) and return the path.

    Saving a finished game also prunes finished autosaves beyond the newest
    ``MAX_FINISHED_AUTOSAVES``, so headless runs do not pile them up (unless ``prune``
    is False: the app counts the game in the statistics first, then prunes).
    """
    path = autosave_path(game, network)
    save_game(game, path, network=network)
    if prune and game.state.is_over():
        prune_finished_autosaves()
    return path


def list_saves(*, prune: bool = True) -> list[SaveInfo]:
    """Every save in the saves folder, newest first; a bad file is listed as broken.

    Also removes finished autosaves beyond the newest MAX_FINISHED_AUTOSAVES (unless
    ``prune`` is False: the statistics read finished games before they may go) and
    temporary files older than an hour. StorageError if the folder cannot be used.
    """
    infos, _ = _listing(MAX_FINISHED_AUTOSAVES if prune else None)
    return infos


def latest_unfinished() -> SaveInfo | None:
    """The most recently saved game that is not over (for Continue), or None; of any
    kind, whichever was saved last.

    The main menu asks this each time it is built: when the index knows every file,
    only the newest unfinished entries are checked, not the whole list.
    """
    quick = _latest_from_index()
    if quick is not _UNKNOWN:
        return quick  # type: ignore[return-value]
    for info in list_saves():
        if not info.broken and not info.finished:
            return info
    return None


_UNKNOWN = object()


def quick_latest_unfinished(budget: float | None = None) -> tuple[SaveInfo | None, bool]:
    """``latest_unfinished`` without listing the whole folder: (the save, True) when the
    index knows every file; else the files are read newest first (by their time on disk)
    for at most ``budget`` seconds: (the first unfinished one, True), or (None, False)
    when the budget ran out first. For the main menu at a first start with many saves
    and no index yet (``list_saves`` builds it in the background meanwhile)."""
    quick = _latest_from_index()
    if quick is not _UNKNOWN:
        return quick, True  # type: ignore[return-value]
    folder = saves_dir()
    ends = time.perf_counter() + (QUICK_SECONDS if budget is None else budget)
    try:
        entries = [
            (entry.stat(follow_symlinks=False).st_mtime_ns, entry.name)
            for entry in os.scandir(folder)
            if not entry.name.startswith(".") and os.path.normcase(entry.name).endswith(SUFFIX)
        ]
    except OSError as error:
        raise folder_error(folder, error, doing="read") from None
    index = SaveIndex()
    prefix = os.path.join(folder, "")
    for _, name in sorted(entries, reverse=True):
        if time.perf_counter() > ends:
            return None, False
        info = _info(folder / name, prefix + name, name, index)
        if not info.broken and not info.finished:
            return info, True
    return None, True


def _latest_from_index() -> object:
    """The newest unfinished save as the index knows it, or _UNKNOWN when the index does
    not know every file as it is now (then the full listing reads and indexes them)."""
    folder = saves_dir()
    index = _read_index(folder.parent / INDEX_NAME)
    try:
        children = list(folder.iterdir())
    except OSError as error:
        raise folder_error(folder, error, doing="read") from None
    candidates = []
    prefix = os.path.join(folder, "")
    for path in children:
        name = path.name
        if name.startswith(".") or not os.path.normcase(name).endswith(SUFFIX):
            continue
        try:
            status = os.stat(prefix + name)
        except OSError:
            return _UNKNOWN
        if not stat.S_ISREG(status.st_mode):
            continue  # a folder or a device is never a game to continue
        when = index.unfinished_at(name, stat_key(status))
        if when is UNKNOWN_ENTRY:
            return _UNKNOWN
        if when is not None:
            candidates.append((when, name, path))
    for _, name, path in sorted(candidates, reverse=True):
        info = _info(path, prefix + name, name, index)
        if not info.broken and not info.finished:
            return info
    return None


def prune_finished_autosaves(keep: int = MAX_FINISHED_AUTOSAVES) -> list[Path]:
    """Delete the autosaves of finished games beyond the ``keep`` newest; return them.

    Named saves, unfinished games and files that cannot be read are never deleted:
    each file is read again just before it goes, to be sure.
    """
    _, pruned = _listing(keep)
    return pruned


def remove_stale_temp_files(age_seconds: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the temporary files of interrupted saves older than ``age_seconds``; return them.

    For the app to call once at start-up. Only files of the save writer's own
    pattern (".{name}.json.{random}.tmp") are touched, in the saves folder and,
    for the index and the statistics, beside it. Never raises: a folder that cannot be used has
    nothing to clean (``storage_problem`` tells the player).
    """
    try:
        folder = saves_dir()
    except StorageError:
        return []
    removed = []
    for where, pattern in ((folder, _TEMP_FILE), (folder.parent, _DATA_TEMP_FILE)):
        with contextlib.suppress(OSError):
            for path in where.iterdir():
                if pattern.fullmatch(path.name) and _remove_if_stale(path, age_seconds):
                    removed.append(path)
    return removed


# ------------------------------------------------------------------ the list


def _listing(keep: int | None) -> tuple[list[SaveInfo], list[Path]]:
    """Every save, newest first, with finished autosaves beyond ``keep`` pruned (None:
    none); and those."""
    folder = saves_dir()
    index_path = folder.parent / INDEX_NAME
    index = _read_index(index_path)
    try:
        children = list(folder.iterdir())
    except OSError as error:
        raise folder_error(folder, error, doing="read") from None
    infos = []
    names = set()
    prefix = os.path.join(folder, "")
    for path in children:
        name = path.name
        if name.startswith("."):
            if _TEMP_FILE.fullmatch(name):
                _remove_if_stale(path, LISTING_STALE_TEMP_SECONDS)
        elif os.path.normcase(name).endswith(SUFFIX):
            infos.append(_info(path, prefix + name, name, index))
            names.add(name)
    infos.sort(key=_newest_first, reverse=True)
    pruned = [] if keep is None else _prune(infos, keep)
    if pruned:
        gone = set(pruned)
        infos = [info for info in infos if info.path not in gone]
        names.difference_update(path.name for path in pruned)
    index.keep_only(names)
    if index.changed:
        # Only a cache: listing works without it. While another copy writes it, this
        # listing leaves it (it is written next time); an entry one leaves out is read
        # again next time.
        with contextlib.suppress(OSError), shared_lock(index_path, wait=INDEX_WAIT_SECONDS):
            write_atomically(index_path, index.to_bytes())
    return infos, pruned


def _read_index(path: Path) -> SaveIndex:
    """The index, or an empty one to rebuild if it is missing or cannot be read."""
    try:
        return SaveIndex.from_bytes(read_regular(path, MAX_INDEX_BYTES))
    except (OSError, ValueError):  # NotARegularFile is a ValueError
        return SaveIndex()


def _newest_first(info: SaveInfo) -> tuple[datetime, str]:
    return info.saved_at, info.path.name


def _info(path: Path, where: str, name: str, index: SaveIndex) -> SaveInfo:
    """What the list shows of the file ``name`` at ``path`` (``where`` as text): from the
    index if the file is unchanged, else read."""
    is_autosave = name.startswith(AUTOSAVE_PREFIX)
    try:
        # Taken before reading: a file changed while it is read gets a new key.
        status = os.stat(where)
    except OSError:
        return _read_info(path, is_autosave)[0]
    key = stat_key(status)
    info = index.get(path, name, key, is_autosave, status.st_mtime)
    if info is None:
        info, lasting = _read_info(path, is_autosave, modified_time(status.st_mtime))
        if lasting:
            index.put(name, info, key)
    return info


def _read_info(
    path: Path, is_autosave: bool, modified: datetime | None = None
) -> tuple[SaveInfo, bool]:
    """The SaveInfo of ``path`` read and replayed, and whether it lasts as long as the file
    (a file that could not be read at all, say while locked, is tried again next time)."""
    shown = "" if is_autosave else _shown_stem(path)
    try:
        data = read_bytes(path)
    except SaveFileError as error:
        when = modified or _modified_now(path)
        return SaveInfo(path, shown, is_autosave, when, error=str(error)), False
    try:
        saved = decode_game(data, str(path))
    except SaveFileError as error:
        when = modified or _modified_now(path)
        return SaveInfo(path, shown, is_autosave, when, error=str(error)), True
    game = saved.game
    kind = kind_of(game)
    round_number, turn_number = progress_fields(kind, kind.progress(game))
    info = SaveInfo(
        path=path,
        name=saved.name or shown,
        is_autosave=is_autosave,
        saved_at=saved.saved_at,
        seats=game.seats,
        round_number=round_number,
        finished=game.state.is_over(),
        game_id=game.game_id,
        game=game.kind,
        turn_number=turn_number,
        computer=None if saved.network is None else saved.network.computer,
        role=None if saved.network is None else saved.network.role,
    )
    return info, True


def _shown_stem(path: Path) -> str:
    """A file name as the list shows it: anything that cannot be drawn taken out."""
    stem = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in path.stem)
    return clean_name(stem, MAX_NAME_CHARS) or "\ufffd"


def _modified_now(path: Path) -> datetime:
    try:
        return modified_time(path.stat().st_mtime)
    except (OSError, ValueError):
        return EARLIEST_SAVED_AT


# ------------------------------------------------------------------ tidying


def _prune(infos: list[SaveInfo], keep: int) -> list[Path]:
    """Delete finished autosaves beyond the ``keep`` newest of ``infos`` (newest first)."""
    finished = [
        info
        for info in infos
        if info.is_autosave and not info.name and info.finished and not info.broken
    ]
    beyond = finished[max(keep, 1) :]
    if not beyond:
        return []
    # The statistics build on the saves: asked here, when there is something to prune.
    from buttons_game.stats.store import counted_games

    counted = counted_games()
    if counted is None:
        return []  # which games are counted cannot be known now: none goes
    pruned = []
    for info in beyond:
        if info.key not in counted:
            continue  # not counted yet (the next count reads it): kept
        try:
            saved = read_save(info.path)
        except SaveFileError:
            continue
        if saved.name is None and saved.game.state.is_over():
            with contextlib.suppress(OSError, ValueError):
                delete_save(info.path)
                pruned.append(info.path)
    return pruned


def _remove_if_stale(path: Path, age_seconds: float) -> bool:
    """Remove a temporary file once too old to be a save in progress; True if it went."""
    try:
        status = os.lstat(path)
        if not stat.S_ISREG(status.st_mode) or time.time() - status.st_mtime <= age_seconds:
            return False
        os.unlink(path)
    except OSError:
        return False
    return True
