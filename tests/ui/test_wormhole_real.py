"""The lobby with real wormholes, in a network namespace the test makes (``unshare -rn``,
loopback only) with its own mailbox server and transit relay: seat 2's code appears, a
wrong guess spends it (the guest is told "wrong_code", the lobby says why the code
changed), and a guest by the new code takes seat 2. A machine where no namespace can be
made fails the test; it never skips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game.i18n import install, t

ROOT = Path(__file__).resolve().parents[2]
NAMESPACE = """
ip link set lo up
cd {tmp}
{bin}/twist wormhole-mailbox --port=tcp:4000:interface=127.0.0.1 \\
    --channel-db={tmp}/ch.sqlite >/dev/null 2>&1 &
MAILBOX=$!
{bin}/twist transitrelay --port=tcp:4001:interface=127.0.0.1 >/dev/null 2>&1 &
RELAY=$!
sleep 1.5
cd {root}
{python} -m tests.ui.wormhole_child
CODE=$?
kill $MAILBOX $RELAY
exit $CODE
"""


@pytest.mark.slow
def test_the_lobby_offers_a_real_code_a_wrong_guess_spends_it_and_a_guest_comes_by_the_new(
    tmp_path,
):
    install("en")  # the child speaks English: its words are compared with ours
    bin_dir = Path(sys.executable).parent
    script = NAMESPACE.format(tmp=tmp_path, bin=bin_dir, python=sys.executable, root=ROOT)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "BUTTONS_GAME_HOME": str(tmp_path / "home"),
        "BUTTONS_GAME_WORMHOLE": "ws://127.0.0.1:4000/v1,tcp:127.0.0.1:4001",
    }
    done = subprocess.run(
        ["unshare", "-rn", "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["first"] and report["code_seconds"] < 10
    assert report["wrong_error"] == "wrong_code"
    assert report["host_says"] == t("net.wh.word_wrong_code", n=2)
    assert report["second"] != report["first"]
    assert report["guest_seat"] == 1
    assert report["seat_line"] == t("net.ui.seat_line", n=2, who=t("net.ui.seat_guest", name="Bo"))
    assert report["route"] in (t("net.wh.direct"), t("net.wh.relay"))
