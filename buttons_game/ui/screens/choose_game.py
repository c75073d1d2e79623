"""A choice of games as cards with a small picture: which game to play (New game: every
registered game), or which game to learn (Learn to play: the games with a tutorial)."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.ui import art, world

from ..play.plugin import GameUI
from ..play.registry import tutorials, uis
from ..screen import Host, Screen
from ..text import draw_lines, wrap
from .common import button, draw_backdrop, draw_title


class ChooseGameScreen(Screen):
    """``purpose`` "play" (New game: a card opens the game's set-up) or "learn" (Learn to
    play: a card opens the game's tutorial)."""

    def __init__(self, host: Host, purpose: str = "play") -> None:
        super().__init__(host)
        if purpose not in ("play", "learn"):
            raise ValueError(f"a choice of games is to play or to learn, not {purpose!r:.40}")
        self.purpose = purpose
        self.name = "choose-game" if purpose == "play" else "choose-tutorial"
        self.offered: tuple[GameUI, ...] = uis() if purpose == "play" else tutorials()

    def speech_title(self) -> str:
        return t("choose.title" if self.purpose == "play" else "learn.title")

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        count = len(self.offered)
        gap = self.px(40)
        card_w = min(self.px(380), (w - 2 * gap) // max(1, count) - gap)  # every card fits
        card_h = self.px(400 if self.purpose == "play" else 430)  # a tutorial's progress too
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
            words = offer.play_label() if self.purpose == "play" else t("learn.start")
            self.choose.append(self.add(pygame_gui.elements.UIButton(
                rect, words, manager=self.manager, object_id="#primary"
            )))  # fmt: skip
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
                    self.open(offer.id)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for offer, card in zip(self.offered, self.cards):
                if card.collidepoint(event.pos):
                    self.open(offer.id)
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
            world.draw_mat(surface, card, 16)
            name = art.text(offer.title(), self.px(26), "accent", True)
            surface.blit(name, name.get_rect(midtop=(card.centerx, card.top + self.px(14))))
            picture = offer.picture(self.px(170))
            surface.blit(picture, picture.get_rect(midtop=(card.centerx, card.top + self.px(58))))
            text = pygame.Rect(
                card.left + self.px(20),
                card.top + self.px(240),
                card.width - self.px(40),
                self.px(80),
            )
            about = offer.about() if self.purpose == "play" else offer.learn_about()
            lines = wrap(about, self.px(15), text.width)
            used = draw_lines(surface, lines, text, self.px(15), "text_dim", centre=True)
            reached = offer.lesson_reached(self.host.settings) if self.purpose == "learn" else 0
            if reached > 0:
                line = t(offer.resume_key(), n=reached + 1, total=offer.lessons())
                image = art.text(line, self.px(15), "accent", True)
                spot = (card.centerx, min(text.top + used, text.bottom) + self.px(2))
                surface.blit(image, image.get_rect(midtop=spot))
