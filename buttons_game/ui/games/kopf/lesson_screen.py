"""Learn to play Kopf oder Knopf: the lessons one after another, on the real table.

The board works as at the table (the screen extends KopfScreen); the panel shows the
lesson, and its buttons have the tutorial keys of every game: Show me (H), Restart (U),
Next lesson (N; Done after the last) and Menu (Esc). The lesson reached is kept in the
settings, so leaving midway and coming back resumes there. With ``--show-me`` the
tutorial plays itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from buttons_game.games.kopf.lessons import LESSONS
from buttons_game.i18n import t
from buttons_game.ui.games.kopf import intents as do
from buttons_game.ui.screen import Host

from .lesson import Beat, LessonModel, LessonSession
from .lesson_view import LessonDrawing, LessonLayout
from .screen import KopfScreen

GAME = "kopf"
AUTO_SECONDS = 1.5  # --show-me: the beat before a lesson's Show me, and after its done text
QUIT_AFTER_FRAMES = 4  # --quit-when-over: the last lesson's done text drawn, then exit


class KopfLessonScreen(KopfScreen):
    """One lesson at a time; Next swaps in the next lesson's session on the same screen."""

    name = "kopf-lesson"
    session: LessonSession
    table: LessonLayout | None

    def __init__(self, host: Host, index: int = 0) -> None:
        self.index = min(max(0, index), len(LESSONS) - 1)
        self.autoplay = bool(host.options.show_me)
        super().__init__(host, self._session(host, self.index))
        self.drawing = LessonDrawing()
        self.beat = Beat()
        self.beat.start(AUTO_SECONDS * self._pace(host))
        self.quit_after: int | None = None

    @property
    def model(self) -> LessonModel:
        return self.session.model

    @staticmethod
    def _pace(host: Host) -> float:
        """Show me's pace: watchable even with instant animations, none with --fast."""
        return 0.0 if host.options.fast else max(0.6, host.settings.animation_factor)

    def _session(self, host: Host, index: int) -> LessonSession:
        return LessonSession(
            LESSONS[index],
            names=(t("learn.you"), t("learn.blue")),
            speed=lambda: host.animation_factor,
            pace=lambda: self._pace(host),
            on_solved=self._solved,
            sound=host.play_sound,
        )

    # ------------------------------------------------------------------ lessons
    def enter(self) -> None:
        super().enter()
        self._remember(self.index)

    def _remember(self, index: int) -> None:
        """The lesson to open next time (a tutorial playing itself moves nobody's place)."""
        if not self.autoplay:
            self.host.remember_lesson(GAME, index)

    def _solved(self) -> None:
        self._remember((self.index + 1) % len(LESSONS))  # after the last: lesson 1 again

    def start_lesson(self, index: int) -> None:
        self.session.close()
        self.index = index
        self.session = self._session(self.host, index)
        self.hear(self.session)
        self.beat.start(AUTO_SECONDS * self._pace(self.host))
        self._remember(index)
        self.layout()
        self.rebuild()
        if self.session.speech is not None:  # the next lesson's text, then what to do
            self.session.speech.follow()

    def next_lesson(self) -> None:
        if not self.model.passed:
            self.session.explain("learn.next_tip", tone="accent")
        elif self.model.last:
            self.host.show_menu()
        else:
            self.start_lesson(self.index + 1)

    # ------------------------------------------------------------------ widgets
    def layout(self) -> None:
        model = self.model
        title = t(model.lesson.text_key("title"))
        size = self.host.surface.get_size()
        self.table = LessonLayout.for_lesson(size, self.scale, title, model.counts_captures)

    def build(self) -> None:
        assert self.table is not None
        self.intent_of = {}
        t_ = self.table
        button = self.button
        self.show_me = button(t_.show_me, "learn.show_me", do.ShowMe(), None, "learn.show_me_tip")
        self.restart = button(t_.restart, "learn.restart", do.Restart(), None, "learn.restart_tip")
        last = self.model.last  # after the last lesson: Done, back to the menu
        self.next = button(
            t_.next,
            "learn.done" if last else "learn.next",
            do.NextLesson(),
            "#primary",
            "learn.done_tip" if last else "learn.next_tip",
        )
        self.menu = button(t_.menu, "game.menu", do.Menu())
        self.refresh_widgets()

    def allowed(self) -> Iterable[tuple[Any, bool]]:
        model = self.model
        return ((self.next, model.passed), (self.show_me, not model.showing))

    def selected(self) -> Iterable[tuple[Any, bool]]:
        return ()  # a lesson has no Threats button

    # ------------------------------------------------------------------ input
    def intent(self, event: pygame.event.Event) -> do.LessonIntent | None:
        """As at the table, with the tutorial keys: H show me, U restart, N next."""
        assert self.table is not None
        choosing = self.model.selected is not None
        return do.intent_for(event, self.table.square_at, choosing, lesson=True)

    def act(self, intent: Any) -> None:
        if isinstance(intent, do.NextLesson):
            self.next_lesson()
            return
        super().act(intent)

    def open_menu(self) -> None:
        self.host.show_menu()  # the lesson reached is kept

    # ------------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        if self.quit_after is not None:
            self.quit_after -= 1
            if self.quit_after <= 0:
                self.host.quit(0)
            return True
        moving = self.session.update(dt)
        self.refresh_widgets()
        if self.autoplay:
            return self._autoplay(dt) or moving
        if self.host.options.quit_when_over and self.model.last and self._at_rest():
            self.quit_after = QUIT_AFTER_FRAMES
        return moving

    def _at_rest(self) -> bool:
        """The lesson is solved and its last move has been shown."""
        m = self.model
        return m.solved and not m.showing and not m.flights

    def _autoplay(self, dt: float) -> bool:
        """--show-me: after a beat each lesson's Show me, after another beat the next lesson."""
        m = self.model
        if m.showing or m.flights or not self.beat.tick(dt):
            return True
        if not m.solved:
            self.session.show_me()
            self.beat.start(AUTO_SECONDS * self._pace(self.host))
        elif not m.last:
            self.start_lesson(self.index + 1)
        elif self.host.options.quit_when_over:
            self.quit_after = QUIT_AFTER_FRAMES
        else:
            self.autoplay = False  # the end: the player takes over (Done, Restart ...)
        return True

    def screenshot_key(self) -> str:
        m = self.model
        if m.solved:
            phase = "done"
        elif m.showing:
            phase = "show"
        elif m.wrong is not None:
            phase = "wrong"
        elif m.human_to_play() is None:
            phase = "reply"
        else:
            phase = "punish" if m.state.punishing else "play"
        return f"{self.name}-{m.lesson.key}-{phase}"


__all__ = ["KopfLessonScreen"]
