"""The save list's index: what listing learnt from each save file, so it replays each file once.

The index is a cache beside the saves folder. For each file name it keeps the
file's size, mtime_ns, inode and ctime_ns, and the SaveInfo read from it. A
file not in the index, or whose stat changed, is read and replayed again.
The index is read as carefully as a save: a missing, corrupt or foreign index,
an index of another app version, or any entry not exactly right is ignored and
rebuilt, so the index can never make a good save unlistable or hide a broken
one. This module only turns an index to and from bytes; files.py does the I/O.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from buttons_game import __version__
from buttons_game.core.kind import GameKind, find_kind
from buttons_game.core.seats import Seat
from buttons_game.names import name_problem

from .fileformat import (
    EARLIEST_SAVED_AT,
    GAME_ID,
    LATEST_SAVED_AT,
    MAX_MESSAGE_CHARS,
    MAX_NAME_CHARS,
    VERSION,
)
from .network import ROLES, save_key

INDEX_NAME = "saves-index.json"
INDEX_FORMAT = "buttons-game-save-index"
# Bump when reading a save may conclude differently (the loader's rules changed), so an
# index written before is rebuilt. The app version and save format version count too.
# 2: entries hold the game's kind and, for a game counted in turns, its turn number.
# 3: and a networked game's computer and role.
INDEX_VERSION = 3
MAX_INDEX_BYTES = 32 * 1024 * 1024
MAX_PROGRESS = 10_000  # the highest round or turn an entry may hold
MAX_SEATS = 8
ENTRY_LENGTH = 15

# size, mtime_ns, inode, ctime_ns: a file rewritten in any way gets another key.
Key = tuple[int, int, int, int]


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the save list. A broken file has ``error`` set and little else.

    ``game`` is the id of the game's kind ("" for a broken file). How far the game has
    come (``GameKind.progress``) is its ``round_number`` for a game counted in rounds
    (``GameKind.unit``), else its ``turn_number`` (the turn being played, from 1); the
    other is None. A networked game's save names this computer (``computer``) and its
    ``role`` (host or guest); both are None for a game played on one computer.
    """

    path: Path
    name: str  # the slot name the player typed; "" for an autosave
    is_autosave: bool
    saved_at: datetime
    seats: tuple[Seat, ...] = ()
    round_number: int | None = None
    finished: bool = False
    game_id: str | None = None
    error: str | None = None
    game: str = ""
    turn_number: int | None = None
    computer: str | None = None
    role: str | None = None

    @property
    def broken(self) -> bool:
        return self.error is not None

    @property
    def networked(self) -> bool:
        return self.computer is not None

    @property
    def key(self) -> str | None:
        """What names its autosave and its count in the statistics (``network.save_key``)."""
        return None if self.game_id is None else save_key(self.game_id, self.computer)


def progress_fields(kind: GameKind, progress: int) -> tuple[int | None, int | None]:
    """(round_number, turn_number) of a game of ``kind`` that has come to ``progress``."""
    return (progress, None) if kind.unit == "round" else (None, progress)


def stat_key(info: os.stat_result) -> Key:
    return (info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns)


UNKNOWN_ENTRY = object()  # the index has no entry for a file as it is now


class SaveIndex:
    """File name -> (key, entry); entries are checked when they are used, not when read."""

    def __init__(self, entries: dict[str, list[Any]] | None = None) -> None:
        self._entries: dict[str, list[Any]] = entries or {}
        self.changed = entries is None
        # Checked seats by their names and bots: most saves share a few seatings.
        self._seatings: dict[
            tuple[str, tuple[tuple[str, str | None], ...]], tuple[Seat, ...] | None
        ] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> SaveIndex:
        """The index in ``data``; an empty one (to be rebuilt) for anything but a good index."""
        if len(data) > MAX_INDEX_BYTES:
            return cls()
        try:
            document = json.loads(data)
        except (ValueError, RecursionError):
            return cls()
        if not isinstance(document, dict) or document.get("stamp") != _stamp():
            return cls()
        entries = document.get("entries")
        if not isinstance(entries, dict):
            return cls()
        return cls(entries)

    def to_bytes(self) -> bytes:
        document = {"stamp": _stamp(), "entries": self._entries}
        # ASCII only: a lone surrogate in a message cannot make the index unwritable.
        return json.dumps(document, ensure_ascii=True, separators=(",", ":")).encode("ascii")

    def get(
        self, path: Path, name: str, key: Key, is_autosave: bool, mtime: float
    ) -> SaveInfo | None:
        """The indexed SaveInfo of ``path`` (named ``name``) if its key matches and every
        field is valid."""
        entry = self._entries.get(name)
        if type(entry) is not list or len(entry) != ENTRY_LENGTH or tuple(entry[:4]) != key:
            return None
        return self._decode(entry[4:], path, is_autosave, mtime)

    def unfinished_at(self, name: str, key: Key) -> object:
        """For a file the index knows as it is (``key``): its saved time if it is an
        unfinished game, else None; UNKNOWN_ENTRY when the index does not know it."""
        entry = self._entries.get(name)
        if type(entry) is not list or len(entry) != ENTRY_LENGTH or tuple(entry[:4]) != key:
            return UNKNOWN_ENTRY
        saved_at, finished, error = entry[5], entry[8], entry[10]
        if error is not None or finished is not False:
            return None
        return _time(saved_at) or UNKNOWN_ENTRY

    def put(self, name: str, info: SaveInfo, key: Key) -> None:
        self._entries[name] = [*key, *_encode(info)]
        self.changed = True

    def keep_only(self, names: set[str]) -> None:
        """Forget files that are gone."""
        gone = [name for name in self._entries if name not in names]
        for name in gone:
            del self._entries[name]
        self.changed = self.changed or bool(gone)

    def _decode(
        self, fields: list[Any], path: Path, is_autosave: bool, mtime: float
    ) -> SaveInfo | None:
        name, saved_at, seats, round_number, finished, game_id, error, kind_id, turn, *net = fields
        if not _good_name(name, is_autosave):
            return None
        if error is not None:
            if (
                isinstance(error, str)
                and 0 < len(error) <= MAX_MESSAGE_CHARS
                and error.isprintable()
                and (saved_at, seats, round_number, finished, game_id, kind_id, turn, *net)
                == (None, [], None, False, None, "", None, None, None)
            ):
                return SaveInfo(path, name, is_autosave, modified_time(mtime), error=error)
            return None
        when = _time(saved_at)
        kind = find_kind(kind_id) if type(kind_id) is str else None
        seating = None if kind is None else self._seating(seats, kind)
        if (
            when is None
            or kind is None  # a game this app does not know (now): read the file again
            or seating is None
            or not _good_progress(kind, round_number, turn)
            or type(finished) is not bool
            or not isinstance(game_id, str)
            or not GAME_ID.fullmatch(game_id)
            or not _good_network(game_id, *net)
        ):
            return None
        return SaveInfo(
            path,
            name,
            is_autosave,
            when,
            seating,
            round_number,
            finished,
            game_id,
            game=kind.id,
            turn_number=turn,
            computer=net[0],
            role=net[1],
        )

    def _seating(self, value: object, kind: GameKind) -> tuple[Seat, ...] | None:
        """An entry's seats: as many [name, bot] pairs as ``kind`` seats, each name
        drawable, each bot one of its levels."""
        if type(value) is not list or len(value) not in kind.seat_counts:
            return None
        if not all(type(seat) is list and len(seat) == 2 for seat in value):
            return None
        key = tuple([(seat[0], seat[1]) for seat in value])
        try:
            return self._seatings[kind.id, key]
        except KeyError:
            pass
        except TypeError:  # a name or bot that is a list or an object
            return None
        good = all(
            isinstance(name, str)
            and name_problem(name, MAX_NAME_CHARS) is None
            and (bot is None or bot in kind.bot_levels)
            for name, bot in key
        )
        seating = tuple(Seat(name, bot) for name, bot in key) if good else None
        self._seatings[kind.id, key] = seating
        return seating


def modified_time(mtime: float) -> datetime:
    """A file's modification time as a date the list can show, even if the clock was wrong."""
    low, high = EARLIEST_SAVED_AT.timestamp(), LATEST_SAVED_AT.timestamp()
    return datetime.fromtimestamp(min(max(mtime, low), high), timezone.utc)


def _stamp() -> list[Any]:
    return [INDEX_FORMAT, INDEX_VERSION, VERSION, __version__]


def _encode(info: SaveInfo) -> list[Any]:
    if info.broken:
        # A broken file's date is its modification time, taken afresh from its stat.
        return [info.name, None, [], None, False, None, info.error, "", None, None, None]
    return [
        info.name,
        info.saved_at.isoformat(),
        [[seat.name, seat.bot] for seat in info.seats],
        info.round_number,
        info.finished,
        info.game_id,
        None,
        info.game,
        info.turn_number,
        info.computer,
        info.role,
    ]


def _good_network(game_id: str, computer: object, role: object) -> bool:
    """Both None (one computer), or a computer's id and a role whose key fits a game id."""
    if computer is None and role is None:
        return True
    return (
        isinstance(computer, str)
        and role in ROLES
        and GAME_ID.fullmatch(computer) is not None
        and GAME_ID.fullmatch(save_key(game_id, computer)) is not None
    )


def _good_progress(kind: GameKind, round_number: object, turn: object) -> bool:
    """The round or the turn the game has come to, as its kind counts it; the other None."""
    counted, other = (round_number, turn) if kind.unit == "round" else (turn, round_number)
    return type(counted) is int and 1 <= counted <= MAX_PROGRESS and other is None


def _good_name(name: object, is_autosave: bool) -> bool:
    if name == "":
        return is_autosave
    return name_problem(name, MAX_NAME_CHARS) is None


def _time(value: object) -> datetime | None:
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    if when.utcoffset() != timezone.utc.utcoffset(None):
        return None  # the index holds UTC times only, as the loader gives them
    return when if EARLIEST_SAVED_AT <= when <= LATEST_SAVED_AT else None
