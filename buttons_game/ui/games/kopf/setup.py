"""Kopf oder Knopf set-up: the kit's two seats (from the last game's first two), who
plays red, and the short game (8 captures) as an option."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game.core.seats import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import t, tk
from buttons_game.ui import art, world
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.play.setup import SetupBase
from buttons_game.ui.screen import Host
from buttons_game.ui.screens.common import button, draw_backdrop, draw_title, tray, widgets_above
from buttons_game.ui.screens.widgets import DropDown

TARGETS = (10, 8)


class KopfSetupScreen(SetupBase):
    name = "kopf-setup"

    def speech_title(self) -> str:
        return t("kopf_setup.title")

    SEATS = 2
    NAME_X = (150, 260)
    KIND_X = (430, 230)

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.count = 2
        self.red = 0  # the seat that plays red (and moves first)
        self.target = 10

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.x0 = w // 2 - self.px(400)
        self.top = int(h * 0.22)
        self.row_h = self.px(46)

    def seat_rows(self) -> list[int]:
        return [self.top + i * int(self.row_h * 1.9) for i in range(self.SEATS)]

    def build_own(self) -> None:
        px, x0 = self.px, self.x0
        y = self.seat_rows()[-1] + int(self.row_h * 1.9)
        self.swap = button(
            self,
            pygame.Rect(x0 + px(150), y, px(260), self.row_h),
            "kopf_setup.swap",
            None,
            "kopf_setup.swap_tip",
        )
        games: list[Any] = [(tk("kopf_setup.target_10"), "10"), (tk("kopf_setup.target_8"), "8")]
        chosen_game = games[TARGETS.index(self.target)]
        self.length = self.add(
            DropDown(
                games,
                chosen_game,
                pygame.Rect(x0 + px(430), y, px(230), self.row_h),
                manager=self.manager,
            )
        )
        self.name_control(self.length, t("kopf_setup.length"))

    def handle_own(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.swap:
            self._collect()
            self.red = 1 - self.red
            self.rebuild()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.length:
            self.target = int(event.selected_option_id)

    def new_game(self, seats: tuple[Seat, ...]) -> KopfGame:
        red, blue = seats if self.red == 0 else seats[::-1]  # seat 0 of the game plays red
        return KopfGame.new((red, blue), target=self.target)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        corner = pygame.Rect(self.x0, self.top - px(24), 1, 1)
        foot = surface.get_height() - px(164)  # the hint, Back and Start lie under the tray
        mat = tray([corner, *widgets_above(self, foot)], px(18))
        draw_backdrop(surface, self, [mat])
        world.draw_mat(surface, mat, px(16))
        draw_title(surface, t("kopf_setup.title"), int(surface.get_height() * 0.07), px(44))
        for key, dx in (("setup.name", 150), ("setup.kind", 430)):
            head = art.text(t(key), px(16), "text_dim")
            surface.blit(head, (self.x0 + px(dx), self.top - px(24)))
        for seat, y in enumerate(self.seat_rows()):
            colour = 0 if seat == self.red else 1
            piece = sprites.piece(px(40), colour)
            surface.blit(piece, (self.x0, y + (self.row_h - piece.get_height()) // 2))
            label = art.text(
                t(f"kopf_setup.{'red' if colour == 0 else 'blue'}"), px(19), "accent", True
            )
            surface.blit(label, (self.x0 + px(48), y + (self.row_h - label.get_height()) // 2))
        self.draw_foot(surface, "kopf_setup.hint")


__all__ = ["KopfSetupScreen"]
