"""Locks every running copy of the app respects: an OS file lock beside what it guards.

Two copies of the app on one data folder (a second double click) share the
statistics, the saves index, the settings and the autosaves. Every read-change-write
of a shared file holds ``shared_lock`` on a lock file next to it: an OS-level lock
(``filelock``) between processes, and a thread lock within one, so no copy ever
writes over what another counted or saved. ``GameLock`` claims one game for one
copy while it is played, so two copies never write the same autosave.

A folder where no lock file can be made (read only) is one no copy can change
either: the lock is skipped there and the write that follows reports the folder.

Nothing waits longer than it is told: the window's thread asks with ``wait=0`` and hands
a write it cannot do at once to a worker (ui/shared_writes.py), so a copy stopped while
it holds a lock (Ctrl-Z, a debugger, a hung network disk) never freezes another window.
A lock file that is not a regular file (a link, a folder, a pipe put in its place) is
repaired: a link or a pipe is removed (never what it points to), a folder moved aside;
where that cannot be done the lock is taken on a second file beside it, the same for
every copy, so the copies still take turns.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from filelock import FileLock, Timeout

WAIT_SECONDS = 20.0  # the longest a copy waits for another to finish with a file
LOCK_MODE = 0o600
_UNUSABLE = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT, errno.ENOTDIR}

_guard = threading.Lock()
_threads: dict[str, threading.RLock] = {}
_files: dict[str, FileLock] = {}


class BusyError(OSError):
    """Another copy of the app kept a shared file locked for longer than WAIT_SECONDS."""


def lock_path(path: Path) -> Path:
    """The lock file guarding ``path``: ``.{name}.lock`` in the same folder."""
    return path.with_name(f".{path.name}.lock")


def _busy(path: Path) -> BusyError:
    return BusyError(
        errno.EBUSY, f"{path.name} is in use by another copy of Buttons Game; try again"
    )


@contextmanager
def shared_lock(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock on ``path`` (the file guarded, not the lock file) for a
    read-change-write. Re-entrant within a thread; BusyError once ``wait`` seconds have
    passed, in all (another thread of this copy waiting first adds nothing to it)."""
    deadline = time.monotonic() + wait
    where = lock_path(path)
    with _guard:
        thread_lock = _threads.setdefault(str(where), threading.RLock())
    if not thread_lock.acquire(timeout=max(wait, 0.0)):
        raise _busy(path)
    try:
        file_lock = _acquire(where, deadline)
        if file_lock is None:
            raise _busy(path)
        if file_lock is _UNGUARDED:
            yield  # nothing can change the file there, so there is nothing to guard
            return
        try:
            yield
        finally:
            file_lock.release()
    finally:
        thread_lock.release()


_UNGUARDED = FileLock(os.devnull)  # a marker: the folder takes no lock file (read only)


def _acquire(where: Path, deadline: float) -> FileLock | None:
    """The file lock ``where`` acquired by ``deadline`` (None when another copy held it
    all along), a lock file that is not a regular file repaired or bypassed on the way."""
    for lock_file in (where, where.with_name(where.name + "-2")):
        with _guard:
            file_lock = _files.setdefault(
                str(lock_file), FileLock(lock_file, mode=LOCK_MODE, thread_local=False)
            )
        for _ in range(2):  # once more after a repair
            try:
                file_lock.acquire(timeout=max(deadline - time.monotonic(), 0.0))
            except Timeout:
                return None
            except OSError as error:
                if error.errno in _UNUSABLE:
                    return _UNGUARDED
                if not _repair(lock_file):
                    break  # a second lock file beside it, the same for every copy
                continue
            return file_lock
    return _UNGUARDED  # neither can be used: the write goes on unguarded, as read-only


def _repair(lock_file: Path) -> bool:
    """Put a lock file that is not a regular file out of the way: a link, pipe or socket
    removed (never what a link points to), a folder renamed aside. True if it is gone."""
    try:
        status = os.lstat(lock_file)
    except FileNotFoundError:
        return True  # gone meanwhile: try again
    except OSError:
        return False
    if stat.S_ISREG(status.st_mode):
        return False  # a regular file that cannot be locked: not for us to change
    try:
        if stat.S_ISDIR(status.st_mode):
            os.rename(lock_file, lock_file.with_name(f"{lock_file.name}.folder-{time.time_ns()}"))
        else:
            os.unlink(lock_file)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


class GameLock:
    """This copy's claim on the game at its table, so no other copy autosaves it too."""

    def __init__(self) -> None:
        self.game_id: str | None = None
        self._lock: FileLock | None = None

    def claim(self, folder: Path, game_id: str) -> bool:
        """Claim ``game_id`` (giving up the game claimed before); False when another
        copy of the app plays it now. A folder without locks claims every game."""
        if game_id == self.game_id:
            return True
        self.release()
        where = folder / f".game-{game_id}.lock"
        lock = FileLock(where, mode=LOCK_MODE, thread_local=False)
        for _ in range(2):  # once more after a lock file that is not a file is repaired
            try:
                lock.acquire(timeout=0)
            except Timeout:
                return False
            except OSError as error:
                if error.errno in _UNUSABLE or not _repair(where):
                    return True  # no lock can be taken there: nor by another copy
                continue
            self.game_id, self._lock = game_id, lock
            return True
        return True

    def release(self) -> None:
        if self._lock is not None:
            with suppress(OSError):
                self._lock.release()
        self.game_id, self._lock = None, None


def remove_idle_game_locks(folder: Path) -> int:
    """Remove the game lock files in ``folder`` (the saves folder) that no copy holds and
    whose game's autosave is gone; how many were removed. Never raises."""
    removed = 0
    with suppress(OSError):
        for entry in folder.glob(".game-*.lock"):
            game_id = entry.name[len(".game-") : -len(".lock")]
            if (folder / f"autosave-{game_id}.json").exists():
                continue
            lock = FileLock(entry, mode=LOCK_MODE, thread_local=False)
            try:
                lock.acquire(timeout=0)
            except (Timeout, OSError):
                continue
            try:
                entry.unlink()
                removed += 1
            except OSError:
                pass
            finally:
                lock.release()
    return removed
