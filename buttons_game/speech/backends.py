"""Where speech goes. Each backend takes one announcement at a time from the speaker's
thread (``speak``, which may wait until the text is handed over, never until it is spoken)
and stops what it says at once (``stop``).

Chosen in this order (``choose_backend``), so a player keeps their own voice, rate and
braille display wherever one runs:

- ``ScreenReader``: the player's screen reader through ``accessible_output2`` (NVDA,
  JAWS, Narrator/SAPI on Windows; VoiceOver, or the system's voice, on macOS);
- ``SpeechDispatcher``: on Linux, Speech Dispatcher (which Orca speaks through, with the
  player's own voice settings) by its ``spd-say`` client;
- ``Espeak``: the system's voice, ``espeak-ng``, when nothing else is there (Linux);
- none: speech cannot be given here, and the window says so.

``Recording`` keeps what it was given, for tests and for the blind-player harness.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

# espeak-ng's and Speech Dispatcher's names for the game's languages
VOICES = {"en": "en", "de": "de", "fr": "fr", "it": "it", "ja": "ja"}
DEFAULT_WPM = 175  # espeak-ng's own default rate, words per minute


class Backend(Protocol):
    name: str

    def speak(self, text: str, language: str, rate: float, interrupt: bool) -> None:
        """Say ``text`` in ``language`` (a game language code) at ``rate`` (1.0: the
        backend's normal speed; a screen reader keeps its own); ``interrupt``: it cuts
        what is being said (else it follows it)."""
        ...

    def wait_until_quiet(self) -> None:
        """Return when what is being said has ended (at once where that cannot be known:
        a screen reader queues by itself)."""
        ...

    def stop(self) -> None:
        """Stop speaking at once; called from any thread, never blocking for long."""
        ...

    def close(self) -> None: ...


class Recording:
    """Keeps every announcement (text, language) and every stop, for tests."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[tuple[str, str]] = []
        self.stops = 0
        self._lock = threading.Lock()
        self.heard = threading.Condition(self._lock)

    def speak(self, text: str, language: str, rate: float, interrupt: bool) -> None:
        with self.heard:
            self.spoken.append((text, language))
            self.heard.notify_all()

    def wait_until_quiet(self) -> None:
        pass

    def stop(self) -> None:
        with self._lock:
            self.stops += 1

    def close(self) -> None:
        pass

    def texts(self) -> list[str]:
        with self._lock:
            return [text for text, _ in self.spoken]


class _Process:
    """A backend that runs one command per announcement and ends it to stop."""

    name = "process"

    def __init__(self, program: str) -> None:
        self.program = program
        self._current: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def command(self, text: str, language: str, rate: float) -> list[str]:
        raise NotImplementedError

    def wait_until_quiet(self) -> None:
        with self._lock:
            process = self._current
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=60)

    def speak(self, text: str, language: str, rate: float, interrupt: bool) -> None:
        if interrupt:
            self.stop()
        process = subprocess.Popen(
            self.command(text, language, rate),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        with self._lock:
            self._current = process

    def stop(self) -> None:
        with self._lock:
            process, self._current = self._current, None
        if process is not None and process.poll() is None:
            with contextlib.suppress(OSError):
                process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=0.2)

    def close(self) -> None:
        self.stop()


class Espeak(_Process):
    """The system's voice on Linux: ``espeak-ng`` (its rate in words per minute)."""

    name = "espeak-ng"

    def command(self, text: str, language: str, rate: float) -> list[str]:
        wpm = str(round(DEFAULT_WPM * rate))
        return [self.program, "-v", VOICES.get(language, "en"), "-s", wpm, "--", text]

    def render(self, text: str, language: str, path: Path, rate: float = 1.0) -> None:
        """Write the speech of ``text`` to a WAV file (for checking the voice itself)."""
        wpm = str(round(DEFAULT_WPM * rate))
        voice = VOICES.get(language, "en")
        subprocess.run(
            [self.program, "-v", voice, "-s", wpm, "-w", str(path), "--", text],
            check=True,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
        )


class SpeechDispatcher(_Process):
    """Speech Dispatcher on Linux (Orca's own speech) by ``spd-say``: the player's voice and
    output module as set there; ``rate`` moves its rate (-100 … 100) from 0."""

    name = "speech-dispatcher"

    def command(self, text: str, language: str, rate: float) -> list[str]:
        shift = max(-100, min(100, round((rate - 1.0) * 100)))
        return [self.program, "-l", VOICES.get(language, "en"), "-r", str(shift), "--", text]

    def stop(self) -> None:
        super().stop()
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.Popen(  # not waited for: the frame loop may be the caller
                [self.program, "--cancel"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )


class ScreenReader:
    """The player's screen reader (or the system's voice) through accessible_output2: on
    Windows NVDA, JAWS, System Access, Narrator's SAPI; on macOS VoiceOver or the system's
    voice. Its own voice and rate are kept (``rate`` is not used)."""

    name = "screen-reader"

    def __init__(self, output: Any) -> None:
        self.output = output

    def speak(self, text: str, language: str, rate: float, interrupt: bool) -> None:
        self.output.output(text, interrupt=interrupt)

    def wait_until_quiet(self) -> None:
        pass  # the screen reader queues by itself

    def stop(self) -> None:
        silence = getattr(self.output, "silence", None)
        if silence is not None:
            with contextlib.suppress(Exception):
                silence()

    def close(self) -> None:
        pass


def _accessible_output() -> Any | None:
    try:
        from accessible_output2.outputs.auto import Auto
    except Exception:  # noqa: BLE001 — not installed here, or its libraries are missing
        return None
    try:
        output = Auto()
    except Exception:  # noqa: BLE001 — no output at all on this system
        return None
    return output


def choose_backend(
    platform: str = sys.platform,
    which: Callable[[str], str | None] = shutil.which,
    screen_reader: Callable[[], Any | None] = _accessible_output,
) -> Backend | None:
    """The best way to speak on this computer, or None when there is none."""
    if platform in ("win32", "darwin"):
        output = screen_reader()
        return ScreenReader(output) if output is not None else None
    for program, backend in (("spd-say", SpeechDispatcher), ("espeak-ng", Espeak)):
        found = which(program)
        if found is not None:
            return backend(found)
    return None


def available_names(backends: Sequence[Backend | None]) -> list[str]:
    return [b.name for b in backends if b is not None]


__all__ = [
    "DEFAULT_WPM",
    "Backend",
    "Espeak",
    "Recording",
    "ScreenReader",
    "SpeechDispatcher",
    "choose_backend",
]
