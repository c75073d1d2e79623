"""The rules of every game that has them written, a tab each, in the project's own words;
beside them the pictures a game draws (Kopf oder Knopf's diagrams)."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import language, t, tk

from ..play.plugin import GameUI
from ..play.registry import uis
from ..screen import Host, Screen
from ..text import wrap_html_cjk
from .common import button, draw_backdrop, draw_title


def with_rules() -> list[GameUI]:
    """The games whose rules are written, in the menus' order."""
    return [ui for ui in uis() if ui.rules_key()]


class RulesScreen(Screen):
    name = "rules"

    def __init__(self, host: Host, game: str | None = None) -> None:
        """``game``: the tab shown first (a game without written rules: the first tab)."""
        super().__init__(host)
        self.games = with_rules()
        chosen = [ui for ui in self.games if ui.id == game]
        self.game: GameUI = chosen[0] if chosen else self.games[0]

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        top = self.px(150)
        left, width = self.game.rules_width()
        self.box = pygame.Rect(int(w * left), top, int(w * width), h - top - self.px(100))
        side = pygame.Rect(
            self.box.right + self.px(24), top, w - self.box.right - self.px(48), self.box.height
        )
        count = self.game.rules_pictures()
        part = side.height // max(1, count)
        self.pictures = [
            pygame.Rect(side.left, side.top + i * part, side.width, part) for i in range(count)
        ]

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        tab_w = self.px(220)
        self.tabs = []
        gap = self.px(12)
        left = w // 2 - (len(self.games) * (tab_w + gap) - gap) // 2
        for i, game in enumerate(self.games):
            rect = pygame.Rect(left + i * (tab_w + gap), self.px(86), tab_w, self.px(44))
            tab = self.add(pygame_gui.elements.UIButton(rect, game.title(), manager=self.manager))
            if game is self.game:
                tab.select()
            self.tabs.append(tab)
        key = self.game.rules_key()
        assert key is not None
        self.text = self.add(pygame_gui.elements.UITextBox(tk(key), self.box, manager=self.manager))
        if language() == "ja":
            # pygame_gui breaks lines only at spaces: Japanese lines are broken here.
            self.text.set_text(wrap_html_cjk(t(key), self.text))
        bw, bh = self.px(220), self.px(52)
        self.back = button(
            self, pygame.Rect(w // 2 - bw // 2, h - self.px(84), bw, bh), "menu.back", "#big_button"
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
            for game, tab in zip(self.games, self.tabs):
                if event.ui_element is tab and game is not self.game:
                    self.game = game
                    self.layout()
                    self.rebuild()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, [self.box, *self.pictures])
        draw_title(surface, t("rules.title"), self.px(22), self.px(44))
        self.game.draw_rules_pictures(surface, self.pictures, self.scale)
