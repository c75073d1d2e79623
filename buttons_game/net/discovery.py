"""Games hosted on the local network, found by mDNS (``zeroconf``): a host announces its game
under the app's service type, a guest's Join screen lists what it hears.

What a host announces is read as untrustingly as a frame: each property checked, sizes
bounded, anything odd left out of the list (never an exception in the caller).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .messages import PROTOCOL_VERSION

SERVICE_TYPE = "_buttons-game._tcp.local."
MAX_NAME = 63  # a DNS label
LOOKUP_MS = 1500  # how long a found service's details are waited for


@dataclass(frozen=True)
class FoundGame:
    """A game a host announces: its name, the game (a kind's id), where to reach it, the
    protocol it speaks and how many seats are still open."""

    name: str
    game: str
    address: str
    port: int
    protocol: int
    open_seats: int


def _text(properties: dict[bytes, bytes | None], key: bytes, most: int) -> str | None:
    value = properties.get(key)
    if value is None or len(value) > most:
        return None
    try:
        text = value.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if text.isprintable() else None


def _number(properties: dict[bytes, bytes | None], key: bytes, most: int) -> int | None:
    text = _text(properties, key, 6)
    if text is None or not text.isdigit():
        return None
    value = int(text)
    return value if value <= most else None


def found_game(info: Any) -> FoundGame | None:
    """The game a service's details describe, or None when anything in them is odd."""
    properties = getattr(info, "properties", None) or {}
    if not isinstance(properties, dict):
        return None
    name = _text(properties, b"name", 4 * MAX_NAME)
    game = _text(properties, b"game", 32)
    protocol = _number(properties, b"protocol", 999)
    open_seats = _number(properties, b"open", 8)
    port = getattr(info, "port", None)
    addresses = info.parsed_addresses() if hasattr(info, "parsed_addresses") else []
    if None in (name, game, protocol, open_seats) or not addresses:
        return None
    if type(port) is not int or not 1 <= port <= 65535:
        return None
    assert name is not None and game is not None and protocol is not None
    assert open_seats is not None
    return FoundGame(name[:MAX_NAME], game, str(addresses[0]), port, protocol, open_seats)


def _zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    """Zeroconf on ``interfaces``, or on every interface (its default) when None."""
    return Zeroconf(interfaces=list(interfaces)) if interfaces else Zeroconf()


class Announcer:
    """A hosted game, announced on the local network until ``close``."""

    def __init__(
        self,
        name: str,
        game: str,
        port: int,
        open_seats: int,
        *,
        address: str,
        interfaces: Sequence[str] | None = None,
    ) -> None:
        """``address``: where guests reach the host; ``interfaces``: the addresses mDNS
        speaks on (all by default; a test keeps to 127.0.0.1 in its own namespace)."""
        self.zeroconf = _zeroconf(interfaces)
        self.label = "".join(ch for ch in name if ch.isprintable())[:MAX_NAME] or "Buttons Game"
        self.game, self.address, self.port = game, address, port
        self.info = self._info(open_seats)
        self.zeroconf.register_service(self.info)

    def _info(self, open_seats: int) -> ServiceInfo:
        properties = {
            "name": self.label,
            "game": self.game,
            "protocol": str(PROTOCOL_VERSION),
            "open": str(max(0, open_seats)),
        }
        return ServiceInfo(
            SERVICE_TYPE,
            f"{self.label}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(self.address)],
            port=self.port,
            properties=properties,
            server=f"buttons-game-{self.port}.local.",
        )

    def update(self, open_seats: int) -> None:
        """Tell how many seats are open now."""
        self.info = self._info(open_seats)
        self.zeroconf.update_service(self.info)

    def close(self) -> None:
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


class Browser:
    """The games announced on the local network, kept up to date on zeroconf's thread."""

    def __init__(self, *, interfaces: Sequence[str] | None = None) -> None:
        self.zeroconf = _zeroconf(interfaces)
        self._lock = threading.Lock()
        self._found: dict[str, FoundGame] = {}
        self.browser = ServiceBrowser(self.zeroconf, SERVICE_TYPE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=LOOKUP_MS)
        game = found_game(info) if info is not None else None
        with self._lock:
            if game is None:
                self._found.pop(name, None)
            else:
                self._found[name] = game

    def games(self) -> list[FoundGame]:
        """What is announced now, by name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda g: (g.name, g.address, g.port))

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()


__all__ = ["SERVICE_TYPE", "Announcer", "Browser", "FoundGame", "found_game"]
