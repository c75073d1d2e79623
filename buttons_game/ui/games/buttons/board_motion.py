"""BUTTONS' boards in motion: a button sliding in from its seat's supply, a bust's
buttons going back to it and its board shaking, three of a colour popping into a star.

``BoardView`` calls these with each motion's progress (0.0 starting, 1.0 arrived) from
its ``Marks``; they draw, and never change anything. A seat's supply is its tally of
this round's colours: a button comes from the tally of its space's colour.
"""

from __future__ import annotations

import math
from dataclasses import fields

import pygame

from buttons_game.games.buttons.engine import COLOUR_MASKS, COLOURS, LAYOUTS, GameState
from buttons_game.games.buttons.engine.board import iter_spaces
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.play.motion import (
    between,
    blit_centred,
    ease_in_out,
    ease_out,
    faded,
    lerp,
    overshoot,
    resized,
)

from .board_geometry import BoardGeometry

SHAKE_SHARE = 0.16  # a shaking board swings this share of a space to each side
POP_SWELL = 0.35  # a popping colour's buttons swell for this share of the pop ...
POP_GATHER = (0.15, 0.45)  # ... sparks fly from them to their middle meanwhile ...
POP_FLY = 0.45  # ... a star springs up there, and flies off after this share of the rest


def supply(state: GameState, g: BoardGeometry, row: int, col: int) -> tuple[tuple[int, int], int]:
    """Where a button for space (row, col) comes from and goes back to: the seat's tally
    of that space's colour (its centre, and the size of its icon)."""
    colour_name = LAYOUTS[state.layout(g.seat)][row - 1][col - 1]
    rect = g.tally[COLOURS.index(colour_name)]
    return (rect.left + rect.height // 2, rect.centery), rect.height


def draw_arriving(
    surface: pygame.Surface, state: GameState, g: BoardGeometry, row: int, col: int, p: float
) -> None:
    """A button on its way from the supply to its space: an arc, growing as it comes."""
    start, size = supply(state, g, row, col)
    end = g.cell_rect(row, col).center
    d = int(g.cell * 0.98)
    p = ease_out(p)
    where = between(start, end, p, lift=g.cell * 0.6)
    plastic = art.glass_button(d, LAYOUTS[state.layout(g.seat)][row - 1][col - 1])
    blit_centred(surface, resized(plastic, int(lerp(size, d, p))), where)


def draw_falling(
    surface: pygame.Surface, state: GameState, g: BoardGeometry, mask: int, progress: float
) -> None:
    """A bust's buttons going back to the supply one after the other: each hops off its
    space and drops into its colour's tally, shrinking and fading as it arrives."""
    spaces = list(iter_spaces(mask))
    d = int(g.cell * 0.98)
    stagger = min(0.06, 0.5 / max(1, len(spaces)))
    share = 1.0 - stagger * (len(spaces) - 1)
    for k, (row, col) in enumerate(spaces):
        q = min(1.0, max(0.0, (progress - k * stagger) / share))
        end, size = supply(state, g, row, col)
        start = g.cell_rect(row, col).center
        p = ease_in_out(q)
        where = between(start, end, p, lift=g.cell * 0.9)
        plastic = art.glass_button(d, LAYOUTS[state.layout(g.seat)][row - 1][col - 1])
        image = resized(plastic, int(lerp(d, size, p)))
        blit_centred(surface, faded(image, min(1.0, (1.0 - q) / 0.3)), where)


def swelling(
    state: GameState, p: int, popping: list[tuple[int, str, float]]
) -> dict[tuple[int, int], float]:
    """The buttons of seat ``p`` popping now, and how much each swells (0..1)."""
    grown: dict[tuple[int, int], float] = {}
    for seat, colour_name, progress in popping:
        if seat != p or progress >= POP_SWELL:
            continue
        swell = math.sin(math.pi * progress / POP_SWELL)
        for space in colour_spaces(state, p, colour_name):
            grown[space] = swell
    return grown


def draw_pop(
    surface: pygame.Surface, state: GameState, g: BoardGeometry, colour_name: str, progress: float
) -> None:
    """Three (or more) of a colour pop into a star: a spark leaves each button for the
    middle of them, a star springs up there and flies to the seat's stars due."""
    spaces = colour_spaces(state, g.seat, colour_name)
    if not spaces:
        return
    centres = [g.cell_rect(row, col).center for row, col in spaces]
    middle = (
        sum(c[0] for c in centres) / len(centres),
        sum(c[1] for c in centres) / len(centres),
    )
    cell = g.cell
    gather = (progress - POP_GATHER[0]) / (POP_GATHER[1] - POP_GATHER[0])
    if 0.0 < gather < 1.0:  # the sparks: small buttons of the colour, drawn together
        spark = art.printed_button(colour_name, max(6, int(cell * 0.4)))
        size = int(spark.get_width() * lerp(1.0, 0.5, gather))
        for centre in centres:
            where = between(centre, middle, ease_in_out(gather), lift=cell * 0.3)
            blit_centred(surface, resized(spark, size), where)
    born = (progress - POP_GATHER[1]) / (1.0 - POP_GATHER[1])
    if born <= 0.0:
        return
    sd = int(cell * 1.1)
    if born < POP_FLY:  # the star springs up where the sparks met
        size = int(sd * overshoot(min(1.0, born / (POP_FLY * 0.6))))
        if size > 0:
            blit_centred(surface, resized(art.star(sd), size), (int(middle[0]), int(middle[1])))
        return
    fly = (born - POP_FLY) / (1.0 - POP_FLY)  # ... and flies to the stars due
    target = due_spot(state, g)
    where = between(middle, target, ease_in_out(fly), lift=cell * 0.8)
    size = int(lerp(sd, g.text * 1.2, ease_in_out(fly)))
    image = faded(resized(art.star(sd), size), min(1.0, (1.0 - fly) / 0.25))
    blit_centred(surface, image, where)


def due_spot(state: GameState, g: BoardGeometry) -> tuple[int, int]:
    """The middle of the "+n" beside a seat's status: the stars it is due."""
    chip = art.text(t(f"status.{state.status(g.seat).value}"), g.text, "text")
    return g.status.left + chip.get_width() + 8 + g.text // 2, g.status.centery


def shifted(g: BoardGeometry, dx: int, dy: int = 0) -> BoardGeometry:
    """The same board ``dx`` pixels to the side (a shaking board), and ``dy`` down."""
    parts: dict[str, object] = {}
    for f in fields(g):
        value = getattr(g, f.name)
        if isinstance(value, pygame.Rect):
            value = value.move(dx, dy)
        elif isinstance(value, list):
            value = [r.move(dx, dy) for r in value]
        parts[f.name] = value
    return BoardGeometry(**parts)  # type: ignore[arg-type]


def colour_spaces(state: GameState, seat: int, colour_name: str) -> list[tuple[int, int]]:
    """This round's buttons of ``colour_name`` on a seat's board."""
    mask = COLOUR_MASKS[state.layout(seat)][COLOURS.index(colour_name)]
    return list(iter_spaces(state.button_mask(seat) & mask))


__all__ = [
    "SHAKE_SHARE",
    "colour_spaces",
    "draw_arriving",
    "draw_falling",
    "draw_pop",
    "due_spot",
    "shifted",
    "supply",
    "swelling",
]
