"""Kopf oder Knopf set-up: two seats (a name, a person or a bot level), who plays red,
and the short game (8 captures) as an option."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game.games.buttons.game import DEFAULT_LEVEL, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import t, tk
from buttons_game.names import SEAT_NAME_LIMIT, clean_name
from buttons_game.settings import SEAT_KINDS
from buttons_game.ui import art
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button, draw_backdrop, draw_title
from buttons_game.ui.screens.widgets import DropDown, TextEntry

from ..buttons.setup import default_name, kind_key

TARGETS = (10, 8)


class KopfSetupScreen(Screen):
    name = "kopf-setup"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.kinds = ["human", DEFAULT_LEVEL]
        self.names = [default_name("human", 0), default_name(DEFAULT_LEVEL, 1)]
        self.named_by_default = [True, True]
        self.red = 0  # the seat that plays red (and moves first)
        self.target = 10
        self.error = ""

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.x0 = w // 2 - self.px(400)
        self.top = int(h * 0.22)
        self.row_h = self.px(46)
        self.rows = [self.top + i * int(self.row_h * 1.9) for i in range(2)]

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        px, x0 = self.px, self.x0
        self.entries = []
        self.kind_menus = []
        for seat, y in enumerate(self.rows):
            entry = self.add(
                TextEntry(pygame.Rect(x0 + px(150), y, px(260), self.row_h), manager=self.manager)
            )
            entry.set_text_length_limit(SEAT_NAME_LIMIT)
            entry.set_text(self.names[seat])
            self.entries.append(entry)
            kinds: list[Any] = [(tk(kind_key(k)), k) for k in SEAT_KINDS]
            chosen = (tk(kind_key(self.kinds[seat])), self.kinds[seat])
            menu = self.add(
                DropDown(
                    kinds,
                    chosen,
                    pygame.Rect(x0 + px(430), y, px(230), self.row_h),
                    manager=self.manager,
                )
            )
            self.kind_menus.append(menu)
        y = self.rows[-1] + int(self.row_h * 1.9)
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
        bw, bh = px(220), px(54)
        self.back = button(
            self, pygame.Rect(w // 2 - bw - 10, h - px(110), bw, bh), "menu.back", "#big_button"
        )
        self.start = button(
            self, pygame.Rect(w // 2 + 10, h - px(110), bw, bh), "setup.start", "#primary"
        )

    def _collect(self) -> None:
        for seat, entry in enumerate(self.entries):
            name = clean_name(entry.get_text(), SEAT_NAME_LIMIT)
            if name != self.names[seat]:
                self.named_by_default[seat] = False
            self.names[seat] = name

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
            elif event.ui_element is self.start:
                self._start()
            elif event.ui_element is self.swap:
                self._collect()
                self.red = 1 - self.red
                self.rebuild()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._collect()
            for seat, menu in enumerate(self.kind_menus):
                if event.ui_element is menu:
                    self.kinds[seat] = event.selected_option_id
                    if self.named_by_default[seat]:
                        self.names[seat] = default_name(self.kinds[seat], seat)
                        self.entries[seat].set_text(self.names[seat])
            if event.ui_element is self.length:
                self.target = int(event.selected_option_id)
            if self.refocus is not None:
                self.rebuild()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.host.back()
                return True
            if (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and not self.manager.get_focus_set()
            ):
                self._start()
                return True
        return False

    def _start(self) -> None:
        self._collect()
        if any(not name for name in self.names):
            self.error = t("setup.empty_name")
            return
        seats = [
            Seat(name, None if kind == "human" else kind)
            for name, kind in zip(self.names, self.kinds)
        ]
        if self.red == 1:
            seats.reverse()  # seat 0 of the game plays red
        self.host.start_game(KopfGame.new((seats[0], seats[1]), target=self.target))

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        px = self.px
        draw_title(surface, t("kopf_setup.title"), int(surface.get_height() * 0.07), px(44))
        for key, dx in (("setup.name", 150), ("setup.kind", 430)):
            head = art.text(t(key), px(16), "text_dim")
            surface.blit(head, (self.x0 + px(dx), self.top - px(24)))
        for seat, y in enumerate(self.rows):
            colour = 0 if seat == self.red else 1
            piece = sprites.piece(px(40), colour)
            surface.blit(piece, (self.x0, y + (self.row_h - piece.get_height()) // 2))
            label = art.text(
                t(f"kopf_setup.{'red' if colour == 0 else 'blue'}"), px(19), "accent", True
            )
            surface.blit(label, (self.x0 + px(48), y + (self.row_h - label.get_height()) // 2))
        w, h = surface.get_size()
        note = art.text(t("kopf_setup.hint"), px(16), "text_dim")
        surface.blit(note, note.get_rect(midtop=(w // 2, h - px(160))))
        if self.error:
            err = art.text(self.error, px(18), "bad", True)
            surface.blit(err, err.get_rect(midtop=(w // 2, h - px(190))))
