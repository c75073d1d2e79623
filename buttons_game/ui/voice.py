"""Speech in the window: the one object the screens and tables tell what to say
(``Voice.say``), over the speaker of ``buttons_game.speech`` (its own thread; never
blocking the frame loop).

Keys that work on every screen (none of them a letter: name boxes take letters):

- F12 turns speech on or off (a first start that finds no screen reader says so, by
  the system's voice, once);
- Ctrl stops what is being said at once;
- F9 / F10 step back and forward through what was said, F8 says the last again.

A screen reader, when one runs, speaks with the player's own voice and rate; otherwise
the system's voice does, at the rate chosen in Settings → Speech.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from buttons_game.i18n import t
from buttons_game.speech.backends import Backend, Recording, choose_backend
from buttons_game.speech.speaker import Speaker

TOGGLE_KEY = pygame.K_F12
REPEAT_KEY, OLDER_KEY, NEWER_KEY = pygame.K_F8, pygame.K_F9, pygame.K_F10
STOP_KEYS = (pygame.K_LCTRL, pygame.K_RCTRL)


VOICE_VARIABLE = "BUTTONS_GAME_VOICE"  # "recording": speech is kept, not said (the tests)


def default_backend() -> Backend | None:
    """The voice of this computer, or a recording one when ``BUTTONS_GAME_VOICE`` says so."""
    if os.environ.get(VOICE_VARIABLE) == "recording":
        return Recording()
    return choose_backend()


class Voice:
    """What the window says, when speech is on."""

    def __init__(
        self,
        settings: Callable[[], Any],
        store: Callable[[bool], None],
        notify: Callable[[str, str], None],
        *,
        backend: Callable[[], Backend | None] | None = None,
    ) -> None:
        """``settings``: the current settings; ``store(on)``: keep speech on or off in them;
        ``notify``: a note in the window (what is said is also shown)."""
        self._settings = settings
        self._store = store
        self.keep = store  # keep speech on or off in the settings (the first start decides)
        self._quiet = False  # a notice the voice says itself is not said twice
        self.said = 0  # how many announcements were handed to the speaker
        self._notify = notify
        self._make_backend = backend if backend is not None else lambda: default_backend()
        self.speaker: Speaker | None = None
        self.missing = False  # speech was asked for and this computer has no voice

    # ------------------------------------------------------------------ state
    @property
    def on(self) -> bool:
        return bool(self._settings().speech) and self.speaker is not None

    @property
    def decided(self) -> bool:
        """Whether speech was turned on or off (by the player or a first start) yet."""
        return self._settings().speech is not None

    @property
    def detail(self) -> str:
        """How much a table says: "all" (every move) or "mine" (what concerns the people at
        this screen and the game's big moments)."""
        return str(self._settings().speech_detail)

    def start(self) -> bool:
        """Open the voice (speech turned on): False, with ``missing``, when there is none."""
        if self.speaker is None:
            backend = self._make_backend()
            if backend is None:
                self.missing = True
                return False
            settings = self._settings()
            self.speaker = Speaker(
                backend, language=settings.language, rate=settings.speech_rate / 100
            )
        self.follow_settings()
        return True

    def follow_settings(self) -> None:
        """The language or the rate changed in Settings."""
        if self.speaker is not None:
            settings = self._settings()
            self.speaker.language = settings.language
            self.speaker.rate = settings.speech_rate / 100

    def close(self) -> None:
        if self.speaker is not None:
            self.speaker.close()
            self.speaker = None

    # ------------------------------------------------------------------ speaking
    def say(self, text: str, *, interrupt: bool = False, kind: str = "info") -> None:
        """Say ``text`` when speech is on (nothing otherwise)."""
        if self.on and self.speaker is not None:
            self.said += 1
            self.speaker.say(text, interrupt=interrupt, kind=kind)

    def heard(self, text: str) -> None:
        """A notice the window shows: said too, when speech is on."""
        if not self._quiet:
            self.say(text)

    def hint(self, text: str) -> None:
        """Say ``text`` even though speech is off: the first start's one hint of the key
        that turns it on (nothing when this computer has no voice)."""
        if self.speaker is None:
            backend = self._make_backend()
            if backend is None:
                return
            settings = self._settings()
            self.speaker = Speaker(
                backend, language=settings.language, rate=settings.speech_rate / 100
            )
        self.speaker.say(text, interrupt=True, kind="hint")

    def stop(self) -> None:
        if self.speaker is not None:
            self.speaker.stop()

    def busy(self) -> bool:
        """Whether an announcement is probably still being said (a table waits for it
        before a bot's next move; a key ends the wait)."""
        return self.on and self.speaker is not None and self.speaker.busy()

    def handle_key(self, event: pygame.event.Event) -> str | None:
        """The speech keys (every screen): "on" / "off" when F12 turned speech on or off,
        "used" for the other speech keys, None when the key is not one of them."""
        key = event.key
        if key in STOP_KEYS:
            self.stop()
            return None  # Ctrl is also a modifier of other keys: not used up
        if key == TOGGLE_KEY:
            self.toggle()
            return "used"
        speaker = self.speaker
        if not self.on or speaker is None:
            return None
        if key == REPEAT_KEY:
            speaker.repeat()
        elif key == OLDER_KEY:
            speaker.older()
        elif key == NEWER_KEY:
            speaker.newer()
        else:
            return None
        return "used"

    def toggle(self) -> None:
        """F12: speech on (said by the voice itself) or off (said, then silent)."""
        if self.on:
            self.say(t("speech.off"), interrupt=True)
            self._store(False)
            self._notify(t("speech.off"), "text")
            return
        self._store(True)
        if not self.start():
            self._store(False)
            self._notify(t("speech.missing"), "bad")
            return
        self._quiet = True  # said just below, at once
        try:
            self._notify(t("speech.on"), "accent")
        finally:
            self._quiet = False
        self.say(t("speech.on"), interrupt=True)


__all__ = ["NEWER_KEY", "OLDER_KEY", "REPEAT_KEY", "STOP_KEYS", "TOGGLE_KEY", "Voice"]
