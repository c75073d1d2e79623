"""The replay viewer as a screen: a saved game, position by position.

The viewer holds the replay and where it stands; this screen maps keys and buttons to
its moves, keeps the widgets in step and draws with the game's own table drawing (its
``ReplayLook``, which the game's UI hands over). It never changes a game or a save:
there is no autosave, no bot and no die here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.net.verify import Verdict
from buttons_game.replay import Replay
from buttons_game.ui import art

from ..play.replay import SPEEDS, Marks, PlainReplayModel, ReplayModel, ReplayViewer, no_marks
from ..play.replay_view import PanelWords, ReplayPanel
from ..play.screen import BoardKeys, set_enabled
from ..screen import Host
from ..text import fit
from .common import button
from .widgets import DropDown

# Wakes the main loop while playing, so it can sleep between actions instead of drawing
# every frame (the position itself moves by the time passed, in ``update``).
REPLAY_TICK = pygame.event.custom_type()
QUIT_AFTER_FRAMES = 4  # --quit-when-over at the end: draw (and screenshot) it, then exit
VERDICT = 14  # design size of the line that says whether the dice verify
FASTER = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER = (pygame.K_MINUS, pygame.K_KP_MINUS)


def speed_label(speed: float) -> str:
    return f"{speed:g}×"


def verdict_words(verdict: Verdict | None) -> tuple[str, str] | None:
    """What the replay of a networked game says of its dice, and its tint: every roll
    verified, or the first that does not match; None for a game of one computer."""
    if verdict is None:
        return None
    if verdict.verified:
        return t("replay.verified"), "good"
    if verdict.draw is not None:
        return t("replay.not_verified", draw=verdict.draw), "bad"
    return t("replay.not_verified_action", action=(verdict.action_index or 0) + 1), "bad"


@dataclass(frozen=True)
class ReplayLook:
    """How a game's replay is shown, all that differs between games: its table layout for
    a window (``layout(size, scale, replay)``), the drawing of that layout, where the
    replay's own panel sits in it, what the jump buttons jump to ("round", "capture" …:
    ``replay.<jump>_back``), whether T shows the threats, the game's model at a position
    (``model(game)``), the marks of the action that led to it (``marks(model, replay, n)``)
    and the panel's words. The defaults suit any game with a history: a plain model, no
    marks, a game of rounds."""

    layout: Callable[[tuple[int, int], float, Replay], Any]
    drawing: Any
    panel: Callable[[Any], ReplayPanel]
    jump: str = "round"
    threats: bool = False
    model: Callable[[Any], ReplayModel] = PlainReplayModel
    marks: Marks = no_marks
    words: PanelWords = PanelWords()


class ReplayScreen(BoardKeys):
    """Watching a game again: step, jump, play at a speed; Back returns where it came from.
    Tab walks the buttons; the arrow keys always move the replay."""

    name = "replay"

    def speech_title(self) -> str:
        return f"{t('replay.title')} · {self.game_title}" if self.game_title else t("replay.title")

    def __init__(
        self, host: Host, game: Any, look: ReplayLook, verdict: Verdict | None = None
    ) -> None:
        """``game``: a game with its history; ValueError if it cannot be replayed.
        ``verdict``: a networked game's dice checked against their proofs (``verify``)."""
        super().__init__(host)
        self.verdict = verdict
        self.viewer = ReplayViewer(Replay.of(game), look.model, look.marks)
        self.look = look
        self.drawing = look.drawing
        self.table: Any = None
        self.ticking = 0.0  # the wake-up timer's period in seconds, 0 when off
        self.shown: tuple[bool, float] | None = None  # what the play and speed widgets show
        self.quit_after = QUIT_AFTER_FRAMES
        self.said_at = -1  # the position speech said last
        self.to_the_end = bool(host.options.quit_when_over)  # --replay --quit-when-over
        if self.to_the_end:
            if host.options.fast:
                self.viewer.run_to_end()
            else:
                self.viewer.toggle_play()

    @property
    def model(self):  # type: ignore[no-untyped-def]
        return self.viewer.model

    @property
    def panel(self) -> ReplayPanel:
        assert self.table is not None
        return self.look.panel(self.table)

    # ----------------------------------------------------------------- widgets
    def layout(self) -> None:
        self.table = self.look.layout(self.host.surface.get_size(), self.scale, self.viewer.replay)

    def build(self) -> None:
        p = self.panel
        jump = self.look.jump
        self.step_back = button(self, p.step_back, "replay.step_back", None, "replay.step_back_tip")
        self.step_on = button(self, p.step_on, "replay.step_on", None, "replay.step_on_tip")
        self.jump_back = button(
            self, p.jump_back, f"replay.{jump}_back", None, f"replay.{jump}_back_tip"
        )
        self.jump_on = button(self, p.jump_on, f"replay.{jump}_on", None, f"replay.{jump}_on_tip")
        playing = self.viewer.playing
        words = "replay.pause" if playing else "replay.play"
        self.play = button(self, p.play, words, "#primary", "replay.play_tip")
        options: list[str | tuple[str, str]] = [
            (speed_label(speed), f"{speed:g}") for speed in SPEEDS
        ]
        chosen = (speed_label(self.viewer.speed), f"{self.viewer.speed:g}")
        self.speed = self.add(DropDown(options, chosen, p.speed, manager=self.manager))
        self.name_control(self.speed, t("replay.speed"))
        self.back = button(self, p.back, "menu.back")
        self.menu = button(self, p.menu, "over.menu")
        self.shown = (playing, self.viewer.speed)
        self.refresh_widgets()

    def refresh_widgets(self) -> None:
        """Buttons enabled exactly when they can move; Play says Pause while playing."""
        if not self.widgets:
            return
        viewer = self.viewer
        if self.shown != (viewer.playing, viewer.speed):
            self.rebuild()  # the play button's words or the chosen speed changed
            return
        start, end = viewer.position == 0, viewer.at_end
        for widget, allowed in (
            (self.step_back, not start),
            (self.jump_back, not start),
            (self.step_on, not end),
            (self.jump_on, not end),
            (self.play, viewer.last > 0),
        ):
            set_enabled(widget, allowed)

    def exit(self) -> None:
        super().exit()
        self._tick(0.0)

    def suspend(self) -> None:
        super().suspend()
        self._tick(0.0)

    def _tick(self, seconds: float) -> None:
        """Wake the loop every ``seconds`` (0: never) while playing."""
        if seconds != self.ticking:
            self.ticking = seconds
            pygame.time.set_timer(REPLAY_TICK, int(seconds * 1000))

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        viewer = self.viewer
        if event.type == REPLAY_TICK:
            return True  # only a wake-up: update() moves by the time passed
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.speed:
            viewer.set_speed(float(event.selected_option_id))
        elif event.type == pygame.KEYDOWN:
            if not self._key(event.key):
                return False
        elif event.type == pygame.MOUSEWHEEL:
            self.model.scroll_log(event.y)
        elif event.type == pygame.MOUSEMOTION:
            self.model.pointer = event.pos  # the tooltips of the dice and cards
            return False
        else:
            return False
        self.refresh_widgets()
        return True

    def _pressed(self, widget: object) -> bool:
        viewer = self.viewer
        if widget is self.back:
            self.host.back()
        elif widget is self.menu:
            self.host.show_menu()
        elif widget is self.step_back or widget is self.step_on:
            viewer.step(-1 if widget is self.step_back else 1)
        elif widget is self.jump_back or widget is self.jump_on:
            viewer.jump(widget is self.jump_on)
        elif widget is self.play:
            viewer.toggle_play()
        else:
            return False
        self.refresh_widgets()
        return True

    def _key(self, key: int) -> bool:
        """A key's move; False for a key the replay does not use."""
        viewer = self.viewer
        if key == pygame.K_ESCAPE:
            self.host.back()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            viewer.step(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_UP, pygame.K_DOWN):
            viewer.jump(key in (pygame.K_PAGEDOWN, pygame.K_DOWN))
        elif key == pygame.K_HOME:
            viewer.goto(0)
        elif key == pygame.K_END:
            viewer.goto(viewer.last)
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            viewer.toggle_play()
        elif key in FASTER or key in SLOWER:
            viewer.faster(1 if key in FASTER else -1)
        elif key == pygame.K_t and self.look.threats:
            self.model.show_threats = not self.model.show_threats
        else:
            return False
        return True

    # ------------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        viewer = self.viewer
        moved = viewer.update(dt)
        if viewer.position != self.said_at:  # speech: the new position, the latest first
            first = self.said_at == -1  # (the first follows the screen's title)
            self.said_at = viewer.position
            voice = getattr(self.host, "voice", None)
            if voice is not None and voice.on:
                voice.say(viewer.words(), interrupt=not first, kind="replay")
        self.refresh_widgets()
        self._tick(viewer.interval if viewer.playing else 0.0)
        if self.to_the_end and viewer.at_end and not viewer.playing:
            self.quit_after -= 1  # the end drawn (and shot), then exit
            if self.quit_after <= 0:
                self.host.quit(0)
            return True
        return moved or viewer.stride is not None

    def draw(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        self.drawing.draw(surface, self.model, self.table, self.host.background)
        self._draw_verdict(surface)

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        """A networked game's verdict on its dice, on the panel's title line, at its right."""
        words = verdict_words(self.verdict)
        if words is None:
            return
        text, tint = words
        head = self.panel.head
        size = max(12, int(VERDICT * self.scale))
        title = art.text(t("replay.title"), int(20 * self.scale), "accent", True)
        room = head.width - title.get_width() - int(12 * self.scale)
        line = art.text(fit(text, size, room, True), size, tint, True)
        surface.blit(line, line.get_rect(topright=(head.right, head.top + int(4 * self.scale))))

    def screenshot_key(self) -> str:
        return f"replay-{self.viewer.position:04d}"


__all__ = ["REPLAY_TICK", "ReplayLook", "ReplayScreen"]
