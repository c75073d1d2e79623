"""What a computer keeps privately of a networked game, to take it up again after its window
closed or crashed (Continue): a host its join code, its port, the secret of its dice chain
and each guest's seat, name and credential; a guest the host's address, port and code, its
seat, name and credential and the secret of each of its chains.

None of it is in the save: a save is a file people share, and these let whoever holds
them play a seat or host the game. They live in a file of their own beside this computer's
saves (``ui`` writes it), one per game and computer. Decoding trusts nothing, as the save
file's does: exact fields, types and sizes; a problem is a ValueError naming it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from buttons_game.core.seats import LEVELS
from buttons_game.names import name_problem

from .chain import SIZE, HashChain
from .epoch import MAX_COMPUTERS, id_problem
from .guest import RemoteMatch
from .host import GameHost, Guest

FORMAT_NAME = "buttons-game-network-keep"
VERSION = 1
HOST_ROLE, GUEST_ROLE = "host", "guest"
MAX_TEXT = 200
MAX_EPOCHS = 1000


@dataclass(frozen=True)
class KeptGuest:
    """One guest as its host keeps it: its id in the dice, seat, name and credential, and
    the level of the bot playing its seat while it is gone (None: it is not)."""

    computer: str
    seat: int
    name: str
    credential: str
    gone_level: str | None = None

    def guest(self) -> Guest:
        return Guest(
            "",
            self.computer,
            self.seat,
            self.name,
            self.credential,
            connected=False,
            gone=self.gone_level is not None,
            level=self.gone_level,
        )


@dataclass(frozen=True)
class HostKeep:
    """What a host keeps: how guests reach it, its chain's secret, its guests."""

    code: str
    port: int
    secret: bytes
    guests: tuple[KeptGuest, ...]
    numbered: int

    def resume(self, game: Any, proofs: Any, *, worker: bool = False) -> GameHost:
        """The hosted game taken up again (``GameHost.resume``)."""
        return GameHost.resume(
            game,
            proofs,
            self.secret,
            (g.guest() for g in self.guests),
            numbered=self.numbered,
            worker=worker,
        )


@dataclass(frozen=True)
class GuestKeep:
    """What a guest keeps: how it reaches its host, its seat, name and credential, and its
    chain's secret for each epoch of the dice it took part in."""

    address: str
    port: int
    code: str
    seat: int
    name: str
    credential: str
    chains: tuple[tuple[int, bytes], ...]
    wormhole: bool = False  # it came by a wormhole code: a new code rejoins (no address)

    def remote(self, kind: Any) -> RemoteMatch:
        """The guest's side, with its chains and credential (no game until the host's)."""
        chains = dict(self.chains)
        first = HashChain(chains[min(chains)]) if chains else None
        remote = RemoteMatch(kind, self.seat, self.name, chain=first)
        remote.chains = {epoch: HashChain(secret) for epoch, secret in chains.items()}
        remote.chain = remote.chains[max(remote.chains)] if chains else remote.chain
        remote.credential = self.credential
        return remote


def host_keep(host: GameHost, code: str, port: int) -> HostKeep:
    guests = tuple(
        KeptGuest(g.computer, g.seat, g.name, g.credential, g.level if g.gone else None)
        for g in sorted(host.guests.values(), key=lambda g: g.computer)
        if g.seat is not None and g.name is not None and g.credential is not None
    )
    return HostKeep(code, port, host.chain.secret, guests, host.numbered)


def guest_keep(
    remote: RemoteMatch, address: str, port: int, code: str, *, wormhole: bool = False
) -> GuestKeep:
    if remote.credential is None:
        raise ValueError("the guest has no seat yet: there is nothing to keep")
    chains = tuple(sorted((epoch, chain.secret) for epoch, chain in remote.chains.items()))
    return GuestKeep(
        address, port, code, remote.seat, remote.name, remote.credential, chains, wormhole
    )


# ------------------------------------------------------------------ the file's JSON


def encode_keep(keep: HostKeep | GuestKeep) -> dict[str, Any]:
    if isinstance(keep, HostKeep):
        return {
            "format": FORMAT_NAME,
            "version": VERSION,
            "role": HOST_ROLE,
            "code": keep.code,
            "port": keep.port,
            "secret": keep.secret.hex(),
            "numbered": keep.numbered,
            "guests": [
                {
                    "computer": g.computer,
                    "seat": g.seat,
                    "name": g.name,
                    "credential": g.credential,
                    "gone_level": g.gone_level,
                }
                for g in keep.guests
            ],
        }
    route = {"wormhole": True} if keep.wormhole else {}
    return {
        **route,
        "format": FORMAT_NAME,
        "version": VERSION,
        "role": GUEST_ROLE,
        "address": keep.address,
        "port": keep.port,
        "code": keep.code,
        "seat": keep.seat,
        "name": keep.name,
        "credential": keep.credential,
        "chains": [[epoch, secret.hex()] for epoch, secret in keep.chains],
    }


_HOST_FIELDS = ("format", "version", "role", "code", "port", "secret", "numbered", "guests")
_GUEST_FIELDS = (
    "format",
    "version",
    "role",
    "address",
    "port",
    "code",
    "seat",
    "name",
    "credential",
    "chains",
)
_KEPT_GUEST_FIELDS = ("computer", "seat", "name", "credential", "gone_level")


def decode_keep(data: object) -> HostKeep | GuestKeep:
    """A kept file's content; ValueError naming the first thing wrong."""
    if not isinstance(data, dict):
        raise ValueError("the kept network state must be an object")
    if data.get("format") != FORMAT_NAME or data.get("version") != VERSION:
        raise ValueError("this is not a kept network state of this version")
    role = data.get("role")
    if role == HOST_ROLE:
        _fields(data, _HOST_FIELDS, "the host's state")
        guests = _list(data["guests"], "the guests", MAX_COMPUTERS)
        return HostKeep(
            _text(data["code"], "the code"),
            _int(data["port"], "the port", 1, 65535),
            _secret(data["secret"], "the secret"),
            tuple(_kept_guest(g, i) for i, g in enumerate(guests)),
            _int(data["numbered"], "the guests named", 0, 10**9),
        )
    if role == GUEST_ROLE:
        wormhole = data.get("wormhole", False) is True
        _fields(data, (*_GUEST_FIELDS, "wormhole") if wormhole else _GUEST_FIELDS,
                "the guest's state")  # fmt: skip
        chains = []
        for i, item in enumerate(_list(data["chains"], "the chains", MAX_EPOCHS)):
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError(f"chain {i} must be [epoch, secret]")
            epoch = _int(item[0], f"chain {i}'s epoch", 0, MAX_EPOCHS)
            chains.append((epoch, _secret(item[1], f"chain {i}")))
        if not chains:
            raise ValueError("a guest keeps at least one chain")
        return GuestKeep(
            "" if wormhole and data["address"] == "" else _text(data["address"], "the address"),
            _int(data["port"], "the port", 0 if wormhole else 1, 65535),
            _text(data["code"], "the code"),
            _int(data["seat"], "the seat", 0, 7),
            _name(data["name"], "the name"),
            _text(data["credential"], "the credential"),
            tuple(chains),
            wormhole,
        )
    raise ValueError("the kept network state's role must be host or guest")


def _fields(data: dict[str, Any], wanted: Iterable[str], what: str) -> None:
    if set(data) != set(wanted):
        raise ValueError(f"{what}'s fields are wrong")


def _list(value: object, what: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"{what} must be a list of at most {most}")
    return value


def _int(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT or not value.isprintable():
        raise ValueError(f"{what} must be a short line of text")
    return value


def _name(value: object, what: str) -> str:
    problem = name_problem(value, 32)
    if problem:
        raise ValueError(f"{what} {problem}")
    assert isinstance(value, str)
    return value


def _secret(value: object, what: str) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * SIZE:
        raise ValueError(f"{what} must be {SIZE} bytes in hex")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise ValueError(f"{what} must be {SIZE} bytes in hex") from None


def _kept_guest(value: object, index: int) -> KeptGuest:
    if not isinstance(value, dict):
        raise ValueError(f"guest {index} must be an object")
    _fields(value, _KEPT_GUEST_FIELDS, f"guest {index}")
    problem = id_problem(value["computer"], f"guest {index}'s computer")
    if problem:
        raise ValueError(problem)
    level = value["gone_level"]
    if level is not None and level not in LEVELS:
        raise ValueError(f"guest {index}'s bot level is unknown")
    return KeptGuest(
        value["computer"],
        _int(value["seat"], f"guest {index}'s seat", 0, 7),
        _name(value["name"], f"guest {index}'s name"),
        _text(value["credential"], f"guest {index}'s credential"),
        level,
    )


__all__ = [
    "GuestKeep",
    "HostKeep",
    "KeptGuest",
    "decode_keep",
    "encode_keep",
    "guest_keep",
    "host_keep",
]
