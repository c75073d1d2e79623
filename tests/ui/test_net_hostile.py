"""Hostile peers at a hosted game: wrong codes by the dozen, frames that do not decode,
actions for another seat, replayed frames and a flood. The host's window keeps drawing,
the game is unchanged, and each peer is refused or dropped. Only 127.0.0.1."""

from __future__ import annotations

import threading
import time
from contextlib import suppress

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from buttons_game.games.kopf.engine import Move
from buttons_game.net.messages import Act
from buttons_game.net.protocol import encode
from buttons_game.net.secure import GUEST, Handshake
from buttons_game.net.transport import CONFIRM
from buttons_game.ui.games.kopf.screen import KopfScreen

from ..net.test_transport import _secured
from .conftest import step
from .test_net_screens import KOPF, hosted_with_a_guest

pytestmark = pytest.mark.slow


def wrong_codes(port: int, count: int) -> None:
    for n in range(count):
        with (
            suppress(ConnectionClosed, InvalidMessage, InvalidStatus, OSError, TimeoutError),
            connect(
                f"ws://127.0.0.1:{port}/", proxy=None, open_timeout=2, close_timeout=0.5
            ) as connection,
        ):
            handshake = Handshake(f"wrong-{n}", GUEST)
            connection.send(handshake.start())
            theirs = connection.recv(timeout=2)
            assert isinstance(theirs, bytes)
            connection.send(handshake.finish(theirs).seal(CONFIRM))  # a guess, proved wrong
            connection.recv(timeout=2)


def nasty(port: int, code: str, seat_action: Act) -> None:
    """The right code, then: unreadable frames, an action for the host's seat, the same
    sealed frame twice (replayed), and a flood."""
    with suppress(ConnectionClosed, OSError, TimeoutError), opened(port) as connection:
        channel = _secured(connection, code)
        frame = channel.seal(encode(seat_action, KOPF))
        connection.send(frame)
        connection.send(frame)  # replayed: the channel refuses it, the peer goes
    with suppress(ConnectionClosed, OSError, TimeoutError), opened(port) as connection:
        channel = _secured(connection, code)
        for junk in (b"\x00", b"{}", b'{"type":"act","ply":-1,"action":1}', b"[" * 5000):
            connection.send(channel.seal(junk))
    with suppress(ConnectionClosed, OSError, TimeoutError), opened(port) as connection:
        channel = _secured(connection, code)
        for _ in range(800):  # a flood: far more than the connection's rate (200 a second)
            connection.send(channel.seal(b'{"type":"ping","nonce":1}'))


def opened(port: int) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/", proxy=None, max_size=None, close_timeout=0.5)


def test_hostile_peers_leave_the_host_drawing_and_the_game_as_it_was(make_app):
    app = make_app(net_port=0)
    lobby, guest = hosted_with_a_guest(app)
    try:
        match = lobby.gamehost.match
        before = match.state.history()
        ply = len(before)
        foreign = Act(ply, Move(1, 1, 2, 2))  # whatever it is, seat 0 is the host's

        def attack() -> None:  # the right code first: after the wrong ones this address
            nasty(lobby.port, lobby.code, foreign)  # would be kept out
            wrong_codes(lobby.port, 25)

        attackers = [threading.Thread(target=attack)]
        for attacker in attackers:
            attacker.start()
        steps, worst = 0, 0.0
        while any(a.is_alive() for a in attackers):
            start = time.perf_counter()
            step(app)
            guest.poll()
            worst = max(worst, time.perf_counter() - start)
            steps += 1
            time.sleep(0.01)  # as the window's clock does between frames
        for attacker in attackers:
            attacker.join()
        for _ in range(20):
            step(app)
            guest.poll()
        assert steps > 20, "the host's window kept going while it was attacked"
        assert sum(app.net.link.errors.values()) >= 3, "the unreadable frames reached the host"
        assert worst < 1.0, f"a frame took {worst:.2f} s"
        assert match.state.history() == before, "nothing a hostile peer sent was applied"
        assert guest.connected and guest.remote.state.history() == before
        assert app.top is not None and isinstance(app.top, KopfScreen)
    finally:
        guest.close()
