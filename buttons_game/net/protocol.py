"""The wire protocol: each message (``messages``) is one JSON object in one frame, named by
its "type" field; actions and set-ups are the save file's (``GameKind``'s codec).

Decoding trusts nothing, as a save file's decoding does not: the frame's size is capped,
the JSON is parsed with limits (no NaN, no huge numbers, no duplicate keys, no deep
nesting), every field must be there and no other, each is type- and range-checked (a
bool is not a number), and the game's decoder checks actions and set-ups. Whatever is
wrong is a ``ProtocolError`` with a code the UI translates; never another exception.
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, NoReturn

from buttons_game.core.kind import AnyKind
from buttons_game.core.seats import LEVELS
from buttons_game.names import excerpt, name_problem

from .messages import (
    MESSAGE_TYPES,
    PROTOCOL_VERSION,
    SEAT_FILLERS,
    TYPE_NAMES,
    Lobby,
    LobbySeat,
    Message,
    Resync,
)

MAX_FRAME_BYTES = 256 * 1024
MAX_RESYNC_BYTES = 1024 * 1024  # a whole game, with its dice's proofs
MAX_INT_DIGITS = 16
MAX_INT = 2**53 - 1  # every side's JSON reads it exactly
MAX_PLY = 1_000_000
MAX_SEATS = 8
MAX_NAME_CHARS = 32
MAX_CODE_CHARS = 40
MAX_DETAILS = 16
MAX_HEX_BYTES = 64
MAX_ACTIONS = 50_000  # as a save file
MAX_MESSAGE_CHARS = 300

CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
VERSION_TEXT = re.compile(r"[0-9A-Za-z.+_-]{1,32}")

ERROR_CODES = (
    "too_large",  # the frame is over its size cap
    "not_utf8",
    "not_json",
    "not_object",  # the frame is not one JSON object with a known "type"
    "unknown_type",
    "fields",  # a field is missing, or one more than the message has
    "bad_value",  # a field has the wrong type or is out of range
    "bad_action",  # the game's decoder refused an action
    "bad_setup",  # the game's decoder refused the set-up
    "no_game",  # an action or a set-up arrived before the game is known
    "version",  # the other side speaks another protocol version
)
"""Every ``ProtocolError.code``; the UI says each as ``net.errors.<code>``."""


class ProtocolError(ValueError):
    """A frame this side cannot read: ``code`` (one of ERROR_CODES) for the UI, ``details``
    (whole numbers) to fill in its words, English in ``str`` for logs."""

    def __init__(self, message: str, *, code: str, details: Mapping[str, int] | None = None):
        super().__init__(excerpt(message, MAX_MESSAGE_CHARS))
        self.code = code
        self.details: dict[str, int] = dict(details or {})


def _fail(code: str, message: str) -> NoReturn:
    raise ProtocolError(message, code=code)


# ------------------------------------------------------------------ encoding


def encode(message: Message, kind: AnyKind | None = None) -> bytes:
    """The frame for ``message``; ``kind`` encodes its actions and set-up (the save file's
    codec) and is needed only for messages that carry them."""
    document: dict[str, Any] = {"type": TYPE_NAMES[type(message)]}
    for spec in fields(message):
        value = getattr(message, spec.name)
        document[spec.name] = _ENCODERS.get(spec.name, _plain)(value, kind)
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _plain(value: Any, kind: AnyKind | None) -> Any:
    return value


def _needs(kind: AnyKind | None) -> AnyKind:
    if kind is None:
        raise ValueError("a message with an action or a set-up needs the game's kind")
    return kind


_ENCODERS: dict[str, Callable[[Any, AnyKind | None], Any]] = {
    "action": lambda action, kind: _needs(kind).encode_action(action),
    "actions": lambda actions, kind: [_needs(kind).encode_action(a) for a in actions],
    "setup": lambda setup, kind: _needs(kind).encode_setup(setup),
    "seats": lambda seats, kind: [
        {"filled_by": s.filled_by, "name": s.name, "level": s.level} for s in seats
    ],
    "details": lambda details, kind: dict(details),
    "value": lambda value, kind: value.hex(),
    "head": lambda head, kind: head.hex(),
    "reveals": lambda reveals, kind: [r.hex() for r in reveals],
}


# ------------------------------------------------------------------ decoding


def decode(data: bytes, kind: AnyKind | None = None) -> Message:
    """The message in one frame; ``kind`` decodes its actions and set-up (None before the
    game is known: such a message is then refused). Only ever raises ProtocolError."""
    if not isinstance(data, (bytes, bytearray)):
        _fail("not_object", "a frame must be bytes")
    if len(data) > MAX_RESYNC_BYTES:
        _fail("too_large", f"the frame is larger than {MAX_RESYNC_BYTES // 1024} KiB")
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError as error:
        _fail("not_utf8", f"the frame is not UTF-8 text (bad byte at {error.start})")
    document = _parse(text)
    if not isinstance(document, dict) or not isinstance(document.get("type"), str):
        _fail("not_object", "the frame is not a message (a JSON object with a type)")
    name = document["type"]
    cls = MESSAGE_TYPES.get(name)
    if cls is None:
        _fail("unknown_type", f"unknown message type {_short(name)}")
    if cls is not Resync and len(data) > MAX_FRAME_BYTES:
        _fail("too_large", f"the frame is larger than {MAX_FRAME_BYTES // 1024} KiB")
    if name == "hello":
        _check_version(document.get("protocol"))
    wanted = {spec.name for spec in fields(cls)}
    given = set(document) - {"type"}
    if given != wanted:
        missing = sorted(wanted - given)
        extra = sorted(given - wanted)
        _fail(
            "fields",
            f"a {name} message's fields are wrong"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unexpected {', '.join(map(_short, extra[:4]))}" if extra else ""),
        )
    values = {key: _READERS[key](document[key], kind) for key in sorted(wanted)}
    message: Message = cls(**values)
    if isinstance(message, Resync) and message.ply != len(message.actions):
        _fail("bad_value", f"a resync at ply {message.ply} holds {len(message.actions)} actions")
    if (
        isinstance(message, Lobby)
        and kind is not None
        and len(message.seats) > max(kind.seat_counts)
    ):
        _fail("bad_value", f"{len(message.seats)} seats for a game of {kind.title}")
    return message


def _check_version(version: object) -> None:
    """A Hello of another protocol version is refused before its fields are read: they may
    mean something else there."""
    if type(version) is int and version != PROTOCOL_VERSION and 0 < version <= MAX_INT:
        raise ProtocolError(
            f"this copy speaks protocol {PROTOCOL_VERSION}, the other {version}: "
            "update the older copy",
            code="version",
            details={"ours": PROTOCOL_VERSION, "theirs": version},
        )


def _parse(text: str) -> Any:
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_refuse_float,
            parse_constant=_refuse_constant,
            object_pairs_hook=_unique_keys,
        )
    except ProtocolError:
        raise
    except RecursionError:
        _fail("not_json", "the JSON is nested too deeply")
    except ValueError as error:  # JSONDecodeError included
        _fail("not_json", f"not valid JSON: {excerpt(str(error), 120)}")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        _fail("bad_value", f"a number is far too large ({len(text)} digits)")
    return int(text)


def _refuse_float(text: str) -> Any:
    _fail("bad_value", f"{_short(text)}: only whole numbers are sent")


def _refuse_constant(text: str) -> Any:
    _fail("bad_value", f"{text} is not a number a message may hold")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            _fail("fields", f"the field {_short(key)} appears twice in one object")
        result[key] = value
    return result


# ------------------------------------------------------------------ field readers


def _int(value: object, what: str, high: int = MAX_INT) -> int:
    if type(value) is not int:  # a bool is not a number
        _fail("bad_value", f"{what} must be a whole number, not {_short(value)}")
    if not 0 <= value <= high:
        _fail("bad_value", f"{what} must be from 0 to {high}, not {value}")
    return value


def _code(value: object, what: str) -> str:
    if not isinstance(value, str) or not CODE.fullmatch(value):
        _fail("bad_value", f"{what} must be a short code (a-z, 0-9, _), not {_short(value)}")
    return value


def _token(value: object, what: str) -> str:
    if not isinstance(value, str) or not TOKEN.fullmatch(value):
        _fail("bad_value", f"{what} must be 1-64 letters, digits, - or _, not {_short(value)}")
    return value


def _name(value: object, what: str) -> str:
    problem = name_problem(value, MAX_NAME_CHARS)
    if problem:
        _fail("bad_value", f"{what} {problem}")
    assert isinstance(value, str)
    return value


def _hex(value: object, what: str) -> bytes:
    limit = 2 * MAX_HEX_BYTES
    if (
        not isinstance(value, str)
        or not 0 < len(value) <= limit
        or len(value) % 2
        or not re.fullmatch(r"[0-9a-f]*", value)
    ):
        _fail("bad_value", f"{what} must be 1-{MAX_HEX_BYTES} bytes in lowercase hex")
    return bytes.fromhex(value)


def _reveals(value: object) -> tuple[bytes, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS + 1:
        _fail("bad_value", f"a draw's reveals must be a list of 1 to {MAX_SEATS + 1}")
    return tuple(_hex(v, f"reveal {i}") for i, v in enumerate(value))


def _details(value: object, kind: AnyKind | None) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict) or len(value) > MAX_DETAILS:
        _fail("bad_value", f"details must be an object of at most {MAX_DETAILS} numbers")
    out = []
    for key in sorted(value):
        _code(key, "a detail's name")
        number = value[key]
        if type(number) is not int or abs(number) > MAX_INT:
            _fail("bad_value", f"the detail {key} must be a whole number, not {_short(number)}")
        out.append((key, number))
    return tuple(out)


def _seats(value: object, kind: AnyKind | None) -> tuple[LobbySeat, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        _fail("bad_value", f"the lobby must list 1 to {MAX_SEATS} seats, not {_short(value)}")
    seats = []
    for i, seat in enumerate(value):
        if not isinstance(seat, dict) or set(seat) != {"filled_by", "name", "level"}:
            _fail("bad_value", f"lobby seat {i} must be an object with filled_by, name and level")
        filled_by, level = seat["filled_by"], seat["level"]
        if filled_by not in SEAT_FILLERS:
            _fail("bad_value", f"lobby seat {i} is filled by {_short(filled_by)}")
        if (filled_by == "bot") != (level is not None) or (
            level is not None and level not in LEVELS
        ):
            _fail("bad_value", f"lobby seat {i}'s level {_short(level)} does not fit its seat")
        if filled_by == "open":
            if seat["name"] is not None:
                _fail("bad_value", f"open lobby seat {i} has a name")
            seats.append(LobbySeat("open"))
        else:
            name = _name(seat["name"], f"lobby seat {i}'s name")
            seats.append(LobbySeat(filled_by, name, level))
    return tuple(seats)


def _game_kind(kind: AnyKind | None, what: str) -> AnyKind:
    if kind is None:
        _fail("no_game", f"{what} arrived before the game is known")
    return kind


def _action(value: object, kind: AnyKind | None, what: str = "the action") -> Any:
    decode_action = _game_kind(kind, what).decode_action
    # A decoder may look the type up in a dict: an unhashable type would be a TypeError.
    if isinstance(value, dict) and not isinstance(value.get("type", ""), str):
        _fail("bad_action", f"{what} is malformed: its type must be text")
    try:
        return decode_action(value)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        _fail("bad_action", f"{what} is malformed: {excerpt(str(error), 200)}")


def _actions(value: object, kind: AnyKind | None) -> tuple[Any, ...]:
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        _fail("bad_value", f"actions must be a list of at most {MAX_ACTIONS}")
    return tuple(_action(item, kind, f"action {i}") for i, item in enumerate(value))


def _setup(value: object, kind: AnyKind | None) -> Any:
    game = _game_kind(kind, "a set-up")
    problem = game.setup_problem(value)
    if problem:
        _fail("bad_setup", f"bad {game.setup_name}: {problem}")
    try:
        return game.decode_setup(value)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        _fail("bad_setup", f"bad {game.setup_name}: {excerpt(str(error), 200)}")


def _optional(read: Callable[[object, str], Any], what: str) -> Callable[..., Any]:
    return lambda value, kind: None if value is None else read(value, what)


Reader = Callable[[Any, "AnyKind | None"], Any]

_READERS: dict[str, Reader] = {
    "protocol": lambda v, kind: _protocol(v),
    "app_version": lambda v, kind: _version_text(v),
    "game": lambda v, kind: _token(v, "the game"),
    "seat": lambda v, kind: _int(v, "the seat", MAX_SEATS - 1),
    "by": _optional(lambda v, what: _int(v, what, MAX_SEATS - 1), "the seat that acted"),
    "name": lambda v, kind: _name(v, "the name"),
    "credential": _optional(_token, "the credential"),
    "code": lambda v, kind: _code(v, "the code"),
    "reason": lambda v, kind: _code(v, "the reason"),
    "seats": _seats,
    "ply": lambda v, kind: _int(v, "the ply", MAX_PLY),
    "action": _action,
    "actions": _actions,
    "setup": _setup,
    "proofs": lambda v, kind: v,  # any JSON (the joint dice read it); parsed with limits
    "details": _details,
    "draw": lambda v, kind: _int(v, "the draw", MAX_INT),
    "epoch": lambda v, kind: _int(v, "the epoch", MAX_INT),
    "value": lambda v, kind: _hex(v, "the value"),
    "head": lambda v, kind: _hex(v, "the head"),
    "reveals": lambda v, kind: _reveals(v),
    "nonce": lambda v, kind: _int(v, "the nonce"),
}


def _protocol(value: object) -> int:
    version = _int(value, "the protocol version")
    if version != PROTOCOL_VERSION:  # another positive one is refused by _check_version
        _fail("bad_value", f"the protocol version must be at least 1, not {version}")
    return version


def _version_text(value: object) -> str:
    if not isinstance(value, str) or not VERSION_TEXT.fullmatch(value):
        _fail("bad_value", f"the app version must be a short version text, not {_short(value)}")
    return value


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = 6


def _short(value: object) -> str:
    """A short quote of a bad value, built without writing out all of a huge one."""
    return excerpt(_REPR.repr(value), 60)
