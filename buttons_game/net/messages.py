"""The messages of a networked game: small frozen values, one per frame on the wire.

The host's Match is the one authority; guests send what a seat wants (``Act``, ``Join``,
``UndoRequest``) and the host answers with what happened (``Applied``, ``Refused``,
``Resync``). An action carries the ply (the number of actions before it) it was meant
for, so a stale one is answered, never applied twice. Actions and set-ups are the
game's own objects; ``protocol`` turns them into the save file's JSON and back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

PROTOCOL_VERSION = 2

SEAT_FILLERS = ("open", "host", "guest", "bot")
"""Who or what fills a seat in the lobby: nobody yet, the host, a guest, a bot."""


@dataclass(frozen=True)
class Hello:
    """The first frame each side sends: what it speaks and which game it is about."""

    protocol: int
    app_version: str
    game: str  # the game's kind, e.g. "buttons" or "kopf"


@dataclass(frozen=True)
class Welcome:
    """The host accepts a guest's Hello."""


@dataclass(frozen=True)
class Join:
    """A guest asks for a seat; ``credential`` is the one it got before when it rejoins."""

    seat: int
    name: str
    credential: str | None = None


@dataclass(frozen=True)
class Joined:
    seat: int
    credential: str  # what the guest shows to take this seat back after a drop


@dataclass(frozen=True)
class JoinRefused:
    code: str  # "seat_taken", "no_such_seat", "started" …


@dataclass(frozen=True)
class LobbySeat:
    filled_by: str  # one of SEAT_FILLERS
    name: str | None = None  # None for an open seat
    level: str | None = None  # a bot's level (None for a person or an open seat)


@dataclass(frozen=True)
class Lobby:
    seats: tuple[LobbySeat, ...]


@dataclass(frozen=True)
class Start:
    """The host starts the game: the lobby closes."""


@dataclass(frozen=True)
class Act:
    """A guest's action, meant for the position after ``ply`` actions."""

    ply: int
    action: Any


@dataclass(frozen=True)
class Applied:
    """The host applied ``action`` as the ``ply``-th; ``by`` is the seat, None for chance."""

    ply: int
    action: Any
    by: int | None


@dataclass(frozen=True)
class Refused:
    """The host refused the action meant for ``ply``: the rules' reason code and details."""

    ply: int
    code: str
    details: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Resync:
    """The whole game so far: its set-up, every action, the dice's proofs (JSON), its ply."""

    setup: Any
    actions: tuple[Any, ...]
    proofs: Any
    ply: int


@dataclass(frozen=True)
class UndoRequest:
    ply: int


@dataclass(frozen=True)
class Reveal:
    """One side's share of the ``draw``-th joint roll of the dice."""

    draw: int
    value: bytes


@dataclass(frozen=True)
class Drawn:
    """The ``draw``-th joint roll is complete: every computer's reveal, in the order of its
    epoch's computers. Sent before the roll's ``Applied``, so each guest checks the roll as
    it lands and its save can verify every roll so far."""

    draw: int
    reveals: tuple[bytes, ...]


@dataclass(frozen=True)
class Commit:
    """One side's commitment to its shares of the dice for ``epoch``."""

    epoch: int
    head: bytes


@dataclass(frozen=True)
class Leave:
    """A guest leaves, or the host ends the game."""


@dataclass(frozen=True)
class Kick:
    seat: int
    reason: str


@dataclass(frozen=True)
class Ping:
    nonce: int = 0


@dataclass(frozen=True)
class Pong:
    nonce: int = 0


@dataclass(frozen=True)
class Error:
    """The other side could not read a frame (its ``ProtocolError`` code) or gives up."""

    code: str


Message = Union[
    Hello,
    Welcome,
    Join,
    Joined,
    JoinRefused,
    Lobby,
    Start,
    Act,
    Applied,
    Refused,
    Resync,
    UndoRequest,
    Reveal,
    Drawn,
    Commit,
    Leave,
    Kick,
    Ping,
    Pong,
    Error,
]

MESSAGE_TYPES: dict[str, type[Any]] = {
    "hello": Hello,
    "welcome": Welcome,
    "join": Join,
    "joined": Joined,
    "join_refused": JoinRefused,
    "lobby": Lobby,
    "start": Start,
    "act": Act,
    "applied": Applied,
    "refused": Refused,
    "resync": Resync,
    "undo_request": UndoRequest,
    "reveal": Reveal,
    "drawn": Drawn,
    "commit": Commit,
    "leave": Leave,
    "kick": Kick,
    "ping": Ping,
    "pong": Pong,
    "error": Error,
}
"""Each message by the name its frames carry in their "type" field."""

TYPE_NAMES: dict[type[Any], str] = {cls: name for name, cls in MESSAGE_TYPES.items()}
