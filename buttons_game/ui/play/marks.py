"""The marks every table draws on the places of its board, and the tag of a bot's seat.

BUTTONS' boards, the Kopf oder Knopf board, the lessons and the replays draw their
rings, outlines and crosses with these, so a mark means the same on every board:
``ring`` a place to look at (a legal move, the hint's advice, a lesson's point),
``outline`` the last move or the keyboard cursor, ``cross`` a refused click,
``trail`` a bot's move a moment after it was made; ``draw_bot_move`` is its line
"Bo: …" in the table's status area.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.text import draw_lines, fit, wrap

from .model import PlayModel
from .motion import blit_centred, ease_out, faded, resized


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: str, width: float = 0.12) -> None:
    """A ring of ``colour`` inside ``rect`` (``width`` as a share of its size)."""
    surface.blit(art.ring(rect.width, colour, width), rect)


def outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: str, width: int, radius: int = 8
) -> None:
    """A rounded frame of ``colour`` just inside ``rect``."""
    pygame.draw.rect(surface, art.colour(colour), rect.inflate(-2, -2), width, border_radius=radius)


def cross(
    surface: pygame.Surface, rect: pygame.Rect, colour: str, width: int, inset: float = 0.0
) -> None:
    """An X over ``rect`` (``inset``: the share of its size left clear around it)."""
    inner = rect.inflate(-int(rect.width * inset), -int(rect.height * inset))
    c = art.colour(colour)
    pygame.draw.line(surface, c, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, c, inner.topright, inner.bottomleft, width)


def no_entry(surface: pygame.Surface, rect: pygame.Rect, colour: str, width: int) -> None:
    """A circle with a slash: a place a tutorial step does not allow."""
    inner = rect.inflate(-rect.width // 4, -rect.height // 4)
    c = art.colour(colour)
    pygame.draw.circle(surface, c, inner.center, inner.width // 2, width)
    pygame.draw.line(surface, c, inner.topright, inner.bottomleft, width)


def trail(surface: pygame.Surface, rects: Sequence[pygame.Rect], colour: str, left: float) -> None:
    """A bot's move fading away (``left``: 1.0 fresh, 0.0 gone): a streak along its way
    from the first place to the last, and a ring spreading from the last."""
    if not rects or left <= 0:
        return
    c = art.colour(colour)
    end = rects[-1]
    if len(rects) > 1:
        width = max(4, end.width // 5)
        box = rects[0].union(end).inflate(width * 2, width * 2)
        a = (rects[0].centerx - box.left, rects[0].centery - box.top)
        b = (end.centerx - box.left, end.centery - box.top)
        streak, parts = _streak(box.size, a, b, width, (c.r, c.g, c.b))
        streak.set_alpha(int(150 * left))
        surface.blits([(streak, part.move(box.topleft), part) for part in parts], False)
    spread = ease_out(1.0 - left)
    ring_image = resized(art.ring(end.width, colour, 0.1), int(end.width * (1.0 + 0.35 * spread)))
    blit_centred(surface, faded(ring_image, min(1.0, 1.6 * left)), end.center)


@lru_cache(maxsize=8)
def _streak(
    size: tuple[int, int],
    a: tuple[int, int],
    b: tuple[int, int],
    width: int,
    rgb: tuple[int, int, int],
) -> tuple[pygame.Surface, tuple[pygame.Rect, ...]]:
    """A trail's streak from ``a`` to ``b``, drawn once per move and size (each frame sets
    its own opacity on it before it is drawn), and the parts of it that show: a slanted
    streak leaves most of its box see-through, which need not be blended."""
    streak = pygame.Surface(size, pygame.SRCALPHA)
    tint = (*rgb, 255)
    pygame.draw.line(streak, tint, a, b, width)
    for point in (a, b):
        pygame.draw.circle(streak, tint, point, width // 2)
    band = max(8, width)
    parts = []
    for top in range(0, size[1], band):
        strip = pygame.Rect(0, top, size[0], min(band, size[1] - top))
        shown = streak.subsurface(strip).get_bounding_rect()
        if shown.width and shown.height:
            parts.append(shown.move(0, top))
    return streak, tuple(parts)


def draw_bot_move(surface: pygame.Surface, model: PlayModel, area: pygame.Rect, size: int) -> int:
    """The line "Bo: …" at the top of ``area`` (wrapped, two lines at most); returns the
    height used (0: no bot's move to show)."""
    line = model.bot_move_line()
    if line is None:
        return 0
    lines = wrap(line, size, area.width)[:2]
    return draw_lines(surface, lines, area, size, "last_move")


def bot_tag(level: str | None, size: int, width: int | None = None) -> pygame.Surface | None:
    """The tag by a bot seat's name, "Bot: easy" (None for a person), cut to ``width``."""
    if level is None:
        return None
    words = t(f"setup.bot_{level}")
    return art.text(words if width is None else fit(words, size, width), size, "text_dim")


def draw_seat_name(
    surface: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    level: str | None,
    size: int,
    tint: str,
) -> int:
    """A seat's name at the left of ``rect`` (cut to fit), its bot tag after it; returns
    the width used."""
    gap = max(4, size // 3)
    # The name first (up to two thirds of the room); the tag is cut to what is left.
    named = min(art.font(size, True, name).size(art.drawable(name))[0], rect.width * 2 // 3)
    tag = bot_tag(level, max(10, int(size * 0.75)), max(size, rect.width - named - gap))
    room = rect.width - (tag.get_width() + gap if tag is not None else 0)
    label = art.text(fit(name, size, max(size, room), True), size, tint, True)
    surface.blit(label, (rect.left, rect.centery - label.get_height() // 2))
    used = label.get_width()
    if tag is not None:
        x = rect.left + used + gap
        surface.blit(tag, (x, rect.centery - tag.get_height() // 2 + 1))
        used += gap + tag.get_width()
    return used


__all__ = [
    "bot_tag",
    "cross",
    "draw_bot_move",
    "draw_seat_name",
    "no_entry",
    "outline",
    "ring",
    "trail",
]
