"""Run inside a private network namespace (``unshare -rn``; tests/net/test_wormhole.py):
its own wormhole mailbox server and transit relay on loopback, then headless hosts and
guests (``buttons-game host --wormhole`` / ``join --wormhole CODE``) that play whole
games through wormhole codes while faults are made. Prints one JSON line: each game's
outputs, return codes and what was seen, for the test to judge.

    python -m tests.net.wormhole_child OUT_DIR [GAME ...]

GAME: ``kopf-direct`` (a short Kopf oder Knopf game, direct connections only: a wrong code
first, the address of the connections changed, a guest killed and started again with a
new code), ``buttons-relay`` (BUTTONS forced through the relay: the relay killed and
started again, a guest stopped 5 s), ``kopf-relay`` (through a relay of its own that starts
only after the guests typed their codes) and ``buttons-direct`` (no faults). The games run
at the same time, on the same mailbox (and all but ``kopf-relay`` on the same relay).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.net_wormhole import LocalServers as Servers
from benchmarks.net_wormhole import free_port, wait_port

ROOT = Path(__file__).resolve().parents[2]
KEEPALIVE = "1,2"  # a silent subchannel is lost after 3 s (a busy machine may be slow)
ROUNDS = "2"  # BUTTONS is played through round 2
LATE_RELAY = 3.0  # seconds after the kopf-relay game's guests start that its relay does
DUMMY = "d0"  # a veth pair's end, the namespace's one address that is not loopback


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


class Process:
    """One ``buttons_game.cli`` process, its output lines gathered as they come."""

    started: dict[str, list[Process]] = {}  # each game's, to end them when the game fails

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.args = args
        Process.started.setdefault(env["BUTTONS_GAME_HOME"], []).append(self)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "buttons_game.cli", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.lines)),
            threading.Thread(target=self._read, args=(self.process.stderr, self.errors)),
        ]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _read(stream: Any, into: list[str]) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))

    def wait_lines(self, count: int, seconds: float = 20.0) -> None:
        ends = time.monotonic() + seconds
        while len(self.lines) < count and self.process.poll() is None:
            if time.monotonic() > ends:
                raise RuntimeError(f"fewer than {count} lines after {seconds} s: {self.args}")
            time.sleep(0.02)

    def finish(self, seconds: float = 40.0) -> dict[str, Any]:
        try:
            code = self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        for reader in self.readers:
            reader.join()
        return {"rc": code, "lines": self.lines, "stderr": self.errors[-20:]}


class Game:
    """One hosted game: its host and guests, their files in ``folder``."""

    def __init__(self, name: str, tmp: Path, servers: Servers, relay_only: bool) -> None:
        self.name = name
        self.folder = tmp / name
        self.folder.mkdir()
        self.env = dict(
            os.environ,
            PYTHONUNBUFFERED="1",
            BUTTONS_GAME_KEEPALIVE=KEEPALIVE,
            BUTTONS_GAME_WORMHOLE=servers.variable(relay_only),
            BUTTONS_GAME_HOME=str(self.folder / "home"),
        )
        self.codes_file = self.folder / "codes.json"
        self.host: Process | None = None
        self.seen: dict[str, Any] = {"events": []}
        self.began = time.monotonic()

    def note(self, what: str) -> None:
        self.seen["events"].append([round(time.monotonic() - self.began, 2), what])

    def start_host(self, game: str, seats: str, *extra: str) -> Process:
        self.host = Process(
            ["host", "--game", game, "--seats", seats, "--port", "0", "--code", "tiger-42-plum",
             "--wormhole", "--codes", str(self.codes_file), "--out", str(self.folder / "host.json"),
             "--report", str(self.folder / "host-report.json"), "--state",
             str(self.folder / "host.state"), "--seed", "3", "--timeout", "60", *extra],
            self.env,
        )  # fmt: skip
        return self.host

    def codes(self) -> dict[int, str]:
        try:
            return {int(s): c for s, c in json.loads(self.codes_file.read_text()).items()}
        except (OSError, ValueError):
            return {}

    def code_for(self, seat: int, not_in: tuple[str, ...] = (), seconds: float = 15.0) -> str:
        """The host's code for ``seat`` once it offers one that is not in ``not_in``."""
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            code = self.codes().get(seat)
            if code is not None and code not in not_in:
                return code
            time.sleep(0.03)
        raise RuntimeError(f"no new code for seat {seat} after {seconds} s: {self.codes()}")

    def guest(self, seat: int, code: str, *extra: str, name: str | None = None) -> Process:
        return Process(
            ["join", "--wormhole", code, "--name", name or f"Guest {seat}", "--bot", "easy",
             "--seed", str(seat), "--out", str(self.folder / f"guest{seat}.json"), "--state",
             str(self.folder / f"guest{seat}.state"), "--timeout", "60", *extra],
            self.env,
        )  # fmt: skip

    def results(self, **processes: Process) -> dict[str, Any]:
        found: dict[str, Any] = {"seen": self.seen}
        for label, process in processes.items():
            found[label] = process.finish()
        found["saved"] = {
            path.stem: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(self.folder.glob("*.json"))
            if path.name != "codes.json"
        }
        state = self.folder / "host.state"
        if state.exists():
            kept = json.loads(state.read_text(encoding="utf-8"))
            found["host-state"] = {"game": kept["game"], "proofs": kept["proofs"]}
        return found


def plain(name: str, tmp: Path, servers: Servers, game: str, relay_only: bool) -> dict[str, Any]:
    """A host and two guests play a whole game, nothing going wrong."""
    table = Game(name, tmp, servers, relay_only)
    seats = "remote,remote" if game == "kopf" else "bot:easy,remote,remote"
    extra = ["--short"] if game == "kopf" else ["--through", ROUNDS]
    relay = ["--relay-only"] if relay_only else []
    host = table.start_host(game, seats, *extra, *relay)
    first = 0 if game == "kopf" else 1
    cut = [] if game == "kopf" else ["--through", ROUNDS]
    guests = {
        f"guest{seat}": table.guest(seat, table.code_for(seat), "--think", "0.02", *cut, *relay)
        for seat in (first, first + 1)
    }
    return table.results(host=host, **guests)


def kopf_direct(tmp: Path, servers: Servers) -> dict[str, Any]:
    """Kopf oder Knopf, direct connections only, every guest on the dummy interface's
    address: a wrong code, a spent code, the address changed, a guest killed and back."""
    table = Game("kopf-direct", tmp, servers, relay_only=False)
    host = table.start_host("kopf", "remote,remote", "--short")
    right = table.code_for(0)
    nameplate = right.split("-")[0]
    wrong = table.guest(0, f"{nameplate}-wrong-guess", name="Eve")
    table.seen["wrong"] = wrong.finish(20)
    table.note("wrong code tried")
    renewed = table.code_for(0, not_in=(right,))
    table.seen["renewed_after_wrong"] = renewed != right
    # The mailbox may give the freed number to the seat's new code: the old words are then
    # a wrong guess at the new code rather than a code nobody holds.
    table.seen["again_nameplate_reused"] = renewed.split("-")[0] == nameplate
    again = table.guest(0, f"{nameplate}-wrong-guess", "--patience", "2", name="Eve")
    table.seen["again"] = again.finish(20)
    table.note("spent code tried again")
    steady = table.guest(0, table.code_for(0), "--think", "0.1")
    doomed = table.guest(1, table.code_for(1), "--think", "0.1")
    doomed.wait_lines(6)
    table.seen["plies_before_change"] = len(host.lines)
    table.seen["connections_before"] = _connections(DUMMY_FIRST)
    ip("addr", "del", f"{DUMMY_FIRST}/24", "dev", DUMMY)
    ip("addr", "add", f"{DUMMY_SECOND}/24", "dev", DUMMY)
    table.note("address changed")
    changed_at = time.time()
    ply = len(host.lines)
    host.wait_lines(ply + 4, 20)
    table.seen["connections_after"] = _connections(DUMMY_SECOND)
    table.seen["connections_to_the_old"] = _connections(DUMMY_FIRST)
    table.seen["changed_at"] = changed_at
    table.note("play went on after the change")
    kept = table.codes().get(1)
    table.seen["killed_at"] = time.time()
    doomed.process.send_signal(signal.SIGKILL)
    table.seen["killed"] = doomed.finish(10)
    table.note("guest 1 killed")
    fresh = table.code_for(1, not_in=(kept,) if kept else (), seconds=15)
    table.seen["new_code_differs"] = fresh != kept
    table.note("host offered a new code")
    back = table.guest(1, fresh, "--think", "0.05")
    found = table.results(host=host, guest0=steady, guest1=back)
    return found


DUMMY_FIRST, DUMMY_SECOND = "10.77.0.2", "10.77.0.3"


def _connections(address: str) -> int:
    """Established TCP connections to or from ``address`` in this namespace."""
    out = subprocess.run(["ss", "-Htn", "state", "established"], capture_output=True, text=True)
    return sum(1 for line in out.stdout.splitlines() if f"{address}:" in line)


def buttons_relay(tmp: Path, servers: Servers) -> dict[str, Any]:
    """BUTTONS forced through the relay: the relay killed and started again mid-game, then
    a guest stopped (SIGSTOP) for 5 s and let go on."""
    table = Game("buttons-relay", tmp, servers, relay_only=True)
    host = table.start_host(
        "buttons", "bot:easy,remote,remote", "--relay-only", "--through", ROUNDS
    )
    guests = {
        f"guest{seat}": table.guest(
            seat, table.code_for(seat), "--think", "0.05", "--relay-only", "--through", ROUNDS
        )
        for seat in (1, 2)
    }
    guests["guest2"].wait_lines(10)
    table.note("relay killed")
    table.seen["relay_killed_at"] = time.time()
    servers.restart_relay(1.0)
    table.note("relay started again")
    ply = len(host.lines)
    host.wait_lines(ply + 5, 20)
    table.note("play went on through the new relay")
    stopped = guests["guest1"].process
    table.seen["stopped_at"] = time.time()
    stopped.send_signal(signal.SIGSTOP)
    table.note("guest 1 stopped")
    time.sleep(5.0)
    stopped.send_signal(signal.SIGCONT)
    table.note("guest 1 let go on")
    return table.results(host=host, **guests)


def kopf_late_relay(tmp: Path, servers: Servers) -> dict[str, Any]:
    """Kopf oder Knopf through a relay of its own that starts only after the guests typed
    their codes: their first tries to connect find nothing, and they connect once it is
    there (before, Dilation never tried again and the guests gave up after 30 s)."""
    port = free_port()
    table = Game("kopf-relay", tmp, servers, relay_only=True)
    table.env["BUTTONS_GAME_WORMHOLE"] = table.env["BUTTONS_GAME_WORMHOLE"].replace(
        f":{servers.relay_port},", f":{port},"
    )
    host = table.start_host("kopf", "remote,remote", "--short", "--relay-only")
    reports = {seat: str(table.folder / f"guest{seat}-report.json") for seat in (0, 1)}
    guests = {
        f"guest{seat}": table.guest(
            seat, table.code_for(seat), "--think", "0.02", "--relay-only", "--report", reports[seat]
        )
        for seat in (0, 1)
    }
    time.sleep(LATE_RELAY)
    table.seen["relay_started_at"] = time.time()
    relay = servers._start("transitrelay", port)
    try:
        wait_port(port)
        found = table.results(host=host, **guests)
    finally:
        relay.kill()
        relay.wait()
    found["reports"] = {
        name: json.loads((table.folder / f"{name}-report.json").read_text(encoding="utf-8"))
        for name in guests
        if (table.folder / f"{name}-report.json").exists()
    }
    return found


GAMES = {
    "kopf-direct": kopf_direct,
    "buttons-relay": buttons_relay,
    "kopf-relay": kopf_late_relay,
    "buttons-direct": lambda tmp, servers: plain("buttons-direct", tmp, servers, "buttons", False),
}


def main(argv: list[str]) -> int:
    tmp = Path(argv[0])
    names = argv[1:] or list(GAMES)
    ip("link", "add", DUMMY, "type", "veth", "peer", "name", f"{DUMMY}-peer")
    ip("addr", "add", f"{DUMMY_FIRST}/24", "dev", DUMMY)
    ip("link", "set", f"{DUMMY}-peer", "up")
    ip("link", "set", DUMMY, "up")
    began = time.monotonic()
    servers = Servers(tmp)
    report: dict[str, Any] = {}

    def play(name: str) -> None:
        try:
            report[name] = GAMES[name](tmp, servers)
        except Exception as error:  # noqa: BLE001 — told to the test, which fails on it
            ended = [p.finish(0.01) for p in Process.started.get(str(tmp / name / "home"), [])]
            report[name] = {"error": repr(error), "ended": ended}

    threads = [threading.Thread(target=play, args=(name,)) for name in names]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        servers.close()
    report["seconds"] = time.monotonic() - began
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
