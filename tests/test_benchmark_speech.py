"""The speech benchmark's quick twin: a few runs of each figure, printed, with every
announcement arriving at the (recording) voice. No timing is asserted."""

from __future__ import annotations

import re

import pytest

from benchmarks.speech import Stamped, main, percentile


def test_the_speech_benchmark_prints_its_figures_and_every_announcement_arrives(
    tmp_path, monkeypatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(tmp_path))
    assert main(["--moves", "6", "--keys", "4", "--focus", "4", "--frames", "12"]) == 0
    out = capsys.readouterr().out
    latencies = re.findall(r"^  (.+): (\d+) announcements, p50 [\d.]+ ms, p99 [\d.]+ ms", out, re.M)
    assert [(what, int(n)) for what, n in latencies] == [
        ("a move applied by the match (BUTTONS)", 6),
        ("a move applied by the match (Kopf oder Knopf)", 6),
        ("a key moves the cursor (Kopf oder Knopf)", 4),
        ("Tab moves the focus (main menu)", 4),
    ]
    assert "missing" not in out
    frames = re.findall(r"speech (off|on) ?: 12 frames, p50 [\d.]+ ms, p99 [\d.]+ ms \((\d+) ", out)
    assert [speech for speech, _ in frames] == ["off", "on"]
    assert int(frames[0][1]) == 0 and int(frames[1][1]) > 0  # the voice hears only with speech on


def test_the_stamped_voice_times_the_first_of_a_changes_announcements() -> None:
    stamped = Stamped()
    stamped.speak("stale", "en", 1.0, False)
    stamped.speak("Anna rolls.", "en", 1.0, False)
    assert stamped.arrival(0, ["Anna rolls."]) == stamped.times[1]
    assert stamped.arrival(2, ["Anna rolls."], timeout=0.01) is None
    assert stamped.arrival(0, [], timeout=0.01) is None
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50) == 3.0
    assert percentile([float(n) for n in range(1, 101)], 99) == 99.0
