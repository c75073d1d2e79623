"""Save files on disk: atomic writes, safe reads, the autosave and named save slots.

A save is written to a temporary file in the same folder, flushed, fsynced and
moved over the old file with ``os.replace``, so a crash or power cut at any
moment leaves either the previous complete save or the new one. Loading only
ever reads: a bad file is reported, never changed or deleted.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from buttons_game.game import Game, Seat
from buttons_game.paths import saves_dir

from .fileformat import MAX_FILE_BYTES, SavedGame, SaveFileError, decode_game, encode_game

SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave-"
TEMP_SUFFIX = ".tmp"
MAX_SLOT_CHARS = 48
# Temporary files older than this are leftovers of a crash, never a save in progress.
STALE_TEMP_SECONDS = 3600
# Autosaves of finished games kept; older ones go when another finished game is autosaved.
MAX_FINISHED_AUTOSAVES = 20

_RESERVED = {"con", "prn", "aux", "nul"} | {f"{d}{i}" for d in ("com", "lpt") for i in range(10)}


class SaveExistsError(FileExistsError):
    """``save_as`` would overwrite another save; ``path`` is that file."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the save list. A broken file has ``error`` set and little else."""

    path: Path
    name: str  # the slot name the player typed; "" for an autosave
    is_autosave: bool
    saved_at: datetime
    seats: tuple[Seat, ...] = ()
    round_number: int | None = None
    finished: bool = False
    game_id: str | None = None
    error: str | None = None

    @property
    def broken(self) -> bool:
        return self.error is not None


# -------------------------------------------------------------- read / write


def save_game(game: Game, path: str | os.PathLike[str], *, name: str | None = None) -> None:
    """Write ``game`` to ``path`` atomically; the folder must exist.

    ``name`` is the slot name shown in the save list (None for an autosave).
    """
    target = Path(path)
    data = encode_game(game, name=name).encode("utf-8")
    _write_atomically(target, data)


def _write_atomically(target: Path, data: bytes) -> None:
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(target.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Decode the save at ``path`` with its name and date; SaveFileError for any bad file."""
    source = str(path)
    try:
        # Checked before opening too: opening a pipe or device could block or never end.
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise SaveFileError(f"{source}: not a regular file")
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise SaveFileError(f"{source}: not a regular file")
            data = file.read(MAX_FILE_BYTES + 1)
    except SaveFileError:
        raise
    except FileNotFoundError:
        raise SaveFileError(f"{source}: no such file") from None
    except ValueError:  # a NUL character in the path
        raise SaveFileError(f"{source!r}: not a valid file name") from None
    except OSError as error:
        raise SaveFileError(f"{source}: cannot read the file ({error.strerror or error})") from None
    return decode_game(data, source)


def load_game(path: str | os.PathLike[str]) -> Game:
    """The game saved at ``path``, replayed through the engine's checked path, to play on.

    An autosave (a file without a slot name) keeps its game_id and so goes on in
    its own autosave file. A named save is loaded as a copy with a new game_id,
    so playing on can never overwrite the autosave of the game it was saved from.
    Raises SaveFileError naming the file and the problem; the file is never changed.
    """
    saved = read_save(path)
    return saved.game if saved.name is None else saved.game.fork()


# -------------------------------------------------------------------- slots


def autosave_path(game: Game) -> Path:
    return saves_dir() / f"{AUTOSAVE_PREFIX}{game.game_id}{SUFFIX}"


def autosave(game: Game) -> Path:
    """Save ``game`` to its own autosave file (named from its game_id) and return the path.

    Saving a finished game also prunes finished autosaves beyond the newest
    ``MAX_FINISHED_AUTOSAVES``, so headless runs do not pile them up.
    """
    path = autosave_path(game)
    save_game(game, path)
    if game.state.is_over():
        prune_finished_autosaves()
    return path


def prune_finished_autosaves(keep: int = MAX_FINISHED_AUTOSAVES) -> list[Path]:
    """Delete the autosaves of finished games beyond the ``keep`` newest; return them.

    Named saves, unfinished games and files that cannot be read are never deleted.
    """
    folder = saves_dir()
    autosaves = [_info(path) for path in folder.glob(f"{AUTOSAVE_PREFIX}*{SUFFIX}")]
    finished = [info for info in autosaves if info.finished and not info.broken]
    finished.sort(key=lambda info: (info.saved_at, info.path.name), reverse=True)
    pruned = [info.path for info in finished[max(keep, 1) :]]
    for path in pruned:
        delete_save(path)
    return pruned


def slot_file_name(name: str) -> str:
    """A safe file name for a slot name typed by a player, in any script.

    Letters and digits of every language are kept, everything else becomes "-";
    names that Windows reserves or that look like an autosave are changed.
    """
    text = unicodedata.normalize("NFC", name)
    chars = [c if c.isalnum() else "-" for c in text]
    slug = "-".join(part for part in "".join(chars).split("-") if part)
    slug = slug[:MAX_SLOT_CHARS].strip("-")
    if not slug:
        slug = "save"
    if slug.lower() in _RESERVED or slug.lower().startswith(AUTOSAVE_PREFIX.rstrip("-")):
        slug = "save-" + slug
    return slug + SUFFIX


def slot_path(name: str) -> Path:
    return saves_dir() / slot_file_name(name)


def save_as(game: Game, name: str, *, overwrite: bool = False) -> Path:
    """Save ``game`` in the named slot ``name`` and return its path.

    If the slot's file exists (the same name, or one that maps to the same file)
    and ``overwrite`` is False, raise SaveExistsError so the screen can ask first.
    """
    if not name.strip():
        raise ValueError("a save needs a name")
    path = slot_path(name)
    if path.exists() and not overwrite:
        try:
            taken_by = read_save(path).name or path.stem
        except SaveFileError:
            taken_by = path.stem
        raise SaveExistsError(f"a save named {taken_by!r} already exists ({path.name})", path)
    save_game(game, path, name=name.strip())
    return path


def delete_save(path: str | os.PathLike[str]) -> None:
    """Delete a save file from the saves folder (after the player confirmed).

    Only ``.json`` files directly inside ``saves_dir()`` can be deleted, so a
    wrong path can never remove anything else. A file already gone is fine.
    """
    target = Path(path)
    folder = saves_dir().resolve()
    if target.suffix != SUFFIX or target.resolve().parent != folder:
        raise ValueError(f"{target} is not a save in {folder}")
    target.unlink(missing_ok=True)
    _fsync_folder(folder)


def list_saves() -> list[SaveInfo]:
    """Every save in the saves folder, newest first; a bad file is listed as broken."""
    folder = saves_dir()
    _remove_stale_temp_files(folder)
    infos = [_info(path) for path in folder.glob("*" + SUFFIX) if not path.name.startswith(".")]
    infos.sort(key=lambda info: (info.saved_at, info.path.name), reverse=True)
    return infos


def latest_unfinished() -> SaveInfo | None:
    """The most recently saved game that is not over (for Continue), or None."""
    for info in list_saves():
        if not info.broken and not info.finished:
            return info
    return None


def _info(path: Path) -> SaveInfo:
    is_autosave = path.name.startswith(AUTOSAVE_PREFIX)
    try:
        saved = read_save(path)
    except SaveFileError as error:
        return SaveInfo(
            path=path,
            name="" if is_autosave else path.stem,
            is_autosave=is_autosave,
            saved_at=_modified(path),
            error=str(error),
        )
    state = saved.game.state
    return SaveInfo(
        path=path,
        name=saved.name or ("" if is_autosave else path.stem),
        is_autosave=is_autosave,
        saved_at=saved.saved_at,
        seats=saved.game.seats,
        round_number=state.round_number,
        finished=state.is_over(),
        game_id=saved.game.game_id,
    )


def _modified(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    except OSError:
        return datetime.fromtimestamp(0, timezone.utc)


def _remove_stale_temp_files(folder: Path) -> None:
    """Remove temporary files that a crash left behind, once too old to be a save in progress."""
    now = time.time()
    for temp in folder.glob(f".*{SUFFIX}.*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime > STALE_TEMP_SECONDS:
                temp.unlink()
