"""Still layers: the parts of a frame that do not move, drawn once and blitted whole.

A table's frame is mostly the same from one frame to the next: the printed boards, the
panels' rounded boxes, a position's lines. ``Layers`` draws such a part once into a
surface of the window's own pixel format and hands the same surface back for as long as
its key (everything the drawing depends on) stays the same: one opaque blit then replaces
a fill, a large see-through blit and the rounded rectangles of every frame. A layer with
rounded corners keeps what lies beside them: its corners are a colour key.

The result is the same pixels as drawing the parts straight onto the window: the layer is
drawn with the same calls on a surface of the same format. A window with per-pixel alpha
(a test's or a screenshot's surface) is drawn on directly instead.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

CLEAR = (254, 1, 253)  # the corners of a layer: a colour no drawing of the game uses
LIMIT = 24  # layers kept; more are dropped, oldest first

# Draws a layer's parts onto a surface with the layer's top-left corner at a point.
Draw = Callable[[pygame.Surface, tuple[int, int]], None]


class Layers:
    """Surfaces drawn once per key, in the pixel format of the surface they go onto."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.keep = True  # False: every frame drawn straight, as without layers (tests)
        self._layers: dict[Hashable, pygame.Surface] = {}
        self.drawn = 0  # how many layers were drawn (tests read it)

    def blit(
        self,
        onto: pygame.Surface,
        where: pygame.Rect,
        key: Hashable,
        draw: Draw,
        background: tuple[int, int, int] | pygame.Color | None = None,
    ) -> None:
        """Draw onto ``onto`` at ``where`` what ``draw`` draws with its top-left corner at
        ``where.topleft``, from the layer of ``key`` when there is one. With ``background``
        the layer is filled with it first and is opaque; without, what ``draw`` leaves
        untouched stays see-through."""
        if not self.keep or onto.get_flags() & pygame.SRCALPHA or onto.get_bitsize() < 24:
            if background is not None:
                onto.fill(background, where)
            draw(onto, where.topleft)
            return
        full = (
            key,
            where.size,
            onto.get_bitsize(),
            onto.get_masks(),
            None if background is None else tuple(pygame.Color(background)),
        )
        layer = self._layers.get(full)
        if layer is None:
            layer = self._draw(onto, where.size, draw, background)
            if len(self._layers) >= self.limit:
                del self._layers[next(iter(self._layers))]
            self._layers[full] = layer
        onto.blit(layer, where)

    def _draw(
        self,
        like: pygame.Surface,
        size: tuple[int, int],
        draw: Draw,
        background: tuple[int, int, int] | pygame.Color | None,
    ) -> pygame.Surface:
        self.drawn += 1
        layer = pygame.Surface(size, 0, like)
        layer.fill(CLEAR if background is None else background)
        draw(layer, (0, 0))
        # run-length encoded, it copies quicker than plain (and skips the see-through parts)
        layer.set_colorkey(CLEAR, pygame.RLEACCEL)
        return layer

    def clear(self) -> None:
        self._layers.clear()


RADIUS = 14  # the rounding of a panel's box's corners (``replay_view.panel_box``, a seat's)


def solid_part(box: pygame.Rect) -> pygame.Rect:
    """The part of a panel's rounded box that its colours cover whole (its corners not)."""
    return box.inflate(0, -2 * (RADIUS + 1))


def fill_around(surface: pygame.Surface, colour: pygame.Color, covered: list[pygame.Rect]) -> None:
    """Fill ``surface`` with ``colour`` but where ``covered``: parts the frame covers whole
    with opaque pixels afterwards (a panel's box) need not be filled first."""
    for part in around(surface.get_rect(), covered):
        surface.fill(colour, part)


def around(window: pygame.Rect, covered: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles that cover ``window`` but where ``covered``, without overlaps."""
    parts = []
    boxes = [box.clip(window) for box in covered]
    boxes = [box for box in boxes if box.width and box.height]
    edges = sorted({window.top, window.bottom} | {y for b in boxes for y in (b.top, b.bottom)})
    for top, bottom in zip(edges, edges[1:]):
        spans = sorted((b.left, b.right) for b in boxes if b.top <= top and b.bottom >= bottom)
        x = window.left
        for left, right in spans:
            if left > x:
                parts.append(pygame.Rect(x, top, left - x, bottom - top))
            x = max(x, right)
        if x < window.right:
            parts.append(pygame.Rect(x, top, window.right - x, bottom - top))
    return parts


__all__ = ["CLEAR", "RADIUS", "Layers", "around", "fill_around", "solid_part"]
