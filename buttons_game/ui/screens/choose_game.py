"""A choice of games as cards with a small picture: which game to play (New game), or
which game to learn (Learn to play, from the registry of tutorials)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pygame_gui

from buttons_game.games.buttons.tutorial import STEPS as BUTTONS_STEPS
from buttons_game.games.kopf.engine import BOARD
from buttons_game.games.kopf.lessons import LESSONS
from buttons_game.i18n import t
from buttons_game.settings import Settings
from buttons_game.ui import art

from ..games.buttons.boards import mini_layout
from ..games.kopf import sprites
from ..screen import Host, Screen
from ..text import draw_lines, wrap
from .common import button, draw_backdrop, draw_title


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


def buttons_picture(size: int) -> pygame.Surface:
    return mini_layout("1A", size)


@dataclass(frozen=True)
class Card:
    """A game on the choice screen: text keys for its name, a line about it and its button,
    its picture, and (a tutorial) where the player got to: (lesson reached, lessons)."""

    game: str
    title: str
    about: str
    button: str
    picture: Callable[[int], pygame.Surface]
    progress: Callable[[Settings], tuple[int, int]] | None = None
    resume: str = "learn.resume"  # "goes on with lesson n of N" (or step, for BUTTONS)


GAMES = (
    Card("buttons", "choose.buttons_title", "choose.buttons_about", "choose.buttons",
         buttons_picture),
    Card("kopf", "choose.kopf_title", "choose.kopf_about", "choose.kopf", kopf_picture),
)  # fmt: skip
TUTORIALS = (
    Card("buttons", "choose.buttons_title", "learn.buttons_about", "learn.start", buttons_picture,
         lambda settings: (settings.buttons_lesson, len(BUTTONS_STEPS)), "learn.resume_step"),
    Card("kopf", "choose.kopf_title", "learn.kopf_about", "learn.start", kopf_picture,
         lambda settings: (settings.kopf_lesson, len(LESSONS))),
)  # fmt: skip
"""The games with a "Learn to play" tutorial: a tutorial is one entry here, and the screen
that ``Host.show_tutorial(game)`` opens for it."""


class ChooseGameScreen(Screen):
    """``purpose`` "play" (New game: a card opens the game's set-up) or "learn" (Learn to
    play: a card opens the game's tutorial)."""

    def __init__(self, host: Host, purpose: str = "play") -> None:
        super().__init__(host)
        if purpose not in ("play", "learn"):
            raise ValueError(f"a choice of games is to play or to learn, not {purpose!r:.40}")
        self.purpose = purpose
        self.name = "choose-game" if purpose == "play" else "choose-tutorial"
        self.offered = GAMES if purpose == "play" else TUTORIALS

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        card_w = self.px(380)
        card_h = self.px(400 if self.purpose == "play" else 430)  # a tutorial's progress too
        gap = self.px(40)
        count = len(self.offered)
        left = w // 2 - (count * card_w + (count - 1) * gap) // 2
        top = int(h * 0.2)
        self.cards = [
            pygame.Rect(left + i * (card_w + gap), top, card_w, card_h) for i in range(count)
        ]

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        self.choose = []
        for offer, card in zip(self.offered, self.cards):
            rect = pygame.Rect(
                card.left + self.px(30),
                card.bottom - self.px(70),
                card.width - self.px(60),
                self.px(52),
            )
            self.choose.append(button(self, rect, offer.button, "#primary"))
        bw = self.px(220)
        self.back = button(
            self,
            pygame.Rect(w // 2 - bw // 2, h - self.px(90), bw, self.px(52)),
            "menu.back",
            "#big_button",
        )

    def open(self, game: str) -> None:
        if self.purpose == "play":
            self.host.show_setup(game)
        else:
            self.host.show_tutorial(game)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
            for offer, pressed in zip(self.offered, self.choose):
                if event.ui_element is pressed:
                    self.open(offer.game)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for offer, card in zip(self.offered, self.cards):
                if card.collidepoint(event.pos):
                    self.open(offer.game)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, self.cards)
        heading = "choose.title" if self.purpose == "play" else "learn.title"
        draw_title(surface, t(heading), int(surface.get_height() * 0.06), self.px(44))
        for offer, card in zip(self.offered, self.cards):
            pygame.draw.rect(surface, art.colour("panel"), card, border_radius=16)
            pygame.draw.rect(surface, art.colour("panel_border"), card, width=2, border_radius=16)
            name = art.text(t(offer.title), self.px(26), "accent", True)
            surface.blit(name, name.get_rect(midtop=(card.centerx, card.top + self.px(14))))
            picture = offer.picture(self.px(170))
            surface.blit(picture, picture.get_rect(midtop=(card.centerx, card.top + self.px(58))))
            text = pygame.Rect(
                card.left + self.px(20),
                card.top + self.px(240),
                card.width - self.px(40),
                self.px(80),
            )
            lines = wrap(t(offer.about), self.px(15), text.width)
            used = draw_lines(surface, lines, text, self.px(15), "text_dim", centre=True)
            reached = offer.progress(self.host.settings) if offer.progress else None
            if reached and reached[0] > 0:
                line = t(offer.resume, n=reached[0] + 1, total=reached[1])
                image = art.text(line, self.px(15), "accent", True)
                spot = (card.centerx, min(text.top + used, text.bottom) + self.px(2))
                surface.blit(image, image.get_rect(midtop=spot))
