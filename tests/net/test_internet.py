"""Play over the internet, the parts that need no server: the servers' addresses as a
person types them, the keys a wormhole's key gives each side, the subchannel's framing,
a code that is no code, the seat a code is for, and the host's routes as one transport."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from buttons_game.core.kind import find_kind
from buttons_game.core.seats import Seat
from buttons_game.net.host import GameHost
from buttons_game.net.internet import (
    HEADER,
    PUBLIC_MAILBOX,
    PUBLIC_RELAY,
    SERVERS_VARIABLE,
    ServerAddressError,
    Servers,
    WormholeGuest,
    _Stream,
    check_mailbox,
    check_relay,
    session_channel,
)
from buttons_game.net.links import Routes
from buttons_game.net.messages import Join, Joined, JoinRefused
from buttons_game.net.secure import GUEST, HOST, MAX_SEALED_BYTES, SecureError
from buttons_game.net.transport import Connected, Refusal

from .test_links import Wire

KOPF = find_kind("kopf")


@pytest.mark.parametrize(
    "text",
    ["ws://relay.magic-wormhole.io:4000/v1", " wss://club.example.org/v1 ", "ws://127.0.0.1:4000/v1",
     "ws://[::1]:4000/v1"],
)  # fmt: skip
def test_a_mailbox_url_as_a_person_types_it_is_taken_tidied(text: str) -> None:
    assert check_mailbox(text) == text.strip()


@pytest.mark.parametrize(
    ("text", "code"),
    [("http://club.example.org:4000/v1", "scheme"), ("club.example.org:4000", "scheme"),
     ("ws://club.example.org:99999/v1", "port"), ("ws://club.example.org:port/v1", "port"),
     ("ws://:4000/v1", "host"), ("ws://bad_name!:4000/v1", "host"),
     ("ws://ann:secret@club.example.org:4000/v1", "host"),
     ("ws://club.example.org:4000/v1?x=1", "host")],
)  # fmt: skip
def test_a_mistyped_mailbox_url_is_refused_with_a_code_the_window_can_say(
    text: str, code: str
) -> None:
    with pytest.raises(ServerAddressError) as refused:
        check_mailbox(text)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("text", "relay"),
    [("tcp:transit.magic-wormhole.io:4001", "tcp:transit.magic-wormhole.io:4001"),
     ("relay.club.org:4001", "tcp:relay.club.org:4001"),
     (" 127.0.0.1:04001 ", "tcp:127.0.0.1:4001"),
     ("[::1]:4001", "tcp:[::1]:4001"), ("", ""), ("   ", "")],
)  # fmt: skip
def test_a_relay_address_is_taken_as_twisted_names_it(text: str, relay: str) -> None:
    assert check_relay(text) == relay


@pytest.mark.parametrize(
    ("text", "code"),
    [("relay.club.org", "relay"), (":4001", "relay"), ("relay!.org:4001", "relay"),
     ("relay.club.org:0", "port"), ("relay.club.org:70000", "port"), ("relay.club.org:x", "port")],
)  # fmt: skip
def test_a_mistyped_relay_is_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(ServerAddressError) as refused:
        check_relay(text)
    assert refused.value.code == code


def test_the_servers_are_the_test_s_own_then_the_person_s_then_the_public_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(SERVERS_VARIABLE, raising=False)
    assert Servers.chosen() == Servers(PUBLIC_MAILBOX, PUBLIC_RELAY, False)
    club = Servers.chosen("ws://club.org:4000/v1", "club.org:4001")
    assert club == Servers("ws://club.org:4000/v1", "tcp:club.org:4001", False)
    assert Servers.chosen("", "").relay == ""  # no relay: direct connections only
    assert club.where() == "club.org:4000"
    monkeypatch.setenv(SERVERS_VARIABLE, "ws://127.0.0.1:4000/v1,tcp:127.0.0.1:4001")
    own = Servers("ws://127.0.0.1:4000/v1", "tcp:127.0.0.1:4001", False)
    assert Servers.chosen("ws://club.org:4000/v1", "club.org:4001") == own
    monkeypatch.setenv(SERVERS_VARIABLE, "ws://127.0.0.1:4000/v1,127.0.0.1:4001,relay-only")
    assert Servers.chosen() == Servers("ws://127.0.0.1:4000/v1", "tcp:127.0.0.1:4001", True)
    monkeypatch.setenv(SERVERS_VARIABLE, "http://127.0.0.1:4000/v1,127.0.0.1:4001")
    with pytest.raises(ServerAddressError):
        Servers.chosen()


def test_both_sides_of_a_wormhole_derive_one_channel_each_way() -> None:
    key = bytes(range(32))
    host, guest = session_channel(key, HOST), session_channel(key, GUEST)
    assert guest.open(host.seal(b"to the guest")) == b"to the guest"
    assert host.open(guest.seal(b"to the host")) == b"to the host"
    echo = session_channel(key, HOST)  # the two directions have different keys
    with pytest.raises(SecureError):
        echo.open(session_channel(key, HOST).seal(b"reflected"))
    other = session_channel(bytes(32), GUEST)  # another wormhole's key opens nothing
    with pytest.raises(SecureError):
        other.open(session_channel(key, HOST).seal(b"x"))


class _Pipe:
    """A Twisted transport that keeps what was written."""

    def __init__(self) -> None:
        self.written = b""
        self.lost = False

    def write(self, data: bytes) -> None:
        self.written += data

    def loseConnection(self) -> None:  # noqa: N802 — Twisted's name
        self.lost = True


def _framed(*frames: bytes) -> bytes:
    return b"".join(HEADER.pack(len(f)) + f for f in frames)


def _run(work: Any) -> Any:
    return asyncio.run(work())


def test_frames_split_across_deliveries_come_out_whole_and_heartbeats_stay_below() -> None:
    async def work() -> list[bytes]:
        stream = _Stream()
        stream.made(_Pipe())
        wire = _framed(b"first", b"", b"second frame", b"", b"x" * 3000)
        for at in range(0, len(wire), 7):  # in pieces that cut headers and frames
            stream.data(wire[at : at + 7])
        stream.lost()
        return [frame async for frame in stream]

    assert _run(work) == [b"first", b"second frame", b"x" * 3000]


def test_a_stream_sends_length_prefixed_frames() -> None:
    async def work() -> bytes:
        stream = _Stream()
        pipe = _Pipe()
        stream.made(pipe)
        await stream.send(b"hello")
        stream._write(b"")  # a heartbeat
        await stream.close()
        await stream.send(b"after the close")
        return pipe.written

    assert _run(work) == _framed(b"hello", b"")


def test_an_oversized_length_is_refused_before_its_bytes_arrive() -> None:
    async def work() -> tuple[list[bytes], str | None, bool]:
        stream = _Stream()
        pipe = _Pipe()
        stream.made(pipe)
        stream.data(_framed(b"fine") + HEADER.pack(MAX_SEALED_BYTES + 1))
        got = [await stream.__anext__()]
        with pytest.raises(Refusal):
            await stream.__anext__()
        stream.data(_framed(b"never"))
        return got, stream.ended, pipe.lost

    got, ended, lost = _run(work)
    assert got == [b"fine"] and ended == "too_large" and lost


def test_a_silent_subchannel_is_taken_as_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BUTTONS_GAME_KEEPALIVE", "0.1,0.2")

    async def work() -> tuple[list[bytes], str | None, bytes]:
        stream = _Stream()
        pipe = _Pipe()
        stream.made(pipe)
        frames = [frame async for frame in stream]  # ends when nothing is heard for 0.3 s
        return frames, stream.ended, pipe.written

    frames, ended, written = _run(work)
    assert frames == [] and ended == "lost"
    assert written.startswith(HEADER.pack(0)), "it sent its own heartbeats meanwhile"


def test_a_subchannel_counts_as_answered_only_once_the_other_side_sent_something(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dilation opens a subchannel at once, even to a host whose process is stopped: a
    guest that called that "connected" never said "reconnecting…" while its host slept."""
    monkeypatch.setenv("BUTTONS_GAME_KEEPALIVE", "0.1,0.2")

    async def work() -> tuple[bool, bool]:
        silent, heard = _Stream(), _Stream()
        silent.made(_Pipe())
        heard.made(_Pipe())
        heard.data(HEADER.pack(0))  # a heartbeat from the other side
        return await silent.answered, await heard.answered

    assert _run(work) == (False, True)


@pytest.mark.parametrize("text", ["purple-sausages", "7", "", "seven-purple", "7 purple; rm"])
def test_a_text_that_is_no_wormhole_code_is_refused_before_any_network(text: str) -> None:
    with pytest.raises(ValueError):
        WormholeGuest(Servers("ws://127.0.0.1:1/v1", ""), text)


def test_a_guest_that_came_by_one_seat_s_code_may_take_only_that_seat() -> None:
    assert KOPF is not None
    game = KOPF.new_game((Seat("Ann", None), Seat("Bo", None)), seed=1, short=True)
    host = GameHost(game, [0, 1])
    host.connect("wormhole-1-1.1", only_seat=1)
    assert host.receive("wormhole-1-1.1", Join(0, "Eve")) == [
        ("wormhole-1-1.1", JoinRefused("no_such_seat"))
    ]
    assert host.wanting() == {0, 1}, "the refused seat still waits for its person"
    joined = host.receive("wormhole-1-1.1", Join(1, "Bo"))
    assert isinstance(joined[0][1], Joined) and joined[0][1].seat == 1
    assert host.wanting() == {0}
    host.connect("10.0.0.2:5000")  # the address route: any open seat
    assert isinstance(host.receive("10.0.0.2:5000", Join(0, "Ann"))[0][1], Joined)


class _Route(Wire):
    """A transport in memory that names the seat of its peers as a WormholeHost does."""

    def __init__(self, peers: list[str], seats: bool = False) -> None:
        super().__init__()
        self.events = [Connected(p) for p in peers]
        self.wanted: set[int] | None = None
        if seats:
            self.seat_of = lambda peer: int(peer.split("-")[1])
            self.want = lambda seats: setattr(self, "wanted", set(seats))


def test_the_host_s_routes_send_to_each_peer_by_the_route_it_came() -> None:
    server, holes = _Route(["10.0.0.2:5000"]), _Route(["wormhole-1-1.1"], seats=True)
    routes = Routes(server, holes)
    assert {e.peer for e in routes.poll()} == {"10.0.0.2:5000", "wormhole-1-1.1"}
    routes.send("wormhole-1-1.1", b"a")
    routes.send("10.0.0.2:5000", b"b")
    routes.send("nobody", b"c")
    routes.send(None, b"all")
    assert holes.sent == [("wormhole-1-1.1", b"a"), (None, b"all")]
    assert server.sent == [("10.0.0.2:5000", b"b"), (None, b"all")]
    routes.drop("10.0.0.2:5000")
    assert server.dropped == ["10.0.0.2:5000"] and holes.dropped == []
    assert routes.seat_of("wormhole-1-1.1") == 1 and routes.seat_of("10.0.0.2:5000") is None
    routes.want({1})
    assert holes.wanted == {1}
    newer = _Route(["10.0.0.3:5001"])
    routes.replace_server(newer)
    assert server.closed and [e.peer for e in routes.poll()] == ["10.0.0.3:5001"]
    routes.close()
    assert newer.closed and holes.closed


def test_a_headless_host_tells_its_wormholes_the_seats_it_wants_and_asks_their_seat() -> None:
    """The host's timed transport (``net.headless``) passes both through: without them a
    dropped guest's seat kept a stale code, and a code's guest could take any seat."""
    from buttons_game.net.headless import Report, _Timed

    holes = _Route([], seats=True)
    timed = _Timed(Routes(_Route(["10.0.0.2:5000"]), holes), Report())
    timed.poll()
    timed.want({0, 2})
    assert holes.wanted == {0, 2}
    assert timed.seat_of("wormhole-2-1.1") is None, "not a peer of the routes yet"
    holes.events.append(Connected("wormhole-2-1.1"))
    timed.poll()
    assert timed.seat_of("wormhole-2-1.1") == 2 and timed.seat_of("10.0.0.2:5000") is None


def test_the_seats_wanted_reach_the_network_thread_however_fast_they_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A change asked for is sent even when the network thread has not applied the one
    before it yet (it compared with what was applied, and a quick back-and-forth was lost)."""
    from buttons_game.net.internet import WormholeHost

    monkeypatch.setattr(WormholeHost, "_begin", lambda self: None)  # no network at all
    host = WormholeHost(Servers("ws://127.0.0.1:1/v1", ""), {0, 1})
    sent: list[set[int]] = []
    monkeypatch.setattr(host, "_call", lambda function, seats: sent.append(set(seats)))
    host.want({0, 1})
    host.want({1})  # a guest took seat 0 …
    host.want({0, 1})  # … and dropped before the network thread heard of it
    host.want({0, 1})
    assert sent == [{1}, {0, 1}]


def test_a_seat_whose_wormhole_keeps_failing_is_tried_again_after_a_pause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fault that lasts (the executable lacked a file autobahn reads) made the host make
    a new wormhole at once, again and again: a core busy for nothing."""
    import time

    from buttons_game.net import internet

    tries: list[float] = []

    def failing(*args: Any) -> Any:
        tries.append(time.monotonic())
        raise RuntimeError("this wormhole cannot be made")

    monkeypatch.setattr(internet, "_create", failing)
    host = internet.WormholeHost(Servers("ws://127.0.0.1:1/v1", ""), {0})
    try:
        time.sleep(0.6)
        assert 1 <= len(tries) <= 3, f"{len(tries)} tries in 0.6 s"
        assert host.offers()[0].word == "failed"
    finally:
        host.close()
