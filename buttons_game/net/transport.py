"""The network under a networked game: frames over WebSocket connections, each sealed on the
channel of the join code's handshake (``secure``).

The process's one network thread runs one asyncio event loop (``netloop``) with every
network on it; the owner (a window's loop, or the headless
driver) never waits on it: ``poll()`` hands over what happened (``Connected``, ``Received``
frames, ``Disconnected``) and ``send`` is safe from any thread. A connection's first binary
message each way is the SPAKE2 handshake, asked of the ``TryLimiter`` first; the second is a
sealed word that proves the same code; every frame after it is sealed. A frame that does not
open, is too large, is text, or comes faster than the rate allows drops that connection,
never the loop. A guest that loses the host tries again with back-off by itself.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, Union

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from . import netloop
from .secure import GUEST, HOST, MAX_SEALED_BYTES, Channel, Handshake, SecureError, TryLimiter

CONFIRM = b"buttons-game/channel-ok"
"""The first sealed message each way: it opens only on the same join code."""

MAX_MESSAGE_BYTES = MAX_SEALED_BYTES
HANDSHAKE_SECONDS = 5.0
PING_INTERVAL = 2.0  # a dead connection is noticed within PING_INTERVAL + PING_TIMEOUT
PING_TIMEOUT = 3.0
KEEPALIVE_VARIABLE = "BUTTONS_GAME_KEEPALIVE"  # "INTERVAL,TIMEOUT" seconds (tests: faster)


def keepalive() -> tuple[float, float]:
    """The keepalive's ping interval and timeout: PING_INTERVAL and PING_TIMEOUT, or the
    two numbers of ``BUTTONS_GAME_KEEPALIVE`` (0.1 to 60 s each; anything else is ignored),
    so that tests and benchmarks notice a stopped peer in a second rather than five."""
    text = os.environ.get(KEEPALIVE_VARIABLE, "")
    try:
        interval, timeout = (float(part) for part in text.split(","))
    except ValueError:
        return PING_INTERVAL, PING_TIMEOUT
    if 0.1 <= interval <= 60 and 0.1 <= timeout <= 60:
        return interval, timeout
    return PING_INTERVAL, PING_TIMEOUT


RATE = 200.0  # frames a second one connection may send, on average
BURST = 400.0  # … and at once

# Close codes and reasons (RFC 6455: 1008 = policy violation; 4000 + our own).
POLICY = 1008
TOO_BIG = 1009  # websockets closes with it a message over ``max_size``
REASONS = (
    "too_many_tries",  # the TryLimiter refused this address: wait before trying again
    "bad_handshake",
    "wrong_code",
    "forged",
    "too_large",
    "too_fast",
    "not_binary",
    "protocol",  # too many frames the protocol could not read
    "closed",  # the other side closed (or the host ended the game)
    "lost",  # the connection dropped
)
"""Every ``Disconnected.reason``."""


@dataclass(frozen=True)
class Connected:
    peer: str


@dataclass(frozen=True)
class Received:
    peer: str
    frame: bytes


@dataclass(frozen=True)
class Disconnected:
    peer: str
    reason: str
    final: bool = True  # a guest: False while it tries again by itself


NetEvent = Union[Connected, Received, Disconnected]


class Refusal(Exception):
    """Why a connection is closed by this side: one of REASONS."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RateLimit:
    """A token bucket: ``rate`` frames a second on average, ``burst`` at once."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens, self._when = burst, clock()

    def allow(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._when) * self.rate)
        self._when = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


@dataclass
class _Link:
    """One open connection after its handshake: its channel, what waits to go, its counts."""

    connection: ServerConnection | ClientConnection
    channel: Channel
    outgoing: asyncio.Queue[bytes | None]
    limit: RateLimit


class _Network:
    """The network thread, its event loop and the events for the owner."""

    def __init__(self, code: str | None, *, rate: float = RATE, burst: float = BURST) -> None:
        if code is not None:
            Handshake(code, HOST)  # a code with no letter or digit is refused here, at once
        self.code = code or ""
        self.rate, self.burst = rate, burst
        self._events: queue.SimpleQueue[NetEvent] = queue.SimpleQueue()
        self._links: dict[str, _Link] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._future: concurrent.futures.Future[None] | None = None
        self.bytes_sent = 0
        self.bytes_received = 0

    # ------------------------------------------------------------------ the owner's side
    def _begin(self) -> None:
        self._future = netloop.submit(self._run())
        self._ready.wait()
        if self._failure is not None:
            self._wait()
            raise self._failure

    def poll(self, timeout: float = 0.0) -> list[NetEvent]:
        """Everything that happened since the last call (waiting up to ``timeout`` seconds
        for the first, when nothing has yet)."""
        events: list[NetEvent] = []
        try:
            events.append(
                self._events.get(timeout=timeout) if timeout else self._events.get_nowait()
            )
            while True:
                events.append(self._events.get_nowait())
        except queue.Empty:
            pass
        return events

    def send(self, peer: str | None, frame: bytes) -> None:
        """Send ``frame`` to ``peer`` (None: every connected peer), from any thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._queue, peer, bytes(frame))

    def drop(self, peer: str, reason: str = "protocol") -> None:
        """Close ``peer``'s connection (from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._drop, peer, reason)

    def close(self) -> None:
        """Stop: every connection closed, the thread ended."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self._wait()

    def _wait(self, seconds: float = 10.0) -> None:
        if self._future is not None and not netloop.on_network_thread():
            concurrent.futures.wait([self._future], timeout=seconds)

    @property
    def alive(self) -> bool:
        return self._future is not None and not self._future.done()

    @property
    def peers(self) -> tuple[str, ...]:
        return tuple(self._links)

    # ------------------------------------------------------------------ the network thread
    async def _run(self) -> None:
        try:
            await self._main()
        except BaseException as error:  # reported to the owner when it starts
            if not self._ready.is_set():
                self._failure = error
        finally:
            for link in list(self._links.values()):
                link.outgoing.put_nowait(None)
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        await self._serve(self._stop)

    async def _serve(self, stop: asyncio.Event) -> None:
        raise NotImplementedError

    def _queue(self, peer: str | None, frame: bytes) -> None:
        for name in self._links if peer is None else (peer,):
            link = self._links.get(name)
            if link is not None:
                link.outgoing.put_nowait(frame)

    def _drop(self, peer: str, reason: str) -> None:
        link = self._links.get(peer)
        if link is not None:
            link.outgoing.put_nowait(None)
            asyncio.ensure_future(link.connection.close(POLICY, reason))

    def _options(self) -> dict[str, Any]:
        return {
            "max_size": MAX_MESSAGE_BYTES,
            "ping_interval": keepalive()[0],
            "ping_timeout": keepalive()[1],
            "close_timeout": 2.0,
            "open_timeout": HANDSHAKE_SECONDS,
            "compression": None,  # sealed frames do not compress; no zip bombs either
        }

    async def _secure(
        self,
        connection: ServerConnection | ClientConnection,
        side: str,
        guessed: list[bool] | None = None,
    ) -> Channel:
        """The join code's exchange on a fresh connection: the channel, or a Refusal.

        The guest proves it knows the code first; the host answers with its own proof only
        after checking the guest's. So a connection cut before the host has checked a proof
        tested no guess (the host's first message alone tells nothing of the code), and the
        host gives that try back (``guessed`` stays empty): a guest on a network that drops
        connections is never locked out."""
        handshake = Handshake(self.code, side)
        await connection.send(handshake.start())
        theirs = await self._first(connection)
        try:
            channel = handshake.finish(theirs)
        except SecureError as error:
            raise Refusal(error.code) from None
        if side == GUEST:
            await connection.send(channel.seal(CONFIRM))
        try:
            confirmed = channel.open(await self._first(connection))
        except SecureError as error:
            if guessed is not None:
                guessed.append(True)
            raise Refusal(error.code) from None
        if guessed is not None:
            guessed.append(True)
        if confirmed != CONFIRM:
            raise Refusal("bad_handshake")
        if side == HOST:
            await connection.send(channel.seal(CONFIRM))
        return channel

    @staticmethod
    async def _first(connection: ServerConnection | ClientConnection) -> bytes:
        message = await asyncio.wait_for(connection.recv(), HANDSHAKE_SECONDS)
        if not isinstance(message, bytes):
            raise Refusal("not_binary")
        return message

    async def _pump(self, peer: str, link: _Link) -> str:
        """Carry ``peer``'s frames both ways until the connection ends: why it ended."""
        self._links[peer] = link
        self._events.put(Connected(peer))
        writer = asyncio.ensure_future(self._write(link))
        try:
            async for message in link.connection:
                if not isinstance(message, bytes):
                    raise Refusal("not_binary")
                if not link.limit.allow():
                    raise Refusal("too_fast")
                self.bytes_received += len(message)
                try:
                    frame = link.channel.open(message)
                except SecureError as error:
                    raise Refusal(error.code) from None
                self._events.put(Received(peer, frame))
            return "closed"
        except Refusal as refusal:
            await link.connection.close(POLICY, refusal.reason)
            return refusal.reason
        except ConnectionClosed as closed:
            return _why(closed)
        finally:
            writer.cancel()
            self._links.pop(peer, None)

    async def _write(self, link: _Link) -> None:
        try:
            while (frame := await link.outgoing.get()) is not None:
                sealed = link.channel.seal(frame)
                self.bytes_sent += len(sealed)
                await link.connection.send(sealed)
        except ConnectionClosed:
            pass

    def _link(self, connection: ServerConnection | ClientConnection, channel: Channel) -> _Link:
        return _Link(connection, channel, asyncio.Queue(), self._limit())

    def _limit(self) -> RateLimit:
        return RateLimit(self.rate, self.burst)


def _why(closed: ConnectionClosed) -> str:
    sent, received = closed.sent, closed.rcvd
    if sent is not None and sent.code == TOO_BIG:
        return "too_large"
    if received is not None and received.reason in REASONS:
        return received.reason
    return "closed" if received is not None else "lost"


class HostServer(_Network):
    """The host's end: accepts guests on ``address``:``port`` (0: a free port, then
    ``self.port``). Each peer is named "peer-N" in the order they connected."""

    def __init__(
        self,
        address: str,
        port: int,
        code: str,
        limiter: TryLimiter | None = None,
        *,
        rate: float = RATE,
        burst: float = BURST,
    ) -> None:
        super().__init__(code, rate=rate, burst=burst)
        self.address = address
        self.port = port
        self.limiter = limiter if limiter is not None else TryLimiter()
        # every handshake costs the host CPU, a guess or not: a looser bound of its own
        self.handshakes = TryLimiter(tries=HANDSHAKES, every=HANDSHAKE_EVERY)
        self._numbered = 0
        self._server: Server | None = None
        self._begin()

    async def _serve(self, stop: asyncio.Event) -> None:
        async with serve(self._accept, self.address, self.port, **self._options()) as server:
            self._server = server
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await stop.wait()
            for link in list(self._links.values()):
                link.outgoing.put_nowait(None)
            server.close(close_connections=True)
            await server.wait_closed()

    async def _accept(self, connection: ServerConnection) -> None:
        address = str(connection.remote_address[0])
        if not self.handshakes.allow(address) or not self.limiter.allow(address):
            await connection.close(POLICY, "too_many_tries")
            return
        guessed: list[bool] = []
        try:
            channel = await self._secure(connection, HOST, guessed)
        except Refusal as refusal:
            if not guessed:
                self.limiter.refund(address)  # refused before any proof was checked
            await connection.close(POLICY, refusal.reason)
            return
        except (ConnectionClosed, asyncio.TimeoutError):
            if not guessed:
                self.limiter.refund(address)  # cut before its proof: no guess was tested
            return
        self.limiter.refund(address)  # it knew the code: not a guess
        self._numbered += 1
        peer = f"peer-{self._numbered}"
        reason = await self._pump(peer, self._link(connection, channel))
        self._events.put(Disconnected(peer, reason))


def backoff(first: float = 0.1, most: float = 2.0) -> Iterator[float]:
    """Seconds to wait before each new try: doubling from ``first`` up to ``most``."""
    delay = first
    while True:
        yield delay
        delay = min(most, delay * 2)


HANDSHAKES = 30  # handshakes an address may start at once (a guest reconnecting often)
HANDSHAKE_EVERY = 0.5  # seconds for one more (about 44 ms of the host's CPU a second at most)

FINAL_REASONS = frozenset({"wrong_code", "too_many_tries", "bad_handshake"})
"""A guest does not try again after these: the same code would be refused again."""


class GuestClient(_Network):
    """A guest's end: connects to the host at ``address``:``port``; its one peer is "host".
    When the connection drops it tries again by itself (with back-off, for ``patience``
    seconds), telling ``Disconnected(final=False)`` and then ``Connected`` again."""

    PEER = "host"

    def __init__(
        self,
        address: str,
        port: int,
        code: str,
        *,
        patience: float = 60.0,
        delays: Callable[[], Iterator[float]] = backoff,
        rate: float = RATE,
        burst: float = BURST,
    ) -> None:
        super().__init__(code, rate=rate, burst=burst)
        self.address = address
        self.port = port
        self.patience = patience
        self._delays = delays
        self._reached = False
        self._begin()

    @property
    def uri(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}/"  # the code never goes in the address

    async def _serve(self, stop: asyncio.Event) -> None:
        self._ready.set()
        stopping = asyncio.ensure_future(stop.wait())
        delays = self._delays()
        given_up_at = time.monotonic() + self.patience
        while not stop.is_set():
            self._reached = False
            reason = await self._race(self._session(), stopping)
            if reason is None or stop.is_set():
                break
            if self._reached:  # it was connected: the patience and the back-off start anew
                delays, given_up_at = self._delays(), time.monotonic() + self.patience
            if reason in FINAL_REASONS or time.monotonic() > given_up_at:
                self._events.put(Disconnected(self.PEER, reason, final=True))
                break
            self._events.put(Disconnected(self.PEER, reason, final=False))
            await self._race(asyncio.sleep(next(delays)), stopping)
        stopping.cancel()
        for link in list(self._links.values()):
            link.outgoing.put_nowait(None)
            await link.connection.close()

    @staticmethod
    async def _race(work: Awaitable[Any], stopping: asyncio.Future[Any]) -> Any:
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            return task.result()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        return None

    async def _session(self) -> str:
        """One connection from its start to its end: why it ended."""
        try:
            async with connect(self.uri, proxy=None, **self._options()) as connection:
                try:
                    channel = await self._secure(connection, GUEST)
                except Refusal as refusal:
                    await connection.close(POLICY, refusal.reason)
                    return refusal.reason
                self._reached = True
                return await self._pump(self.PEER, self._link(connection, channel))
        except ConnectionClosed as closed:
            return _why(closed)
        except (OSError, InvalidHandshake, asyncio.TimeoutError):
            return "lost"


__all__ = [
    "REASONS",
    "Connected",
    "Disconnected",
    "GuestClient",
    "HostServer",
    "NetEvent",
    "RateLimit",
    "Received",
    "backoff",
]
