"""A game's end celebrated on the table, whatever the game, before the game-over screen.

A game's session says what is celebrated (``Celebration``: who won, whose board or tray
glows, the places that light up one by one, a winning line among them, and the words of
the banner) and starts it with ``PlaySession.celebrate``; its length is scaled by the
animation speed like every motion, never longer than ``MAX_SECONDS`` (none with --fast),
and a click or a key ends it at once. The drawing here reads only the celebration and
how far it has come; the game's table says where its places and seats are.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from buttons_game.core.notes import Note
from buttons_game.ui import art
from buttons_game.ui.text import fit

from .model import note_text
from .motion import blit_centred, ease_out, faded, resized

CELEBRATION_SECONDS = 2.6  # a game's end is celebrated this long, at normal speed ...
MAX_SECONDS = 3.0  # ... and never longer, at any speed
LIGHT_FROM = 0.1  # the places light up one by one between these shares of the time
LIGHT_TO = 0.55
POP_SHARE = 0.12  # a place lighting up pops for this share of the time
SPARKLES = 14  # stars bursting from a winner's board once everything is lit


@dataclass(frozen=True)
class Celebration:
    """What a game's end celebrates: ``winners`` (none: a draw), the ``seats`` whose board or
    tray glows, per winner the ``spots`` that light up one after the other (in the game's own
    terms: a space, a tray's slot), ``joined`` when those make a line (a beam joins them),
    the banner's ``title`` and ``why``, and the ``sound`` it begins with."""

    sound: str
    winners: tuple[int, ...]
    seats: tuple[int, ...]
    title: Note
    why: Note
    spots: tuple[tuple[Any, ...], ...] = ()
    joined: bool = False


def celebration_seconds(speed: float) -> float:
    """How long a celebration lasts at animation ``speed`` (0: instant)."""
    return min(MAX_SECONDS, CELEBRATION_SECONDS * max(0.0, speed))


def lit(progress: float, k: int, n: int) -> float | None:
    """How far the ``k``-th of ``n`` places has popped since it lit (0..1), None while it
    is still dark."""
    start = LIGHT_FROM + (LIGHT_TO - LIGHT_FROM) * k / max(1, n)
    if progress < start:
        return None
    return min(1.0, (progress - start) / POP_SHARE)


def pulse(progress: float) -> float:
    """A glow breathing twice a celebration, never quite out (0.45..1)."""
    return 0.725 + 0.275 * math.cos(2 * math.pi * 2 * progress)


GLOW_LEVELS = 8  # the glow breathes in this many steps (each frame drawn once, then kept)


def draw_glow(surface: pygame.Surface, area: pygame.Rect, progress: float, name: str) -> None:
    """``area`` (a winner's board, tray or card) framed in a breathing glow: rounded frames
    just inside its edge, brightest at the edge and fading inwards (nothing outside
    ``area`` covered)."""
    thickness = max(3, min(7, min(area.width, area.height) // 40))
    strength = pulse(progress) * min(1.0, progress / 0.08)
    level = round(strength * GLOW_LEVELS)
    if level > 0:
        surface.blit(_frames(area.size, thickness, name, level), area)


@lru_cache(maxsize=32)
def _frames(size: tuple[int, int], thickness: int, name: str, level: int) -> pygame.Surface:
    """The glow's frames for a ``size`` area at one ``level`` of its breath, blended into the
    panel's colour inside it; the rest see-through by a colour key (a quick blit)."""
    surface = pygame.Surface(size)
    key = (255, 0, 255)
    surface.fill(key)
    surface.set_colorkey(key, pygame.RLEACCEL)
    c = art.colour(name)
    steps = 3
    width = max(2, thickness // steps + 1)
    for i in range(steps):
        share = level / GLOW_LEVELS * (1.0 - 0.3 * i)
        colour = art.colour("panel").lerp(c, max(0.0, min(1.0, share)))
        shrink = 2 * (thickness * i // steps)
        pygame.draw.rect(surface, colour, surface.get_rect().inflate(-shrink, -shrink), width, 14)
    return surface


@lru_cache(maxsize=64)
def _sparkle(size: int, alpha: int) -> pygame.Surface:
    """A small star at ``size`` pixels and ``alpha`` (0-255, in steps) of its opacity."""
    return faded(art.star(size), alpha / 255)


def draw_sparkles(
    surface: pygame.Surface, area: pygame.Rect, progress: float, seed: int, size: int
) -> None:
    """Small stars bursting from the middle of ``area`` once everything is lit, fading as
    they fly (each celebration the same: their ways come from ``seed``)."""
    if progress <= LIGHT_TO:
        return
    p = (progress - LIGHT_TO) / (1.0 - LIGHT_TO)
    reach = 0.5 * math.hypot(area.width, area.height)
    alpha = 32 * max(0, min(8, round((1.0 - p) * 8)))  # in steps: a few cached sprites
    if alpha <= 0:
        return
    for i in range(SPARKLES):
        turn = ((seed * 7919 + i * 2654435761) % 1000) / 1000.0
        angle = 2 * math.pi * (i + turn * 0.6) / SPARKLES
        distance = reach * (0.35 + 0.45 * turn) * ease_out(p)
        centre = (
            int(area.centerx + math.cos(angle) * distance),
            int(area.centery + math.sin(angle) * distance),
        )
        small = max(4, size // 2 if i % 3 == 0 else (size * 3) // 4 if i % 3 == 1 else size)
        blit_centred(surface, _sparkle(small, min(255, alpha)), centre)


def draw_spots(
    surface: pygame.Surface,
    spots: Sequence[Any],
    progress: float,
    place: Callable[[Any], pygame.Rect],
    joined: bool,
    icon: Callable[[int], pygame.Surface] | None,
) -> None:
    """The ``spots`` lighting up one by one: a beam along them if ``joined``, each a golden
    halo, and its ``icon`` (a star) popping as it lights."""
    rects = [place(spot) for spot in spots]
    pops = [lit(progress, k, len(rects)) for k in range(len(rects))]
    shown = [(rect, pop) for rect, pop in zip(rects, pops) if pop is not None]
    if not shown:
        return
    cell = rects[0].width
    gold = art.colour("star")
    if joined and len(shown) > 1:
        width = max(3, cell // 7)
        pygame.draw.line(surface, gold, shown[0][0].center, shown[-1][0].center, width)
    glow = art.glow(int(cell * 1.25), "star")
    halo = art.ring(int(cell * 1.08), "accent", 0.09)
    for rect, pop in shown:
        blit_centred(surface, glow, rect.center)
        blit_centred(surface, halo, rect.center)
        if icon is not None:
            grow = 1.0 + 0.3 * math.sin(math.pi * pop)  # a pop: bigger, and back
            blit_centred(
                surface, resized(icon(int(cell * 0.9)), int(cell * 0.9 * grow)), rect.center
            )


def draw_banner(
    surface: pygame.Surface,
    bar: pygame.Rect,
    title: str,
    why: str,
    progress: float,
    scale: float,
) -> None:
    """The winner's name (or the draw) and why, on one line in a golden frame at the right of
    the table's top ``bar`` (its title stays in view at the left), fading in."""
    appear = min(1.0, progress / 0.12)
    if appear <= 0.0:
        return
    back = _banner(title, why, bar.width, bar.height, scale)
    back.set_alpha(int(255 * appear))
    surface.blit(back, back.get_rect(midright=bar.midright))


@lru_cache(maxsize=8)
def _banner(title: str, why: str, bar_width: int, bar_height: int, scale: float) -> pygame.Surface:
    pad = int(12 * scale)
    most = int(bar_width * 0.62)
    size = int(22 * scale)
    head = art.text(fit(title, size, most - 2 * pad, True), size, "accent", True)
    room = most - 2 * pad - head.get_width() - pad
    line = None
    if room > int(60 * scale):
        line = art.text(fit(why, int(16 * scale), room, False), int(16 * scale), "text", False)
    width = head.get_width() + 2 * pad + (line.get_width() + pad if line is not None else 0)
    height = max(head.get_height() + int(6 * scale), bar_height - int(6 * scale))
    back = pygame.Surface((width, height), pygame.SRCALPHA)
    c = art.colour("panel_active")
    radius = int(10 * scale)
    pygame.draw.rect(back, (c.r, c.g, c.b, 240), back.get_rect(), border_radius=radius)
    pygame.draw.rect(back, art.colour("star"), back.get_rect(), max(2, int(2.5 * scale)), radius)
    back.blit(head, (pad, (height - head.get_height()) // 2))
    if line is not None:
        x = pad + head.get_width() + pad
        back.blit(line, (x, (height - line.get_height()) // 2 + int(2 * scale)))
    return back


def draw_celebration(
    surface: pygame.Surface,
    celebration: Celebration,
    progress: float,
    names: Sequence[str],
    *,
    place: Callable[[Any], pygame.Rect],
    seat_area: Callable[[int], pygame.Rect],
    banner: pygame.Rect,
    scale: float,
    icon: Callable[[int], pygame.Surface] | None = None,
) -> None:
    """The whole celebration at ``progress`` (0..1): the seats glowing, the spots lighting up,
    the winners' sparkles and the banner. ``place`` is where a spot lies, ``seat_area`` a
    seat's board or tray, ``banner`` the table's top bar, where the banner stands."""
    c = celebration
    glow = "star" if c.winners else "text_dim"
    for seat in c.seats:
        draw_glow(surface, seat_area(seat), progress, glow)
    for spots in c.spots:
        draw_spots(surface, spots, progress, place, c.joined, icon)
    for seat in c.winners:
        area = seat_area(seat)
        draw_sparkles(surface, area, progress, seat + 1, max(10, int(28 * scale)))
    title = note_text(c.title, names)
    why = note_text(c.why, names)
    draw_banner(surface, banner, title, why, progress, scale)


__all__ = [
    "CELEBRATION_SECONDS",
    "MAX_SECONDS",
    "Celebration",
    "celebration_seconds",
    "draw_celebration",
    "lit",
]
