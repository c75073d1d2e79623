"""Sound effects: the game's short sounds at the effects volume, or silence.

The mixer opens lazily, at the first effect played unmuted; when there is no
audio device (or a sound cannot be loaded) that is said once on stderr and the
game goes on silent. Nothing here ever raises into the game. The sounds are
made by ``scripts/make_sounds.py`` and ship as OGG files in ``assets/sounds``.

An effect named with a length (``Timed("roll", 1.12)``) lasts exactly that long: its
ending (``ENDINGS``, the dice landing) comes at the end, and the part before it (the
dice rattling, made to loop) is repeated or cut to fill the time. So the dice sound as
long as they are in the air at every animation speed.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from array import array
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from buttons_game.core.resources import asset
from buttons_game.settings import warn

# Every effect the game plays, each from assets/sounds/<name>.ogg.
EFFECTS: tuple[str, ...] = (
    "roll",  # the dice in the air (as long as the roll animation)
    "place",  # a button placed
    "star",  # a star placed
    "bust",
    "opt_out",
    "move",  # Kopf oder Knopf: a piece moved
    "strike",  # Kopf oder Knopf: pieces struck or taken, flying to the tray
    "five_in_line",  # BUTTONS won with five stars in a line: the line lights up
    "twelve_stars",  # BUTTONS won with twelve stars: the winner's stars light up
    "kopf_win",  # Kopf oder Knopf won: the captured pieces light up in the tray
    "kopf_draw",  # Kopf oder Knopf drawn: 100 turns without a capture
    "cue_legal",  # speech: the cursor on a square one may use
    "cue_illegal",  # speech: the cursor on a square one may not use
    "cue_threat",  # speech: the cursor on one's own piece in danger
    "cue_turn",  # speech: a person here is to decide
)
MAX_SECONDS = 1.5  # no effect lasts longer
# Effects played to a length: the seconds at their end that are their ending (the dice
# landing); what comes before is a loop (the dice rattling) repeated or cut to fit.
ENDINGS: dict[str, float] = {"roll": 0.2}
FADE_SECONDS = 0.005  # a loop cut short fades out this fast (no click)
VOLUME_STEPS: tuple[int, ...] = (0, 25, 50, 75, 100)
# The mixer's format (the files are converted to it once, as they load); a short buffer
# so that an effect sounds with what it goes with.
MIXER: dict[str, Any] = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}

Play = Callable[[str], None]


class Timed(str):
    """An effect's name with the seconds it must last (the dice: their time in the air).

    It is the name itself to anything that only wants a name, so every ``Play`` takes it.
    """

    seconds: float

    def __new__(cls, name: str, seconds: float) -> Timed:
        timed = super().__new__(cls, name)
        timed.seconds = max(0.0, seconds)
        return timed


def silent(name: str) -> None:
    """A session's default sound: none."""


def effect_file(name: str) -> str:
    """The path of effect ``name``'s OGG file (inside the wheel or the executable too)."""
    return str(asset("sounds", f"{name}.ogg"))


class Sounds:
    """The effects, played at ``volume`` (0–100) unless ``muted``; silent without a device."""

    def __init__(self, volume: int = 75, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.state = "closed"  # "closed" (not opened yet), "open", or "off" (no device)
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}
        self._timed: dict[tuple[str, int], pygame.mixer.Sound] = {}  # (name, ms) -> sound
        self._playing: dict[str, pygame.mixer.Sound] = {}  # what each effect played last

    @property
    def audible(self) -> bool:
        return not self.muted and self.volume > 0 and self.state != "off"

    def set(self, volume: int, muted: bool) -> None:
        """New settings; muting stops what is playing."""
        self.volume, self.muted = volume, muted
        if not self.audible and self.state == "open":
            with contextlib.suppress(Exception):  # the mixer went away with pygame.quit
                pygame.mixer.stop()

    def play(self, name: str) -> None:
        """Play effect ``name`` once (the same effect starts again rather than doubling);
        a ``Timed`` name lasts its seconds."""
        if not self.audible:
            return
        try:
            sound = self.prepared(name) if self._open() else None
            if sound is None:
                return
            key = str(name)
            before = self._playing.get(key)
            if before is not None and before is not sound:
                before.stop()
            sound.set_volume(self.volume / 100)
            sound.stop()
            sound.play()
            self._playing[key] = sound
        except Exception as error:  # a sound must never stop the game
            self._off(f"sound effects are off: {error}")

    def prepared(self, name: str) -> pygame.mixer.Sound | None:
        """The sound ``name`` plays (a ``Timed`` one made to its length); the mixer is open."""
        key = str(name)
        sound = self._sound(key)
        seconds = getattr(name, "seconds", None)
        if sound is None or seconds is None or key not in ENDINGS:
            return sound
        ms = round(seconds * 1000)
        timed = self._timed.get((key, ms))
        if timed is None:
            timed = fitted(sound, seconds, ENDINGS[key])
            if len(self._timed) > 16:
                self._timed.clear()
            self._timed[(key, ms)] = timed
        return timed

    def _open(self) -> bool:
        if self.state == "closed":
            try:
                if not pygame.mixer.get_init():
                    with without_alsa_noise():
                        pygame.mixer.init(**MIXER)
                self.state = "open"
            except Exception as error:
                self._off(f"sound effects are off (no audio device: {error})")
        return self.state == "open"

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._loaded:
            try:
                self._loaded[name] = pygame.mixer.Sound(effect_file(name))
            except Exception as error:  # a missing or damaged file: this effect stays silent
                self._loaded[name] = None
                _log(f"sound effect {name!r:.40} cannot be played: {error}")
        return self._loaded[name]

    def _off(self, message: str) -> None:
        self.state = "off"
        self._loaded.clear()
        self._timed.clear()
        self._playing.clear()
        _log(message)


def fitted(sound: pygame.mixer.Sound, seconds: float, ending: float) -> pygame.mixer.Sound:
    """``sound`` made ``seconds`` long (at least its ending): the part before its last
    ``ending`` seconds repeated or cut (with a short fade), then the ending. A mixer in a
    format other than 16-bit samples gets ``sound`` as it is."""
    init = pygame.mixer.get_init()
    if not init or abs(init[1]) != 16 or not hasattr(sound, "get_raw"):
        return sound
    rate, _, channels = init
    samples = array("h")
    samples.frombytes(sound.get_raw())
    frames = len(samples) // channels
    tail = min(frames, round(ending * rate))
    loop = samples[: (frames - tail) * channels]
    body = max(0, round(seconds * rate) - tail) * channels
    out = array("h")
    while loop and len(out) < body:
        out.extend(loop)
    del out[body:]
    if loop and body % len(loop):  # cut inside the loop: fade out, no click
        fade = min(body // channels, round(FADE_SECONDS * rate))
        for k in range(fade):
            gain = k / fade
            for c in range(channels):
                i = body - (k + 1) * channels + c
                out[i] = int(out[i] * gain)
    out.extend(samples[(frames - tail) * channels :])
    return pygame.mixer.Sound(buffer=out.tobytes())


ALSA_NOISE = b"ALSA lib "


@contextlib.contextmanager
def without_alsa_noise() -> Iterator[None]:
    """Standard error (fd 2) caught while SDL probes the audio drivers: libasound writes its
    "ALSA lib ..." lines there itself on a machine without a sound card. Those lines are
    dropped; anything else written meanwhile is written back when the block ends."""
    saved = _duplicate_stderr()
    if saved is None:
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            kept = [
                line
                for line in caught.read().splitlines(keepends=True)
                if not line.startswith(ALSA_NOISE)
            ]
            if kept:
                with contextlib.suppress(OSError):
                    os.write(2, b"".join(kept))


def _duplicate_stderr() -> int | None:
    """A copy of fd 2, Python's own buffer written out first; None where there is no fd 2
    (a windowed executable)."""
    with contextlib.suppress(Exception):
        if sys.stderr is not None:
            sys.stderr.flush()
    try:
        return os.dup(2)
    except OSError:
        return None


def _log(message: str) -> None:
    """One line on stderr (a stderr that cannot be written to is no reason to stop)."""
    with contextlib.suppress(Exception):
        warn(message)


__all__ = [
    "EFFECTS",
    "ENDINGS",
    "MAX_SECONDS",
    "VOLUME_STEPS",
    "Play",
    "Sounds",
    "Timed",
    "effect_file",
    "fitted",
    "silent",
    "without_alsa_noise",
]
