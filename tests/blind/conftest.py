"""The world around a blind player: the real app at its main menu, its loop run as time
passes, and the player's two senses: ``listen`` (what the voice said since the last time)
and ``press`` (a real key press through the app's loop). The player gets only those two
(``player.BlindPlayer``); everything here that looks at the app (the loop, the bots'
worker threads, the speaker) is the passing of time, never read by the player.
"""

from __future__ import annotations

import pygame
import pytest

from buttons_game.ui.app import App

from ..ui.conftest import finish_jobs, make_app, open_jobs, user_home  # noqa: F401 (fixtures)

FRAME = 0.02  # seconds of each frame
IDLE_LIMIT = 5000  # frames before a loop that never goes idle counts as stuck


class World:
    """Runs ``app`` for a player who hears every announcement to its end.

    The bots' pacing waits for speech (``voice.busy()``: the speaker's clock against the
    estimated end of what it says). Here the speaker's clock is stubbed: before each frame
    it stands at the end of what has been said so far, so the player has heard everything
    to its end and a bot's next move waits for nothing else (the game state is not read).
    """

    def __init__(self, app: App) -> None:
        self.app = app
        self.last: object = None  # the last announcement heard
        self.frames = 0

    def _clock(self) -> float:
        speaker = self.app.voice.speaker
        return speaker.speaking_until if speaker is not None else 0.0

    def run(self) -> None:
        """Frames until the loop would sleep: no event waiting, nothing moving, no new job
        on a worker (each is let finish before the next frame: a frame never races a
        thread; a finished one may wait untaken, as a bot's behind a modal screen)."""
        app = self.app
        for _ in range(IDLE_LIMIT):
            speaker = app.voice.speaker
            if speaker is not None and speaker.clock != self._clock:
                speaker.clock = self._clock
            finish_jobs(app)
            waiting = {id(job) for job in open_jobs(app)}  # all done, maybe not yet taken
            self.frames += 1
            busy = app.step(FRAME)
            new_jobs = any(id(job) not in waiting for job in open_jobs(app))
            if not (busy or new_jobs or pygame.event.peek()):
                return
            if not app.running:
                return
        raise AssertionError("the loop never went idle")

    def listen(self) -> list[str]:
        """What the voice was given since the last time, in order (the speaker's history:
        what the player can also step back through with F9)."""
        self.run()
        speaker = self.app.voice.speaker
        if speaker is None:
            return []
        history = list(speaker.history)
        start = len(history)
        while start > 0 and history[start - 1] is not self.last:
            start -= 1
        new = history[start:]
        if new:
            self.last = new[-1]
        return [said.text for said in new]

    def press(self, key: int, unicode: str = "") -> None:
        """A key pressed and released, as the window gets it (a typed character also comes
        as text input)."""
        post = pygame.event.post
        post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
        if unicode.isprintable() and unicode:
            post(pygame.event.Event(pygame.TEXTINPUT, text=unicode))
        post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
        self.run()


@pytest.fixture
def world(make_app):  # noqa: F811 (the fixture of tests/ui)
    def start(language: str = "en", seed: int = 3) -> World:
        app = make_app(language=language, seed=seed, window=(1280, 720))
        app.show_menu()
        world = World(app)
        world.run()
        return world

    return start
