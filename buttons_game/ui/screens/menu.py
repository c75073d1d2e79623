"""Main menu: New game, Continue, Load game, Statistics, Learn to play, Rules, Settings, Quit;
at the first start, beside them, an offer to learn the game."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.ui import art

from ..screen import Screen
from ..text import draw_lines, wrap
from .common import button, column_rects, draw_backdrop, draw_title


class MainMenu(Screen):
    name = "menu"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        count, top, gap = 8, int(h * 0.34), self.px(9)
        # Every button fits above the window's foot, however many there are.
        height = min(self.px(48), (h - top - self.px(16)) // count - gap)
        self.rects = column_rects(w // 2, top, self.px(320), height, gap, count)
        left = self.rects[0].right + self.px(40)
        width = min(self.px(300), w - left - self.px(16))
        self.offer = pygame.Rect(left, self.rects[0].top, width, self.px(200))

    def build(self) -> None:
        rects = self.rects
        self.new_game = button(self, rects[0], "menu.new_game", "#big_button")
        self.continue_ = button(self, rects[1], "menu.continue", "#big_button")
        self.load = button(self, rects[2], "menu.load", "#big_button")
        self.stats = button(self, rects[3], "stats.menu", "#big_button")
        self.learn = button(self, rects[4], "menu.learn", "#big_button")
        self.rules = button(self, rects[5], "menu.rules", "#big_button")
        self.settings = button(self, rects[6], "menu.settings", "#big_button")
        self.quit = button(self, rects[7], "menu.quit", "#big_button")
        if not self.host.can_continue():
            self.continue_.disable()
        self.offer_yes = self.offer_no = None
        if self.host.prefs.offer:
            self.host.prefs.offer_shown()
            o = self.offer
            gap = self.px(10)
            half = (o.width - 2 * self.px(16) - gap) // 2
            yes = pygame.Rect(o.left + self.px(16), o.bottom - self.px(56), half, self.px(42))
            self.offer_yes = button(self, yes, "learn.offer_yes", "#primary")
            self.offer_no = button(self, yes.move(half + gap, 0), "learn.offer_no")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = event.ui_element
            if pressed is self.new_game:
                self.host.show_setup()
            elif pressed is self.continue_:
                self.host.continue_game()
            elif pressed is self.load:
                self.host.show_load()
            elif pressed is self.stats:
                self.host.show_stats()
            elif pressed is self.learn:
                self.host.show_tutorial()
            elif pressed is self.offer_yes:
                self.host.prefs.offer_shown(answered=True)
                self.host.show_tutorial()
            elif pressed is self.offer_no:
                self.host.prefs.offer_shown(answered=True)
                self.rebuild()
            elif pressed is self.rules:
                self.host.show_rules()
            elif pressed is self.settings:
                self.host.show_settings()
            elif pressed is self.quit:
                self.host.quit(0)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.quit(0)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        title_y = int(h * 0.12)
        draw_backdrop(surface, self, [self.offer] if self.offer_yes else [])
        draw_title(surface, t("title"), title_y, self.px(80))
        sub = art.text(t("subtitle"), self.px(22), "text_dim")
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2, title_y + self.px(104))))
        if self.offer_yes is not None:
            self._draw_offer(surface)

    def _draw_offer(self, surface: pygame.Surface) -> None:
        """New here? Learn to play: a note beside the menu, until Learn or Not now."""
        o = self.offer
        pygame.draw.rect(surface, art.colour("panel"), o, border_radius=14)
        pygame.draw.rect(surface, art.colour("active_border"), o, width=2, border_radius=14)
        inner = o.inflate(-2 * self.px(16), -2 * self.px(14))
        size = self.px(22)
        used = draw_lines(surface, wrap(t("learn.offer_title"), size, inner.width, True), inner,
                          size, "accent", True)  # fmt: skip
        text = pygame.Rect(inner.left, inner.top + used + self.px(6), inner.width, self.px(90))
        lines = wrap(t("learn.offer_text"), self.px(16), text.width)
        draw_lines(surface, lines, text, self.px(16), "text")
