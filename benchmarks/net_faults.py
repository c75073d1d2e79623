"""The long runs of benchmarks/net.py: whole games between real ``host`` and ``join``
processes on 127.0.0.1 while the network misbehaves.

``through_proxy``: every guest connects through ``tests/net/proxy.py``, which holds every
message ``delay`` ms on its way (and with ``cuts`` cuts every connection now and then);
``stopped_guest``: one guest process is stopped with SIGSTOP mid-game for some seconds,
then continued. Both check that the game ended identical on every computer with every
action applied once. Only processes started here are ever signalled.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buttons_game.net.headless import Report  # noqa: E402
from buttons_game.net.transport import PING_INTERVAL, PING_TIMEOUT  # noqa: E402

CODE = "bench-code-1"
WORKLOADS = {
    "kopf": ("kopf", "bot:easy,remote", ("--short",)),
    "buttons": ("buttons", "bot:easy,remote,remote,remote", ()),
}
STOP_AFTER = {"kopf": 4, "buttons": 40}  # the host's plies shown before a guest is stopped
NO_CUTS = 1e9  # the proxy's seconds between cuts when it cuts none
SLACK = 0.1  # seconds a host's tick may take to see a drop of the last moment of a stop


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ticks_line(name: str, ticks: list[float]) -> str:
    """The host's frames (each tick's handling, its wait for the network left out)."""
    ms = [1000 * t for t in ticks] or [0.0]
    return (
        f"{name:8} host frame: worst {max(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
        f"p50 {percentile(ms, 0.5):.2f} ms over {len(ticks)} ticks"
    )


class Side:
    """One ``buttons-game`` process started here, its output lines read as they come (each
    with the wall-clock time it was read)."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "buttons_game.cli", *args],
            cwd=ROOT,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[tuple[float, str]] = []
        self.errors: list[str] = []
        assert self.process.stdout is not None and self.process.stderr is not None
        self._readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.lines)),
            threading.Thread(target=self._read, args=(self.process.stderr, None)),
        ]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: IO[str], into: list[tuple[float, str]] | None) -> None:
        for line in stream:
            if into is None:
                self.errors.append(line)
            else:
                into.append((time.time(), line.rstrip("\n")))

    def signal(self, number: int) -> None:
        if self.process.poll() is None:  # never a pid this process no longer owns
            self.process.send_signal(number)

    def finish(self, seconds: float) -> None:
        try:
            code = self.process.wait(timeout=seconds)
        finally:
            self.end()
        if code != 0:
            raise SystemExit(f"a process failed ({code}): {''.join(self.errors)[-2000:]}")

    def end(self) -> None:
        if self.process.poll() is None:
            self.signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait(timeout=10)
        for reader in self._readers:
            reader.join(timeout=10)

    def applied(self) -> list[tuple[int, Any]]:
        """The actions it printed as applied: (ply, action) in the order printed."""
        found = []
        for _, line in self.lines:
            ply, action = line.split(" ", 1)
            found.append((int(ply), json.loads(action)))
        return found


@dataclass
class Game:
    """A game played between processes: its host and guests, and what they wrote."""

    name: str
    folder: Path
    host: Side
    guests: list[Side] = field(default_factory=list)
    began: float = field(default_factory=time.perf_counter)
    seconds: float = 0.0

    def finish(self, timeout: float) -> None:
        """Wait for every side to end; the first that fails ends the others at once."""
        sides = [*self.guests, self.host]
        ends = time.monotonic() + timeout
        try:
            failed: list[Side] = []
            while not failed and any(side.process.poll() is None for side in sides):
                failed = [side for side in sides if side.process.poll() not in (None, 0)]
                if time.monotonic() > ends:
                    raise SystemExit(f"the {self.name} game was not over after {timeout:g} s")
                time.sleep(0.05)
            for side in failed + sides:
                side.finish(0.1)
        finally:
            for side in sides:
                side.end()
        self.seconds = time.perf_counter() - self.began

    def reports(self) -> list[Report]:
        return [Report(**self._json(f"{who}.report")) for who in self._who()]

    def histories(self) -> list[dict[str, Any]]:
        return [self._json(f"{who}.json") for who in self._who()]

    def every_action_once(self) -> bool:
        """The host (the one that applies) printed each ply of the game once, in order, and
        every guest showed each ply with the host's action (a guest back after a drop may
        show again what its new connection brought)."""
        expected = list(enumerate(self.histories()[0]["actions"]))
        host_once = self.host.applied() == expected
        return host_once and all(dict(g.applied()) == dict(expected) for g in self.guests)

    def _who(self) -> list[str]:
        return ["host", *(f"guest{s}" for s in range(1, len(self.guests) + 1))]

    def _json(self, name: str) -> Any:
        return json.loads((self.folder / name).read_text(encoding="utf-8"))


def start(name: str, folder: Path, run: int, think: float, port: int, joins: int) -> Game:
    """Host ``name``'s workload on ``port`` and join each of its remote seats at ``joins``
    (a proxy's port, or ``port``), every side writing its game and its report."""
    game_id, seats, extra = WORKLOADS[name]
    common = ["--code", CODE, "--timeout", "1800"]
    host = Side(
        "host", "--game", game_id, "--seats", seats, *extra, "--port", str(port), *common,
        "--seed", str(run), "--out", str(folder / "host.json"),
        "--report", str(folder / "host.report"),
    )  # fmt: skip
    game = Game(name, folder, host)
    for seat in range(1, seats.split(",").count("remote") + 1):
        game.guests.append(
            Side(
                "join",
                "--port",
                str(joins),
                *common,
                "--seat",
                str(seat),
                "--name",
                f"G{seat}",
                "--bot",
                "easy",
                "--think",
                str(think),
                "--seed",
                str(run * 10 + seat),
                "--out",
                str(folder / f"guest{seat}.json"),
                "--state",
                str(folder / f"guest{seat}.state"),
                "--report",
                str(folder / f"guest{seat}.report"),
            )  # fmt: skip
        )
    return game


def proxy(
    listen: int, target: int, delay: float, cut_every: float, seed: int
) -> subprocess.Popen[str]:
    """``tests/net/proxy.py`` between ``listen`` and ``target``, ready."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.net.proxy", str(listen), str(target)]
        + [str(delay), str(cut_every), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        process.kill()
        process.wait(timeout=10)
        raise SystemExit("the proxy did not start")
    return process


def through_proxy(
    name: str, runs: int, delay_ms: float, cuts: float | None, think: float = 0.0
) -> list[str]:
    """Whole games of ``name`` with every guest behind a proxy delaying each message
    ``delay_ms`` (cutting every connection about every ``cuts`` seconds): the lines to print."""
    latencies: list[float] = []
    ticks: list[float] = []
    seconds: list[float] = []
    identical = once = 0
    for run in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            port, listen = free_port(), free_port()
            relay = proxy(listen, port, delay_ms / 1000, cuts or NO_CUTS, run)
            try:
                game = start(name, Path(folder), run, think, port, listen)
                game.finish(timeout=1800)
            finally:
                relay.kill()
                relay.wait(timeout=10)
            reports, histories = game.reports(), game.histories()
            identical += all(h == histories[0] for h in histories)
            once += game.every_action_once()
            seconds.append(game.seconds)
            ticks += reports[0].ticks
            for report in reports[1:]:
                latencies += report.latencies
    ms = [1000 * v for v in latencies] or [0.0]
    cut = f", cutting every connection about every {cuts:g} s" if cuts else ""
    guests = WORKLOADS[name][1].split(",").count("remote")
    return [
        f"{name:8} {guests} guest(s) through a proxy delaying every message {delay_ms:g} ms{cut}: "
        f"click→shown p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms "
        f"over {len(latencies)} actions; histories identical in {identical} of {runs} games, "
        f"every action applied once in {once} of {runs}; whole game p50 "
        f"{statistics.median(seconds):.1f} s (slowest {max(seconds):.1f} s)",
        ticks_line(name, ticks),
    ]


def stopped_guest(name: str, stop: float, think: float = 0.05, run: int = 0) -> list[str]:
    """A game of ``name`` whose last guest process is stopped (SIGSTOP) for ``stop`` seconds
    once the host has shown ``STOP_AFTER`` plies, then continued (SIGCONT): the lines to
    print. ``think`` keeps the game going long enough to be stopped in its middle."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        game = start(name, Path(folder), run, think, port, port)
        victim = game.guests[-1]
        try:
            ends = time.monotonic() + 120
            while len(game.host.lines) < STOP_AFTER[name] and time.monotonic() < ends:
                time.sleep(0.005)
            if len(game.host.lines) < STOP_AFTER[name]:
                raise SystemExit(f"the {name} game did not get going")
            stopped_at = time.time()
            victim.signal(signal.SIGSTOP)
            time.sleep(stop)
            victim.signal(signal.SIGCONT)
            continued_at = time.time()
            game.finish(timeout=1800)
        finally:
            for side in [*game.guests, game.host]:
                side.end()  # continued and ended if anything went wrong
        reports, histories = game.reports(), game.histories()
        identical = all(h == histories[0] for h in histories)
        once = game.every_action_once()
    window = stopped_at, continued_at + SLACK
    noticed = [
        (when - stopped_at, why) for when, why in reports[0].drops if window[0] <= when <= window[1]
    ]
    seen = (
        f"yes, {noticed[0][0]:.1f} s after the stop ({noticed[0][1]})"
        if noticed
        else f"no (the keepalive finds a dead connection within {PING_INTERVAL + PING_TIMEOUT:g} s)"
    )
    yes = {True: "yes", False: "NO"}
    return [
        f"{name:8} a guest stopped (SIGSTOP) for {stop:g} s after ply {STOP_AFTER[name]}: "
        f"the host saw it drop: {seen}; the game ended identical on all "
        f"{len(histories)} computers: {yes[identical]}; every action applied once: {yes[once]} "
        f"({len(histories[0]['actions'])} plies); whole game {game.seconds:.1f} s",
        ticks_line(name, reports[0].ticks),
    ]
