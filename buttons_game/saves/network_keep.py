"""Where this computer keeps, privately, what it needs to take a networked game up again
(``net.keep``: a host's code, port, chain secret and guests' credentials; a guest's host
address, code, credential and chain secrets): one small file per game and computer, in a
folder of the app's own data beside the saves, never inside a save (a save is a file
people share). Written whole or not at all, as the saves; a file that cannot be read is a
ValueError naming why, and the game then goes on at this table alone.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from buttons_game.net.keep import GuestKeep, HostKeep, decode_keep, encode_keep
from buttons_game.paths import data_dir

from .files import write_atomically

MAX_KEEP_BYTES = 64 * 1024


def keep_dir() -> Path:
    folder = data_dir() / "network"
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        folder.chmod(0o700)  # a seat's credential is this computer's alone
    return folder


def keep_path(key: str) -> Path:
    return keep_dir() / f"{key}.json"


def write_keep(key: str, keep: HostKeep | GuestKeep) -> None:
    """Keep ``keep`` for the game saved under ``key`` (StorageError: cannot be written)."""
    data = json.dumps(encode_keep(keep), separators=(",", ":")).encode("utf-8")
    write_atomically(keep_path(key), data)


def read_keep(key: str) -> HostKeep | GuestKeep | None:
    """What is kept for the game saved under ``key``: None when nothing is; ValueError
    naming why when the file cannot be read or is not what this version writes."""
    path = keep_path(key)
    try:
        data = path.read_bytes()[: MAX_KEEP_BYTES + 1]
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ValueError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_KEEP_BYTES:
        raise ValueError(f"{path.name}: too large")
    try:
        return decode_keep(json.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"{path.name}: not readable JSON ({error})") from None
    except ValueError as error:
        raise ValueError(f"{path.name}: {error}") from None


def forget_keep(key: str) -> None:
    """The game is over: nothing more to take up again."""
    with contextlib.suppress(OSError):
        keep_path(key).unlink()


__all__ = ["forget_keep", "keep_dir", "keep_path", "read_keep", "write_keep"]
