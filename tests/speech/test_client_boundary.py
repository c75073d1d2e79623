"""Speech Dispatcher and espeak-ng at their client boundary, with fakes: small programs in a
temporary folder that note their arguments (and their process id) in a file, in place of
``spd-say`` and ``espeak-ng``. Nothing is said aloud."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from buttons_game.speech.backends import Espeak, SpeechDispatcher, choose_backend
from buttons_game.speech.speaker import Speaker

GUARD = 60.0  # seconds a fake may take to start on a busy machine: a hang guard only

FAKE = """#!{python}
import json, os, sys, time
with open({log!r}, "a", encoding="utf-8") as log:
    log.write(json.dumps([os.getpid(), sys.argv[1:]]) + "\\n")
if "--cancel" not in sys.argv:
    time.sleep({speaking})  # as long as the words take to say
"""


def fake(folder: Path, name: str, speaking: float = 0.0) -> tuple[Path, Path]:
    """A fake client program ``name`` in ``folder`` and the file it notes its calls in."""
    folder.mkdir(exist_ok=True)
    log = folder / f"{name}.calls"
    program = folder / name
    program.write_text(FAKE.format(python=sys.executable, log=str(log), speaking=speaking))
    program.chmod(0o755)
    return program, log


def calls(log: Path, count: int) -> list[tuple[int, list[str]]]:
    """The first ``count`` calls noted in ``log`` (process id, arguments), once there."""
    end = time.monotonic() + GUARD
    while time.monotonic() < end:
        lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
        if len(lines) >= count:
            return [tuple(json.loads(line)) for line in lines]  # type: ignore[misc]
        time.sleep(0.01)
    raise AssertionError(f"{log.name}: fewer than {count} calls in {GUARD} s")


def ended(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_spd_say_is_given_the_language_the_rate_and_the_text_after_dashes(tmp_path) -> None:
    program, log = fake(tmp_path / "bin", "spd-say")
    backend = SpeechDispatcher(str(program))
    backend.speak("-v steht nicht für eine Option", "de", 1.5, False)
    backend.wait_until_quiet()
    [(_, arguments)] = calls(log, 1)
    assert arguments == ["-l", "de", "-r", "50", "--", "-v steht nicht für eine Option"]
    backend.speak("Lentement.", "fr", 0.5, False)
    assert calls(log, 2)[1][1] == ["-l", "fr", "-r", "-50", "--", "Lentement."]


def test_a_new_interrupting_announcement_cancels_the_running_one(tmp_path) -> None:
    program, log = fake(tmp_path / "bin", "spd-say", speaking=30)
    backend = SpeechDispatcher(str(program))
    backend.speak("Anna rolls.", "en", 1.0, False)
    [(first, _)] = calls(log, 1)
    backend.speak("Row 3, column 4.", "en", 1.0, True)
    noted = calls(log, 3)
    assert ["--cancel"] in [arguments for _, arguments in noted]
    assert ["-l", "en", "-r", "0", "--", "Row 3, column 4."] in [a for _, a in noted]
    assert ended(first)  # the client still saying the stale words was ended too
    backend.close()


def test_stop_cancels_speech_dispatcher_at_once(tmp_path) -> None:
    program, log = fake(tmp_path / "bin", "spd-say", speaking=30)
    backend = SpeechDispatcher(str(program))
    backend.speak("Ben places a button.", "en", 1.0, False)
    [(pid, _)] = calls(log, 1)
    began = time.monotonic()
    backend.stop()
    assert time.monotonic() - began < 5.0  # never waits for the words (30 s here)
    assert calls(log, 2)[1][1] == ["--cancel"]
    assert ended(pid)


def test_the_speaker_stops_speech_dispatcher_on_the_stop_key(tmp_path) -> None:
    program, log = fake(tmp_path / "bin", "spd-say", speaking=30)
    speaker = Speaker(SpeechDispatcher(str(program)), language="it")
    try:
        speaker.say("Tocca a te.")
        assert calls(log, 1)[0][1] == ["-l", "it", "-r", "0", "--", "Tocca a te."]
        speaker.stop()
        assert ["--cancel"] in [arguments for _, arguments in calls(log, 2)]
    finally:
        speaker.close()


def test_espeak_ng_is_ended_on_stop(tmp_path) -> None:
    program, log = fake(tmp_path / "bin", "espeak-ng", speaking=30)
    backend = Espeak(str(program))
    backend.speak("Blue busts.", "en", 2.0, False)
    [(pid, arguments)] = calls(log, 1)
    assert arguments == ["-v", "en", "-s", "350", "--", "Blue busts."]
    assert not ended(pid)  # still speaking
    began = time.monotonic()
    backend.stop()
    assert time.monotonic() - began < 5.0
    assert ended(pid)
    backend.speak("Rot ist dran.", "de", 1.0, False)
    [_, (second, _)] = calls(log, 2)
    backend.speak("Gelb.", "de", 1.0, True)  # interrupting: the running one is ended first
    calls(log, 3)
    assert ended(second)
    backend.close()


@pytest.mark.parametrize(
    ("present", "chosen"),
    [(("spd-say", "espeak-ng"), SpeechDispatcher), (("espeak-ng",), Espeak), ((), type(None))],
)
def test_choose_backend_finds_the_clients_on_the_path(
    tmp_path, monkeypatch, present: tuple[str, ...], chosen: type
) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in present:
        fake(folder, name)
    monkeypatch.setenv("PATH", str(folder))
    backend = choose_backend("linux")
    assert isinstance(backend, chosen)
    if backend is not None:
        assert backend.program == str(folder / present[0])  # type: ignore[attr-defined]
