"""Play over the internet by wormhole codes, measured (``benchmarks/net.py --wormhole``).

Everything runs inside a network namespace made here (``unshare -rn``: loopback only, the
public mailbox is never contacted): the namespace's own mailbox server and transit relay
(``twist``), a ``buttons-game host --wormhole`` and its ``join --wormhole CODE`` guests as
processes, each guest's seat played by an easy bot. Figures:

- code typed → seat taken: from a guest's start with the code (its wormhole client made)
  to the host's Joined (the mailbox, SPAKE2, Dilation, the subchannel, the game's Join);
- click → shown through the relay (``--relay-only`` on every side): a guest's action sent
  to it coming back applied, p50 and p99;
- a guest stopped (SIGSTOP) mid-game for ``--wormhole-stop`` seconds (30 by default), then
  continued: when the host saw it drop, how long after SIGCONT the host gave it its seat
  back, and whether the game ended identical on every computer.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buttons_game.net.headless import Report  # noqa: E402

GAMES = {  # name: the game, the host's seats, the guests' seats, more for the host
    "kopf": ("kopf", "remote,remote", (0, 1), ("--short",)),
    "buttons": ("buttons", "bot:easy,remote,remote,remote", (1, 2, 3), ()),
}
STOP_AFTER = 10  # the host's plies shown before a guest is stopped


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_port(port: int, seconds: float = 10.0) -> None:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class LocalServers:
    """A wormhole mailbox server and a transit relay on 127.0.0.1 (run it in a namespace),
    their files in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.twist = str(Path(sys.executable).with_name("twist"))
        self.mailbox_port, self.relay_port = free_port(), free_port()
        self.mailbox = self._start(
            "wormhole-mailbox", self.mailbox_port, f"--channel-db={folder / 'channel.sqlite'}"
        )
        self.relay = self._start("transitrelay", self.relay_port)
        wait_port(self.mailbox_port)
        wait_port(self.relay_port)

    def _start(self, what: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [self.twist, what, f"--port=tcp:{port}:interface=127.0.0.1", *extra],
            cwd=self.folder,  # the relay writes its relay.sqlite here
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def restart_relay(self, down: float) -> None:
        """The relay killed (no goodbye to anyone), then, ``down`` seconds later, again."""
        self.relay.send_signal(signal.SIGKILL)
        self.relay.wait()
        time.sleep(down)
        self.relay = self._start("transitrelay", self.relay_port)
        wait_port(self.relay_port)

    def variable(self, relay_only: bool) -> str:
        """``BUTTONS_GAME_WORMHOLE`` for these servers (no relay at all unless relay-only:
        the computers then connect directly or not at all)."""
        mailbox = f"ws://127.0.0.1:{self.mailbox_port}/v1"
        if relay_only:
            return f"{mailbox},tcp:127.0.0.1:{self.relay_port},relay-only"
        return f"{mailbox},"

    def close(self) -> None:
        for server in (self.mailbox, self.relay):
            server.kill()
            server.wait()


class Side:
    """One ``buttons_game.cli`` process, its printed lines gathered as they come."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "buttons_game.cli", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def finish(self, seconds: float) -> int:
        try:
            code = self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            code = self.process.wait()
        self.reader.join()
        return code


def play(
    servers: LocalServers, folder: Path, name: str, relay_only: bool, stop: float | None = None
) -> dict[str, Any]:
    """One game of ``name`` through wormhole codes (its last guest stopped ``stop`` s)."""
    game, seats, guests, extra = GAMES[name]
    env = dict(os.environ, PYTHONUNBUFFERED="1", BUTTONS_GAME_WORMHOLE=servers.variable(relay_only))
    relay = ["--relay-only"] if relay_only else []
    codes = folder / "codes.json"
    host = Side(
        ["host", "--game", game, "--seats", seats, *extra, "--port", "0", "--code", "bench-1",
         "--wormhole", "--codes", str(codes), "--out", str(folder / "host.json"), "--report",
         str(folder / "host-report.json"), "--timeout", "600", *relay],
        env,
    )  # fmt: skip
    ends = time.monotonic() + 20
    offered: dict[str, str] = {}
    while len(offered) < len(guests) and time.monotonic() < ends:
        time.sleep(0.02)
        try:
            offered = json.loads(codes.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            offered = {}
    sides = [
        Side(
            [
                "join",
                "--wormhole",
                offered[str(seat)],
                "--name",
                f"G{seat}",
                "--bot",
                "easy",
                "--seed",
                str(seat),
                "--think",
                "0.02" if stop else "0",
                "--out",
                str(folder / f"guest{seat}.json"),
                "--report",
                str(folder / f"guest{seat}-report.json"),
                "--timeout",
                "600",
                *relay,
            ],
            env,
        )  # fmt: skip
        for seat in guests
    ]
    found: dict[str, Any] = {}
    if stop is not None:
        while len(host.lines) < STOP_AFTER and host.process.poll() is None:
            time.sleep(0.005)
        victim = sides[-1].process
        found["stopped_at"] = time.time()
        victim.send_signal(signal.SIGSTOP)
        time.sleep(stop)
        victim.send_signal(signal.SIGCONT)
        found["continued_at"] = time.time()
    codes_back = [side.finish(600) for side in [*sides, host]]
    found["ok"] = all(code == 0 for code in codes_back)
    files = [folder / "host.json", *(folder / f"guest{s}.json" for s in guests)]
    histories = [json.loads(p.read_text(encoding="utf-8")) if p.exists() else None for p in files]
    found["identical"] = found["ok"] and all(h == histories[0] for h in histories)
    found["plies"] = len(histories[0]["actions"]) if histories[0] else 0
    found["once"] = all(
        [int(line.split(" ", 1)[0]) for line in side.lines] == list(range(len(side.lines)))
        for side in [*sides, host]
    )
    reports = [folder / "host-report.json", *(folder / f"guest{s}-report.json" for s in guests)]
    found["reports"] = [
        Report(**json.loads(p.read_text(encoding="utf-8"))) if p.exists() else Report()
        for p in reports
    ]
    return found


def inside(runs: int, stop: float, games: list[str], routes: str = "both") -> list[str]:
    """The figures, measured here (already in the namespace); ``routes``: "both" (direct,
    then through the relay) or "relay" alone."""
    lines = []
    yes = {True: "yes", False: "NO"}
    with tempfile.TemporaryDirectory(prefix="wormhole-bench-") as tmp:
        servers = LocalServers(Path(tmp))
        try:
            for name in games:
                for relay_only in (False, True) if routes == "both" else (True,):
                    seated: list[float] = []
                    clicks: list[float] = []
                    identical = 0
                    for run in range(runs):
                        folder = Path(tmp) / f"{name}-{relay_only}-{run}"
                        folder.mkdir()
                        found = play(servers, folder, name, relay_only)
                        identical += found["identical"] and found["once"]
                        for report in found["reports"][1:]:
                            seated += [1000 * report.seated] if report.seated is not None else []
                            clicks += [1000 * v for v in report.latencies]
                    route = "through the relay" if relay_only else "direct"
                    lines.append(
                        f"wormhole {name:8} {route:17}: code typed → seat taken p50 "
                        f"{percentile(seated, 0.5):.0f} ms, max {max(seated, default=0):.0f} ms "
                        f"over {len(seated)} joins; click→shown p50 {percentile(clicks, 0.5):.1f} "
                        f"ms, p99 {percentile(clicks, 0.99):.1f} ms over {len(clicks)} actions; "
                        f"identical everywhere, each action once: {identical} of {runs} games"
                    )
            if stop:
                folder = Path(tmp) / "stopped"
                folder.mkdir()
                found = play(servers, folder, games[-1], True, stop)
                lines.append(stopped_line(games[-1], stop, found, yes))
        finally:
            servers.close()
    return lines


def stopped_line(name: str, stop: float, found: dict[str, Any], yes: dict[bool, str]) -> str:
    host, victim = found["reports"][0], found["reports"][-1]
    stopped, continued = found["stopped_at"], found["continued_at"]
    drops = [at - stopped for at, _ in host.drops if stopped <= at <= continued + 0.1]
    back = [at - continued for at in victim.joins if at >= continued]
    seen = f"yes, {drops[0]:.1f} s after the stop" if drops else "no"
    again = f"{back[0]:.2f} s after SIGCONT" if back else "without a new join (never dropped)"
    return (
        f"wormhole {name:8} a guest stopped (SIGSTOP) {stop:g} s through the relay: the host "
        f"saw it drop: {seen}; its seat taken back {again}; identical on every computer: "
        f"{yes[found['identical']]}, each action once: {yes[found['once']]} "
        f"({found['plies']} plies)"
    )


def measure(
    runs: int, stop: float, games: list[str], seconds: float = 1800, routes: str = "both"
) -> list[str]:
    """The figures: this module run again inside a new network namespace."""
    script = (
        f"ip link set lo up && exec {sys.executable} -m benchmarks.net_wormhole "
        f"{runs} {stop} {','.join(games)} {routes}"
    )
    done = subprocess.run(
        ["unshare", "-rn", "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=seconds,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the wormhole benchmark failed:\n{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()


if __name__ == "__main__":
    routes = sys.argv[4] if len(sys.argv) > 4 else "both"
    print("\n".join(inside(int(sys.argv[1]), float(sys.argv[2]), sys.argv[3].split(","), routes)))
