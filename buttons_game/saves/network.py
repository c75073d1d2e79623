"""What a save keeps of a networked game (save format version 3's "network" object): this
computer's part in it (host or guest, its id among the computers drawing the dice, the
seats played here) and the dice's proof record, so anyone holding the save can verify
every roll afterwards (``verdict``).

Every computer of a networked game keeps its own save of the same set-up, actions and
proofs; its file name and the statistics key it by the game's id and this computer's id
(``save_key``), so a host and a guest on one machine never write one file or count one
game twice, and each counts only the people at its own seats.

Not kept, on purpose: how to reach the host again (its address and port) and this
guest's credential to take its seat back. Neither is a secret of the game, but both are
private to this computer, and a save is a file people share; a rejoin keeps them apart.

Decoding trusts nothing, as the rest of the save: exact fields, sizes bounded, the proof
record through ``net.proofs.decode_proofs``; a problem is a ValueError naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from buttons_game.core.kind import kind_of
from buttons_game.net.epoch import id_problem
from buttons_game.net.guest import RemoteMatch
from buttons_game.net.host import HOST as HOST_COMPUTER
from buttons_game.net.host import GameHost
from buttons_game.net.proofs import Proofs, decode_proofs, encode_proofs
from buttons_game.net.verify import Verdict, verify

HOST = "host"
GUEST = "guest"
ROLES = (HOST, GUEST)
MAX_KEY_CHARS = 64  # a save key is a game id too: the autosave's name, the statistics' id
_FIELDS = ("role", "computer", "local_seats", "proofs")


@dataclass(frozen=True)
class NetworkRecord:
    """This computer's part in a networked game and the proofs of its dice."""

    role: str  # HOST or GUEST
    computer: str  # this computer's id among those drawing the dice
    local_seats: tuple[int, ...]  # the seats played at this computer, ascending
    proofs: Proofs


def save_key(game_id: str, computer: str | None = None) -> str:
    """What names a game's autosave and its count in the statistics: its id, and for a
    networked game this computer's id (``computer``) after it."""
    return game_id if computer is None else f"{game_id}-{computer}"


def computer_of(network: NetworkRecord | None) -> str | None:
    return None if network is None else network.computer


def encode_network(network: NetworkRecord) -> dict[str, Any]:
    return {
        "role": network.role,
        "computer": network.computer,
        "local_seats": list(network.local_seats),
        "proofs": encode_proofs(network.proofs),
    }


def decode_network(data: object, game_id: str, seat_count: int) -> NetworkRecord:
    """The network object of a save of ``game_id`` with ``seat_count`` seats; ValueError
    naming the first thing wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"the network must be an object, not {type(data).__name__}")
    if set(data) != set(_FIELDS):
        missing = [f for f in _FIELDS if f not in data]
        extra = sorted(str(k)[:40] for k in data if k not in _FIELDS)[:5]
        raise ValueError(
            "the network's fields are wrong"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unexpected {', '.join(extra)}" if extra else "")
        )
    role = data["role"]
    if type(role) is not str or role not in ROLES:
        raise ValueError(f"the network's role must be host or guest, not {role!r:.40}")
    computer = data["computer"]
    problem = id_problem(computer, "the network's computer")
    if problem:
        raise ValueError(problem)
    seats = data["local_seats"]
    if not isinstance(seats, list) or len(seats) > seat_count:
        raise ValueError(f"the network's local seats must be a list of at most {seat_count}")
    if not all(type(s) is int and 0 <= s < seat_count for s in seats):
        raise ValueError(f"the network's local seats are seats 0 to {seat_count - 1}")
    if seats != sorted(set(seats)):
        raise ValueError("the network's local seats are each named once, in order")
    if role == GUEST and not seats:
        raise ValueError("a guest's save names the seat it played")
    proofs = decode_proofs(data["proofs"])
    if proofs.game_id != game_id:
        raise ValueError("the dice's proof record is of another game")
    if not any(computer in epoch.computers for epoch in proofs.epochs):
        raise ValueError("the network's computer takes no part in the dice")
    record = NetworkRecord(role, computer, tuple(seats), proofs)
    if len(save_key(game_id, computer)) > MAX_KEY_CHARS:
        raise ValueError(f"the game id and the computer's id are longer than {MAX_KEY_CHARS}")
    return record


def host_record(host: GameHost) -> NetworkRecord:
    """The host's part in its game: every seat but the guests' is played at the host."""
    if host.dice is None or host.match is None:
        raise ValueError("the game has not started: there is nothing networked to save")
    seats = tuple(p for p in range(len(host.match.game.seats)) if p not in host.remote)
    return NetworkRecord(HOST, HOST_COMPUTER, seats, host.dice.proofs())


def guest_record(guest: RemoteMatch) -> NetworkRecord:
    """A guest's part in the host's game: its seat, and the proofs the host last sent it
    whole (at the start, after an undo or a gap, and at the game's end)."""
    computer = guest.computer()
    if guest.proofs is None or computer is None:
        raise ValueError("the game has not started: there is nothing networked to save")
    return NetworkRecord(GUEST, computer, (guest.seat,), guest.proofs)


def verdict(game: Any, network: NetworkRecord | None) -> Verdict | None:
    """Whether every roll of a saved game is the one its computers drew together: None
    for a game without a proof record (nothing to verify)."""
    if network is None:
        return None
    history = game.state.history()
    return verify(kind_of(game), game.state.setup, history, network.proofs)


__all__ = [
    "GUEST",
    "HOST",
    "NetworkRecord",
    "computer_of",
    "decode_network",
    "encode_network",
    "guest_record",
    "host_record",
    "save_key",
    "verdict",
]
