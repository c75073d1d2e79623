"""LAN discovery by mDNS, tested only inside a network namespace the test makes itself
(``unshare -rn``, loopback with multicast): nothing goes onto the machine's network. A
machine where no namespace can be made fails the test; it never skips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game.net.discovery import found_game
from buttons_game.net.messages import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[2]
NAMESPACE = (
    "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && "
    "exec {python} -m tests.net.discovery_child"
)


@pytest.mark.slow
def test_a_hosted_game_is_found_on_the_local_network_in_its_own_namespace():
    script = NAMESPACE.format(python=sys.executable)
    done = subprocess.run(
        ["unshare", "-rn", "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["found"] == [
        {"name": "Ann's table", "game": "kopf", "address": "127.0.0.1", "port": 45123,
         "protocol": PROTOCOL_VERSION, "open_seats": 1}
    ]  # fmt: skip
    assert report["seconds"] < 10
    assert report["later"][0]["open_seats"] == 0, "the open seats are told as they change"


class Info:
    def __init__(self, properties, port=45123, addresses=("127.0.0.1",)):
        self.properties = properties
        self.port = port
        self.addresses = addresses

    def parsed_addresses(self):
        return list(self.addresses)


GOOD = {b"name": b"Ann", b"game": b"buttons", b"protocol": b"1", b"open": b"2"}


def test_what_a_host_announces_is_read_untrustingly():
    assert found_game(Info(GOOD)) is not None
    for key in GOOD:
        assert found_game(Info({k: v for k, v in GOOD.items() if k != key})) is None, key
    assert found_game(Info({**GOOD, b"open": b"99"})) is None
    assert found_game(Info({**GOOD, b"protocol": b"-1"})) is None
    assert found_game(Info({**GOOD, b"name": b"\xff\xfe"})) is None
    assert found_game(Info({**GOOD, b"name": b"a\x07b"})) is None
    assert found_game(Info({**GOOD, b"name": b"x" * 1000})) is None
    assert found_game(Info(GOOD, port=0)) is None
    assert found_game(Info(GOOD, port=70000)) is None
    assert found_game(Info(GOOD, addresses=())) is None
    assert found_game(Info("not a dict")) is None
