"""Sound effects: the game's short sounds at the effects volume, or silence.

The mixer opens lazily, at the first effect played unmuted; when there is no
audio device (or a sound cannot be loaded) that is said once on stderr and the
game goes on silent. Nothing here ever raises into the game. The sounds are
made by ``scripts/make_sounds.py`` and ship as OGG files in ``assets/sounds``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
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
    "win",  # a game won
)
MAX_SECONDS = 1.5  # no effect lasts longer
VOLUME_STEPS: tuple[int, ...] = (0, 25, 50, 75, 100)
# The mixer's format (the files are converted to it once, as they load); a short buffer
# so that an effect sounds with what it goes with.
MIXER: dict[str, Any] = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}

Play = Callable[[str], None]


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
        """Play effect ``name`` once (the same effect starts again rather than doubling)."""
        if not self.audible:
            return
        try:
            sound = self._sound(name) if self._open() else None
            if sound is None:
                return
            sound.set_volume(self.volume / 100)
            sound.stop()
            sound.play()
        except Exception as error:  # a sound must never stop the game
            self._off(f"sound effects are off: {error}")

    def _open(self) -> bool:
        if self.state == "closed":
            try:
                if not pygame.mixer.get_init():
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
        _log(message)


def _log(message: str) -> None:
    """One line on stderr (a stderr that cannot be written to is no reason to stop)."""
    with contextlib.suppress(Exception):
        warn(message)


__all__ = ["EFFECTS", "MAX_SECONDS", "VOLUME_STEPS", "Play", "Sounds", "effect_file", "silent"]
