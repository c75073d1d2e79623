"""The one loop between a transport and a game's side, with no pygame: each ``poll`` hands
the network's events to a ``GameHost`` (``HostLink``) or a guest's ``RemoteMatch``
(``GuestLink``), decodes every frame with the game's kind, and sends what they answer.

A host's window polls its link every frame (the lobby's, then the table's), the headless
``run_host``/``run_guest`` every tick: the same code moves the same frames. A frame that
does not decode is answered with ``Error`` and, after a few, its peer is dropped.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from buttons_game.core.kind import AnyKind, find_kind

from .chain import HashChain
from .guest import RemoteMatch
from .host import GameHost, Outbox
from .messages import (
    PROTOCOL_VERSION,
    Error,
    Hello,
    Joined,
    JoinRefused,
    Lobby,
    Message,
)
from .protocol import ProtocolError, decode, encode
from .transport import Connected, Disconnected, NetEvent, Received

MAX_PROTOCOL_ERRORS = 3  # unreadable frames a peer may send before it is dropped


class Transport(Protocol):
    """What a link needs of ``HostServer`` or ``GuestClient``."""

    def poll(self, timeout: float = 0.0) -> list[NetEvent]: ...
    def send(self, peer: str | None, frame: bytes) -> None: ...
    def drop(self, peer: str, reason: str = "protocol") -> None: ...
    def close(self) -> None: ...


WAIT_FOR_GONE = 60.0  # seconds the table waits for a gone guest before a bot may take over


class HostLink:
    """A ``GameHost`` behind its server: guests' frames in, the host's answers out."""

    def __init__(
        self,
        host: GameHost,
        server: Transport,
        *,
        app_version: str = "0",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.host, self.server, self.app_version = host, server, app_version
        self.kind = host.kind
        self.errors: Counter[str] = Counter()
        self.closed = False
        self.clock = clock
        self.gone_since: dict[int, float] = {}  # a dropped guest's seat, since when

    def send(self, outbox: Iterable[tuple[str | None, Message]]) -> None:
        for peer, message in outbox:
            self.server.send(peer, encode(message, self.kind))

    def poll(self, timeout: float = 0.0) -> bool:
        """Everything the network brought since the last poll, answered; what the host's
        match applied since, sent to every guest. True when anything happened."""
        if self.closed:
            return False
        events = self.server.poll(timeout)
        host = self.host
        for event in events:
            if isinstance(event, Connected):
                seat_of = getattr(self.server, "seat_of", None)
                host.connect(event.peer, None if seat_of is None else seat_of(event.peer))
                hello = Hello(PROTOCOL_VERSION, self.app_version, self.kind.id)
                # the lobby too: a guest sees the open seats before it asks for one
                self.send([(event.peer, hello), (event.peer, host.lobby())])
            elif isinstance(event, Disconnected):
                guest = host.guests.get(event.peer)
                if guest is not None and guest.seat is not None and host.started:
                    self.gone_since.setdefault(guest.seat, self.clock())
                host.disconnect(event.peer)
            elif isinstance(event, Received):
                self._received(event.peer, event.frame)
        outbox = host.take_outbox()
        self.send(outbox)
        want = getattr(self.server, "want", None)
        if want is not None:  # wormhole codes for the seats that wait for a person
            want(host.wanting())
        return bool(events or outbox)

    def _received(self, peer: str, frame: bytes) -> None:
        try:
            message = decode(frame, self.kind)
        except ProtocolError as error:
            self.errors[peer] += 1
            self.server.send(peer, encode(Error(error.code), self.kind))
            if self.errors[peer] >= MAX_PROTOCOL_ERRORS:
                self.server.drop(peer, "protocol")
            return
        self.send(self.host.receive(peer, message))

    def start(self) -> None:
        """Close the lobby: every computer is asked for its share of the deal."""
        self.send(self.host.start())

    def pump(self) -> None:
        """Headless: the host's match makes its own moves and they go out."""
        self.send(self.host.pump())

    def away(self) -> list[tuple[int, str]]:
        """The seats of guests gone for ``WAIT_FOR_GONE`` seconds whose seat a bot may take
        (and their names): the table has waited long enough for them."""
        now = self.clock()
        found = []
        for guest in self.host.guests.values():
            seat = guest.seat
            if seat is not None and guest.connected:
                self.gone_since.pop(seat, None)  # back: it waits no more
            if seat is None or guest.connected or guest.gone or guest.name is None:
                continue
            since = self.gone_since.get(seat)
            if since is not None and now - since >= WAIT_FOR_GONE:
                found.append((seat, guest.name))
        return sorted(found)

    def hand_to_bot(self, seat: int, level: str = "medium") -> None:
        """A bot plays a gone guest's seat until the guest is back; the computers still in
        the game draw the dice anew."""
        self.gone_since.pop(seat, None)
        self.send(self.host.hand_to_bot(seat, level))

    def dropped(self) -> list[str]:
        """The names of the guests whose connection dropped (their seats wait)."""
        return [g.name for g in self.host.guests.values() if not g.connected and g.name is not None]

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.server.close()


class GuestLink:
    """A guest's ``RemoteMatch`` behind its client. The host's Hello names the game (it must
    be ``kind`` when one is expected, and speak this protocol); the seat is ``seat``, or the
    first the host's lobby reports open (``seat`` None). ``error`` says why it ended: a
    refusal's code ("seat_taken", "name_taken", "started" …), a transport's final reason
    ("wrong_code", "lost" …), "version", "other_game" or "unverified"."""

    def __init__(
        self,
        client: Transport,
        kind: AnyKind | None,
        seat: int | None,
        name: str,
        *,
        chain: HashChain | None = None,
        credential: str | None = None,
        on_message: Callable[[Message], None] | None = None,
    ) -> None:
        self.client, self.kind, self.seat, self.name = client, kind, seat, name
        self.chain = chain if chain is not None else HashChain()
        self.credential = credential
        self.on_message = on_message
        self.hello: Hello | None = None
        self.lobby: Lobby | None = None
        self.remote: RemoteMatch | None = None
        self.connected = False  # a connection is open now (it may drop and come back)
        self.reached = False  # it was connected at least once
        self.seated = False  # the host gave this connection its seat (Joined)
        self.error: str | None = None
        self.unreadable = 0  # frames from the host that did not decode
        self.theirs: int | None = None  # the host's protocol, when it is not ours
        self.closed = False
        self.clock: Callable[[], float] = time.monotonic
        self.lost_since: float | None = None  # the connection to the host dropped, since when

    PEER = "host"

    @property
    def joined(self) -> bool:
        return self.remote is not None and self.remote.credential is not None

    @property
    def game(self) -> Any:
        """The game once the host dealt it (None before)."""
        return None if self.remote is None else self.remote.game

    def poll(self, timeout: float = 0.0) -> bool:
        """The host's frames since the last poll, followed; this guest's own sent. True
        when anything happened."""
        if self.closed:
            return False
        events = self.client.poll(timeout)
        for event in events:
            if self.error is not None:
                break
            if isinstance(event, Connected):
                self.connected = self.reached = True
                self.lost_since = None
                self._seat(False)  # this connection has no seat until the host says so
            elif isinstance(event, Disconnected):
                self.connected = False
                if self.lost_since is None:
                    self.lost_since = self.clock()
                self._seat(False)
                if event.final:
                    self.error = event.reason
            elif isinstance(event, Received):
                self._received(event.frame)
        sent = self.flush()
        return bool(events or sent)

    def flush(self) -> bool:
        """Send what the guest's match has to send: True when it had anything."""
        if self.remote is None or self.error is not None:
            return False
        out = self.remote.take()
        for message in out:
            self.client.send(self.PEER, encode(message, self.remote.kind))
        return bool(out)

    def _received(self, frame: bytes) -> None:
        kind = self.remote.kind if self.remote is not None else self._hello_kind()
        try:
            message = decode(frame, kind)
        except ProtocolError as error:
            if error.code == "version":  # a host of another version: said with both
                self.theirs = error.details.get("theirs")
                self.error = "version"
            self.unreadable += 1
            return
        if isinstance(message, Hello):
            self._hello(message)
        elif isinstance(message, JoinRefused):
            self.error = message.code
        elif self.remote is None:
            if isinstance(message, Lobby) and self.hello is not None:
                self.lobby = message
                self._join()
            return
        else:
            try:
                self.remote.receive(message)
            except ValueError:  # the host's game did not verify
                self.error = "unverified"
                return
            if isinstance(message, Joined):
                self.credential = self.remote.credential
                self._seat(True)
        if self.on_message is not None:
            self.on_message(message)

    def host_gone(self) -> bool:
        """The host has been unreachable for ``WAIT_FOR_GONE`` seconds, or for good: a
        guest may host the game on from its own copy."""
        if self.remote is None or self.remote.game is None or self.remote.proofs is None:
            return False
        if self.error is not None:
            return True
        lost = self.lost_since
        return lost is not None and self.clock() - lost >= WAIT_FOR_GONE

    def rejoin(self, remote: RemoteMatch) -> None:
        """Follow ``remote`` (a guest's side taken up again from its save, with its seat's
        credential and chains): once connected it asks for its seat back, and the host's
        whole game replaces the saved one."""
        self.remote, self.credential = remote, remote.credential
        self.lost_since = self.clock()  # not reached yet
        self._seat(False)

    def _seat(self, seated: bool) -> None:
        """Whether this connection holds its seat: the guest's match sends nothing until it
        does (an action sent before the host knows the seat would be lost)."""
        self.seated = seated
        if self.remote is not None:
            self.remote.seated = seated

    def _hello_kind(self) -> AnyKind | None:
        return None if self.hello is None else find_kind(self.hello.game)

    def _hello(self, hello: Hello) -> None:
        if hello.protocol != PROTOCOL_VERSION:
            self.theirs = hello.protocol
            self.error = "version"
            return
        kind = find_kind(hello.game)
        if kind is None or (self.kind is not None and self.kind.id != kind.id):
            self.error = "other_game"
            return
        self.hello, self.kind = hello, kind
        if self.remote is not None:
            self.remote.join()  # back after a drop: the seat again, by its credential
        elif self.seat is not None:
            self._join()

    def _join(self) -> None:
        """Ask for the seat (the first open one in the lobby when none was chosen)."""
        if self.remote is not None or self.kind is None:
            return
        seat = self.seat
        if seat is None:  # the seat the host's code is for, when it came by a wormhole
            seat = getattr(self.client, "offered_seat", None)
        if seat is None:
            lobby = self.lobby
            open_seats = [] if lobby is None else self.open_seats()
            if not open_seats:
                self.error = "no_open_seat" if lobby is not None else None
                return
            seat = open_seats[0]
        self.seat = seat
        self.remote = RemoteMatch(self.kind, seat, self.name, chain=self.chain)
        self.remote.credential = self.credential
        if self.lobby is not None:
            self.remote.lobby = self.lobby
        self.remote.join()

    def open_seats(self) -> list[int]:
        lobby = self.remote.lobby if self.remote is not None else self.lobby
        if lobby is None:
            return []
        return [p for p, s in enumerate(lobby.seats) if s.filled_by == "open"]

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.client.close()


class Routes:
    """The host's ways in, as one transport for its ``HostLink``: the address route
    (``HostServer``, its join code) and the wormhole codes (``internet.WormholeHost``),
    either of which may be missing or replaced (a new port, a new join code). Each peer
    belongs to the route it came by."""

    def __init__(self, server: Transport | None = None, wormholes: Transport | None = None):
        self.server, self.wormholes = server, wormholes
        self.owner: dict[str, Transport] = {}

    def _routes(self) -> list[Transport]:
        return [r for r in (self.server, self.wormholes) if r is not None]

    def poll(self, timeout: float = 0.0) -> list[NetEvent]:
        events: list[NetEvent] = []
        routes = self._routes()
        for n, route in enumerate(routes):
            found = route.poll(timeout if n == 0 and len(routes) == 1 else 0.0)
            for event in found:
                self.owner[event.peer] = route
            events += found
        if not events and timeout and len(routes) > 1:
            time.sleep(min(timeout, 0.01))
        return events

    def send(self, peer: str | None, frame: bytes) -> None:
        if peer is None:
            for route in self._routes():
                route.send(None, frame)
        elif peer in self.owner:
            self.owner[peer].send(peer, frame)

    def drop(self, peer: str, reason: str = "protocol") -> None:
        if peer in self.owner:
            self.owner[peer].drop(peer, reason)

    def seat_of(self, peer: str) -> int | None:
        seat_of = getattr(self.owner.get(peer), "seat_of", None)
        return None if seat_of is None else seat_of(peer)

    def want(self, seats: set[int]) -> None:
        want = getattr(self.wormholes, "want", None)
        if want is not None:
            want(seats)

    def replace_server(self, server: Transport | None) -> None:
        """Another address route (a new port or join code): the old one is closed."""
        if self.server is not None:
            self.server.close()
        self.server = server

    def close(self) -> None:
        for route in self._routes():
            route.close()


__all__ = ["MAX_PROTOCOL_ERRORS", "GuestLink", "HostLink", "Outbox", "Routes", "Transport"]
