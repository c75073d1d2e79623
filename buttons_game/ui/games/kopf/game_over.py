"""Kopf oder Knopf is over: the winner (or a draw) and why, the final board, the captures
move by move."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game.games.kopf.engine import Move, Pass, start
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button

from .view import static_board

QUIT_AFTER_FRAMES = 4


def captures_by_move(game: Any) -> list[tuple[int, int]]:
    """Each side's captures after every move (and pass), starting from the set-up."""
    state = start(game.state.setup)
    series = [(state.captured(0), state.captured(1))]
    for action in game.state.history():
        state = state.apply_unchecked(action)
        if isinstance(action, (Move, Pass)) or state.is_over():
            series.append((state.captured(0), state.captured(1)))
    return series


class KopfOverScreen(Screen):
    name = "kopf-over"

    def __init__(self, host: Host, game: Any) -> None:
        super().__init__(host)
        self.game = game
        self.series = captures_by_move(game)
        self.quit_after = QUIT_AFTER_FRAMES if host.options.quit_when_over else -1

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        top = self.px(140)
        self.cell = max(12, min((h - top - self.px(20)) // 10, int(w * 0.5) // 10))
        self.board = pygame.Rect(self.px(30), top, 10 * self.cell, 10 * self.cell)
        self.chart = pygame.Rect(
            self.board.right + self.px(60),
            top + self.px(30),
            w - self.board.right - self.px(90),
            int(h * 0.4),
        )

    def build(self) -> None:
        bw, bh = self.px(230), self.px(52)
        x = self.chart.centerx - bw // 2
        y = self.chart.bottom + self.px(80)
        self.new_game = button(self, pygame.Rect(x, y, bw, bh), "over.new_game", "#primary")
        gap = self.px(12)
        half = min(bw, (self.chart.width - gap) // 2)  # Replay and Main menu side by side
        second = pygame.Rect(self.chart.centerx - half - gap // 2, y + bh + gap, half, bh)
        self.replay = button(self, second, "replay.open", "#big_button", "replay.open_tip")
        self.menu = button(self, second.move(half + gap, 0), "over.menu", "#big_button")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.new_game:
                self.host.show_setup("kopf")
            elif event.ui_element is self.menu:
                self.host.show_menu()
            elif event.ui_element is self.replay:
                self.host.show_replay(self.game)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.show_menu()
            return True
        return False

    def update(self, dt: float) -> bool:
        if self.quit_after > 0:
            self.quit_after -= 1
            if self.quit_after == 0:
                self.host.quit(0)
            return True
        return False

    def headline(self) -> tuple[str, str]:
        state = self.game.state
        outcome = state.outcome()
        assert outcome is not None
        if outcome.winner is None:
            return t("kopf_over.draw"), t("kopf_over.no_captures")
        name = self.game.seats[outcome.winner].name
        return t("over.winner", names=name), t("kopf_over.captures", n=state.target)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.host.background)
        w = surface.get_width()
        title, why = self.headline()
        head = art.text(t("over.title"), self.px(22), "text_dim", True)
        surface.blit(head, head.get_rect(midtop=(w // 2, self.px(12))))
        big = art.text(title, self.px(40), "accent", True)
        surface.blit(big, big.get_rect(midtop=(w // 2, self.px(40))))
        reason = art.text(why, self.px(20), "text")
        surface.blit(reason, reason.get_rect(midtop=(w // 2, self.px(96))))
        state = self.game.state
        surface.blit(static_board(state.setup.board, self.cell, 0), self.board)
        for player in (0, 1):
            piece = sprites.piece(int(self.cell * 0.9), player)
            for row, col in state.pieces(player):
                centre = (
                    self.board.left + (col - 0.5) * self.cell,
                    self.board.top + (row - 0.5) * self.cell,
                )
                surface.blit(piece, piece.get_rect(center=(int(centre[0]), int(centre[1]))))
        self._draw_chart(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        r = self.chart
        pygame.draw.rect(surface, art.colour("panel"), r, border_radius=12)
        label = art.text(t("kopf_over.chart"), self.px(18), "text", True)
        surface.blit(label, (r.left + 12, r.top - label.get_height() - 6))
        target = self.game.state.target
        moves = max(1, len(self.series) - 1)
        plot = r.inflate(-self.px(70), -self.px(60)).move(self.px(14), 0)
        for value in range(0, target + 1, 2):
            y = plot.bottom - plot.height * value / target
            pygame.draw.line(surface, art.colour("panel_border"), (plot.left, y), (plot.right, y))
            tick = art.text(str(value), self.px(13), "text_dim")
            surface.blit(tick, (plot.left - tick.get_width() - 8, y - tick.get_height() // 2))
        step = max(1, moves // 8)
        for i in range(0, moves + 1, step):
            x = plot.left + plot.width * i / moves
            tick = art.text(str(i), self.px(13), "text_dim")
            surface.blit(tick, (x - tick.get_width() // 2, plot.bottom + 6))
        for player in (0, 1):
            colour = art.colour(sprites.PLAYER_COLOURS[player])
            points = [
                (plot.left + plot.width * i / moves, plot.bottom - plot.height * v[player] / target)
                for i, v in enumerate(self.series)
            ]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, self.px(3)))
            name = self.game.seats[player].name
            legend = art.text(
                f"{name}: {self.series[-1][player]}",
                self.px(15),
                (colour.r, colour.g, colour.b),
                True,
            )
            surface.blit(legend, (r.left + 14 + player * r.width // 2, r.bottom + 8))


__all__ = ["KopfOverScreen", "captures_by_move"]
