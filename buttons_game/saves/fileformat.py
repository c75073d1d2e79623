"""The save file format: a versioned JSON document holding the game's kind, the seats, the
set-up and every action, for every registered game alike: the file's "game" names the
game's kind, and the kind (``core.kind.GameKind``) decodes its set-up and actions.

Decoding trusts nothing in the file. The JSON is parsed with limits (no NaN, no
huge numbers, no duplicate keys), every field is type- and range-checked, and the
game is rebuilt by replaying the actions through the engine's checked ``apply``,
so a bad file can never produce an impossible game. Nothing is ever pickled,
evaluated or imported from a file.
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from buttons_game import __version__
from buttons_game.core.game import Game
from buttons_game.core.kind import GameKind, find_kind, kind_of, kinds
from buttons_game.core.seats import Seat
from buttons_game.names import excerpt, name_problem

from .network import NetworkRecord, computer_of, decode_network, encode_network, save_key

FORMAT_NAME = "buttons-game-save"
# The version this app writes. Bump it when the layout changes, and add a step
# to MIGRATIONS that turns a document of the previous version into the new one.
# Version 2 added "game": which game the file holds (a registered kind's id).
# Version 3 added "network", only in the save of a networked game (see network.py).
VERSION = 3

# A game being played, of any registered kind; ``game.kind`` says which.
AnyGame = Game[Any]

MAX_FILE_BYTES = 8 * 1024 * 1024
# A game needs a few hundred actions; this is far beyond any game that can happen.
MAX_ACTIONS = 50_000
MAX_NAME_CHARS = 200
MAX_INT_DIGITS = 20
# Every message quotes at most this much, so a huge bad value cannot make a huge message.
MAX_MESSAGE_CHARS = 300
MAX_SOURCE_CHARS = 120
# Dates a save may carry: any of them can be shown in local time without overflowing.
EARLIEST_SAVED_AT = datetime(2000, 1, 1, tzinfo=timezone.utc)
LATEST_SAVED_AT = datetime(2200, 12, 31, 23, 59, 59, tzinfo=timezone.utc)

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

_FIELDS = (
    "format",
    "version",
    "game",
    "app_version",
    "saved_at",
    "name",
    "game_id",
    "seats",
    "setup",
    "actions",
)
OPTIONAL_FIELDS = ("network",)

# MIGRATIONS[v] turns a version-v document into a version-(v + 1) document.
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _kind_added(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: every version 1 save is a game of BUTTONS."""
    if "game" in old:
        raise ValueError("a version 1 save has no field 'game'")
    document = {"format": old["format"], "version": 2, "game": "buttons"}
    document.update((key, value) for key, value in old.items() if key not in document)
    return document


def _network_possible(old: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: a version 2 save is of a game played on one computer: no network."""
    if "network" in old:
        raise ValueError("a version 2 save has no field 'network'")
    return {**old, "version": 3}


MIGRATIONS: dict[int, Migration] = {1: _kind_added, 2: _network_possible}


class SaveFileError(ValueError):
    """A file that is not a valid save; the message names the file and the problem.

    The message is cut to MAX_MESSAGE_CHARS (marked with "…") and holds only
    printable characters, so it can always be shown.
    """

    def __init__(self, message: str) -> None:
        super().__init__(excerpt(message, MAX_MESSAGE_CHARS))


class _Problem(ValueError):
    """A problem in a document, before the file name is attached."""


@dataclass(frozen=True)
class SavedGame:
    """A decoded save file: the game plus what the file says about itself."""

    game: AnyGame
    name: str | None
    saved_at: datetime
    app_version: str
    network: NetworkRecord | None = None  # a networked game: this computer's part, the proofs

    @property
    def key(self) -> str:
        """What names its autosave and its count: ``network.save_key``."""
        return save_key(self.game.game_id, computer_of(self.network))


# ------------------------------------------------------------------ encoding


def encode_game(
    game: AnyGame,
    *,
    name: str | None = None,
    saved_at: datetime | None = None,
    network: NetworkRecord | None = None,
) -> str:
    """The save file text for ``game``: JSON with one action per line, so people can read it;
    ``network``: this computer's part in a networked game and the proofs of its dice."""
    kind = kind_of(game)
    actions: list[Any] = game.state.history()
    fresh = game.state == kind.first_state(game.state.setup)
    setup = kind.encode_setup(game.state.setup)
    encoded = [kind.encode_action(action) for action in actions]
    if not actions and not fresh:
        raise ValueError("this state was built without its history and cannot be saved")
    if len(actions) > MAX_ACTIONS:
        raise ValueError(f"a game of {len(actions)} actions is longer than a save may hold")
    # Refuse to write what loading would refuse, so a save can always be loaded again.
    if name is not None:
        _check_name(name, "the save name")
    _check_game_id(game.game_id)
    for i, seat in enumerate(game.seats):
        _check_name(seat.name, f"seat {i}'s name")
    when = saved_at or datetime.now(timezone.utc)
    _read_time(when.isoformat(timespec="milliseconds"))
    document: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": VERSION,
        "game": game.kind,
        "app_version": __version__,
        "saved_at": when.isoformat(timespec="milliseconds"),
        "name": name,
        "game_id": game.game_id,
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in game.seats],
        "setup": setup,
        "actions": encoded,
    }
    if network is not None:
        document["network"] = encode_network(network)
        try:  # what loading would refuse is not written
            decode_network(document["network"], game.game_id, len(game.seats))
        except ValueError as error:
            raise ValueError(f"the network cannot be saved: {error}") from None
    return _dump(document)


def _dump(document: dict[str, Any]) -> str:
    """JSON laid out for people: one seat, one set-up field and one action per line."""
    parts = []
    for key, value in document.items():
        if isinstance(value, list) and value:
            rows = ",\n".join("    " + _compact(item) for item in value)
            text = "[\n" + rows + "\n  ]"
        elif isinstance(value, dict) and value:
            rows = ",\n".join(f"    {_compact(k)}: {_compact(v)}" for k, v in value.items())
            text = "{\n" + rows + "\n  }"
        else:
            text = _compact(value)
        parts.append(f"  {_compact(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


# ------------------------------------------------------------------ decoding


def decode_game(data: bytes, source: str) -> SavedGame:
    """Rebuild a saved game from a file's bytes; SaveFileError names ``source`` and the problem."""
    try:
        return _decode(data)
    except _Problem as problem:
        where = excerpt(source, MAX_SOURCE_CHARS, keep_end=True)
        raise SaveFileError(f"{where}: {problem}") from None


def _decode(data: bytes) -> SavedGame:
    if len(data) > MAX_FILE_BYTES:
        raise _Problem(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    if not data.strip():
        raise _Problem("the file is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _Problem(f"not a text file (bad UTF-8 at byte {error.start})") from None
    document = _parse_json(text)
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise _Problem("not a Buttons Game save file")
    document = migrate(document)
    return _read_document(document)


def _parse_json(text: str) -> Any:
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_constant=_refuse_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as error:
        if _runs_to_the_end(text, error):
            raise _Problem("the file is cut short (truncated JSON)") from None
        where = f"line {error.lineno}, column {error.colno}"
        raise _Problem(f"not valid JSON: {error.msg} ({where})") from None
    except RecursionError:
        raise _Problem("not a save: the JSON is nested too deeply") from None
    except _Problem:
        raise
    except ValueError as error:
        raise _Problem(f"not valid JSON: {_clip(error)}") from None


def _runs_to_the_end(text: str, error: json.JSONDecodeError) -> bool:
    """True when the JSON error is that the text stopped early, as a cut-off file does."""
    if error.pos >= len(text.rstrip()):
        return True
    return error.msg.startswith("Unterminated string") and '"' not in text[error.pos + 1 :]


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Problem(f"a number is far too large ({len(text)} digits)")
    return int(text)


def _refuse_constant(text: str) -> Any:
    raise _Problem(f"{text} is not a number a save can hold")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Problem(f"the field {_short(key)} appears twice in one object")
        result[key] = value
    return result


def migrate(
    document: dict[str, Any],
    migrations: dict[int, Migration] | None = None,
    current: int | None = None,
) -> dict[str, Any]:
    """Bring a document of an older version up to ``current``, one step at a time.

    A newer version is refused: this app cannot know what it means.
    """
    steps = MIGRATIONS if migrations is None else migrations
    current = VERSION if current is None else current
    version = document.get("version")
    if type(version) is not int:
        raise _Problem(f"the save format version must be a whole number, not {_short(version)}")
    if version > current:
        raise _Problem(
            f"written by a newer Buttons Game (save format version {version}; "
            f"this app reads up to version {current}): update the app to open it"
        )
    oldest = min(steps, default=current)
    if version < 1 or version < oldest:
        raise _Problem(f"unknown save format version {version}")
    while version < current:
        try:
            document = steps[version](dict(document))
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as error:
            # A step reads an old file that nothing has checked yet.
            raise _Problem(
                f"cannot upgrade this version {version} save: {type(error).__name__} {_clip(error)}"
            ) from None
        version += 1
        if document.get("version") != version:
            raise AssertionError(f"migration to version {version} did not set the version")
    return document


def _read_document(doc: dict[str, Any]) -> SavedGame:
    fields = set(doc)
    if fields - set(OPTIONAL_FIELDS) != set(_FIELDS):
        missing = sorted(set(_FIELDS) - fields)
        extra = sorted(fields - set(_FIELDS) - set(OPTIONAL_FIELDS))
        raise _Problem(
            "the save's fields are wrong"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unexpected {', '.join(map(_short, extra[:6]))}" if extra else "")
            + (", …" if len(extra) > 6 else "")
        )
    app_version = _check_text(doc["app_version"], "app_version", limit=64)
    saved_at = _read_time(doc["saved_at"])
    name = doc["name"]
    if name is not None:
        _check_name(name, "the save name")
    game_id = doc["game_id"]
    _check_game_id(game_id)
    kind = find_kind(doc["game"]) if isinstance(doc["game"], str) else None
    if kind is None:
        known = " or ".join(f'"{k.id}"' for k in kinds())
        raise _Problem(f"the game must be {known}, not {_short(doc['game'])}")
    game = _read_game(doc, kind, game_id)
    network = None
    if "network" in doc:
        try:
            network = decode_network(doc["network"], game_id, len(game.seats))
        except ValueError as error:
            raise _Problem(f"bad network: {_clip(error)}") from None
    return SavedGame(game, name, saved_at, app_version, network)


def _read_game(doc: dict[str, Any], kind: GameKind, game_id: str) -> AnyGame:
    """A game of ``kind``: its seats, its set-up, its actions replayed through the rules."""
    seats = _read_seats(doc["seats"], min(kind.seat_counts), max(kind.seat_counts))
    setup_data = doc["setup"]
    problem = kind.setup_problem(setup_data)
    if problem:
        raise _Problem(problem)
    try:
        setup = kind.decode_setup(setup_data)
    except ValueError as error:
        raise _Problem(f"bad {kind.setup_name}: {_clip(error)}") from None
    problem = kind.seats_problem(len(seats), setup)
    if problem:
        raise _Problem(problem)
    actions = _read_actions(doc["actions"], kind.decode_action)
    try:
        game: AnyGame = kind.replayed(seats, setup, actions, game_id)
    except ValueError as error:
        raise _Problem(f"the game cannot be replayed: {_clip(error)}") from None
    return game


def _check_text(value: object, what: str, limit: int = MAX_NAME_CHARS) -> str:
    if not isinstance(value, str):
        raise _Problem(f"{what} must be text, not {_short(value)}")
    if len(value) > limit:
        raise _Problem(f"{what} is longer than {limit} characters")
    return value


def _check_name(value: object, what: str) -> str:
    """A seat or save name that can be drawn: text, not too long, no control characters."""
    problem = name_problem(value, MAX_NAME_CHARS)
    if problem:
        raise _Problem(f"{what} {problem}")
    assert isinstance(value, str)
    return value


def _check_game_id(value: object) -> None:
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        raise _Problem(f"the game id must be 1-64 letters, digits, - or _, not {_short(value)}")


def _read_time(value: object) -> datetime:
    text = _check_text(value, "saved_at", limit=64)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise _Problem(f"saved_at is not a date and time: {_short(text)}") from None
    # The year is checked before converting: converting year 1 or 9999 can overflow.
    if not EARLIEST_SAVED_AT.year <= when.year <= LATEST_SAVED_AT.year:
        raise _Problem(f"saved_at is not a date between 2000 and 2200: {_short(text)}")
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    when = when.astimezone(timezone.utc)
    if not EARLIEST_SAVED_AT <= when <= LATEST_SAVED_AT:
        raise _Problem(f"saved_at is not a date between 2000 and 2200: {_short(text)}")
    return when


def _read_seats(value: object, fewest: int = 2, most: int = 4) -> tuple[Seat, ...]:
    if not isinstance(value, list) or not fewest <= len(value) <= most:
        many = f"{fewest} to {most}" if fewest < most else f"exactly {most}"
        raise _Problem(f"seats must be a list of {many} seats, not {_short(value)}")
    seats = []
    for i, seat in enumerate(value):
        if not isinstance(seat, dict) or set(seat) != {"name", "bot"}:
            raise _Problem(f"seat {i} must be an object with a name and a bot, not {_short(seat)}")
        name = _check_name(seat["name"], f"seat {i}'s name")
        bot = seat["bot"]
        if bot is not None and not isinstance(bot, str):
            raise _Problem(f"seat {i}'s bot must be a level or null, not {_short(bot)}")
        try:
            seats.append(Seat(name, bot))
        except ValueError as error:
            raise _Problem(f"seat {i}: {_clip(error)}") from None
    return tuple(seats)


def _read_actions(value: object, decode: Callable[[object], Any]) -> list[Any]:
    if not isinstance(value, list):
        raise _Problem(f"actions must be a list, not {_short(value)}")
    if len(value) > MAX_ACTIONS:
        raise _Problem(f"{len(value)} actions: more than any game could need ({MAX_ACTIONS})")
    actions = []
    for i, item in enumerate(value):
        # A decoder may look the type up in a dict: an unhashable type would be a TypeError.
        if isinstance(item, dict) and "type" in item and not isinstance(item["type"], str):
            raise _Problem(f"action {i} is malformed: its type must be text: {_short(item)}")
        try:
            actions.append(decode(item))
        except ValueError as error:
            raise _Problem(f"action {i} is malformed: {_clip(error)}") from None
    return actions


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = 6


def _short(value: object) -> str:
    """A short quote of a bad value, built without writing out all of a huge one."""
    return excerpt(_REPR.repr(value), 60)


def _clip(error: object) -> str:
    """A short quote of another part's error message (they may quote a huge value in full)."""
    return excerpt(str(error), 200)
