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
