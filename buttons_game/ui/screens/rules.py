"""The rules of every game that has them written, a tab each, in the project's own words;
beside them the pictures a game draws (Kopf oder Knopf's diagrams). **Full rules** shows
the document shipped with the game (``docs/rules-<game>.md``, every ruling), Back or Esc
returns to the summary; the keys scroll either text."""

from __future__ import annotations

import math

import pygame
import pygame_gui

from buttons_game.i18n import language, t, tk
from buttons_game.ui import art

from ..play.plugin import GameUI
from ..play.registry import uis
from ..screen import Host, Screen
from ..text import keep_units_html, wrap_html_cjk
from .common import HEADING_GAP, below_title, button, draw_backdrop, draw_title
from .document import markdown_html, rules_text

# Keys that scroll the text, by a share of what the box shows at once; Home and End go to
# its start and its end.
SCROLL_KEYS = {
    pygame.K_UP: -0.1,
    pygame.K_DOWN: 0.1,
    pygame.K_PAGEUP: -0.9,
    pygame.K_PAGEDOWN: 0.9,
    pygame.K_HOME: -math.inf,
    pygame.K_END: math.inf,
}


def with_rules() -> list[GameUI]:
    """The games whose rules are written, in the menus' order."""
    return [ui for ui in uis() if ui.rules_key()]


class RulesScreen(Screen):
    name = "rules"

    def speech_title(self) -> str:
        return self.title()

    def __init__(self, host: Host, game: str | None = None) -> None:
        """``game``: the tab shown first (a game without written rules: the first tab)."""
        super().__init__(host)
        self.games = with_rules()
        chosen = [ui for ui in self.games if ui.id == game]
        self.game: GameUI = chosen[0] if chosen else self.games[0]
        self.full = False  # the shipped document instead of the summary
        self.full_rules: pygame_gui.elements.UIButton | None = None

    def document(self) -> str | None:
        """The full rules of the game shown, as shipped (None: it has none)."""
        return rules_text(self.game.id)

    def show_full(self, full: bool) -> None:
        """The full rules, or back to the summary."""
        self.full = full and self.document() is not None
        self.layout()
        self.rebuild()

    def screenshot_key(self) -> str:
        return f"{self.name}-full" if self.full else self.name

    def title(self) -> str:
        return t("rules.full_title" if self.full else "rules.title")

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        # the tabs under the heading (a tall script's heading pushes them down), the box under
        below = below_title(w, self.title(), self.px(22), self.px(44), self.px(HEADING_GAP))
        self.tabs_top = max(self.px(86), below)
        top = max(self.px(150), self.tabs_top + self.px(44) + self.px(20))
        if self.full:
            self.box = pygame.Rect(int(w * 0.1), top, int(w * 0.8), h - top - self.px(100))
            self.pictures = []
            return
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
            rect = pygame.Rect(left + i * (tab_w + gap), self.tabs_top, tab_w, self.px(44))
            tab = self.add(pygame_gui.elements.UIButton(rect, game.title(), manager=self.manager))
            if game is self.game:
                tab.select()
            self.tabs.append(tab)
        # In the text box a unit longer than a line breaks between its characters, as
        # ``wrap`` breaks it, with no dash added ("1 4 -", "-5 6" would read as minus signs).
        document = self.document() if self.full else None
        if document is not None:
            accent = art.colour("accent")
            text = markdown_html(document, f"#{accent.r:02x}{accent.g:02x}{accent.b:02x}")
            self.text = self.add(
                pygame_gui.elements.UITextBox(
                    keep_units_html(text), self.box, manager=self.manager, allow_split_dashes=False
                )
            )
        else:
            key = self.game.rules_key()
            assert key is not None
            japanese = language() == "ja"
            # never inside a unit: "Player 1", "1 4 5 6", "(3, 4)", "c7–e5" (laid out once:
            # a long text's layout is most of the time this screen takes to open)
            first = tk(key) if japanese else keep_units_html(t(key))
            self.text = self.add(
                pygame_gui.elements.UITextBox(
                    first, self.box, manager=self.manager, allow_split_dashes=False
                )
            )
            if japanese:  # pygame_gui breaks lines only at spaces: Japanese lines are broken
                self.text.set_text(wrap_html_cjk(t(key), self.text))  # here, by its width
        bw, bh, gap = self.px(330), self.px(52), self.px(16)
        offer = not self.full and self.document() is not None
        left = w // 2 - (2 * bw + gap) // 2 if offer else w // 2 - bw // 2
        self.full_rules = None
        if offer:
            self.full_rules = button(
                self, pygame.Rect(left, h - self.px(84), bw, bh), "rules.full", "#big_button"
            )
            left += bw + gap
        self.back = button(
            self, pygame.Rect(left, h - self.px(84), bw, bh), "menu.back", "#big_button"
        )

    def scroll(self, share: float) -> None:
        """Scroll the text by ``share`` of what the box shows at once."""
        bar = self.text.scroll_bar
        if bar is not None:
            start = bar.start_percentage + share * bar.visible_percentage
            bar.set_scroll_from_start_percentage(min(1.0, max(0.0, start)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.go_back()
            elif event.ui_element is self.full_rules:
                self.show_full(True)
            for game, tab in zip(self.games, self.tabs):
                if event.ui_element is tab and game is not self.game:
                    self.game = game
                    self.show_full(self.full)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[event.key])
            return True
        return False

    def go_back(self) -> None:
        """From the full rules to the summary; from the summary to where the rules were
        opened."""
        if self.full:
            self.show_full(False)
        else:
            self.host.back()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, [self.box, *self.pictures])
        self.heading = draw_title(surface, self.title(), self.px(22), self.px(44))
        self.game.draw_rules_pictures(surface, self.pictures, self.scale)
