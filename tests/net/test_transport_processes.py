"""Real processes on loopback: ``buttons-game host`` and ``join`` play whole games through
the protocol, and a guest killed mid-game comes back from its state file."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

pytestmark = pytest.mark.slow

CODE = "tiger-42-plum"
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def command(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "buttons_game.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def host(tmp: Path, port: int, game: str, seats: str, *extra: str) -> subprocess.Popen[str]:
    return command(
        "host", "--game", game, "--seats", seats, "--port", str(port), "--code", CODE,
        "--out", str(tmp / "host.json"), "--seed", "3", "--timeout", "60", *extra,
    )  # fmt: skip


def guest(tmp: Path, port: int, seat: int, *extra: str) -> subprocess.Popen[str]:
    return command(
        "join", "--address", "127.0.0.1", "--port", str(port), "--code", CODE,
        "--seat", str(seat), "--name", f"Guest {seat}", "--bot", "easy", "--seed", str(seat),
        "--out", str(tmp / f"guest{seat}.json"), "--state", str(tmp / f"guest{seat}.state"),
        "--timeout", "60", *extra,
    )  # fmt: skip


def finish(process: subprocess.Popen[str], seconds: float = 40) -> str:
    out, err = process.communicate(timeout=seconds)
    assert process.returncode == 0, err
    return out


def applied_lines(text: str) -> list[tuple[int, Any]]:
    lines = []
    for line in text.splitlines():
        ply, action = line.split(" ", 1)
        lines.append((int(ply), json.loads(action)))
    return lines


def histories(tmp: Path, seats: range) -> list[dict[str, Any]]:
    files = [tmp / "host.json", *(tmp / f"guest{s}.json" for s in seats)]
    return [json.loads(path.read_text(encoding="utf-8")) for path in files]


def test_a_host_and_a_guest_play_a_whole_short_game_of_kopf_oder_knopf(tmp_path: Path) -> None:
    port = free_port()
    hosting = host(tmp_path, port, "kopf", "bot:easy,remote", "--short")
    joined = guest(tmp_path, port, 1)
    guest_out, host_out = finish(joined), finish(hosting)
    first, second = histories(tmp_path, range(1, 2))
    assert first == second and first["game"] == "kopf" and first["actions"]
    assert applied_lines(host_out) == applied_lines(guest_out)
    assert [ply for ply, _ in applied_lines(host_out)] == list(range(len(first["actions"])))
    assert [action for _, action in applied_lines(host_out)] == first["actions"]


def test_a_host_and_two_guests_play_a_whole_game_of_buttons(tmp_path: Path) -> None:
    port = free_port()
    hosting = host(tmp_path, port, "buttons", "bot:easy,remote,remote")
    guests = [guest(tmp_path, port, seat) for seat in (1, 2)]
    outputs = [finish(g) for g in guests] + [finish(hosting)]
    found = histories(tmp_path, range(1, 3))
    assert found[0] == found[1] == found[2]
    assert found[0]["game"] == "buttons" and len(found[0]["actions"]) > 50
    assert applied_lines(outputs[0]) == applied_lines(outputs[1]) == applied_lines(outputs[2])


def read_lines(stream: IO[str], count: int, seconds: float = 20) -> list[str]:
    lines: list[str] = []
    ends = time.monotonic() + seconds
    while len(lines) < count and time.monotonic() < ends:
        line = stream.readline()
        if not line:
            break
        lines.append(line)
    return lines


def test_a_guest_killed_mid_game_comes_back_from_its_state_file(tmp_path: Path) -> None:
    """SIGKILL: no goodbye, no state written at the end; the restarted process takes its
    seat back with the credential and the dice chain's secret its state file kept."""
    port = free_port()
    hosting = host(tmp_path, port, "buttons", "bot:easy,remote,remote")
    steady = guest(tmp_path, port, 1, "--think", "0.01")
    doomed = guest(tmp_path, port, 2, "--think", "0.01")
    assert doomed.stdout is not None
    seen = read_lines(doomed.stdout, 30)
    assert len(seen) == 30, "the game did not get going"
    state = json.loads((tmp_path / "guest2.state").read_text(encoding="utf-8"))
    assert state["credential"]
    doomed.send_signal(signal.SIGKILL)
    assert doomed.wait(timeout=10) == -signal.SIGKILL  # killed, not finished
    time.sleep(0.3)  # the game goes on without it until its seat must act
    again = guest(tmp_path, port, 2, "--think", "0.01")
    again_out = finish(again)
    finish(steady), finish(hosting)
    found = histories(tmp_path, range(1, 3))
    assert found[0] == found[1] == found[2]
    assert json.loads((tmp_path / "guest2.state").read_text(encoding="utf-8")) == state
    replayed = applied_lines(again_out)
    assert [ply for ply, _ in replayed] == list(range(len(found[0]["actions"])))
    assert [action for _, action in replayed][:30] == [
        action for _, action in applied_lines("".join(seen))
    ]


def test_a_host_killed_mid_game_is_started_again_and_its_guests_come_back_by_themselves(
    tmp_path: Path,
) -> None:
    """SIGKILL on the host: started again with its state file, it hosts the game on the same
    port with the same code, and its guests (which never stopped) reconnect, take their
    seats back and play on; every game ends identical, nothing lost or applied twice."""
    port = free_port()
    state = tmp_path / "host.state"
    hosting = host(tmp_path, port, "buttons", "bot:easy,remote,remote", "--state", str(state))
    guests = [guest(tmp_path, port, seat, "--think", "0.01") for seat in (1, 2)]
    assert hosting.stdout is not None
    seen = read_lines(hosting.stdout, 30)
    assert len(seen) == 30, "the game did not get going"
    hosting.send_signal(signal.SIGKILL)
    assert hosting.wait(timeout=10) == -signal.SIGKILL
    kept = json.loads(state.read_text(encoding="utf-8"))
    assert kept["keep"]["port"] == port and len(kept["keep"]["guests"]) == 2
    time.sleep(0.5)  # the guests see the host gone and keep trying
    again = host(tmp_path, port, "buttons", "bot:easy,remote,remote", "--state", str(state))
    again_out = finish(again)
    outputs = [finish(g) for g in guests]
    found = histories(tmp_path, range(1, 3))
    assert found[0] == found[1] == found[2] and len(found[0]["actions"]) > 50
    for out in outputs:  # each guest printed each action once, in order
        assert [ply for ply, _ in applied_lines(out)] == list(range(len(found[0]["actions"])))
    resumed = applied_lines(again_out)  # the host started again printed the game whole
    assert [action for _, action in resumed] == found[0]["actions"]
    before = [action for _, action in applied_lines("".join(seen))]
    assert found[0]["actions"][: len(before)] == before


def test_through_a_slow_network_that_drops_connections_every_game_ends_the_same(
    tmp_path: Path,
) -> None:
    """A proxy holds every message 20 ms and cuts every connection now and then (about every
    2 s): the guests reconnect by themselves and the game ends identical everywhere, no
    action lost or applied twice."""
    port, through = free_port(), free_port()
    hosting = host(tmp_path, port, "kopf", "bot:easy,remote", "--short")
    proxy = subprocess.Popen(
        [sys.executable, "-m", "tests.net.proxy", str(through), str(port), "0.02", "2", "7"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proxy.stdout is not None and proxy.stdout.readline().strip() == "ready"
        joined = guest(tmp_path, through, 1, "--think", "0.05")
        guest_out, host_out = finish(joined, 60), finish(hosting, 60)
    finally:
        proxy.kill()
        proxy.wait(timeout=10)
    first, second = histories(tmp_path, range(1, 2))
    assert first == second and first["actions"]
    plies = [ply for ply, _ in applied_lines(guest_out)]
    assert sorted(set(plies)) == list(range(len(first["actions"])))
    assert [a for _, a in sorted(dict(applied_lines(guest_out)).items())] == first["actions"]
    assert applied_lines(host_out) == sorted(dict(applied_lines(host_out)).items())
