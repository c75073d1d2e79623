"""In-process stand-ins for ``internet.WormholeHost`` and ``WormholeGuest``: the same face
(offers, want, renew, route_of, stage, seat; poll/send/drop/close) with the frames carried
in memory, so the windows' wormhole paths run in the quick tier with no mailbox server."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from buttons_game.net.internet import Offer, Servers
from buttons_game.net.transport import Connected, Disconnected, Received

MAILBOX: dict[str, tuple[FakeWormholeHost, int]] = {}  # code -> the host and seat it is for


class FakeWormholeHost:
    made: list[FakeWormholeHost] = []

    def __init__(self, servers: Servers, seats: Any = (), *, game: str = "", **_: Any) -> None:
        self.servers, self.game = servers, game
        self._offers: dict[int, Offer] = {}
        self.numbers: dict[int, int] = {}
        self.events: list[Any] = []
        self.guests: dict[str, FakeWormholeGuest] = {}
        self.routes: dict[int, str] = {}
        self.mailbox_reached: bool | None = True
        self.closed = False
        self.renewed: list[int] = []
        self.want(seats)
        FakeWormholeHost.made.append(self)

    def offers(self) -> dict[int, Offer]:
        return dict(self._offers)

    def _code(self, seat: int, word: str | None = None) -> None:
        number = self.numbers.get(seat, 0) + 1
        self.numbers[seat] = number
        code = f"{seat + 3}-seat-{'x' * number}"
        MAILBOX[code] = (self, seat)
        self._offers[seat] = Offer(seat, code, "ready", word, number)

    def want(self, seats: Any) -> None:
        wanted = set(seats)
        for seat in wanted - set(self._offers):
            self._code(seat)
        for seat in set(self._offers) - wanted:
            del self._offers[seat]

    def renew(self, seat: int) -> None:
        self.renewed.append(seat)
        self._code(seat)

    def expire(self, seat: int, word: str) -> None:
        """What the real one does after a wrong guess or a code's lifetime."""
        self._code(seat, word)

    def set_state(self, seat: int, state: str) -> None:
        self._offers[seat] = replace(self._offers[seat], state=state)

    def seat_of(self, peer: str) -> int | None:
        return int(peer.split("-")[1]) if peer.startswith("wormhole-") else None

    def route_of(self, seat: int) -> str | None:
        return self.routes.get(seat)

    def poll(self, timeout: float = 0.0) -> list[Any]:
        events, self.events = self.events, []
        return events

    def send(self, peer: str | None, frame: bytes) -> None:
        for name, guest in self.guests.items():
            if peer is None or peer == name:
                guest.events.append(Received("host", frame))

    def drop(self, peer: str, reason: str = "protocol") -> None:
        guest = self.guests.pop(peer, None)
        if guest is not None:
            guest.events.append(Disconnected("host", reason))

    def close(self) -> None:
        self.closed = True
        for code in [c for c, (h, _) in MAILBOX.items() if h is self]:
            del MAILBOX[code]


class FakeWormholeGuest:
    made: list[FakeWormholeGuest] = []

    def __init__(self, servers: Servers, code: str, **_: Any) -> None:
        self.servers, self.code = servers, code
        self.stage, self.seat = "mailbox", None
        self.events: list[Any] = []
        self.host: FakeWormholeHost | None = None
        self.peer = ""
        self.polls = 0
        self.closed = False
        FakeWormholeGuest.made.append(self)

    @property
    def offered_seat(self) -> int | None:
        return self.seat

    def poll(self, timeout: float = 0.0) -> list[Any]:
        self.polls += 1
        if self.polls == 2:  # a frame at the mailbox, then the host's answer
            self.stage = "waiting"
        elif self.polls == 3:
            found = MAILBOX.pop(self.code, None)
            if found is None:
                self.events.append(Disconnected("host", "wrong_code", final=True))
            else:
                self.host, self.seat = found
                self.peer = f"wormhole-{self.seat}-1"
                self.host.guests[self.peer] = self
                self.host.routes[self.seat] = "relay"
                self.host._offers.pop(self.seat, None)
                self.host.events.append(Connected(self.peer))
                self.events.append(Connected("host"))
                self.stage = "relay"
        events, self.events = self.events, []
        return events

    def send(self, peer: str | None, frame: bytes) -> None:
        if self.host is not None and not self.closed:
            self.host.events.append(Received(self.peer, frame))

    def drop(self, peer: str, reason: str = "protocol") -> None:
        self.close()

    def close(self) -> None:
        if not self.closed and self.host is not None:
            self.host.guests.pop(self.peer, None)
            self.host.events.append(Disconnected(self.peer, "closed"))
        self.closed = True


def install(monkeypatch) -> None:
    """The windows make these instead of real wormholes (the test's own servers named)."""
    from buttons_game.net import internet
    from buttons_game.ui.screens import join

    MAILBOX.clear()
    FakeWormholeHost.made.clear()
    FakeWormholeGuest.made.clear()
    monkeypatch.setattr(internet, "WormholeHost", FakeWormholeHost)
    monkeypatch.setattr(join, "wormhole_guest", lambda s, c: FakeWormholeGuest(s, c))
    monkeypatch.setenv("BUTTONS_GAME_WORMHOLE", "ws://127.0.0.1:4000/v1,tcp:127.0.0.1:4001")
