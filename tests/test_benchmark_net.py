"""The small twin of benchmarks/net.py: one short game, its figures printed."""

from __future__ import annotations

import re

import pytest

from benchmarks.net import main


def test_the_net_benchmark_prints_latency_and_bytes_per_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--runs", "1", "--games", "kopf", "--in-process"]) == 0
    out = capsys.readouterr().out
    found = re.search(
        r"kopf +1 guest\(s\): click→shown p50 ([\d.]+) ms, p99 ([\d.]+) ms over (\d+) actions; "
        r"bytes per game ([\d,]+) \((\d+) plies\)",
        out,
    )
    assert found, out
    p50, p99, actions, size, plies = found.groups()
    assert 0 < float(p50) <= float(p99) and int(actions) > 0 and int(plies) > int(actions)
    assert int(size.replace(",", "")) > 0


def test_the_net_benchmark_counts_wrong_codes_kept_out_before_the_handshake(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from benchmarks.net import wrong_codes

    found = re.search(
        r"wrong codes: 20 guesses in [\d.]+ s, (\d+) reached the handshake .*worst frame "
        r"([\d.]+) ms over (\d+) frames",
        wrong_codes(20),
    )
    assert found
    reached, worst, frames = found.groups()
    assert int(reached) <= 5, "the try limiter lets five guesses through, then refuses"
    assert float(worst) >= 0 and int(frames) > 0


def test_the_net_benchmark_prints_the_host_s_worst_and_p99_frame(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--runs", "1", "--games", "kopf", "--in-process"]) == 0
    found = re.search(
        r"kopf +host frame: worst ([\d.]+) ms, p99 ([\d.]+) ms, p50 ([\d.]+) ms over (\d+) ticks",
        capsys.readouterr().out,
    )
    assert found
    worst, p99, p50, ticks = found.groups()
    assert 0 <= float(p50) <= float(p99) <= float(worst) and float(worst) > 0 and int(ticks) > 0


@pytest.mark.slow
def test_a_short_kopf_game_through_a_slow_proxy_ends_the_same_everywhere() -> None:
    """The small twin of ``--proxy-delay``: every message held 20 ms each way, so a click
    comes back shown after at least two of them."""
    from benchmarks.net_faults import through_proxy

    first, frames = through_proxy("kopf", 1, 20, None)
    found = re.search(
        r"kopf +1 guest\(s\) through a proxy delaying every message 20 ms: click→shown "
        r"p50 ([\d.]+) ms, p99 ([\d.]+) ms over (\d+) actions; histories identical in 1 of 1 "
        r"games, every action applied once in 1 of 1; whole game p50 ([\d.]+) s",
        first,
    )
    assert found, first
    p50, p99, actions, seconds = found.groups()
    assert 40 <= float(p50) <= float(p99) and int(actions) > 0 and float(seconds) > 0
    assert frames.startswith("kopf     host frame: worst")


@pytest.mark.slow
def test_a_guest_stopped_mid_game_is_seen_gone_and_the_game_ends_the_same_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The small twin of ``--stop-guest``, with a faster keepalive (BUTTONS_GAME_KEEPALIVE:
    a ping every 0.5 s, answered within 1 s): a stop of 3 s is seen in every case."""
    from benchmarks.net_faults import stopped_guest

    monkeypatch.setenv("BUTTONS_GAME_KEEPALIVE", "0.5,1")
    first, frames = stopped_guest("kopf", 3.0)
    found = re.search(
        r"kopf +a guest stopped \(SIGSTOP\) for 3 s after ply 4: the host saw it drop: "
        r"yes, ([\d.]+) s after the stop \(\w+\); the game ended identical on all 2 "
        r"computers: yes; every action applied once: yes \((\d+) plies\)",
        first,
    )
    assert found, first
    after, plies = found.groups()
    assert 0.5 <= float(after) <= 3.1 and int(plies) > 4
    assert frames.startswith("kopf     host frame: worst")


@pytest.mark.slow
def test_the_wormhole_figures_are_measured_in_a_namespace_of_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The small twin of ``--wormhole``: one short Kopf oder Knopf game through the relay,
    then one with a guest stopped 3 s (a faster keepalive, so that the stop is seen); every
    figure present and the games identical everywhere (the direct route is played in
    tests/net/test_wormhole.py)."""
    from benchmarks.net_wormhole import measure

    monkeypatch.setenv("BUTTONS_GAME_KEEPALIVE", "0.5,1")
    relay, stopped = measure(1, 3.0, ["kopf"], seconds=120, routes="relay")
    for found, route in ((relay, "through the relay"),):
        figures = re.search(
            rf"wormhole kopf +{route} *: code typed → seat taken p50 (\d+) ms, max (\d+) ms "
            r"over 2 joins; click→shown p50 ([\d.]+) ms, p99 ([\d.]+) ms over (\d+) actions; "
            r"identical everywhere, each action once: 1 of 1 games",
            found,
        )
        assert figures, found
        seated, worst, p50, p99, actions = figures.groups()
        assert 0 < int(seated) <= int(worst) < 10_000 and int(actions) > 0
        assert 0 < float(p50) <= float(p99) < 60, "no delayed ACK in the way (Nagle's ~40 ms)"
    back = re.search(
        r"wormhole kopf +a guest stopped \(SIGSTOP\) 3 s through the relay: the host saw it drop: "
        r"yes, ([\d.]+) s after the stop; its seat taken back ([\d.]+) s after SIGCONT; "
        r"identical on every computer: yes, each action once: yes \((\d+) plies\)",
        stopped,
    )
    assert back, stopped
    assert float(back.group(1)) <= 3.0 and float(back.group(2)) < 10
