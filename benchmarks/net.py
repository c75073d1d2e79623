"""Networked play on loopback: click→shown latency and bytes per whole game.

    python benchmarks/net.py [--runs 3] [--think 0] [--in-process] [--wrong-codes 1000]
    python benchmarks/net.py --proxy-delay 200 [--proxy-cuts [2]] [--runs 1] [--games buttons]
    python benchmarks/net.py --stop-guest 30 [--games buttons]
    python benchmarks/net.py --wormhole [--runs 3] [--wormhole-stop 30] [--games kopf,buttons]

Plays whole games between a ``buttons-game host`` and ``join`` processes on 127.0.0.1 (each
guest's seat played by an easy bot): a short Kopf oder Knopf game (2 seats, so one guest)
and a game of BUTTONS with three guests (4 seats, the host's a bot). Click→shown is the
time from a guest sending its action to that action coming back applied by the host (what
a person waits for between a click and the board showing it); bytes are the sealed frames
on the wire, every side's sent bytes added up. Each game's line is followed by the host's
frames: each tick of its loop (polling the server, pumping the match), its wait for the
network left out, the worst, p99 and p50. ``--in-process``: threads instead of
processes (quick, for the tests; the figures are then not loopback-between-processes).
``--wrong-codes N``: N join codes guessed from one address while the host's frame loop
runs (polling its server every 16 ms, as a window does): how many guesses the try limiter
let reach the handshake, how long they took, and the host's worst frame meanwhile.

The long runs (``benchmarks/net_faults.py``; each instead of the default run, BUTTONS unless
``--games`` says otherwise): ``--proxy-delay MS``: every guest connects through
``tests/net/proxy.py`` holding every message MS ms (``--proxy-cuts [S]``: and cutting every
connection about every S seconds, 2 by default): click→shown p50/p99 through it, whether
every computer's history was identical, every action applied once, the whole game's wall
time. ``--stop-guest S``: one guest process stopped with SIGSTOP mid-game for S seconds,
then SIGCONT: whether the host saw it drop (its keepalive) and how long after the stop,
whether the game ended identical on every computer with every action applied once.

``--wormhole`` (``benchmarks/net_wormhole.py``, instead of the default run): the same games
through wormhole codes, in a network namespace with its own mailbox server and relay: code
typed → seat taken, click→shown direct and through the relay, and a guest stopped
``--wormhole-stop`` seconds (30; 0: none) through the relay: how soon its seat is back.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.net_faults import (  # noqa: E402
    CODE,
    WORKLOADS,
    free_port,
    percentile,
    stopped_guest,
    through_proxy,
    ticks_line,
)
from buttons_game.core.kind import find_kind  # noqa: E402
from buttons_game.core.seats import Seat  # noqa: E402
from buttons_game.net.headless import Report, run_guest, run_host  # noqa: E402


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    bytes_per_game: list[int] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)
    ticks: list[float] = field(default_factory=list)  # the host's, seconds spent handling


def one_game_processes(name: str, think: float, run: int) -> list[Report]:
    game, seats, extra = WORKLOADS[name]
    guests = seats.split(",").count("remote")
    port = free_port()
    cli = [sys.executable, "-m", "buttons_game.cli"]
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        common = ["--port", str(port), "--code", CODE, "--timeout", "120"]
        host = subprocess.Popen(
            [*cli, "host", "--game", game, "--seats", seats, *extra, *common]
            + ["--seed", str(run), "--report", str(tmp / "host.json")],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
        joined = [
            subprocess.Popen(
                [*cli, "join", "--seat", str(s), "--name", f"G{s}", "--bot", "easy", *common]
                + ["--think", str(think), "--seed", str(run * 10 + s)]
                + ["--report", str(tmp / f"guest{s}.json")],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
            )
            for s in range(1, guests + 1)
        ]
        for process in [*joined, host]:
            if process.wait(timeout=180) != 0:
                raise SystemExit(f"a {game} process failed")
        reports = []
        for path in [tmp / "host.json", *(tmp / f"guest{s}.json" for s in range(1, guests + 1))]:
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            reports.append(Report(**data))
        return reports


def one_game_threads(name: str, think: float, run: int) -> list[Report]:
    game_id, seats, extra = WORKLOADS[name]
    kind = find_kind(game_id)
    assert kind is not None
    levels = [None if s == "remote" else s.split(":")[1] for s in seats.split(",")]
    table = tuple(
        Seat(f"Seat {p + 1}" if level is None else f"Bot {p + 1}", level)
        for p, level in enumerate(levels)
    )
    game = kind.new_game(table, seed=run, **({"short": True} if extra else {}))
    remote = [p for p, level in enumerate(levels) if level is None]
    listening = threading.Event()
    ports: list[int] = []
    reports: dict[int, Report] = {}

    def on_listening(port: int) -> None:
        ports.append(port)
        listening.set()

    def hosting() -> None:
        reports[0] = run_host(
            game, remote, CODE, 0, seed=run, say=lambda _: None, on_listening=on_listening
        )

    def joining(seat: int) -> None:
        reports[seat] = run_guest(
            kind, "127.0.0.1", ports[0], CODE, seat, f"G{seat}", "easy",
            seed=run * 10 + seat, say=lambda _: None, think=think,
        )  # fmt: skip

    threads = [threading.Thread(target=hosting)]
    threads[0].start()
    listening.wait(10)
    threads += [threading.Thread(target=joining, args=(seat,)) for seat in remote]
    for thread in threads[1:]:
        thread.start()
    for thread in threads:
        thread.join(120)
    return [reports[p] for p in sorted(reports)]


def measure(name: str, runs: int, think: float, in_process: bool) -> Figures:
    figures = Figures()
    play = one_game_threads if in_process else one_game_processes
    for run in range(runs):
        reports = play(name, think, run)
        figures.bytes_per_game.append(sum(r.bytes_sent for r in reports))
        figures.plies.append(reports[0].plies)
        figures.ticks += reports[0].ticks
        for report in reports[1:]:
            figures.latencies += report.latencies
    return figures


def line(name: str, figures: Figures) -> str:
    guests = WORKLOADS[name][1].split(",").count("remote")
    ms = [1000 * v for v in figures.latencies]
    return (
        f"{name:8} {guests} guest(s): click→shown p50 {percentile(ms, 0.5):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms over {len(ms)} actions; "
        f"bytes per game {statistics.mean(figures.bytes_per_game):,.0f} "
        f"({statistics.mean(figures.plies):.0f} plies)"
    )


def wrong_codes(count: int) -> str:
    """``count`` wrong join codes from 127.0.0.1 against a host whose frame loop runs."""
    import time

    from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus
    from websockets.sync.client import connect

    from buttons_game.net.secure import GUEST, Handshake, TryLimiter
    from buttons_game.net.transport import CONFIRM, HostServer

    server = HostServer("127.0.0.1", 0, CODE, TryLimiter())
    reached = [0]
    refused = (ConnectionClosed, InvalidMessage, InvalidStatus, OSError, TimeoutError)

    def guess() -> None:
        url = f"ws://127.0.0.1:{server.port}/"
        for n in range(count):
            try:
                with connect(url, proxy=None, open_timeout=2, close_timeout=0.2) as connection:
                    handshake = Handshake(f"guess-{n}", GUEST)
                    connection.send(handshake.start())
                    theirs = connection.recv(timeout=2)  # the host ran the exchange
                    assert isinstance(theirs, bytes)
                    connection.send(handshake.finish(theirs).seal(CONFIRM))  # a real guess
                    reached[0] += 1
                    connection.recv(timeout=2)
            except refused:
                pass

    guesser = threading.Thread(target=guess)
    began = time.perf_counter()
    guesser.start()
    frames: list[float] = []
    try:
        while guesser.is_alive():
            start = time.perf_counter()
            server.poll()
            frames.append(time.perf_counter() - start)
            time.sleep(0.016)
    finally:
        guesser.join()
        server.close()
    seconds = time.perf_counter() - began
    worst = 1000 * max(frames, default=0.0)
    return (
        f"wrong codes: {count} guesses in {seconds:.2f} s, {reached[0]} reached the handshake "
        f"(the rest refused before it); the host's worst frame {worst:.1f} ms "
        f"over {len(frames)} frames"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="games of each (default 3)")
    parser.add_argument("--think", type=float, default=0.0, help="a guest bot's pause, s")
    parser.add_argument("--games", help="kopf, buttons or both (default both; a long run buttons)")
    parser.add_argument("--in-process", action="store_true", help="threads, not processes")
    parser.add_argument("--wrong-codes", type=int, default=0, help="join codes guessed (0: none)")
    parser.add_argument("--proxy-delay", type=float, metavar="MS", help="guests behind a proxy")
    parser.add_argument(
        "--proxy-cuts", type=float, nargs="?", const=2.0, metavar="S", help="… cutting, every S s"
    )
    parser.add_argument("--stop-guest", type=float, metavar="S", help="a guest stopped S s")
    parser.add_argument("--wormhole", action="store_true", help="through wormhole codes")
    parser.add_argument(
        "--wormhole-stop", type=float, default=30.0, metavar="S", help="… a guest stopped S s"
    )
    args = parser.parse_args(argv)
    if args.wormhole:
        from benchmarks.net_wormhole import GAMES
        from benchmarks.net_wormhole import measure as through_wormholes

        chosen = (args.games or "kopf,buttons").split(",")
        if any(name not in GAMES for name in chosen):
            parser.error(f"--games: choose from {', '.join(GAMES)}")
        print("\n".join(through_wormholes(args.runs, args.wormhole_stop, chosen)), flush=True)
        return 0
    long_run = args.proxy_delay is not None or args.stop_guest is not None
    games = (args.games or ("buttons" if long_run else "kopf,buttons")).split(",")
    for name in games:
        if name not in WORKLOADS:
            parser.error(f"unknown game {name!r}: choose from {', '.join(WORKLOADS)}")
    if args.proxy_cuts is not None and args.proxy_delay is None:
        parser.error("--proxy-cuts goes with --proxy-delay")
    for name in games:
        found: list[str] = []
        if args.proxy_delay is not None:
            found += through_proxy(name, args.runs, args.proxy_delay, args.proxy_cuts, args.think)
        if args.stop_guest is not None:
            found += stopped_guest(name, args.stop_guest, args.think or 0.05)
        if not long_run:
            figures = measure(name, args.runs, args.think, args.in_process)
            found += [line(name, figures), ticks_line(name, figures.ticks)]
        print("\n".join(found), flush=True)
    if args.wrong_codes:
        print(wrong_codes(args.wrong_codes), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
