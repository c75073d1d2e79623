"""The transport on 127.0.0.1: the join code's handshake, sealed frames both ways across
threads, and a connection dropped (never the loop) for a frame that does not open, one too
large, one too many, or a code tried too often."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from buttons_game.net.secure import GUEST, Channel, Handshake, TryLimiter
from buttons_game.net.transport import (
    CONFIRM,
    MAX_MESSAGE_BYTES,
    Connected,
    Disconnected,
    GuestClient,
    HostServer,
    NetEvent,
    Received,
)

LOOPBACK = "127.0.0.1"
CODE = "tiger-42-plum"


def wait_for(
    side: HostServer | GuestClient, done: Callable[[list[NetEvent]], bool], seconds: float = 5
) -> list[NetEvent]:
    """Every event ``side`` tells until ``done`` holds of them (or an AssertionError)."""
    events: list[NetEvent] = []
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        events += side.poll(0.05)
        if done(events):
            return events
    raise AssertionError(f"still waiting after {seconds} s: {events}")


def has(kind: type, **fields: Any) -> Callable[[list[NetEvent]], bool]:
    return lambda events: any(
        isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items()) for e in events
    )


@pytest.fixture
def server() -> Iterator[HostServer]:
    host = HostServer(LOOPBACK, 0, CODE, TryLimiter())
    yield host
    host.close()


@contextmanager
def raw_guest(port: int, code: str = CODE) -> Iterator[tuple[ClientConnection, Channel]]:
    """A guest by hand: the handshake and the sealed word, then its frames are the test's."""
    with connect(f"ws://{LOOPBACK}:{port}/", proxy=None, max_size=None) as connection:
        yield connection, _secured(connection, code)


def _secured(connection: ClientConnection, code: str) -> Channel:
    handshake = Handshake(code, GUEST)
    connection.send(handshake.start())
    theirs = connection.recv(timeout=5)
    assert isinstance(theirs, bytes)
    channel = handshake.finish(theirs)
    connection.send(channel.seal(CONFIRM))
    confirm = connection.recv(timeout=5)
    assert isinstance(confirm, bytes) and channel.open(confirm) == CONFIRM
    return channel


def close_reason(connection: ClientConnection) -> str:
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(10):
            connection.recv(timeout=5)
    rcvd = closed.value.rcvd
    return rcvd.reason if rcvd is not None else ""


def test_the_right_code_connects_and_frames_go_both_ways_across_threads(
    server: HostServer,
) -> None:
    guest = GuestClient(LOOPBACK, server.port, "TIGER 42 plum")  # case and spaces do not matter
    try:
        wait_for(guest, has(Connected, peer="host"))
        wait_for(server, has(Connected, peer="peer-1"))
        senders = [
            threading.Thread(target=guest.send, args=("host", f"frame {n}".encode()))
            for n in range(20)
        ]
        for thread in senders:
            thread.start()
        for thread in senders:
            thread.join()
        got = wait_for(server, lambda events: len(events) >= 20)
        assert sorted(e.frame for e in got if isinstance(e, Received)) == sorted(
            f"frame {n}".encode() for n in range(20)
        )
        assert all(isinstance(e, Received) and e.peer == "peer-1" for e in got)
        server.send(None, b"to every guest")
        server.send("peer-1", b"to one")
        back = wait_for(guest, lambda events: len(events) >= 2)
        assert [e.frame for e in back if isinstance(e, Received)] == [b"to every guest", b"to one"]
        assert server.bytes_received > 20 * len(b"frame 10")  # sealed: longer than plain
    finally:
        guest.close()
    assert not guest.alive
    wait_for(server, has(Disconnected, peer="peer-1"))


def test_a_wrong_code_is_refused_on_both_sides_and_not_tried_again(server: HostServer) -> None:
    guest = GuestClient(LOOPBACK, server.port, "tiger-42-plumb")
    try:
        events = wait_for(guest, has(Disconnected))
        assert events == [Disconnected("host", "wrong_code", final=True)]
        time.sleep(0.3)
        assert not any(isinstance(e, Connected) for e in server.poll())
    finally:
        guest.close()


def test_the_limiter_is_asked_before_the_exchange_runs() -> None:
    host = HostServer(LOOPBACK, 0, CODE, TryLimiter(tries=1, every=3600))
    try:
        wrong = GuestClient(LOOPBACK, host.port, "another code")
        assert wait_for(wrong, has(Disconnected))[-1].reason == "wrong_code"
        wrong.close()
        with connect(f"ws://{LOOPBACK}:{host.port}/", proxy=None) as late:
            with pytest.raises(ConnectionClosed) as refused:
                late.recv(timeout=5)  # closed before any SPAKE2 message came
            assert refused.value.rcvd is not None and refused.value.rcvd.reason == "too_many_tries"
        right = GuestClient(LOOPBACK, host.port, CODE)
        assert wait_for(right, has(Disconnected))[-1].reason == "too_many_tries"
        right.close()
    finally:
        host.close()


def test_connections_cut_before_their_proof_never_use_up_a_guess() -> None:
    """A guest on a network that drops connections mid-handshake: the host's first message
    tells nothing of the code, so a cut before the guest's proof gives the try back, and
    the guest still gets in long after five such cuts; a wrong proof still counts."""
    host = HostServer(LOOPBACK, 0, CODE, TryLimiter(tries=2, every=3600))
    try:
        for _ in range(6):  # each cut after the host's first message, before a proof
            with connect(f"ws://{LOOPBACK}:{host.port}/", proxy=None) as cut:
                cut.send(Handshake(CODE, GUEST).start())
                assert isinstance(cut.recv(timeout=5), bytes)
            time.sleep(0.05)
        right = GuestClient(LOOPBACK, host.port, CODE)
        wait_for(right, has(Connected))
        right.close()
        for n in range(2):  # two wrong proofs use both tries up
            wrong = GuestClient(LOOPBACK, host.port, f"wrong code {n}")
            assert wait_for(wrong, has(Disconnected))[-1].reason == "wrong_code"
            wrong.close()
        late = GuestClient(LOOPBACK, host.port, CODE)
        assert wait_for(late, has(Disconnected))[-1].reason == "too_many_tries"
        late.close()
    finally:
        host.close()


def test_a_frame_that_does_not_open_drops_that_peer_only(server: HostServer) -> None:
    good = GuestClient(LOOPBACK, server.port, CODE)
    try:
        wait_for(good, has(Connected))
        with raw_guest(server.port) as (connection, channel):
            sealed = bytearray(channel.seal(b'{"type":"ping","nonce":1}'))
            sealed[-1] ^= 1  # changed on the way
            connection.send(bytes(sealed))
            assert close_reason(connection) == "forged"
        wait_for(server, has(Disconnected, peer="peer-2", reason="forged"))
        good.send("host", b"still here")
        wait_for(server, has(Received, peer="peer-1", frame=b"still here"))
    finally:
        good.close()


def test_a_frame_over_the_size_cap_drops_the_peer(server: HostServer) -> None:
    with raw_guest(server.port) as (connection, _):
        wait_for(server, has(Connected))
        connection.send(bytes(MAX_MESSAGE_BYTES + 1))
        wait_for(server, has(Disconnected, reason="too_large"))


def test_a_peer_that_sends_too_fast_is_dropped() -> None:
    host = HostServer(LOOPBACK, 0, CODE, rate=5, burst=5)
    try:
        with raw_guest(host.port) as (connection, channel):
            with suppress(ConnectionClosed):  # the host closes it on the way
                for n in range(20):
                    connection.send(channel.seal(f"{n}".encode()))
                    time.sleep(0.001)
            assert close_reason(connection) == "too_fast"
        events = wait_for(host, has(Disconnected))
        assert sum(isinstance(e, Received) for e in events) <= 6
        assert events[-1] == Disconnected("peer-1", "too_fast")
    finally:
        host.close()


def test_a_guest_reconnects_by_itself_when_the_host_comes_back() -> None:
    first = HostServer(LOOPBACK, 0, CODE)
    port = first.port
    guest = GuestClient(LOOPBACK, port, CODE)
    try:
        wait_for(guest, has(Connected))
        first.close()
        assert wait_for(guest, has(Disconnected))[-1].final is False
        second = HostServer(LOOPBACK, port, CODE)
        try:
            wait_for(guest, has(Connected))
            guest.send("host", b"back")
            wait_for(second, has(Received, frame=b"back"))
        finally:
            second.close()
    finally:
        guest.close()
    assert not guest.alive


def test_a_busy_port_is_said_at_once_and_a_code_without_a_letter_is_refused(
    server: HostServer,
) -> None:
    with pytest.raises(OSError):
        HostServer(LOOPBACK, server.port, CODE)
    with pytest.raises(ValueError):
        GuestClient(LOOPBACK, server.port, " - ")
