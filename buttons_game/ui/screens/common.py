"""Small pieces shared by the screens: buttons, centred button columns, headings, backdrop."""

from __future__ import annotations

from collections.abc import Iterable

import pygame
import pygame_gui

from buttons_game.i18n import tk
from buttons_game.ui import art, world

from ..screen import Screen


def button(
    screen: Screen,
    rect: pygame.Rect,
    key: str,
    object_id: str | None = None,
    tooltip: str | None = None,
) -> pygame_gui.elements.UIButton:
    return screen.add(
        pygame_gui.elements.UIButton(
            rect,
            tk(key),
            manager=screen.manager,
            object_id=object_id,
            tool_tip_text=tk(tooltip) if tooltip else None,
        )
    )


def column_rects(
    centre_x: int, top: int, width: int, height: int, gap: int, count: int
) -> list[pygame.Rect]:
    return [
        pygame.Rect(centre_x - width // 2, top + i * (height + gap), width, height)
        for i in range(count)
    ]


HEADING_GAP = 14  # at least this (before scaling) from a heading to what is under it


def title_rect(width: int, title: str, y: int, size: int) -> pygame.Rect:
    """Where ``draw_title`` draws ``title`` in a window ``width`` wide: centred, from ``y``."""
    return art.text(title, size, "accent", True).get_rect(midtop=(width // 2, y))


def below_title(width: int, title: str, y: int, size: int, gap: int) -> int:
    """The first y a widget under the heading may take: its foot and ``gap`` more."""
    return title_rect(width, title, y, size).bottom + gap


def draw_title(surface: pygame.Surface, title: str, y: int, size: int) -> pygame.Rect:
    """A screen's heading, centred at ``y``; where it went."""
    image = art.text(title, size, "accent", True)
    rect = image.get_rect(midtop=(surface.get_width() // 2, y))
    surface.blit(image, rect)
    return rect


def tray(rects: Iterable[pygame.Rect], pad: int) -> pygame.Rect:
    """The felt tray a form's rows lie on: around all of ``rects``, ``pad`` wider."""
    rects = list(rects)
    return (
        rects[0].unionall(rects[1:]).inflate(2 * pad, 2 * pad) if rects else pygame.Rect(0, 0, 0, 0)
    )


def widgets_above(screen: Screen, bottom: int) -> list[pygame.Rect]:
    """Where the screen's widgets lie that end above ``bottom`` (a form's rows)."""
    return [w.rect for w in screen.widgets if w.alive() and w.rect.bottom <= bottom]


def draw_backdrop(
    surface: pygame.Surface, screen: Screen | None = None, keep_clear: Iterable[pygame.Rect] = ()
) -> None:
    """The menu background: the wooden table with a scatter of printed buttons and stars.

    Decorations lie only in the side margins, never under a widget or ``keep_clear`` nor
    over one another.
    """
    world.draw_table(surface)
    w, h = surface.get_size()
    d = max(28, h // 16)
    clear = [r.inflate(16, 16) for r in keep_clear]
    if screen is not None:
        clear += [widget.rect.inflate(16, 16) for widget in screen.widgets if widget.alive()]
    colours = ("red", "yellow", "green", "blue")
    for i in range(18):
        x = (i * 233 + 71) % max(1, w - d)
        y = (i * 137 + 29) % max(1, h - d)
        if w * 0.09 < x < w * 0.91 - d:
            continue
        spot = pygame.Rect(x, y, d, d)
        if spot.collidelist(clear) != -1:
            continue
        clear.append(spot.inflate(8, 8))  # nor over one another
        image = art.star(d) if i % 5 == 0 else art.printed_button(colours[i % 4], d)
        image = image.copy()
        image.set_alpha(70)
        surface.blit(image, (x, y))
