"""Per-user folders: saves under the user data dir, settings under the user config dir.

``BUTTONS_GAME_HOME`` redirects both (tests, portable use): saves then go to
``$BUTTONS_GAME_HOME/data`` and settings to ``$BUTTONS_GAME_HOME/config``.
Folders are created on demand, readable by their owner only, and a folder of ours
found open to others (0777) is tightened to 0700. A folder that
cannot be made or written raises StorageError, a short message naming the
folder and why; ``storage_problem`` asks once, at start-up, whether saving works.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path

import platformdirs

from .names import excerpt

APP_NAME = "buttons-game"
HOME_VARIABLE = "BUTTONS_GAME_HOME"
FOLDER_MODE = 0o700
# Matches the save writer's temporary files, so a probe left by a crash is cleaned up with them.
PROBE_PREFIX = ".storage-probe.json."
PROBE_SUFFIX = ".tmp"


class StorageError(OSError):
    """A folder the game keeps its files in cannot be used.

    ``reason`` is a code the UI can translate: "not_a_folder", "no_permission",
    "read_only" or "unusable"; ``folder`` is the folder the message names.
    """

    def __init__(self, message: str, folder: Path, reason: str) -> None:
        super().__init__(message)
        self.folder = folder
        self.reason = reason


def data_dir() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    path = (
        Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    )
    path = _make_folder(path)
    _keep_private(path)
    return path


def config_dir() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    path = (
        Path(home) / "config"
        if home
        else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    )
    path = _make_folder(path)
    _keep_private(path)
    return path


def saves_dir() -> Path:
    path = _make_folder(data_dir() / "saves")
    _keep_private(path)
    return path


def storage_problem() -> str | None:
    """Why games cannot be saved here (a short message for the player), or None when they can.

    Makes the folders, then writes and removes a small probe file in the saves folder.
    """
    try:
        folder = saves_dir()
    except StorageError as error:
        return str(error)
    try:
        fd, probe = tempfile.mkstemp(prefix=PROBE_PREFIX, suffix=PROBE_SUFFIX, dir=folder)
        try:
            os.write(fd, b"probe")
        finally:
            os.close(fd)
            os.unlink(probe)
    except OSError as error:
        return str(folder_error(folder, error))
    return None


def folder_error(folder: Path, error: OSError, doing: str = "write in") -> StorageError:
    """The StorageError for ``error`` met while making, reading (``doing="read"``) or
    writing in ``folder``."""
    if isinstance(error, StorageError):
        return error
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        blocker = next((p for p in (folder, *folder.parents) if _is_file(p)), folder)
        return StorageError(f"{_shown(blocker)} is a file, not a folder", blocker, "not_a_folder")
    where = _nearest_folder(folder)
    if isinstance(error, PermissionError):
        return StorageError(f"no permission to {doing} {_shown(where)}", where, "no_permission")
    if error.errno == errno.EROFS:
        return StorageError(f"{_shown(where)} is on a read-only disk", where, "read_only")
    why = excerpt(error.strerror or str(error), 80)
    return StorageError(f"cannot {doing} {_shown(folder)}: {why}", folder, "unusable")


def _make_folder(path: Path) -> Path:
    try:
        path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    except OSError as error:
        raise folder_error(path, error) from None
    return path


def _keep_private(path: Path) -> None:
    """On POSIX, take group and other access away from a folder of ours that has it."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        info = os.stat(path)
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            os.chmod(path, stat.S_IMODE(info.st_mode) & FOLDER_MODE)


def remove_stale_files(folder: Path, prefix: str, suffix: str, age_seconds: float) -> int:
    """Remove the files in ``folder`` named ``prefix…suffix`` (the app's temporary files)
    not changed for ``age_seconds``; how many. Never raises: a folder that cannot be
    used has nothing to clean."""
    removed = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(prefix) and entry.name.endswith(suffix):
                with contextlib.suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and time.time() - info.st_mtime > age_seconds:
                        os.unlink(entry.path)
                        removed += 1
    return removed


class NotARegularFile(ValueError):
    """What a read was asked to open is a folder, a pipe, a device …: not a file."""


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """A regular file's bytes, at most ``limit`` + 1 of them (so a caller can tell a file
    over ``limit``); NotARegularFile for anything else, OSError if it cannot be read.

    Checked before opening (opening a device could do something), and opened without
    blocking: should a pipe be swapped in after the check, opening it returns at once
    and the check of what was opened refuses it."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotARegularFile(f"{os.fspath(path)!r} is not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise NotARegularFile(f"{os.fspath(path)!r} is not a regular file")
        return file.read(limit + 1)


def _is_file(path: Path) -> bool:
    try:
        return not stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _nearest_folder(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists: the folder a new entry is written in."""
    for candidate in (path, *path.parents):
        with contextlib.suppress(OSError, ValueError):
            if candidate.is_dir():
                return candidate
    return path


def _shown(path: Path) -> str:
    return excerpt(str(path), 160, keep_end=True)
