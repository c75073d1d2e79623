"""Kopf oder Knopf's screens for the app and the shared screens: its table, set-up, game
over, replay, rules pictures, statistics columns and lessons.

The table's modules are imported where they are used: this module is imported with the
package (it registers the game's UI), before the modules it hands out.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from buttons_game.games.kopf.engine import BOARD
from buttons_game.games.kopf.kind import KIND
from buttons_game.games.kopf.lessons import LESSONS
from buttons_game.i18n import t

from ...play.plugin import GameUI, networked_autosave
from ...screen import Host, Screen
from ...text import draw_lines, line_step, wrap

if TYPE_CHECKING:
    from ...stats_view import Column

DIAGRAMS = ("pair", "blocked", "group")


@lru_cache(maxsize=4)
def kopf_picture(size: int) -> pygame.Surface:
    """A corner of the Kopf oder Knopf board with a few pieces on it."""
    from . import board_art, sprites

    edge = max(4, size // 28)
    cell = (size - 2 * edge) // 5
    corner = [row[1:6] for row in BOARD[1:6]]
    surface = board_art.printed_board(corner, cell, edge, False)
    for (r, c), player in {
        (0, 0): 0,
        (0, 1): 1,
        (1, 0): 1,
        (0, 2): 0,
        (2, 2): 0,
        (3, 1): 1,
    }.items():
        piece = sprites.piece(int(cell * 0.9), player)
        centre = (edge + c * cell + cell // 2, edge + r * cell + cell // 2)
        surface.blit(piece, piece.get_rect(center=centre))
    return surface


class KopfUI(GameUI):
    def picture(self, size: int) -> pygame.Surface:
        return kopf_picture(size)

    def save_name(self, game: Any) -> str:
        names = ", ".join(seat.name for seat in game.seats)
        return t("saves.default_name_kopf", names=names, n=game.turn_number)

    # ------------------------------------------------------------------ rules
    def rules_key(self) -> str:
        return "kopf_rules.text"

    def rules_width(self) -> tuple[float, float]:
        return 0.05, 0.56

    def rules_pictures(self) -> int:
        return len(DIAGRAMS)

    def draw_rules_pictures(
        self, surface: pygame.Surface, rects: list[pygame.Rect], scale: float
    ) -> None:
        """The pair, the blocked pair and the group of three, each with its caption."""
        from .diagrams import draw_diagram

        size = int(round(15 * scale))
        for name, rect in zip(DIAGRAMS, rects):
            caption = wrap(t(f"kopf_rules.{name}"), size, rect.width)
            text_h = len(caption) * line_step(size)
            picture = pygame.Rect(
                rect.left, rect.top, rect.width, rect.height - text_h - int(round(10 * scale))
            )
            area = draw_diagram(surface, name, picture)
            caption_rect = pygame.Rect(
                rect.left, area.bottom + int(round(6 * scale)), rect.width, text_h + 4
            )
            draw_lines(surface, caption, caption_rect, size, "text", centre=True)

    def stat_columns(self) -> tuple[Column, ...]:
        from ...stats_view import COLUMNS

        return COLUMNS["kopf"]

    # ------------------------------------------------------------------ screens
    def setup(self, host: Host) -> Screen:
        from .setup import KopfSetupScreen

        return KopfSetupScreen(host)

    def table_modules(self) -> tuple[str, ...]:
        return ("buttons_game.ui.games.kopf.screen", "buttons_game.ui.games.kopf.session")

    def table(self, host: Host, game: Any, match: Any = None) -> Screen:
        from .screen import KopfScreen
        from .session import KopfSession

        session = KopfSession(
            game,
            speed=lambda: host.animation_factor,
            on_change=host.game_changed if match is None else networked_autosave(host),
            seed=host.options.seed,
            sound=host.play_sound,
            match=match,
        )
        return KopfScreen(host, session)

    def game_over(self, host: Host, game: Any) -> Screen:
        from .game_over import KopfOverScreen

        return KopfOverScreen(host, game)

    def replay(self, host: Host, game: Any) -> Screen:
        from ...screens.replay_screen import ReplayLook, ReplayScreen
        from .replay import WORDS, ReplayKopfDrawing, ReplayKopfLayout, ReplayKopfModel, kopf_marks

        def layout(size: tuple[int, int], scale: float, replay: Any) -> ReplayKopfLayout:
            return ReplayKopfLayout.for_replay(size, scale)

        look = ReplayLook(
            layout,
            ReplayKopfDrawing(),
            lambda table: table.replay,
            jump="capture",
            threats=True,
            model=ReplayKopfModel,
            marks=kopf_marks,
            words=WORDS,
        )
        return ReplayScreen(host, game, look)

    # ------------------------------------------------------------------ the lessons
    def lessons(self) -> int:
        return len(LESSONS)

    def tutorial(self, host: Host, lesson: int) -> Screen:
        return kopf_tutorial()(host, lesson, self)


@cache
def kopf_tutorial() -> Any:
    """The lessons' screen class (made once, when first asked for)."""
    from ...screens.common import button
    from .lesson_screen import KopfLessonScreen

    class KopfTutorial(KopfLessonScreen):
        """The lessons; once the last is solved, a button beside Done starts a real game
        against an easy bot."""

        def __init__(self, host: Host, index: int, ui: GameUI) -> None:
            self.ui = ui
            self.practice: pygame_gui.elements.UIButton | None = None
            self.done_shown = False
            super().__init__(host, index)

        def finished(self) -> bool:
            return bool(self.model.last and self.model.passed)

        def build(self) -> None:
            self.done_shown = self.finished()  # the button is there exactly when done
            super().build()
            self.practice = None
            if self.done_shown:
                assert self.table is not None
                first, last = self.table.show_me, self.table.restart
                gap = self.px(8)
                width = last.right - first.left
                rect = pygame.Rect(first.left, first.top - first.height - gap, width, first.height)
                self.practice = button(
                    self, rect, "learn.practice", "#primary", "learn.practice_tip"
                )

        def refresh_widgets(self) -> None:
            if self.widgets and self.finished() != self.done_shown:
                self.rebuild()
                return
            super().refresh_widgets()

        def handle_event(self, event: pygame.event.Event) -> bool:
            pressed = event.type == pygame_gui.UI_BUTTON_PRESSED
            if pressed and self.practice is not None and event.ui_element is self.practice:
                self.host.start_game(self.ui.practice_game(self.host))
                return True
            return super().handle_event(event)

    return KopfTutorial


UI = KopfUI(KIND)
