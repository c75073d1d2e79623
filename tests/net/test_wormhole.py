"""Play over the internet by wormhole codes, with real processes and real servers, all inside
a network namespace the test makes (``unshare -rn``: loopback and one veth pair, nothing
reaches the machine's network, let alone the public mailbox). The namespace's own mailbox
server and transit relay serve four games at once (tests/net/wormhole_child.py):

- Kopf oder Knopf, direct connections only: a wrong code is refused after one guess and
  spent, the connections' address is changed mid-game, a guest is killed and started
  again with a new code and its kept credential;
- BUTTONS through round 2, forced through the relay: the relay is killed and started
  again mid-game, then a guest is stopped (SIGSTOP) for 5 s;
- Kopf oder Knopf through a relay that starts only after the guests typed their codes;
- BUTTONS through round 2 directly, nothing going wrong.

Each game must end identical on every computer, every action printed once, in order. A
machine where no namespace can be made fails these tests; they never skip."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kopf-direct", "buttons-relay", "kopf-relay", "buttons-direct")


def play_the_four_games(tmp: Path) -> dict[str, Any]:
    """The four games, played at the same time in one namespace."""
    began = time.monotonic()
    done = subprocess.run(
        ["unshare", "-rn", "bash", "-c",
         f"ip link set lo up && exec {sys.executable} -m tests.net.wormhole_child {tmp} "
         + " ".join(GAMES)],
        capture_output=True, text=True, timeout=90, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    report["wall"] = time.monotonic() - began
    print(f"\nthe four wormhole games took {report['wall']:.1f} s")
    return report


def game(played: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = played[name]
    assert "error" not in found, json.dumps(found)[-3000:]
    return found


def lines(text: list[str]) -> list[tuple[int, Any]]:
    return [(int(ply), json.loads(action)) for ply, action in (t.split(" ", 1) for t in text)]


def check_identical(found: dict[str, Any], guests: tuple[str, ...], kind: str) -> list[Any]:
    """Every computer's saved game is the host's, every process ended well and printed each
    action once, in order of ply; the host's state file holds the same game and its dice
    proofs. The actions, for more checks."""
    saved = found["saved"]
    assert "host" in saved, json.dumps({name: found[name] for name in ("host", *guests)})
    host = saved["host"]
    assert host["game"] == kind and len(host["actions"]) > 10
    for guest in guests:
        assert saved[guest] == host, f"{guest} ended with another game than the host"
    for name in ("host", *guests):
        assert found[name]["rc"] == 0, found[name]["stderr"]
        printed = lines(found[name]["lines"])
        assert [ply for ply, _ in printed] == list(range(len(printed))), f"{name}: twice or lost"
        assert [action for _, action in printed][: len(host["actions"])] == host["actions"]
    kept = found["host-state"]
    assert kept["game"]["setup"] == host["setup"]
    assert kept["game"]["actions"][: len(host["actions"])] == host["actions"]
    assert kept["proofs"], "the host keeps the dice's proofs"
    return list(host["actions"])


def drops_between(found: dict[str, Any], start: float, end: float) -> int:
    return sum(1 for at, _ in found["saved"]["host-report"]["drops"] if start <= at <= end)


def test_four_games_through_wormholes_with_faults_end_identical_everywhere(
    tmp_path: Path,
) -> None:
    """One test, so that the four games are played once even when the tests are spread
    over several workers; each check below says what it is about."""
    played = play_the_four_games(tmp_path)  # its time is the suite's to watch, not asserted
    a_wrong_code_is_refused_once_and_spent_and_the_game_goes_on(played)
    an_address_change_and_a_guest_killed_and_back_by_a_new_code(played)
    the_relay_restarted_and_a_guest_stopped(played)
    a_relay_that_comes_late_is_connected_through(played)
    a_host_and_two_guests_play_through_wormholes(played, "buttons-direct")
    buttons_is_played_through_round_2_and_no_further(played)


def a_wrong_code_is_refused_once_and_spent_and_the_game_goes_on(played: dict[str, Any]) -> None:
    """Kopf oder Knopf, direct."""
    found = game(played, "kopf-direct")
    seen = found["seen"]
    wrong = seen["wrong"]
    assert wrong["rc"] == 1 and not wrong["lines"]
    assert "wrong_code" in wrong["stderr"][-1]
    assert seen["renewed_after_wrong"], "the host offers the seat a new code"
    again = seen["again"]
    assert again["rc"] == 1 and not again["lines"]
    # The spent code finds no host (or, when the mailbox gave its number to the seat's
    # new code, the new code's host refuses the old words): it never gets in.
    reason = "wrong_code" if seen["again_nameplate_reused"] else "no_host"
    assert reason in again["stderr"][-1]
    check_identical(found, ("guest0", "guest1"), "kopf")
    assert found["saved"]["guest0"]["actions"], "the right new code joined and finished"


def an_address_change_and_a_guest_killed_and_back_by_a_new_code(played: dict[str, Any]) -> None:
    """Kopf oder Knopf, direct."""
    found = game(played, "kopf-direct")
    seen = found["seen"]
    assert seen["connections_before"] >= 2, "the direct connections used the veth's address"
    assert seen["connections_to_the_old"] == 0, "the change cut every connection to it"
    assert seen["connections_after"] >= 2, "they were made again to the new address"
    # Dilation may resume under the game's subchannel before its keepalive notices (no
    # drop at all), or after (the guest opens a new subchannel and takes its seat back).
    assert seen["killed"]["rc"] == -9
    assert seen["new_code_differs"], "the gone seat is offered a code of its own"
    actions = check_identical(found, ("guest0", "guest1"), "kopf")
    killed = [action for _, action in lines(seen["killed"]["lines"])]
    assert actions[: len(killed)] == killed
    assert lines(found["guest1"]["lines"])[-1][0] == len(actions) - 1


def the_relay_restarted_and_a_guest_stopped(played: dict[str, Any]) -> None:
    """BUTTONS through round 2, through the relay."""
    found = game(played, "buttons-relay")
    seen = found["seen"]
    assert drops_between(found, seen["relay_killed_at"], seen["stopped_at"]) >= 1, (
        "the relay's restart cut the guests' connections"
    )
    assert drops_between(found, seen["stopped_at"], seen["stopped_at"] + 5) >= 1, (
        "the stopped guest was seen gone"
    )
    check_identical(found, ("guest1", "guest2"), "buttons")


def a_relay_that_comes_late_is_connected_through(played: dict[str, Any]) -> None:
    """Kopf oder Knopf, through a relay that is not there when the guests first dial it."""
    found = game(played, "kopf-relay")
    check_identical(found, ("guest0", "guest1"), "kopf")
    started = found["seen"]["relay_started_at"]
    for name in ("guest0", "guest1"):
        joins = found["reports"][name]["joins"]
        assert joins and joins[0] > started, f"{name} was seated before its relay started"


def a_host_and_two_guests_play_through_wormholes(played: dict[str, Any], name: str) -> None:
    found = game(played, name)
    kind, _ = name.split("-")
    seats = ("guest0", "guest1") if kind == "kopf" else ("guest1", "guest2")
    check_identical(found, seats, kind)


def buttons_is_played_through_round_2_and_no_further(played: dict[str, Any]) -> None:
    from buttons_game.core.game import replay_states
    from buttons_game.core.kind import find_kind

    kind = find_kind("buttons")
    assert kind is not None
    for name in ("buttons-relay", "buttons-direct"):
        host = game(played, name)["saved"]["host"]
        actions = [kind.decode_action(a) for a in host["actions"]]
        states = replay_states(kind.first_state(kind.decode_setup(host["setup"])), actions)
        rounds = kind.sections(actions, states)
        # Its last action ended round 2: the position it leads to is round 3's first.
        assert max(rounds[:-1]) == 2 and rounds[-1] == 3, name
