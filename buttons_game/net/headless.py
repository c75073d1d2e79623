"""Networked play with no window: a host (``run_host``: a ``GameHost`` behind a
``HostServer``) and guests (``run_guest``: a ``RemoteMatch`` behind a ``GuestClient``, its
person played by a bot here), for tests, benchmarks and the ``host``/``join`` commands.

Each prints one line per applied action (``ply action``, the action in the save file's
JSON) and, when the game is over, writes the whole game (set-up and actions) to a file.
A guest keeps its seat's credential and its dice chain's secret in a state file, so a guest
started again after a crash takes its seat back.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from buttons_game.core.errors import RulesError
from buttons_game.core.game import replay_states
from buttons_game.core.kind import AnyKind, kind_of
from buttons_game.core.seats import Seat

from .chain import SIZE, HashChain
from .guest import RemoteMatch
from .host import GameHost
from .keep import HostKeep, decode_keep, encode_keep, host_keep
from .links import GuestLink, HostLink, Routes, Transport
from .messages import Applied, Hello, Joined, Message, Refused
from .proofs import Proofs, decode_proofs, encode_proofs
from .secure import TryLimiter
from .transport import Disconnected, GuestClient, HostServer, NetEvent

TICK = 0.02  # seconds the loop waits for the network when nothing else is to do


class NetPlayError(RuntimeError):
    """A headless host or guest could not finish its game: why, in English."""


@dataclass
class Report:
    """What a headless side measured: each of its own actions' time from being sent to
    being shown back (seconds), the bytes it sent and received on the wire, the plies.
    A host also times each tick of its loop (``ticks``: seconds spent handling, its wait
    for the network left out) and notes each guest's connection that ended (``drops``: the
    wall-clock time it saw it, and why: "lost" when the keepalive found it dead). A guest
    notes when the host gave it its seat (``joins``: wall-clock times, again after each
    reconnection) and ``seated``: seconds from its start (the code typed) to the first."""

    latencies: list[float] = field(default_factory=list)
    bytes_sent: int = 0
    bytes_received: int = 0
    plies: int = 0
    ticks: list[float] = field(default_factory=list)
    drops: list[tuple[float, str]] = field(default_factory=list)
    joins: list[float] = field(default_factory=list)
    seated: float | None = None

    @property
    def worst_tick(self) -> float:
        return max(self.ticks, default=0.0)

    def as_json(self) -> dict[str, Any]:
        return {
            "latencies": self.latencies,
            "bytes_sent": self.bytes_sent,
            "bytes_received": self.bytes_received,
            "plies": self.plies,
            "ticks": self.ticks,
            "drops": self.drops,
            "joins": self.joins,
            "seated": self.seated,
        }


def action_line(kind: AnyKind, ply: int, action: Any) -> str:
    encoded = json.dumps(kind.encode_action(action), ensure_ascii=False, separators=(",", ":"))
    return f"{ply} {encoded}"


def history_document(kind: AnyKind, setup: Any, actions: Iterable[Any]) -> dict[str, Any]:
    """The whole game: its kind, its set-up and its actions, in the save file's JSON."""
    return {
        "game": kind.id,
        "setup": kind.encode_setup(setup),
        "actions": [kind.encode_action(action) for action in actions],
    }


def reached(kind: AnyKind, game: Any, through: int | None) -> bool:
    """The game is over, or past its round or turn ``through`` (None: to its end)."""
    return bool(game.state.is_over()) or (through is not None and kind.progress(game) > through)


def played_through(
    kind: AnyKind, setup: Any, actions: Sequence[Any], through: int | None
) -> list[Any]:
    """The actions up to the end of round or turn ``through`` (all of them for None): what
    a game stopped there holds, the same on every computer."""
    if through is None:
        return list(actions)
    states = replay_states(kind.first_state(setup), actions)
    for n, section in enumerate(kind.sections(actions, states)):
        if section > through:
            return list(actions[:n])
    return list(actions)


def write_json(path: Path, document: Any) -> None:
    """Write ``document`` whole or not at all (a crash leaves the file as it was)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(partial, path)


class _Printer:
    """Prints each applied action once, in order of ply."""

    def __init__(self, kind: AnyKind, say: Callable[[str], None]) -> None:
        self.kind, self.say, self.printed = kind, say, 0

    def follow(self, history: tuple[Any, ...] | list[Any]) -> None:
        self.printed = min(self.printed, len(history))  # an undo took some back
        for ply in range(self.printed, len(history)):
            self.say(action_line(self.kind, ply, history[ply]))
        self.printed = len(history)


def _say(line: str) -> None:
    print(line, flush=True)


class _Timed:
    """The host's server as its link sees it, timed for the ``Report``: how long the last
    poll waited for the network, and when each guest's connection ended."""

    def __init__(self, server: Transport, report: Report) -> None:
        self.server, self.report, self.waited = server, report, 0.0
        self.ended: dict[str, str] = {}  # each connection that ended: why

    def poll(self, timeout: float = 0.0) -> list[NetEvent]:
        began = time.perf_counter()
        events = self.server.poll(timeout)
        self.waited = time.perf_counter() - began
        for event in events:
            if isinstance(event, Disconnected):
                self.report.drops.append((time.time(), event.reason))
                self.ended[event.peer] = event.reason
        return events

    def send(self, peer: str | None, frame: bytes) -> None:
        self.server.send(peer, frame)

    def drop(self, peer: str, reason: str = "protocol") -> None:
        self.server.drop(peer, reason)

    def close(self) -> None:
        self.server.close()

    def seat_of(self, peer: str) -> int | None:
        """The seat whose wormhole code ``peer`` came by (None: the address route)."""
        seat_of = getattr(self.server, "seat_of", None)
        return None if seat_of is None else seat_of(peer)

    def want(self, seats: set[int]) -> None:
        """The seats that wait for a person: each is offered a wormhole code."""
        want = getattr(self.server, "want", None)
        if want is not None:
            want(seats)


# ---------------------------------------------------------------------- the host


def run_host(
    game: Any,
    remote: Iterable[int],
    code: str,
    port: int,
    *,
    address: str = "127.0.0.1",
    out: Path | None = None,
    seed: int | None = None,
    say: Callable[[str], None] = _say,
    on_listening: Callable[[int], None] | None = None,
    timeout: float = 600.0,
    linger: float = 5.0,
    app_version: str = "0",
    state_file: Path | None = None,
    wormholes: Any = None,
    on_codes: Callable[[dict[int, str]], None] | None = None,
    through: int | None = None,
) -> Report:
    """Host ``game`` with guests in the ``remote`` seats until it is over; its other seats
    are the bots its seats name. ``linger``: seconds the finished game waits for every
    guest to have it and leave; ``app_version`` goes in the Hello. ``state_file``: the game
    and what the host keeps privately (its code, port, chain's secret, guests' credentials)
    are written there as the game goes on, and a host started again with it takes the game
    up where it was, on the same port with the same code (its guests come back by
    themselves). ``wormholes``: the ``internet.Servers`` through which each seat that waits
    for a person is offered a wormhole code too (``on_codes`` is told them whenever they
    change; a host started again offers new ones). ``through``: stop after that round or
    turn (tests: the game cut short, the same on every computer). NetPlayError when
    ``timeout`` seconds pass first."""
    kind = kind_of(game)
    kept = HostState.read(state_file, kind)
    if kept is not None:  # started again after a crash: the game taken up where it was
        host = kept.keep.resume(kept.game, kept.proofs)
        code, port = kept.keep.code, kept.keep.port
    else:
        host = GameHost(game, remote, seed=seed)
    server = HostServer(address, port, code, TryLimiter())
    if on_listening is not None:
        on_listening(server.port)
    holes: Any = None
    if wormholes is not None:
        from .internet import WormholeHost

        holes = WormholeHost(wormholes, host.wanting(), game=kind.id)
    routes = Routes(server, holes)
    report = Report()
    timed = _Timed(routes, report)
    told: dict[int, str] = {}
    link = HostLink(host, timed, app_version=app_version)
    printer = _Printer(kind, say)
    ends = time.monotonic() + timeout
    over_at: float | None = None
    written: Any = None

    try:
        while True:
            began = time.perf_counter()
            link.poll(TICK)
            if not host.started and host.ready:
                link.start()
            link.pump()
            if holes is not None and on_codes is not None:
                codes = {s: o.code for s, o in holes.offers().items() if o.code}
                if codes != told:
                    told = codes
                    on_codes(dict(codes))
            match = host.match
            if match is not None:
                written = HostState.write(state_file, host, code, server.port, written)
                printer.follow(match.state.history())
                if reached(kind, match.game, through):
                    now = time.monotonic()
                    over_at = now if over_at is None else over_at
                    if all_left(host, timed.ended) or now - over_at > linger:
                        break
            if time.monotonic() > ends:
                raise NetPlayError(f"the game was not over after {timeout:g} seconds")
            report.ticks.append(time.perf_counter() - began - timed.waited)
    finally:
        routes.close()
        report.bytes_sent, report.bytes_received = server.bytes_sent, server.bytes_received
        if holes is not None:
            report.bytes_sent += holes.bytes_sent
            report.bytes_received += holes.bytes_received
    assert host.match is not None
    report.plies = len(host.match.state.history())
    if out is not None:
        state = host.match.state
        actions = played_through(kind, state.setup, state.history(), through)
        write_json(out, history_document(kind, state.setup, actions))
    return report


def all_left(host: GameHost, ended: dict[str, str]) -> bool:
    """Every guest of the finished game has left it: none is connected, and each one's last
    connection was closed by the guest itself (it had the game's end). A guest cut off by the
    network as the game ended has not seen the end: it comes back for it (the host lingers)."""
    guests = [g for g in host.guests.values() if g.seat is not None]
    return all(not g.connected and ended.get(g.peer) == "closed" for g in guests)


class HostState:
    """A headless host's state file: the game so far (its seats, set-up, actions and dice
    proofs) and what the host keeps privately to host it again."""

    def __init__(self, keep: HostKeep, game: Any, proofs: Proofs) -> None:
        self.keep, self.game, self.proofs = keep, game, proofs

    @classmethod
    def read(cls, path: Path | None, kind: AnyKind) -> HostState | None:
        if path is None or not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            keep = decode_keep(data["keep"])
            if not isinstance(keep, HostKeep):
                raise ValueError("it is a guest's")
            proofs = decode_proofs(data["proofs"])
            seats = tuple(Seat(str(name), bot) for name, bot in data["seats"])
            setup = kind.decode_setup(data["game"]["setup"])
            actions = [kind.decode_action(a) for a in data["game"]["actions"]]
            game = kind.replayed(seats, setup, actions, proofs.game_id)
        except (ValueError, KeyError, TypeError, RulesError) as error:
            raise NetPlayError(f"the state file {path} is not a host's state: {error}") from None
        return cls(keep, game, proofs)

    @staticmethod
    def write(path: Path | None, host: GameHost, code: str, port: int, last: Any = None) -> Any:
        """Write the host's state when anything in it changed since ``last`` (what this
        returned the time before)."""
        match, dice = host.match, host.dice
        if path is None or match is None or dice is None:
            return last
        guests = tuple(sorted((g.computer, g.gone, g.credential) for g in host.guests.values()))
        mark = (len(match.state.history()), dice.next_draw, len(dice.epochs), guests)
        if last == mark:
            return last
        state = match.state
        write_json(
            path,
            {
                "keep": encode_keep(host_keep(host, code, port)),
                "seats": [[seat.name, seat.bot] for seat in match.game.seats],
                "game": history_document(host.kind, state.setup, state.history()),
                "proofs": encode_proofs(dice.proofs()),
            },
        )
        return mark


# ---------------------------------------------------------------------- a guest


@dataclass
class GuestState:
    """What a guest keeps across a restart: its dice chain's secret and its seat's
    credential (None until the host gave one)."""

    secret: bytes
    credential: str | None = None

    @classmethod
    def read(cls, path: Path | None) -> GuestState:
        """The state ``path`` holds, or a new one (a fresh secret) when there is none."""
        if path is not None and path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            secret = bytes.fromhex(str(data["secret"]))
            credential = data.get("credential")
            if len(secret) != SIZE or not (credential is None or isinstance(credential, str)):
                raise NetPlayError(f"the state file {path} is not a guest's state")
            return cls(secret, credential)
        return cls(secrets.token_bytes(SIZE))

    def write(self, path: Path | None) -> None:
        if path is not None:
            write_json(path, {"secret": self.secret.hex(), "credential": self.credential})


def run_guest(
    kind: AnyKind | None,
    address: str,
    port: int,
    code: str,
    seat: int | None,
    name: str,
    bot_level: str,
    *,
    out: Path | None = None,
    state_file: Path | None = None,
    seed: int | None = None,
    say: Callable[[str], None] = _say,
    timeout: float = 600.0,
    patience: float | None = None,
    think: float = 0.0,
    wormholes: Any = None,
    through: int | None = None,
) -> Report:
    """Join the host's game in ``seat`` as ``name`` and play it with a bot of ``bot_level``
    until it is over (``kind``: the game expected; None: the one the host's Hello names).
    NetPlayError when the host refuses, cannot be reached, hosts another game, or the game
    is not over after ``timeout`` seconds. ``think``: seconds the bot waits before each
    action, as a person would. ``patience``: seconds to wait for the host (by default 30 on
    the address route, the wormhole's own 60 by a code). ``wormholes``: the
    ``internet.Servers`` through which ``code`` is a wormhole code (``address`` and ``port``
    are not used then). ``through``: leave after that round or turn, as the host does."""
    began = time.monotonic()  # the code typed
    kept = GuestState.read(state_file)
    kept.write(state_file)
    client: Any
    if wormholes is not None:
        from .internet import WormholeGuest

        waits = {} if patience is None else {"patience": patience}
        client = WormholeGuest(wormholes, code, **waits)
    else:
        client = GuestClient(address, port, code, patience=30.0 if patience is None else patience)
    guest = _Guest(kind, seat, name, bot_level, seed, kept, state_file, say)
    guest.think, guest.through, guest.began = think, through, began
    link = guest.link = GuestLink(
        client,
        kind,
        seat,
        name,
        chain=HashChain(kept.secret),
        credential=kept.credential,
        on_message=guest.handle,
    )
    ends = time.monotonic() + timeout
    try:
        while not guest.over:
            link.poll(TICK)
            if link.error is not None:
                raise NetPlayError(_why(link.error))
            if link.unreadable > guest.unreadable:
                guest.unreadable = link.unreadable
                print("a frame from the host was unreadable", file=sys.stderr)
            guest.play()
            link.flush()
            if time.monotonic() > ends:
                raise NetPlayError(f"the game was not over after {timeout:g} seconds")
    finally:
        link.close()
        guest.report.bytes_sent = client.bytes_sent
        guest.report.bytes_received = client.bytes_received
    remote = link.remote
    assert remote is not None
    state = remote.state
    guest.report.plies = len(state.history())
    if out is not None:
        actions = played_through(remote.kind, state.setup, state.history(), through)
        write_json(out, history_document(remote.kind, state.setup, actions))
    return guest.report


def _why(error: str) -> str:
    """A guest's link's ``error``, in English."""
    if error in ("other_game", "version"):
        return f"the host plays another game or version: {error}"
    if error in REFUSALS:
        return f"the host refused the seat: {error}"
    return f"the connection to the host ended: {error}"


REFUSALS = ("seat_taken", "name_taken", "started", "no_such_seat", "no_open_seat")


class _Guest:
    """A headless guest's person: a bot plays the seat of the link's ``RemoteMatch``."""

    def __init__(
        self,
        kind: AnyKind | None,
        seat: int | None,
        name: str,
        level: str,
        seed: int | None,
        kept: GuestState,
        state_file: Path | None,
        say: Callable[[str], None],
    ) -> None:
        self.kind, self.seat, self.name, self.level, self.seed = kind, seat, name, level, seed
        self.kept, self.state_file, self.say = kept, state_file, say
        self.link: GuestLink | None = None
        self.bot: Any = None
        self.printer: _Printer | None = None
        self.report = Report()
        self.asked: int | None = None  # the ply this guest's bot sent an action for
        self.sent_at = 0.0
        self.over = False
        self.began = time.monotonic()  # the code typed: the client is about to be made
        self.think = 0.0
        self.through: int | None = None
        self.unreadable = 0
        self._seen: tuple[int, float] | None = None  # the ply the seat decides at, since when

    @property
    def remote(self) -> RemoteMatch | None:
        return None if self.link is None else self.link.remote

    def handle(self, message: Message) -> None:
        """What the link received (after its ``RemoteMatch`` followed it)."""
        remote = self.remote
        if isinstance(message, Hello):
            self.asked = None  # (again) connected: the seat's decision is asked anew
            if remote is not None and self.bot is None:
                self.bot = remote.kind.make_bot(self.level, self.seed)
                self.printer = _Printer(remote.kind, self.say)
            return
        if remote is None:
            return
        if isinstance(message, Refused):
            self.asked = None  # not applied: the seat's decision is asked anew
        if isinstance(message, Joined):
            self.report.joins.append(time.time())
            if self.report.seated is None:
                self.report.seated = time.monotonic() - self.began
            self.kept.credential = remote.credential
            self.kept.write(self.state_file)
        if isinstance(message, Applied) and message.by == remote.seat and self.asked == message.ply:
            self.report.latencies.append(time.monotonic() - self.sent_at)

    def play(self) -> None:
        """The bot's action when the seat decides (not one the host makes by itself)."""
        remote = self.remote
        if remote is not None and self.bot is None:  # joined (by a code naming the seat)
            self.bot = remote.kind.make_bot(self.level, self.seed)
            self.printer = _Printer(remote.kind, self.say)
        if remote is None or remote.game is None or self.printer is None:
            return
        state, kind = remote.state, remote.kind
        self.printer.follow(state.history())
        if reached(kind, remote.game, self.through):
            self.over = True
            return
        ply = len(state.history())
        connected = self.link is not None and self.link.connected and self.link.seated
        if (
            connected
            and self.asked != ply
            and remote.seat in kind.deciders(state)
            and kind.forced_action(state, remote.seat) is None  # the host makes it
        ):
            now = time.monotonic()
            if self._seen is None or self._seen[0] != ply:
                self._seen = (ply, now)
            if now - self._seen[1] < self.think:
                return
            remote.submit(remote.seat, self.bot.choose(state, remote.seat))
            self.asked, self.sent_at = ply, time.monotonic()


__all__ = [
    "GuestState",
    "NetPlayError",
    "Report",
    "action_line",
    "history_document",
    "run_guest",
    "run_host",
]
