"""Play over the internet by a code: magic-wormhole under the game's protocol.

The host offers one wormhole code per remote seat ("7-purple-sausages"); a guest anywhere
types it. The wormhole's mailbox server introduces the two computers and its SPAKE2 turns
the code into a key (an attacker gets one guess; a wrong code spends it on both sides);
the wormhole is then *dilated*: a durable, encrypted connection, direct between the two
computers where it can be and through a transit relay where not, that comes back by itself
after a sleep or a change of network. The game's frames travel on one Dilation subchannel,
sealed on a ``secure.Channel`` whose keys derive from the wormhole's key, so everything after
the connection passes the same checks as on the address route (numbered, authenticated,
size-capped frames; the same untrusting decoder above).

Dilation subchannels directly, not a forwarded local port as ``fowl`` does: the frames go
from the subchannel to our own framing with no extra hop and no listening port on this
computer that any local program could reach, and Dilation's own status (direct, relay,
reconnecting) is what the join screen shows. The API used is magic-wormhole 0.24's
(``create(..., dilation=True)``, ``dilate()`` → ``DilatedWormhole`` with ``listener_for`` /
``connector_for``), on Twisted's asyncio reactor on the process's one network loop.

A subchannel carries frames as a 4-byte length and the sealed bytes; a length of 0 is a
heartbeat. Only Dilation's leader pings, so each side sends its own heartbeats and takes a
subchannel silent for the keepalive's time as lost: it is closed, the owner is told
(``Disconnected``), and a guest opens a new one on the same wormhole by itself (the game's
resync does the rest, as after any drop).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import ipaddress
import os
import re
import struct
import time
import urllib.parse
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, replace
from typing import Any

from . import netloop
from .dilation import Redial, no_delay, redial_every
from .secure import GUEST, HOST, MAX_SEALED_BYTES, Channel, hkdf_sha256
from .transport import Disconnected, Refusal, _Link, _Network, keepalive

APP_ID = "buttons-game/play/v1"
"""The wormhole application id: codes of other programs on the same mailbox never meet ours."""

PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
SUBCHANNEL = "buttons-game"
KEY_PURPOSE = "buttons-game/session/v1"
CODE_WORDS = 2

MAILBOX_PATIENCE = 10.0  # seconds without the mailbox's welcome: it cannot be reached
MAILBOX_RETRY = 5.0  # seconds before a host asks a mailbox it could not reach again
HOST_PATIENCE = 60.0  # seconds a guest waits for the host to answer its code
KEYED_PATIENCE = 30.0  # seconds from the key to the first subchannel
CODE_LIFETIME = 30 * 60.0  # an unused code is replaced after this long
RECONNECT_PATIENCE = 600.0  # seconds a guest keeps opening subchannels to a silent host
RETRY_FIRST, RETRY_MOST = 0.5, 10.0  # seconds before a seat's failed wormhole is made again
HEADER = struct.Struct(">I")
SERVERS_VARIABLE = "BUTTONS_GAME_WORMHOLE"  # "MAILBOX,RELAY[,relay-only]" for tests


class ServerAddressError(ValueError):
    """A mailbox URL or relay address that cannot be right: ``code`` for the UI."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


_NAME = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$")


def _good_host(host: str) -> bool:
    """A server's name (letters, digits, dots, dashes) or an IP address."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return bool(_NAME.match(host)) and ".." not in host
    return True


def check_mailbox(text: str) -> str:
    """A mailbox server's URL (``ws://host:port/v1`` or ``wss://…``), tidied; an error
    that says what is wrong otherwise."""
    url = text.strip()
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("ws", "wss"):
        raise ServerAddressError(f"{url!r} does not start with ws:// or wss://", code="scheme")
    try:
        port = parts.port
    except ValueError:
        raise ServerAddressError(f"{url!r} has no valid port", code="port") from None
    if not _good_host(parts.hostname or ""):
        raise ServerAddressError(f"{url!r} names no server", code="host")
    if port is not None and not 1 <= port <= 65535:
        raise ServerAddressError(f"{url!r} has no valid port", code="port")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise ServerAddressError(f"{url!r} holds more than a server's address", code="host")
    return url


def check_relay(text: str) -> str:
    """A transit relay's address as Twisted names it (``tcp:host:port``; ``host:port`` is
    taken too), or "" for none (then only direct connections are tried)."""
    relay = text.strip()
    if not relay:
        return ""
    if relay.startswith("tcp:"):
        relay = relay[4:]
    host, sep, port = relay.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not _good_host(host):
        raise ServerAddressError(f"{text.strip()!r} is not host:port", code="relay")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ServerAddressError(f"{text.strip()!r} has no valid port", code="port")
    return f"tcp:[{host}]:{int(port)}" if ":" in host else f"tcp:{host}:{int(port)}"


@dataclass(frozen=True)
class Servers:
    """Where wormholes meet (the mailbox server) and where their bytes go when the two
    computers cannot reach each other (the transit relay); ``relay_only`` never tries a
    direct connection (tests and benchmarks: both sides must say it)."""

    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY
    relay_only: bool = False

    @classmethod
    def chosen(cls, mailbox: str = "", relay: str | None = None) -> Servers:
        """The servers the person chose (Settings → Network), the test's own when
        ``BUTTONS_GAME_WORMHOLE`` names them, else the public ones."""
        variable = os.environ.get(SERVERS_VARIABLE, "")
        if variable:
            parts = variable.split(",")
            only = len(parts) > 2 and parts[2].strip() == "relay-only"
            return cls(check_mailbox(parts[0]), check_relay(parts[1] if len(parts) > 1 else ""),
                       only)  # fmt: skip
        return cls(
            check_mailbox(mailbox) if mailbox.strip() else PUBLIC_MAILBOX,
            PUBLIC_RELAY if relay is None else check_relay(relay),
        )

    def where(self) -> str:
        """The mailbox's host and port, to name it in a message."""
        parts = urllib.parse.urlsplit(self.mailbox)
        return parts.netloc or self.mailbox


def session_channel(key: bytes, side: str) -> Channel:
    """The channel of one subchannel, from the wormhole's key (``derive_key``): one key each
    way, as after the join code's handshake."""
    salt = APP_ID.encode()
    to_host = hkdf_sha256(key, salt=salt, info=b"guest to host")
    to_guest = hkdf_sha256(key, salt=salt, info=b"host to guest")
    if side == HOST:
        return Channel(send_key=to_guest, receive_key=to_host)
    return Channel(send_key=to_host, receive_key=to_guest)


def _future(deferred: Any) -> asyncio.Future[Any]:
    return deferred.asFuture(asyncio.get_running_loop())  # type: ignore[no-any-return]


def _reactor() -> Any:
    return netloop.twisted_reactor()


def _route(status: Any) -> str | None:
    """ "direct", "relay" or "reconnecting" from a Dilation status (None: no peer yet)."""
    from wormhole._status import ConnectedPeer, ReconnectingPeer

    peer = getattr(status, "peer_connection", None)
    if isinstance(peer, ConnectedPeer):
        return "relay" if "relay" in peer.hint_description else "direct"
    if isinstance(peer, ReconnectingPeer):
        return "reconnecting"
    return None


# ---------------------------------------------------------------------- one subchannel


class _Stream:
    """One Dilation subchannel as ``_Network`` expects a connection: ``send``, ``close``
    and the frames received by ``async for``. Twisted calls its protocol on the network
    loop; frames go through an asyncio queue, heartbeats both ways."""

    def __init__(self) -> None:
        self.transport: Any = None
        self.frames: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.buffer = b""
        self.heard = time.monotonic()
        self.ended: str | None = None
        # True once the other side sent anything on it, False if it ended first: Dilation
        # opens a subchannel at once, even while the other computer cannot answer
        self.answered: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.beating: asyncio.Task[None] | None = None

    # Twisted's side
    def made(self, transport: Any) -> None:
        self.transport = transport
        self.heard = time.monotonic()
        self.beating = asyncio.ensure_future(self._beat())

    def data(self, data: bytes) -> None:
        if self.ended is not None:
            return
        self.heard = time.monotonic()
        if not self.answered.done():
            self.answered.set_result(True)
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buffer)
            if size > MAX_SEALED_BYTES:
                self._end("too_large")
                return
            if len(self.buffer) < HEADER.size + size:
                return
            frame = self.buffer[HEADER.size : HEADER.size + size]
            self.buffer = self.buffer[HEADER.size + size :]
            if size:
                self.frames.put_nowait(frame)

    def lost(self) -> None:
        self._end("closed")

    # the network's side
    def _end(self, reason: str) -> None:
        if self.ended is None:
            self.ended = reason
            self.frames.put_nowait(None)
        if not self.answered.done():
            self.answered.set_result(False)
        if self.beating is not None:
            self.beating.cancel()
        if self.transport is not None and reason != "closed":
            with contextlib.suppress(Exception):  # already closing
                self.transport.loseConnection()

    async def _beat(self) -> None:
        interval, timeout = keepalive()
        while self.ended is None:
            await asyncio.sleep(interval)
            if time.monotonic() - self.heard > interval + timeout:
                self._end("lost")
                return
            self._write(b"")

    def _write(self, frame: bytes) -> None:
        if self.ended is None and self.transport is not None:
            self.transport.write(HEADER.pack(len(frame)) + frame)

    async def send(self, frame: bytes) -> None:
        self._write(frame)

    async def close(self, code: int = 1000, reason: str = "closed") -> None:
        self._end(reason if reason != "closed" else "closing")

    def __aiter__(self) -> _Stream:
        return self

    async def __anext__(self) -> bytes:
        frame = await self.frames.get()
        if frame is None:
            self.frames.put_nowait(None)
            if self.ended == "too_large":
                raise Refusal("too_large")
            raise StopAsyncIteration
        return frame


def _protocol_factory(made: Any) -> Any:
    """A Twisted factory whose protocols feed a new ``_Stream`` (``made(stream)`` is called
    with it when the subchannel opens)."""
    from twisted.internet.protocol import Factory, Protocol

    class _Subchannel(Protocol):
        def __init__(self) -> None:
            self.stream = _Stream()

        def connectionMade(self) -> None:  # noqa: N802 — Twisted's name
            self.stream.made(self.transport)
            made(self.stream)

        def dataReceived(self, data: bytes) -> None:  # noqa: N802
            self.stream.data(data)

        def connectionLost(self, reason: Any = None) -> None:  # noqa: N802
            self.stream.lost()

    return Factory.forProtocol(_Subchannel)


def _create(servers: Servers, versions: dict[str, Any], on_status: Any) -> Any:
    import wormhole

    no_delay()

    return wormhole.create(
        APP_ID,
        servers.mailbox,
        _reactor(),
        versions=versions,
        dilation=True,
        stderr=io.StringIO(),  # a windowed app has no stderr; nothing is lost (status says it)
        on_status_update=on_status,
    )


def _dilate(w: Any, servers: Servers, on_status: Any) -> Any:
    interval, _ = keepalive()
    return w.dilate(
        transit_relay_location=servers.relay or None,
        no_listen=servers.relay_only,
        on_status_update=on_status,
        ping_interval=float(max(1.0, interval)),
        expected_subprotocols=[SUBCHANNEL],
    )


def _mailbox_reached(status: Any) -> bool | None:
    from wormhole._status import Connected as MailboxConnected
    from wormhole._status import Failed

    box = getattr(status, "mailbox_connection", None)
    if isinstance(box, MailboxConnected):
        return True
    if isinstance(box, Failed):
        return False
    return None


async def _close_wormhole(w: Any) -> None:
    with contextlib.suppress(BaseException):  # it is going away whatever it says
        await asyncio.wait_for(_future(w.close()), 3.0)


CLOSING_WAIT = 1.0  # seconds a closing network waits for its wormholes to say goodbye


async def _let_go(closing: list[Coroutine[Any, Any, None]]) -> None:
    """Close wormholes, waiting at most ``CLOSING_WAIT``: each tells the mailbox it is done
    (its code is released at once) when the mailbox answers in time, and goes on closing on
    the network loop otherwise, so the window that closed it never waits."""
    tasks = [asyncio.ensure_future(c) for c in closing]
    if tasks:
        await asyncio.wait(tasks, timeout=CLOSING_WAIT)


async def _welcomed(w: Any, reached: asyncio.Future[Any]) -> None:
    """Until the mailbox is reached; its error (refused, no such server) at once."""
    welcome = _future(w.get_welcome())
    done, _ = await asyncio.wait(
        {asyncio.shield(reached), welcome}, return_when=asyncio.FIRST_COMPLETED
    )
    for future in done:
        future.result()


def _no_mailbox(error: BaseException) -> bool:
    from wormhole.errors import ServerConnectionError

    return isinstance(error, ServerConnectionError)


def _wrong_code(error: BaseException) -> bool:
    from wormhole.errors import WrongPasswordError

    return isinstance(error, WrongPasswordError)


# ---------------------------------------------------------------------- the host


@dataclass(frozen=True)
class Offer:
    """One remote seat's code as the host's window shows it. ``state``: "asking" (the
    mailbox is asked for a code), "ready" (tell it), "no_mailbox" (the mailbox cannot be
    reached), "joining" (a guest typed it: the connection is being made), "direct" /
    "relay" / "reconnecting" (a guest is connected through it). ``word``: why the code
    shown replaced an earlier one ("expired", "wrong_code", "failed"), None otherwise."""

    seat: int
    code: str | None = None
    state: str = "asking"
    word: str | None = None
    number: int = 0  # the seat's how-many-th code


@dataclass
class _Hole:
    """One wormhole the host holds for a seat."""

    seat: int
    number: int
    w: Any = None
    code: str | None = None
    keyed_at: float | None = None
    opened: bool = False  # a subchannel opened on it
    route: str | None = None
    closed: bool = False
    task: asyncio.Task[None] | None = None
    streams: int = 0  # subchannels opened on it so far
    live: int = 0  # … and open now
    redialing: asyncio.Task[None] | None = None


class WormholeHost(_Network):
    """The host's wormholes: a code for each seat the owner says wants one (``want``),
    renewed on request (``renew``), after a wrong guess, and when unused for
    ``lifetime`` seconds. A guest connected through seat S's wormhole is peer
    "wormhole-S-N" (the N-th subchannel on it); ``seat_of(peer)`` is S."""

    def __init__(
        self,
        servers: Servers,
        seats: Iterable[int] = (),
        *,
        lifetime: float = CODE_LIFETIME,
        game: str = "",
    ) -> None:
        super().__init__(None)
        self.servers = servers
        self.lifetime = lifetime
        self.game = game
        self._wanted: set[int] = set(seats)  # on the network thread
        self._asked: set[int] = set(seats)  # what the owner asked for last
        self._offers: dict[int, Offer] = {}
        self._holes: list[_Hole] = []
        self._numbers: dict[int, int] = {}
        self._words: dict[int, str] = {}
        self._failures: dict[int, int] = {}  # a seat's wormholes that failed in a row
        self.mailbox_reached: bool | None = None
        self._begin()

    # ------------------------------------------------------------------ the owner's side
    def offers(self) -> dict[int, Offer]:
        """Each wanted seat's code now (a copy)."""
        return dict(self._offers)

    def want(self, seats: Iterable[int]) -> None:
        """The seats that need a code now: those with no guest connected."""
        wanted = set(seats)
        if wanted != self._asked:  # not ``_wanted``: a change on its way may not be there yet
            self._asked = wanted
            self._call(self._set_wanted, wanted)

    def renew(self, seat: int) -> None:
        """A new code for ``seat`` (the one shown is withdrawn unless a guest typed it)."""
        self._call(self._renew, seat, None)

    def seat_of(self, peer: str) -> int | None:
        if peer.startswith("wormhole-"):
            return int(peer.split("-")[1])
        return None

    def route_of(self, seat: int) -> str | None:
        """How the newest guest of ``seat`` is connected: "direct", "relay",
        "reconnecting", or None."""
        for hole in reversed(self._holes):
            if hole.seat == seat and hole.opened and not hole.closed:
                return hole.route
        return None

    def _call(self, function: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(function, *args)

    # ------------------------------------------------------------------ the network thread
    async def _serve(self, stop: asyncio.Event) -> None:
        _reactor()
        self._ready.set()
        self._tend()
        ticking = asyncio.ensure_future(self._tick(stop))
        await stop.wait()
        ticking.cancel()
        for link in list(self._links.values()):
            link.outgoing.put_nowait(None)
        await _let_go([self._shut(hole) for hole in self._holes])

    async def _tick(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await asyncio.sleep(0.5)
            self._tend()

    def _set_wanted(self, wanted: set[int]) -> None:
        self._wanted = wanted
        self._tend()

    def _tend(self) -> None:
        """One waiting code for each wanted seat; none for the others."""
        now = time.monotonic()
        for seat in sorted(self._wanted):
            if any(h.live for h in self._holes if h.seat == seat and not h.closed):
                continue  # its guest is connected (and about to take the seat)
            busy = [h for h in self._holes if h.seat == seat and not h.closed and not h.opened]
            keyed = [h for h in busy if h.keyed_at is not None]
            if any(now - (h.keyed_at or now) < KEYED_PATIENCE for h in keyed):
                continue  # a guest typed the code: its connection is being made
            if not [h for h in busy if h.keyed_at is None]:
                self._open(seat)
        for hole in list(self._holes):
            waiting = hole.keyed_at is None and not hole.closed
            if waiting and hole.seat not in self._wanted:
                self._withdraw(hole)
        for seat in list(self._offers):
            if seat not in self._wanted:
                del self._offers[seat]

    def _open(self, seat: int) -> None:
        number = self._numbers.get(seat, 0) + 1
        self._numbers[seat] = number
        hole = _Hole(seat, number)
        self._holes.append(hole)
        word = self._words.pop(seat, None)
        state = "no_mailbox" if self.mailbox_reached is False else "asking"
        self._offers[seat] = Offer(seat, None, state, word, number)
        hole.task = asyncio.ensure_future(self._offer(hole))

    def _withdraw(self, hole: _Hole) -> None:
        hole.closed = True
        asyncio.ensure_future(self._shut(hole))

    def _renew(self, seat: int, word: str | None) -> None:
        for hole in self._holes:
            if hole.seat == seat and hole.keyed_at is None and not hole.closed:
                self._withdraw(hole)
        if word is not None:
            self._words[seat] = word
        self._tend()

    def _show(self, hole: _Hole, **changes: Any) -> None:
        offer = self._offers.get(hole.seat)
        if offer is not None and offer.number == hole.number:
            self._offers[hole.seat] = replace(offer, **changes)

    async def _shut(self, hole: _Hole) -> None:
        hole.closed = True
        if hole.redialing is not None:
            hole.redialing.cancel()
        if hole.task is not None and hole.task is not asyncio.current_task():
            hole.task.cancel()
        if hole.w is not None:
            w, hole.w = hole.w, None
            await _close_wormhole(w)

    async def _offer(self, hole: _Hole) -> None:
        """One seat's wormhole: a code, the guest's key, then its subchannels."""
        loop = asyncio.get_running_loop()
        reached = loop.create_future()

        def on_status(status: Any) -> None:
            seen = _mailbox_reached(status)
            if seen is not None:
                self.mailbox_reached = seen
                if seen and not reached.done():
                    reached.set_result(True)
                if not hole.closed and hole.keyed_at is None:
                    self._show(hole, state="ready" if seen and hole.code else
                               ("no_mailbox" if not seen else "asking"))  # fmt: skip

        redial: Redial | None = None

        def on_dilation(status: Any) -> None:
            route = _route(status)
            if redial is not None:
                redial.seen(route)
            if route is not None:
                hole.route = route
                if hole.opened:
                    self._show(hole, state=route)

        try:
            hole.w = w = _create(self.servers, {"seat": hole.seat, "game": self.game}, on_status)
            w.allocate_code(CODE_WORDS)
            try:
                await asyncio.wait_for(_welcomed(w, reached), MAILBOX_PATIENCE)
            except asyncio.TimeoutError:
                self.mailbox_reached = False
                self._show(hole, state="no_mailbox")
            hole.code = await _future(w.get_code())
            self._failures.pop(hole.seat, None)
            self._show(hole, code=hole.code, state="ready")
            try:
                await asyncio.wait_for(_future(w.get_unverified_key()), self.lifetime)
            except asyncio.TimeoutError:  # nobody typed it in time: a fresh code
                await self._shut(hole)
                self._renew(hole.seat, "expired")
                return
            hole.keyed_at = time.monotonic()
            self._show(hole, state="joining")
            await _future(w.get_verifier())
            key = w.derive_key(KEY_PURPOSE, 32)
            dilated = _dilate(w, self.servers, on_dilation)
            redial = Redial(dilated, redial_every())
            hole.redialing = asyncio.ensure_future(redial.run())

            def made(stream: _Stream) -> None:
                hole.opened = True
                hole.streams += 1
                hole.live += 1
                self._show(hole, state=hole.route or "direct")
                peer = f"wormhole-{hole.seat}-{hole.number}.{hole.streams}"
                asyncio.ensure_future(self._carry(hole, peer, stream, key))
                self._tend()

            await _future(dilated.listener_for(SUBCHANNEL).listen(_protocol_factory(made)))
        except asyncio.CancelledError:
            raise
        except BaseException as error:  # noqa: BLE001 — a spent or failed code: a new one
            if hole.redialing is not None:
                hole.redialing.cancel()
            if hole.w is not None:
                w, hole.w = hole.w, None
                await _close_wormhole(w)
            word: str | None = "failed"
            if self._stopping():
                word = None
            elif _no_mailbox(error):  # asked again in a while (the seat keeps this meanwhile)
                self.mailbox_reached = False
                self._show(hole, state="no_mailbox")
                await asyncio.sleep(MAILBOX_RETRY)
                word = None
            elif _wrong_code(error):
                word = "wrong_code"
            else:  # a fault that may last: not a new try at once (the seat keeps this)
                self._show(hole, word="failed")
                failures = self._failures[hole.seat] = self._failures.get(hole.seat, 0) + 1
                await asyncio.sleep(min(RETRY_MOST, RETRY_FIRST * 2 ** (failures - 1)))
            hole.closed = True
            if not self._stopping():
                self._renew(hole.seat, word)

    def _stopping(self) -> bool:
        return self._stop is not None and self._stop.is_set()

    async def _carry(self, hole: _Hole, peer: str, stream: _Stream, key: bytes) -> None:
        link = _Link(stream, session_channel(key, HOST), asyncio.Queue(), self._limit())  # type: ignore[arg-type]
        try:
            reason = await self._pump(peer, link)
            if stream.ended not in (None, "closed", "closing"):
                reason = stream.ended or reason
            stream._end("closing")
            self._events.put(Disconnected(peer, reason))
        finally:
            hole.live -= 1
            if not self._stopping():
                self._tend()


# ---------------------------------------------------------------------- a guest


GUEST_STAGES = ("mailbox", "waiting", "securing", "direct", "relay", "reconnecting")
"""What a guest's join is doing, in order: contacting the mailbox, waiting for the host,
making the connection, then connected directly / through the relay, or reconnecting."""


class WormholeGuest(_Network):
    """A guest's end: the code typed; its one peer is "host". ``stage`` says how far it
    got (``GUEST_STAGES``); ``seat`` is the seat the host's code is for, once known. A
    subchannel that goes silent is replaced by a new one on the same wormhole
    (``Disconnected(final=False)``, then ``Connected``); a wrong code, a mailbox that
    cannot be reached and a host that never answers end it (final)."""

    PEER = "host"

    def __init__(
        self,
        servers: Servers,
        code: str,
        *,
        patience: float = HOST_PATIENCE,
        reconnect_patience: float = RECONNECT_PATIENCE,
    ) -> None:
        super().__init__(None)
        code = "-".join(code.strip().lower().split())
        if not re.match(r"^\d+-[\w-]+$", code):
            raise ValueError("a wormhole code is a number and words, such as 7-purple-sausages")
        self.servers = servers
        self.code = code
        self.patience = patience
        self.reconnect_patience = reconnect_patience
        self.stage = "mailbox"
        self.seat: int | None = None
        self.game: str | None = None
        self._w: Any = None
        self._redialing: asyncio.Task[None] | None = None
        self._begin()

    @property
    def offered_seat(self) -> int | None:
        return self.seat

    async def _serve(self, stop: asyncio.Event) -> None:
        _reactor()
        self._ready.set()
        work = asyncio.ensure_future(self._join())
        stopping = asyncio.ensure_future(stop.wait())
        await asyncio.wait({work, stopping}, return_when=asyncio.FIRST_COMPLETED)
        for task in (work, stopping, self._redialing):
            if task is not None:
                task.cancel()
        for link in list(self._links.values()):
            link.outgoing.put_nowait(None)
            # said goodbye on the subchannel first: the host sees this guest leave, not
            # lose its connection (a finished game's host waits for a guest cut off)
            await link.connection.close()
        if self._w is not None:
            w, self._w = self._w, None
            await _let_go([_close_wormhole(w)])

    def _final(self, reason: str) -> None:
        self._events.put(Disconnected(self.PEER, reason, final=True))

    async def _join(self) -> None:
        loop = asyncio.get_running_loop()
        reached = loop.create_future()
        route: dict[str, str | None] = {"now": None}
        changed = asyncio.Event()

        def on_status(status: Any) -> None:
            if _mailbox_reached(status) and not reached.done():
                reached.set_result(True)

        redial: Redial | None = None

        def on_dilation(status: Any) -> None:
            now = _route(status)
            if redial is not None:
                redial.seen(now)
            if now is not None:
                route["now"] = now
                if self.stage in ("direct", "relay", "reconnecting"):
                    self.stage = now
                changed.set()

        try:
            self._w = w = _create(self.servers, {}, on_status)
            w.set_code(self.code)
            try:
                await asyncio.wait_for(_welcomed(w, reached), MAILBOX_PATIENCE)
            except asyncio.TimeoutError:
                self._final("no_mailbox")
                return
            self.stage = "waiting"
            try:
                await asyncio.wait_for(_future(w.get_unverified_key()), self.patience)
            except asyncio.TimeoutError:
                self._final("no_host")
                return
            self.stage = "securing"
            await _future(w.get_verifier())
            versions = await _future(w.get_versions())
            if isinstance(versions, dict):
                seat, game = versions.get("seat"), versions.get("game")
                self.seat = seat if isinstance(seat, int) and 0 <= seat < 16 else None
                self.game = game if isinstance(game, str) else None
            key = w.derive_key(KEY_PURPOSE, 32)
            dilated = _dilate(w, self.servers, on_dilation)
            redial = Redial(dilated, redial_every())
            self._redialing = asyncio.ensure_future(redial.run())
            connector = dilated.connector_for(SUBCHANNEL)
            given_up_at = time.monotonic() + KEYED_PATIENCE
            delay = 0.1
            while True:
                streams: list[_Stream] = []
                try:
                    await asyncio.wait_for(
                        _future(connector.connect(_protocol_factory(streams.append))),
                        max(0.1, given_up_at - time.monotonic()),
                    )
                except asyncio.TimeoutError:
                    self._final("lost")
                    return
                stream = streams[0]
                if not await stream.answered:  # the host could not answer (yet): again
                    stream._end("closing")
                    if time.monotonic() > given_up_at:
                        self._final("lost")
                        return
                    await asyncio.sleep(delay)
                    delay = min(2.0, delay * 2)
                    continue
                delay = 0.1
                self.stage = route["now"] if route["now"] in ("direct", "relay") else "direct"
                link = _Link(stream, session_channel(key, GUEST), asyncio.Queue(), self._limit())  # type: ignore[arg-type]
                reason = await self._pump(self.PEER, link)
                if stream.ended not in (None, "closed", "closing"):
                    reason = stream.ended or reason
                stream._end("closing")
                if reason == "too_large":
                    self._final(reason)
                    return
                self.stage = "reconnecting"
                self._events.put(Disconnected(self.PEER, reason, final=False))
                given_up_at = time.monotonic() + self.reconnect_patience
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
        except asyncio.CancelledError:
            raise
        except BaseException as error:  # noqa: BLE001 — said to the owner, never raised
            if _no_mailbox(error):
                self._final("no_mailbox")
            else:
                self._final("wrong_code" if _wrong_code(error) else "failed")


__all__ = [
    "APP_ID",
    "GUEST_STAGES",
    "PUBLIC_MAILBOX",
    "PUBLIC_RELAY",
    "Offer",
    "ServerAddressError",
    "Servers",
    "WormholeGuest",
    "WormholeHost",
    "check_mailbox",
    "check_relay",
    "session_channel",
]
