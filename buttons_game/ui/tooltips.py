"""Tooltips one or two lines wide, placed beside what they explain and never over the
board of a seat that is deciding.

pygame_gui 0.6.14 makes every tooltip 170 px wide (scaled, a column one word wide:
"Place / a / button / on / the / gold ...") and puts it under the mouse, over the board
the player is looking at. Here a tooltip is as wide as its text on one line when that
is short, else wide enough for two lines (within the window), and it goes below, above,
or beside the hovered thing, on the side away from the boards to keep clear.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface, IUITooltipInterface
from pygame_gui.core.utility import translate

ONE_LINE = 460  # the widest one-line tooltip, in pixels at 1280x720
MARGIN = 8  # a tooltip keeps this far from the window's edges
GAP = 6  # and this far from what it explains
MAX_LINES = 2


def fit_width(
    lines_at: Callable[[int], int], natural: int, one_line: int, room: int, least: int = 0
) -> int:
    """The width of a tooltip's text: ``natural`` (the text on one line) if that is at
    most ``one_line``; else the narrowest width from half of it up on which ``lines_at``
    says the text takes at most two lines; never more than ``room`` nor less than
    ``least``."""
    if natural <= min(one_line, room):
        return max(least, natural)
    width = min(room, max(least, natural // 2 + 1))
    while lines_at(width) > MAX_LINES and width < room:
        width = min(room, width + max(4, width // 16))
    return width


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def place_tip(
    size: tuple[int, int],
    target: pygame.Rect,
    window: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
    gap: int = GAP,
    margin: int = MARGIN,
    rather: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where a tooltip of ``size`` goes for ``target``: inside ``window`` (less ``margin``),
    covering none of ``avoid`` if it can, then not ``target`` itself, then as little of
    ``rather`` as it can; below the target if that is clear, else above, beside it, or
    beyond a rectangle to avoid that holds it."""
    inside = window.inflate(-2 * margin, -2 * margin)
    box = pygame.Rect((0, 0), size)
    spots: list[pygame.Rect] = []

    def spot(**where: tuple[int, int]) -> None:
        rect = box.copy()
        for name, value in where.items():
            setattr(rect, name, value)
        spots.append(rect.clamp(inside))

    for r in (target, *[a for a in avoid if a.colliderect(target)]):
        spot(midtop=(target.centerx, r.bottom + gap))
        spot(midbottom=(target.centerx, r.top - gap))
        spot(midleft=(r.right + gap, target.centery))
        spot(midright=(r.left - gap, target.centery))
    for r in [*avoid, *rather]:  # clear of every board: next to one of them
        spot(midtop=(target.centerx, r.bottom + gap))
        spot(topleft=(r.left, r.bottom + gap))
        spot(bottomleft=(r.left, r.top - gap))
        spot(topleft=(r.right + gap, target.top))
        spot(topright=(r.left - gap, target.top))

    def cost(i: int) -> tuple[int, int, int, int, int]:
        rect = spots[i]
        covered = sum(_overlap(rect, a) for a in avoid)
        soft = sum(_overlap(rect, a) for a in rather)
        far = abs(rect.centerx - target.centerx) + abs(rect.centery - target.centery)
        return covered, _overlap(rect, target), soft, far if i >= 4 else 0, i

    return spots[min(range(len(spots)), key=cost)]


class TipManager(pygame_gui.UIManager):
    """pygame_gui's manager, with tooltips sized to their text and placed clear of the
    rectangles ``tip_avoid`` gives (the table sets it to the boards being decided on)."""

    tip_scale: float = 1.0
    tip_avoid: Callable[[], Sequence[pygame.Rect]] = staticmethod(lambda: ())

    def create_tool_tip(
        self,
        text: str,
        position: tuple[int, int],
        hover_distance: tuple[int, int],
        parent_element: IUIElementInterface,
        object_id: pygame_gui.core.ObjectID | None,
        *,
        wrap_width: int | None = None,
        text_kwargs: dict[str, str] | None = None,
    ) -> IUITooltipInterface:
        root = self.get_root_container()
        window = pygame.Rect(root.get_rect()) if root is not None else pygame.Rect(0, 0, 1, 1)

        def build(width: int) -> pygame_gui.elements.UITooltip:
            return pygame_gui.elements.UITooltip(
                text,
                hover_distance,
                self,
                text_kwargs=text_kwargs,
                parent_element=parent_element,
                object_id=object_id,
                wrap_width=width,
            )

        tip = build(wrap_width or window.width)
        block = tip.text_block
        if wrap_width is None and block is not None and block.text_box_layout is not None:
            frame = block.rect.width - block.text_box_layout.layout_rect.width
            room = window.width - 2 * MARGIN
            font = self.get_theme().get_font(block.combined_element_ids)
            words = translate(text, **(text_kwargs or {}))
            natural = font.size(words)[0] + frame + 2

            def lines_at(width: int) -> int:
                nonlocal tip
                tip.kill()
                tip = build(width)
                layout = tip.text_block.text_box_layout if tip.text_block else None
                return len(layout.layout_rows) if layout is not None else 1

            width = fit_width(lines_at, natural, int(ONE_LINE * self.tip_scale), room)
            if tip.rect.width != width:
                tip.kill()
                tip = build(width)
        target = pygame.Rect(position, (1, 1))
        if parent_element is not None:
            target = pygame.Rect(parent_element.get_abs_rect())
        where = place_tip(tip.rect.size, target, window, list(self.tip_avoid()))
        tip.set_position(where.topleft)
        return tip


__all__ = ["MAX_LINES", "ONE_LINE", "TipManager", "fit_width", "place_tip"]
