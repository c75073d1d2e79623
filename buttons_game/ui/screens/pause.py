"""The in-game menu (Esc): resume, save a copy, rules, settings, or back to the main menu."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.ui import art, world

from ..screen import DrawBelow, Host, Screen
from .common import button, column_rects

ROWS = 5  # and one more in a networked game: at the host when a guest has been gone a
# while (a bot may play the seat), at a guest when the host has (host the game on)


class PauseScreen(Screen):
    name = "pause"

    def speech_title(self) -> str:
        return t("menu.paused")

    def __init__(self, host: Host, game: Any, draw_below: DrawBelow) -> None:
        super().__init__(host)
        self.game = game
        self.draw_below = draw_below
        net = getattr(host, "net", None)
        self.net = net
        away = net.away() if net is not None else []
        self.away: tuple[int, str] | None = away[0] if away else None
        self.hosting_on = net is not None and net.host_gone()
        self.by_code = net is not None and net.can_rejoin_by_code()
        self.rows = ROWS + (1 if self.away is not None or self.hosting_on else 0)
        self.rows += 1 if self.by_code else 0

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        bw, bh, gap = self.px(300), self.px(52), self.px(12)
        rows = self.rows
        top = h // 2 - (rows * (bh + gap)) // 2 + self.px(30)
        self.rects = column_rects(w // 2, top, bw, bh, gap, rows)
        self.panel = pygame.Rect(0, 0, bw + self.px(80), rows * (bh + gap) + self.px(110))
        self.panel.midtop = (w // 2, top - self.px(84))

    def build(self) -> None:
        rects = self.rects
        self.resume_game = button(self, rects[0], "menu.resume", "#primary")
        self.save_as = button(self, rects[1], "menu.save_as", "#big_button")
        self.rules = button(self, rects[2], "menu.rules", "#big_button")
        self.settings = button(self, rects[3], "menu.settings", "#big_button")
        self.main_menu = button(self, rects[4], "menu.main_menu", "#big_button")
        if not self.game.state.history():
            self.save_as.disable()  # nothing to save before the first move
        self.to_bot = None
        if self.away is not None:
            seat, name = self.away
            self.to_bot = button(self, rects[ROWS], "net.ui.to_bot", "#big_button")
            self.to_bot.set_text(t("net.ui.to_bot", name=name))
        self.host_on = None
        if self.hosting_on:
            self.host_on = button(self, rects[ROWS], "net.ui.host_on", "#big_button")
        self.new_code = None
        if self.by_code:  # the host started again: its new code for this seat
            self.new_code = button(self, rects[-1], "net.wh.rejoin_by_code", "#big_button")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.resume_game:
                self.host.back()
            elif event.ui_element is self.save_as:
                self.host.show_save_as(self.game)
            elif event.ui_element is self.rules:
                self.host.show_rules(self.game.kind)
            elif event.ui_element is self.settings:
                self.host.show_settings()
            elif event.ui_element is self.main_menu:
                self.host.show_menu()
            elif event.ui_element is self.to_bot and self.away is not None and self.net:
                self.net.hand_to_bot(self.away[0])  # a bot plays the seat; back to the game
                self.host.back()
            elif event.ui_element is self.host_on and self.host_on is not None and self.net:
                self.net.host_on(self.host)  # a lobby for the others to join anew
            elif event.ui_element is self.new_code and self.new_code is not None and self.net:
                self.net.rejoin_by_code(self.host)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_below(surface)
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(art.colour("pause_dim"))
        surface.blit(dim, (0, 0))
        world.draw_mat(surface, self.panel, 18)
        pygame.draw.rect(surface, art.colour("accent"), self.panel, width=3, border_radius=18)
        title = art.text(t("menu.paused"), self.px(36), "accent", True)
        surface.blit(
            title, title.get_rect(midtop=(self.panel.centerx, self.panel.top + self.px(20)))
        )
