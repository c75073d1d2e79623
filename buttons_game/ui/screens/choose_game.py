"""New game: which of the two button games, each with a small picture."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.kopf_oder_knopf import BOARD

from .. import art
from ..boards import mini_layout
from ..kopf import sprites
from ..screen import Screen
from ..text import draw_lines, wrap
from .common import button, draw_backdrop, draw_title

GAMES = ("buttons", "kopf")


class ChooseGameScreen(Screen):
    name = "choose-game"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        card_w, card_h = self.px(380), self.px(400)
        gap = self.px(40)
        left = w // 2 - card_w - gap // 2
        top = int(h * 0.2)
        self.cards = [pygame.Rect(left + i * (card_w + gap), top, card_w, card_h) for i in range(2)]

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        self.choose = []
        for game, card in zip(GAMES, self.cards):
            rect = pygame.Rect(
                card.left + self.px(30),
                card.bottom - self.px(70),
                card.width - self.px(60),
                self.px(52),
            )
            self.choose.append(button(self, rect, f"choose.{game}", "#primary"))
        bw = self.px(220)
        self.back = button(
            self,
            pygame.Rect(w // 2 - bw // 2, h - self.px(90), bw, self.px(52)),
            "menu.back",
            "#big_button",
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
            for game, pressed in zip(GAMES, self.choose):
                if event.ui_element is pressed:
                    self.host.show_setup(game)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for game, card in zip(GAMES, self.cards):
                if card.collidepoint(event.pos):
                    self.host.show_setup(game)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, self.cards)
        draw_title(surface, t("choose.title"), int(surface.get_height() * 0.06), self.px(44))
        for game, card in zip(GAMES, self.cards):
            pygame.draw.rect(surface, art.colour("panel"), card, border_radius=16)
            pygame.draw.rect(surface, art.colour("panel_border"), card, width=2, border_radius=16)
            name = art.text(t(f"choose.{game}_title"), self.px(26), "accent", True)
            surface.blit(name, name.get_rect(midtop=(card.centerx, card.top + self.px(14))))
            size = self.px(170)
            picture = mini_layout("1A", size) if game == "buttons" else kopf_picture(size)
            surface.blit(picture, picture.get_rect(midtop=(card.centerx, card.top + self.px(58))))
            text = pygame.Rect(
                card.left + self.px(20),
                card.top + self.px(240),
                card.width - self.px(40),
                self.px(80),
            )
            lines = wrap(t(f"choose.{game}_about"), self.px(15), text.width)
            draw_lines(surface, lines, text, self.px(15), "text_dim", centre=True)


@lru_cache(maxsize=4)
def kopf_picture(size: int) -> pygame.Surface:
    """A corner of the Kopf oder Knopf board with a few pieces on it."""
    cell = size // 5
    surface = pygame.Surface((cell * 5, cell * 5), pygame.SRCALPHA)
    for r in range(5):
        for c in range(5):
            surface.blit(
                sprites.square(cell, BOARD[r + 1][c + 1], (r + c) % 2 == 1), (c * cell, r * cell)
            )
    for (r, c), player in {
        (0, 0): 0,
        (0, 1): 1,
        (1, 0): 1,
        (0, 2): 0,
        (2, 2): 0,
        (3, 1): 1,
    }.items():
        piece = sprites.piece(int(cell * 0.9), player)
        surface.blit(piece, piece.get_rect(center=(c * cell + cell // 2, r * cell + cell // 2)))
    return surface
