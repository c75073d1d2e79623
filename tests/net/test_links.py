"""The one loop between a transport and a game's side (``net.links``), against a transport
kept in memory: a host's link greets a guest with its Hello and lobby, answers an
unreadable frame with Error and drops the peer after a few; a guest's link takes the first
open seat the lobby reports, and says why the host refused it."""

from __future__ import annotations

import json

from buttons_game.core.kind import find_kind
from buttons_game.core.seats import Seat
from buttons_game.net.host import GameHost
from buttons_game.net.links import MAX_PROTOCOL_ERRORS, GuestLink, HostLink
from buttons_game.net.messages import (
    PROTOCOL_VERSION,
    Error,
    Hello,
    Join,
    JoinRefused,
    Lobby,
    LobbySeat,
)
from buttons_game.net.protocol import decode, encode
from buttons_game.net.transport import Connected, Disconnected, NetEvent, Received

KOPF = find_kind("kopf")


class Wire:
    """A transport in memory: the events to hand over, what was sent and dropped."""

    def __init__(self) -> None:
        self.events: list[NetEvent] = []
        self.sent: list[tuple[str | None, bytes]] = []
        self.dropped: list[str] = []
        self.closed = False

    def poll(self, timeout: float = 0.0) -> list[NetEvent]:
        events, self.events = self.events, []
        return events

    def send(self, peer: str | None, frame: bytes) -> None:
        self.sent.append((peer, frame))

    def drop(self, peer: str, reason: str = "protocol") -> None:
        self.dropped.append(peer)

    def close(self) -> None:
        self.closed = True

    def messages(self, kind=None) -> list:
        out, self.sent = [decode(frame, kind) for _, frame in self.sent], []
        return out


def host_link() -> tuple[HostLink, Wire]:
    game = KOPF.new_game((Seat("Ann", "easy"), Seat("Guest", None)), seed=1, short=True)
    wire = Wire()
    return HostLink(GameHost(game, [1]), wire), wire


def test_a_host_greets_a_guest_with_its_hello_and_the_open_seats():
    link, wire = host_link()
    wire.events.append(Connected("peer-1"))
    assert link.poll()
    hello, lobby = wire.messages(KOPF)
    assert isinstance(hello, Hello) and hello.game == "kopf" and hello.protocol == PROTOCOL_VERSION
    assert lobby == Lobby((LobbySeat("bot", "Ann", "easy"), LobbySeat("open")))


def test_unreadable_frames_are_answered_with_error_and_the_peer_dropped_after_a_few():
    link, wire = host_link()
    wire.events.append(Connected("peer-1"))
    link.poll()
    wire.messages(KOPF)
    for n in range(MAX_PROTOCOL_ERRORS):
        wire.events.append(Received("peer-1", b"not json"))
        link.poll()
        (answer,) = wire.messages(KOPF)
        assert isinstance(answer, Error) and answer.code == "not_json"
        assert wire.dropped == ([] if n < MAX_PROTOCOL_ERRORS - 1 else ["peer-1"])
    wire.events.append(Disconnected("peer-1", "protocol"))
    link.poll()
    assert not link.host.guests["peer-1"].connected


def test_a_guest_takes_the_first_open_seat_and_hears_why_it_was_refused():
    wire = Wire()
    link = GuestLink(wire, None, None, "Bo")
    lobby = Lobby((LobbySeat("bot", "Ann", "easy"), LobbySeat("open")))
    wire.events += [
        Connected("host"),
        Received("host", encode(Hello(PROTOCOL_VERSION, "1", "kopf"))),
        Received("host", encode(lobby, KOPF)),
    ]
    link.poll()
    (join,) = wire.messages(KOPF)
    assert join == Join(1, "Bo", None) and link.seat == 1
    wire.events.append(Received("host", encode(JoinRefused("name_taken"), KOPF)))
    link.poll()
    assert link.error == "name_taken" and not link.joined


def test_a_host_of_another_protocol_is_refused_with_both_versions():
    document = json.loads(encode(Hello(PROTOCOL_VERSION, "1", "kopf")))
    document["protocol"] = PROTOCOL_VERSION + 1
    wire = Wire()
    link = GuestLink(wire, None, 1, "Bo")
    wire.events.append(Received("host", json.dumps(document).encode()))
    link.poll()
    assert link.error == "version" and link.theirs == PROTOCOL_VERSION + 1
    assert link.remote is None and wire.sent == []
