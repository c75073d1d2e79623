"""Main menu: the games' names, New game, Continue, Load game, Statistics, Learn to play,
Rules, Settings, Quit; at the first start, beside them, an offer to learn the game.

Everything is placed in ``layout``: the titles (every registered game's name, side by side,
each with its line under it), the button column, the offer, and the ornaments, which go
only where nothing else is, whole inside the window, whatever its size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
import pygame_gui

from buttons_game.i18n import t, text_or
from buttons_game.ui import art, world

from ..play.registry import uis
from ..screen import Screen
from ..text import draw_lines, line_step, wrap
from .common import button, column_rects

# The ornaments down each side of the menu: dice at the ends, the four colours of
# buttons, a star in the middle; the right side reads the other way.
LEFT_ORNAMENTS = ("die:white:3", "red", "yellow", "star", "green", "blue", "die:plain:5")
RIGHT_ORNAMENTS = ("die:gold:6", "blue", "green", "star", "yellow", "red", "die:white:2")
ORNAMENT_ALPHA = 110


@dataclass(frozen=True)
class TitleBlock:
    """One game's name and the line under it, placed."""

    name: str
    name_rect: pygame.Rect
    tagline: list[str]
    tagline_rect: pygame.Rect


class MainMenu(Screen):
    saves_pending = False  # the save list is still read at start-up (set in build)
    name = "menu"

    def speech_title(self) -> str:
        """The games' names it draws, and where this is."""
        return ", ".join([*(ui.title() for ui in uis()), t("speech.main_menu")])

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.margin = self.px(16)
        count, gap, space = 9, self.px(9), self.px(36)
        titles_h = self._place_titles(w, 0)
        # The titles and the buttons, together in the middle of the window's height; every
        # button fits above the window's foot, however many there are.
        height = min(self.px(48), (h - titles_h - space - 2 * self.margin) // count - gap)
        column_h = count * (height + gap) - gap
        first = max(self.margin, (h - titles_h - space - column_h) // 2)
        self._place_titles(w, first)
        top = self.titles_bottom + space
        self.rects = column_rects(w // 2, top, self.px(320), height, gap, count)
        left = self.rects[0].right + self.px(40)
        width = min(self.px(300), w - left - self.px(16))
        self.offer = pygame.Rect(left, self.rects[0].top, width, self.px(200))
        self.decorations = self._place_ornaments(w, h, bool(self.host.prefs.offer))

    # ------------------------------------------------------------------ the titles
    def _place_titles(self, w: int, top: int) -> int:
        """The games' names in a row from ``top`` with a star between them, as large as
        fits, each with its line (at most two lines) centred under it; their height."""
        games = uis()
        names = [ui.title() for ui in games]
        taglines = [text_or(f"menu.{ui.id}_tagline", "") for ui in games]
        room = w - 2 * self.margin
        size = self.px(64)
        self.star_size = self.px(30)
        self.star_gap = self.px(26)
        tag_size = self.px(19)
        while True:
            font = art.font(size, True, "".join(names))
            widths = [font.size(name)[0] for name in names]
            between = self.star_size + 2 * self.star_gap
            share = (room - between * (len(names) - 1)) // len(names)
            caps = [max(wd, share) for wd in widths]
            tags = [
                wrap(line, tag_size, cap)[:2] if line else [] for line, cap in zip(taglines, caps)
            ]
            tag_font = art.font(tag_size, False, "".join(taglines))
            tag_widths = [max((tag_font.size(x)[0] for x in lines), default=0) for lines in tags]
            groups = [max(a, b) for a, b in zip(widths, tag_widths)]
            total = sum(groups) + between * (len(groups) - 1)
            if total <= room or size <= self.px(28):
                break
            size = max(self.px(28), int(size * room / total) - 1)
            tag_size = max(art.text_size(tag_size * 0.92), self.px(15))
        self.title_size, self.tag_size = size, tag_size
        line_h = font.get_linesize()
        tag_step = line_step(tag_size)
        x = w // 2 - total // 2
        blocks = []
        for name, width, group, lines in zip(names, widths, groups, tags):
            centre = x + group // 2
            name_rect = pygame.Rect(centre - width // 2, top, width, line_h)
            tag_rect = pygame.Rect(
                centre - group // 2, name_rect.bottom, group, tag_step * len(lines)
            )
            blocks.append(TitleBlock(name, name_rect, lines, tag_rect))
            x += group + between
        self.titles = blocks
        self.stars = []
        for a, b in zip(blocks, blocks[1:]):  # a star midway between two games' names
            star = pygame.Rect(0, 0, self.star_size, self.star_size)
            star.center = ((a.name_rect.right + b.name_rect.left) // 2, top + line_h // 2)
            self.stars.append(star)
        self.titles_bottom = max(max(b.name_rect.bottom, b.tagline_rect.bottom) for b in blocks)
        return self.titles_bottom - top

    def text_rects(self) -> list[pygame.Rect]:
        """Where the titles, their lines and the stars between them are drawn."""
        rects = [b.name_rect for b in self.titles] + [b.tagline_rect for b in self.titles]
        return [r for r in rects if r.width and r.height] + self.stars

    # ------------------------------------------------------------------ the ornaments
    def _place_ornaments(self, w: int, h: int, offer: bool) -> list[tuple[str, pygame.Rect]]:
        """A column of ornaments down each side, beside the buttons (and the offer, while
        it is shown), as high as they are: never over anything, never cut by the window's
        edge."""
        column = self.rects[0].unionall(self.rects)
        right_edge = self.offer.right if offer else column.right
        gap, top, bottom = self.px(28), column.top, column.bottom
        regions = (
            (pygame.Rect(self.margin, top, column.left - gap - self.margin, bottom - top),
             LEFT_ORNAMENTS, 1),
            (pygame.Rect(right_edge + gap, top, w - self.margin - right_edge - gap, bottom - top),
             RIGHT_ORNAMENTS, -1),
        )  # fmt: skip
        placed: list[tuple[str, pygame.Rect]] = []
        for region, names, bend in regions:
            placed += _column_of_ornaments(region, names, self.px(46), self.px(20), bend)
        return placed

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        rects = self.rects
        self.new_game = button(self, rects[0], "menu.new_game", "#big_button")
        self.continue_ = button(self, rects[1], "menu.continue", "#big_button")
        self.join = button(self, rects[2], "net.ui.join_menu", "#big_button")
        self.load = button(self, rects[3], "menu.load", "#big_button")
        self.stats = button(self, rects[4], "stats.menu", "#big_button")
        self.learn = button(self, rects[5], "menu.learn", "#big_button")
        self.rules = button(self, rects[6], "menu.rules", "#big_button")
        self.settings = button(self, rects[7], "menu.settings", "#big_button")
        self.quit = button(self, rects[8], "menu.quit", "#big_button")
        # At a first start with many saves the list is still being read: Continue is
        # looked at again once it is (``update``).
        self.saves_pending = not self.host.saves_known()
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

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        if self.saves_pending and self.host.saves_known():
            self.rebuild()
            return True
        return changed

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = event.ui_element
            if pressed is self.new_game:
                self.host.show_setup()
            elif pressed is self.continue_:
                self.host.continue_game()
            elif pressed is self.join:
                from .join import JoinScreen

                self.host.push(JoinScreen(self.host))
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
                self.layout()  # the ornaments may take the offer's side now
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

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        world.draw_table(surface)
        for name, rect in self.decorations:
            image = ornament(name, rect.width).copy()
            image.set_alpha(ORNAMENT_ALPHA)
            surface.blit(image, rect)
        for block in self.titles:
            image = art.text(block.name, self.title_size, "accent", True)
            surface.blit(image, block.name_rect)
            draw_lines(surface, block.tagline, block.tagline_rect, self.tag_size, "text_dim",
                       centre=True)  # fmt: skip
        for star in self.stars:
            surface.blit(art.star(star.width), star)
        if self.offer_yes is not None:
            self._draw_offer(surface)

    def _draw_offer(self, surface: pygame.Surface) -> None:
        """New here? Learn to play: a note beside the menu, until Learn or Not now."""
        o = self.offer
        world.draw_mat(surface, o, 14)
        pygame.draw.rect(surface, art.colour("active_border"), o, width=2, border_radius=14)
        inner = o.inflate(-2 * self.px(16), -2 * self.px(14))
        size = self.px(22)
        used = draw_lines(surface, wrap(t("learn.offer_title"), size, inner.width, True), inner,
                          size, "accent", True)  # fmt: skip
        text = pygame.Rect(inner.left, inner.top + used + self.px(6), inner.width, self.px(90))
        lines = wrap(t("learn.offer_text"), self.px(16), text.width)
        draw_lines(surface, lines, text, self.px(16), "text")


def ornament(name: str, d: int) -> pygame.Surface:
    """An ornament's picture: "star", a die ("die:<kind>:<value>") or a printed button."""
    if name == "star":
        return art.star(d)
    if name.startswith("die:"):
        _, kind, value = name.split(":")
        return art.die(kind, int(value), d)
    return art.printed_button(name, d)


def _column_of_ornaments(
    region: pygame.Rect, names: tuple[str, ...], largest: int, smallest: int, bend: int
) -> list[tuple[str, pygame.Rect]]:
    """``names`` down ``region`` on a gentle curve bowing towards ``bend`` (1: right,
    -1: left), as many as fit from the middle out, each whole inside ``region``."""
    d = min(largest, int(region.width * 0.7))
    if d < smallest:
        return []
    count = len(names)
    while count >= 3 and (region.height - d) // (count - 1) < d * 1.25:
        count -= 2  # from the ends, so the star stays in the middle
    if count < 3:
        return []
    pitch = min(int(d * 1.8), (region.height - d) // (count - 1))
    first = (len(names) - count) // 2
    chosen = names[first : first + count]
    height = d + (count - 1) * pitch
    top = region.top + (region.height - height) // 2
    swing = min((region.width - d) // 2, d)
    placed = []
    for i, name in enumerate(chosen):
        arc = math.sin(math.pi * i / (count - 1))
        cx = region.centerx + int(bend * swing * (arc - 0.5))
        rect = pygame.Rect(0, 0, d, d)
        rect.center = (cx, top + i * pitch + d // 2)
        placed.append((name, rect.clamp(region)))
    return placed


__all__ = ["MainMenu", "ornament"]
