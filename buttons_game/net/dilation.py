"""What the game does about magic-wormhole 0.24's Dilation (``net.internet`` uses it):
two of its ways would hurt play, and both are mended here through its private parts
(pinned in pyproject.toml; at worst a newer version leaves them unmended, never broken).

- Nagle's algorithm on its TCP connections (``no_delay``);
- one try at the other computer per connection generation (``Redial``).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from typing import Any

from .transport import keepalive


def no_delay() -> None:
    """Dilation's TCP connections (direct or to the relay) without Nagle's algorithm, and
    each segment acknowledged at once (Linux): Dilation acknowledges every record with a
    small write of its own, so the game's frame after it waited for the other side's delayed
    ACK, about 40 ms each way, and a relay (whose sockets we do not set) held it the same
    way: a click was shown ~87 ms after it was made on loopback, direct or through the
    relay, instead of ~10 ms. Done once, on Dilation's protocol (magic-wormhole 0.24)."""
    from wormhole._dilation.connection import DilatedConnectionProtocol as Dilated

    if getattr(Dilated, "_buttons_no_delay", False):
        return
    made = Dilated.connectionMade

    def connection_made(self: Any) -> None:
        with contextlib.suppress(Exception):  # not a TCP transport: nothing to do
            self.transport.setTcpNoDelay(True)
        made(self)

    received = Dilated.dataReceived
    quick = getattr(socket, "TCP_QUICKACK", None)

    def data_received(self: Any, data: bytes) -> None:
        if quick is not None:  # Linux: acknowledge at once (a relay's Nagle waits for it)
            with contextlib.suppress(Exception):
                self.transport.getHandle().setsockopt(socket.IPPROTO_TCP, quick, 1)
        received(self, data)

    Dilated.connectionMade = connection_made
    Dilated.dataReceived = data_received
    Dilated._buttons_no_delay = True


class Redial:
    """Dilation (magic-wormhole 0.24) tries each way to the other computer once per
    connection generation and then waits for ever: a relay that was down at that moment
    (restarted), or a network that was not back yet (a laptop waking), would leave the two
    computers apart for good. The first connection too: a relay restarting while two
    computers first dial it left them waiting until the guest gave up. Until the route
    says "direct" or "relay", and while it says "reconnecting", every ``every`` seconds this
    starts a new listener (its hints, with the addresses this computer has now, go to the
    other side, which dials them) and dials the relay again."""

    def __init__(self, dilated: Any, every: float) -> None:
        self.dilated, self.every = dilated, every
        self.since: float | None = time.monotonic()  # not connected yet
        self.tries = 0

    def seen(self, route: str | None) -> None:
        if route == "reconnecting":
            self.since = self.since or time.monotonic()
        elif route is not None:
            self.since = None

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.every / 2)
            if self.since is not None and time.monotonic() - self.since >= self.every:
                self.since = time.monotonic()
                self.redial()

    def redial(self) -> None:
        connector = getattr(getattr(self.dilated, "_manager", None), "_connector", None)
        if connector is None:
            return
        self.tries += 1
        with contextlib.suppress(Exception):  # a private API: at worst, no help
            if not connector._no_listen and not connector._tor:
                connector._start_listener(connector._get_listener_addresses())
            if connector._transit_relays:
                connector._use_hints(connector._transit_relays)


def redial_every() -> float:
    interval, timeout = keepalive()
    return max(1.0, interval + timeout)


__all__ = ["Redial", "no_delay", "redial_every"]
