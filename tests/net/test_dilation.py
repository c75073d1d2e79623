"""What the game mends in magic-wormhole's Dilation (``net.dilation``), against stand-ins
for its private parts and its real connection protocol: no server, no network."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

from buttons_game.net.dilation import Redial, no_delay


class _Connector:
    """Dilation's connector as Redial reaches it: what it was asked to do."""

    def __init__(self, no_listen: bool, relays: list[str]) -> None:
        self._no_listen, self._tor, self._transit_relays = no_listen, None, relays
        self.did: list[Any] = []

    def _get_listener_addresses(self) -> list[str]:
        return ["10.0.0.3"]

    def _start_listener(self, addresses: list[str]) -> None:
        self.did.append(("listen", addresses))

    def _use_hints(self, hints: list[str]) -> None:
        self.did.append(("dial", hints))


class _Dilated:
    def __init__(self, connector: _Connector) -> None:
        self._manager = type("Manager", (), {"_connector": connector})()


def test_while_reconnecting_the_other_computer_is_tried_again_and_again() -> None:
    connector = _Connector(no_listen=False, relays=["relay hint"])
    redial = Redial(_Dilated(connector), every=0.04)

    async def work() -> list[int]:
        running = asyncio.ensure_future(redial.run())
        redial.seen("direct")
        counts = []
        await asyncio.sleep(0.1)
        counts.append(redial.tries)  # connected: nothing to do
        redial.seen("reconnecting")
        await asyncio.sleep(0.15)
        counts.append(redial.tries)
        redial.seen("relay")  # back: no more tries
        await asyncio.sleep(0.1)
        counts.append(redial.tries)
        running.cancel()
        return counts

    before, reconnecting, after = asyncio.run(work())
    assert before == 0 and 1 <= reconnecting <= 5 and after == reconnecting
    assert connector.did[:2] == [("listen", ["10.0.0.3"]), ("dial", ["relay hint"])]


def test_a_first_connection_that_does_not_come_is_tried_again() -> None:
    """A relay restarting while both computers first dialled it: Dilation never tried
    again, and the guest gave up after 30 s. Until a first route is seen, the other
    computer is tried again too, and no more once connected."""
    connector = _Connector(no_listen=False, relays=["relay hint"])
    redial = Redial(_Dilated(connector), every=0.04)

    async def work() -> list[int]:
        running = asyncio.ensure_future(redial.run())
        counts = []
        await asyncio.sleep(0.15)
        counts.append(redial.tries)  # no route yet: tried again
        redial.seen("relay")
        counts.append(redial.tries)
        await asyncio.sleep(0.1)
        counts.append(redial.tries)
        running.cancel()
        return counts

    waiting, connected, later = asyncio.run(work())
    assert 1 <= waiting <= 5 and later == connected == waiting
    assert connector.did[:2] == [("listen", ["10.0.0.3"]), ("dial", ["relay hint"])]


def test_a_side_that_never_listens_only_dials_the_relay_again() -> None:
    connector = _Connector(no_listen=True, relays=["relay hint"])
    Redial(_Dilated(connector), every=1).redial()
    assert connector.did == [("dial", ["relay hint"])]
    nothing = Redial(_Dilated(_Connector(False, [])), every=1)
    nothing.dilated._manager._connector = None  # between generations: no connector
    nothing.redial()
    assert nothing.tries == 0


def test_dilation_s_connections_send_at_once_and_acknowledge_at_once() -> None:
    from wormhole._dilation.connection import DilatedConnectionProtocol

    no_delay()
    no_delay()  # once is enough; twice changes nothing

    class Handle:
        def __init__(self) -> None:
            self.options: list[tuple[int, int, int]] = []

        def setsockopt(self, level: int, option: int, value: int) -> None:
            self.options.append((level, option, value))

    class Transport:
        def __init__(self) -> None:
            self.no_delay = False
            self.handle = Handle()

        def setTcpNoDelay(self, on: bool) -> None:  # noqa: N802 — Twisted's name
            self.no_delay = on

        def getHandle(self) -> Handle:  # noqa: N802
            return self.handle

    protocol: Any = DilatedConnectionProtocol.__new__(DilatedConnectionProtocol)
    protocol.transport = Transport()
    with contextlib.suppress(Exception):  # the real protocol wants more than a stand-in
        protocol.connectionMade()
    assert protocol.transport.no_delay
    with contextlib.suppress(Exception):
        protocol.dataReceived(b"")
    quick = getattr(socket, "TCP_QUICKACK", None)
    if quick is not None:
        assert (socket.IPPROTO_TCP, quick, 1) in protocol.transport.handle.options
