"""The shared kit's plain screens for a game that registers only its ``GameKind``: a
set-up of seats, a table with a button per legal action, the game-over screen and a
replay. Everything comes from the kind (seat counts, bot levels, narration, progress)
and from the state (``legal_actions``, ``apply``, whose turn), so a new game is played,
saved and watched again with nothing added to the shared files.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.replay import Replay
from buttons_game.ui import art, world

from ..screen import Host, Screen
from ..screens.common import button, draw_backdrop, draw_title
from ..text import draw_lines, fit, line_step, wrap
from .game_over import QUIT_AFTER_FRAMES, Finished
from .model import note_text
from .plain_setup import GenericSetup
from .plain_table import GenericTable
from .plugin import GameUI
from .replay import ReplayViewer


# ---------------------------------------------------------------------- game over
class GenericOver(Finished):
    """The winner (or a draw), the move log, and Replay / New game / Main menu."""

    name = "generic-over"

    def __init__(self, host: Host, ui: GameUI, game: Any) -> None:
        super().__init__(host, game)
        self.ui = ui
        names = [seat.name for seat in game.seats]
        notes = ui.kind.narrate_history(game.state.setup, game.state.history())
        self.log = [note_text(note, names, ui.kind.log_section) for note in notes]

    def headline(self) -> str:
        winners = self.ui.winners(self.game)
        if not winners:
            return t("generic.draw")
        names = ", ".join(self.game.seats[p].name for p in winners)
        return t("over.winners" if len(winners) > 1 else "over.winner", names=names)

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.panel = pygame.Rect(w // 2 - self.px(360), self.px(150), self.px(720),
                                 h - self.px(330))  # fmt: skip

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        bw, bh, gap = self.px(220), self.px(52), self.px(14)
        left = w // 2 - (3 * bw + 2 * gap) // 2
        y = h - self.px(140)
        self.replay = button(self, pygame.Rect(left, y, bw, bh), "replay.open", "#big_button",
                             "replay.open_tip")  # fmt: skip
        self.new_game = button(self, pygame.Rect(left + bw + gap, y, bw, bh), "over.new_game",
                               "#primary")  # fmt: skip
        self.menu = button(self, pygame.Rect(left + 2 * (bw + gap), y, bw, bh), "over.menu",
                           "#big_button")  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        world.draw_table(surface)
        w, px = surface.get_width(), self.px
        head = art.text(f"{t('over.title')} · {self.ui.title()}", px(22), "text_dim", True)
        surface.blit(head, head.get_rect(midtop=(w // 2, px(16))))
        big = art.text(fit(self.headline(), px(40), w - px(40), True), px(40), "accent", True)
        surface.blit(big, big.get_rect(midtop=(w // 2, px(52))))
        p = self.panel
        pygame.draw.rect(surface, art.colour("panel"), p, border_radius=16)
        size = px(16)
        inner = p.inflate(-px(28), -px(24))
        lines: list[str] = []
        names = [seat.name for seat in self.game.seats]
        for entry in self.log:
            lines.extend(wrap(entry, size, inner.width, keep=names))
        rows = max(1, inner.height // line_step(size))
        draw_lines(surface, lines[-rows:], inner, size, "text")


# ---------------------------------------------------------------------- replay
class GenericReplay(Screen):
    """The game again, position by position: the log up to there, step or play on. It
    moves on the shared replay viewer with its defaults (a plain model, no marks)."""

    name = "generic-replay"

    def speech_title(self) -> str:
        return f"{t('replay.title')} · {self.ui.title()}"

    def __init__(self, host: Host, ui: GameUI, game: Any) -> None:
        super().__init__(host)
        self.ui = ui
        self.viewer = ReplayViewer(Replay.of(game))
        self.to_the_end = bool(host.options.quit_when_over)
        self.quit_after = QUIT_AFTER_FRAMES
        if self.to_the_end:
            if host.options.fast:
                self.viewer.run_to_end()
            else:
                self.viewer.toggle_play()

    @property
    def replay(self) -> Replay:
        return self.viewer.replay

    @property
    def position(self) -> int:
        return self.viewer.position

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.panel = pygame.Rect(w // 2 - self.px(360), self.px(110), self.px(720),
                                 h - self.px(260))  # fmt: skip

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        bw, bh, gap = self.px(170), self.px(50), self.px(12)
        keys = ("replay.step_back", "replay.play", "replay.step_on", "menu.back")
        left = w // 2 - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        y = h - self.px(120)
        self.step_back, self.play, self.step_on, self.back = (
            button(self, pygame.Rect(left + i * (bw + gap), y, bw, bh), key)
            for i, key in enumerate(keys)
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        viewer = self.viewer
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if pressed is self.back or key == pygame.K_ESCAPE:
            self.host.back()
        elif pressed is self.step_back or key == pygame.K_LEFT:
            viewer.step(-1)
        elif pressed is self.step_on or key == pygame.K_RIGHT:
            viewer.step(1)
        elif pressed is self.play or key == pygame.K_SPACE:
            viewer.toggle_play()
        else:
            return False
        return True

    def update(self, dt: float) -> bool:
        viewer = self.viewer
        moved = viewer.update(dt)
        if self.to_the_end and viewer.at_end and not viewer.playing:
            self.quit_after -= 1  # the end drawn (and shot), then exit
            if self.quit_after <= 0:
                self.host.quit(0)
            return True
        return moved or viewer.playing or viewer.stride is not None

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, [self.panel])
        px = self.px
        draw_title(surface, f"{t('replay.title')} · {self.ui.title()}", px(24), px(40))
        where = t("generic.position", n=self.position, total=self.replay.last)
        line = art.text(where, px(18), "text_dim")
        surface.blit(line, line.get_rect(midtop=(surface.get_width() // 2, px(76))))
        model = self.viewer.model
        size = px(16)
        inner = self.panel.inflate(-px(28), -px(24))
        pygame.draw.rect(surface, art.colour("panel"), self.panel, border_radius=16)
        lines: list[str] = []
        for note in model.log:
            lines.extend(
                wrap(
                    note_text(note, model.names, self.ui.kind.log_section),
                    size,
                    inner.width,
                    keep=model.names,
                )
            )
        rows = max(1, inner.height // line_step(size))
        draw_lines(surface, lines[-rows:], inner, size, "text")

    def screenshot_key(self) -> str:
        return f"{self.name}-{self.position:04d}"


__all__ = ["GenericUI", "GenericOver", "GenericReplay", "GenericSetup", "GenericTable"]


class GenericUI(GameUI):
    """The kit's plain screens, for a game that registers only its GameKind: a set-up of
    seats, a table with a button per legal action, game over and the replay."""

    def setup(self, host: Host) -> Screen:
        return GenericSetup(host, self)

    def table(self, host: Host, game: Any, match: Any = None) -> Screen:
        return GenericTable(host, self, game, match)

    def game_over(self, host: Host, game: Any) -> Screen:
        return GenericOver(host, self, game)

    def replay(self, host: Host, game: Any) -> Screen:
        return GenericReplay(host, self, game)
