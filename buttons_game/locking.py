"""Locks every running copy of the app respects: an OS file lock beside what it guards.

Two copies of the app on one data folder (a second double click) share the
statistics, the saves index, the settings and the autosaves. Every read-change-write
of a shared file holds ``shared_lock`` on a lock file next to it: an OS-level lock
(``filelock``) between processes, and a thread lock within one, so no copy ever
writes over what another counted or saved. ``GameLock`` claims one game for one
copy while it is played, so two copies never write the same autosave.

A folder where no lock file can be made (read only) is one no copy can change
either: the lock is skipped there and the write that follows reports the folder.
"""

from __future__ import annotations

import errno
import threading
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


@contextmanager
def shared_lock(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock on ``path`` (the file guarded, not the lock file) for a
    read-change-write. Re-entrant within a thread; BusyError after ``wait`` seconds."""
    where = lock_path(path)
    key = str(where)
    with _guard:
        thread_lock = _threads.setdefault(key, threading.RLock())
    with thread_lock:
        with _guard:
            file_lock = _files.setdefault(key, FileLock(where, mode=LOCK_MODE, thread_local=False))
        try:
            file_lock.acquire(timeout=wait)
        except Timeout:
            raise BusyError(
                errno.EBUSY,
                f"{path.name} is in use by another copy of Buttons Game; try again",
            ) from None
        except OSError as error:
            if error.errno not in _UNUSABLE:
                raise
            yield  # nothing can change the file there, so there is nothing to guard
            return
        try:
            yield
        finally:
            file_lock.release()


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
        lock = FileLock(folder / f".game-{game_id}.lock", mode=LOCK_MODE, thread_local=False)
        try:
            lock.acquire(timeout=0)
        except Timeout:
            return False
        except OSError as error:
            if error.errno not in _UNUSABLE:
                raise
            return True
        self.game_id, self._lock = game_id, lock
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
