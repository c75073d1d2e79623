"""Save files on disk: atomic writes, safe reads, the autosave file and named save slots.

A save is written to a temporary file in the same folder, flushed, fsynced and
moved over the old file with ``os.replace``, so a crash or power cut at any
moment leaves either the previous complete save or the new one. Loading only
ever reads: a bad file is reported, never changed or deleted.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import unicodedata
from pathlib import Path

from buttons_game.names import excerpt, name_problem
from buttons_game.paths import NotARegularFile, folder_error, read_regular, saves_dir

from .fileformat import (
    MAX_FILE_BYTES,
    MAX_NAME_CHARS,
    MAX_SOURCE_CHARS,
    AnyGame,
    SavedGame,
    SaveFileError,
    decode_game,
    encode_game,
)
from .network import NetworkRecord, computer_of, save_key

SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave-"
TEMP_SUFFIX = ".tmp"
MAX_SLOT_CHARS = 48

_RESERVED = {"con", "prn", "aux", "nul"} | {f"{d}{i}" for d in ("com", "lpt") for i in range(10)}


class SaveExistsError(FileExistsError):
    """``save_as`` would overwrite another save; ``path`` is that file."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


# -------------------------------------------------------------- read / write


def save_game(
    game: AnyGame,
    path: str | os.PathLike[str],
    *,
    name: str | None = None,
    network: NetworkRecord | None = None,
) -> None:
    """Write ``game`` to ``path`` atomically; the folder must exist.

    ``name`` is the slot name shown in the save list (None for an autosave);
    ``network``: a networked game's record (this computer's part, the dice's proofs).
    """
    target = Path(path)
    data = encode_game(game, name=name, network=network).encode("utf-8")
    write_atomically(target, data)


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` by a temporary file and ``os.replace``.

    A folder that cannot be written raises StorageError (an OSError) naming it.
    """
    try:
        fd, temp = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent
        )
    except OSError as error:
        raise folder_error(target.parent, error) from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(error, OSError):
            raise folder_error(target.parent, error) from None
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
    return decode_game(read_bytes(path), str(path))


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A save file's bytes (at most MAX_FILE_BYTES + 1); SaveFileError if it cannot be read."""
    source = excerpt(str(path), MAX_SOURCE_CHARS, keep_end=True)
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except NotARegularFile:
        raise SaveFileError(f"{source}: not a regular file") from None
    except FileNotFoundError:
        raise SaveFileError(f"{source}: no such file") from None
    except ValueError:  # a NUL character in the path
        raise SaveFileError(f"{source}: not a valid file name") from None
    except OSError as error:
        raise SaveFileError(f"{source}: cannot read the file ({error.strerror or error})") from None
    return data


def load_game(path: str | os.PathLike[str]) -> AnyGame:
    """The game saved at ``path`` (a ``Game`` or a ``KopfGame``: ``kind`` says which),
    replayed through the engine's checked path, to play on.

    An autosave (a file without a slot name) keeps its game_id and so goes on in
    its own autosave file. A named save is loaded as a copy with a new game_id,
    so playing on can never overwrite the autosave of the game it was saved from.
    Raises SaveFileError naming the file and the problem; the file is never changed.
    """
    saved = read_save(path)
    return saved.game if saved.name is None else saved.game.fork()


# -------------------------------------------------------------------- slots


def autosave_path(game: AnyGame, network: NetworkRecord | None = None) -> Path:
    """The autosave of ``game``; a networked game's names this computer too (``save_key``)."""
    return saves_dir() / f"{AUTOSAVE_PREFIX}{save_key(game.game_id, computer_of(network))}{SUFFIX}"


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


def save_as(
    game: AnyGame, name: str, *, overwrite: bool = False, network: NetworkRecord | None = None
) -> Path:
    """Save ``game`` in the named slot ``name`` and return its path.

    If the slot's file exists (the same name, or one that maps to the same file)
    and ``overwrite`` is False, raise SaveExistsError so the screen can ask first.
    """
    if not name.strip():
        raise ValueError("a save needs a name")
    problem = name_problem(name.strip(), MAX_NAME_CHARS)
    if problem:
        raise ValueError(f"the save name {problem}")
    path = slot_path(name)
    if path.exists() and not overwrite:
        try:
            taken_by = read_save(path).name or path.stem
        except SaveFileError:
            taken_by = path.stem
        raise SaveExistsError(f"a save named {taken_by!r} already exists ({path.name})", path)
    save_game(game, path, name=name.strip(), network=network)
    return path


def delete_save(path: str | os.PathLike[str]) -> None:
    """Delete a save file from the saves folder (after the player confirmed).

    Only ``.json`` files directly inside ``saves_dir()`` can be deleted, so a
    wrong path can never remove anything else. A save that is a link is removed
    itself, never the file it points to. A file already gone is fine.
    """
    target = Path(path)
    folder = saves_dir().resolve()
    if target.suffix != SUFFIX or target.parent.resolve() != folder:
        raise ValueError(f"{target} is not a save in {folder}")
    target.unlink(missing_ok=True)
    _fsync_folder(folder)
