"""Kopf oder Knopf is over: the winner (or a draw) and why, the final board, the captures
move by move."""

from __future__ import annotations

from typing import Any

import pygame

from buttons_game.games.kopf.engine import Move, Pass, start
from buttons_game.i18n import t
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.play.game_over import OverScreen
from buttons_game.ui.screen import Host

from .view import static_board


def captures_by_move(game: Any) -> list[tuple[int, int]]:
    """Each side's captures after every move (and pass), starting from the set-up."""
    state = start(game.state.setup)
    series = [(state.captured(0), state.captured(1))]
    for action in game.state.history():
        state = state.apply_unchecked(action)
        if isinstance(action, (Move, Pass)) or state.is_over():
            series.append((state.captured(0), state.captured(1)))
    return series


class KopfOverScreen(OverScreen):
    """Kopf oder Knopf is over: the final board and the captures move by move."""

    name = "kopf-over"

    def __init__(self, host: Host, game: Any) -> None:
        super().__init__(host, game)
        self.series = captures_by_move(game)

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        top = self.px(140)
        self.label = self.px(22)  # a to j over the columns, 1 to 10 down the rows
        room = min(h - top - self.px(20), int(w * 0.5)) - 2 * self.label  # framed all round
        self.cell = max(12, room // 10)
        self.board = pygame.Rect(
            self.px(30) + self.label, top + self.label, 10 * self.cell, 10 * self.cell
        )
        # The chart reaches down so that the buttons under it end level with the board.
        left, chart_top = self.board.right + self.px(60), top + self.px(30)
        width = w - self.board.right - self.px(90)
        under = self.px(80) + self.buttons_height(width)  # the legend, then the buttons
        height = max(int(h * 0.25), self.board.bottom - under - chart_top)
        self.chart = pygame.Rect(left, chart_top, width, height)

    def headline(self) -> tuple[str, str]:
        state = self.game.state
        if not self.result.winners:
            return t("kopf_over.draw"), t("kopf_over.no_captures")
        winner = self.result.winners[0]
        name = self.game.seats[winner].name
        # the winner's own count: a strike takes every threatened piece at once, so it may
        # pass the target (9 of 8)
        return t("over.winner", names=name), t("kopf_over.captures", n=state.captured(winner))

    def draw_result(self, surface: pygame.Surface) -> None:
        state = self.game.state
        board = static_board(state.setup.board, self.cell, self.label)
        surface.blit(board, self.board.move(-self.label, -self.label))
        for player in (0, 1):
            piece = sprites.piece(int(self.cell * 0.9), player)
            for row, col in state.pieces(player):
                centre = (
                    self.board.left + (col - 0.5) * self.cell,
                    self.board.top + (row - 0.5) * self.cell,
                )
                surface.blit(piece, piece.get_rect(center=(int(centre[0]), int(centre[1]))))

    def draw_chart(self, surface: pygame.Surface) -> None:
        series = [[v[player] for v in self.series] for player in (0, 1)]
        colours = sprites.PLAYER_COLOURS
        label = t("kopf_over.chart")
        self.draw_series(surface, label, series, colours, self.game.state.target)


__all__ = ["KopfOverScreen", "captures_by_move"]
