"""Tooltips one or two lines wide, placed beside what they explain and never over the
board of a seat that is deciding.

pygame_gui 0.6.14 makes every tooltip 170 px wide (scaled, a column one word wide:
"Place / a / button / on / the / gold ...") and puts it under the mouse, over the board
the player is looking at. Here a tooltip is as wide as its text on one line when that
is short, else wide enough for two lines (within the window), and it goes below, above,
or beside the hovered thing, on the side away from the boards to keep clear.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface, IUITooltipInterface
from pygame_gui.core.utility import translate

from buttons_game.ui.text import pieces

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._tip_frames: dict[tuple[float, str, int], tuple[int, Any]] = {}

    def rethemed(self, scale: float) -> None:
        """The theme was loaded anew for a window at ``scale``."""
        self.tip_scale = scale
        self._tip_frames.clear()

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

        def build(
            words: str, width: int, kwargs: dict[str, str] | None = None
        ) -> pygame_gui.elements.UITooltip:
            return pygame_gui.elements.UITooltip(
                words,
                hover_distance,
                self,
                text_kwargs=kwargs,
                parent_element=parent_element,
                object_id=object_id,
                wrap_width=width,
            )

        if wrap_width is not None:  # a width asked for: pygame_gui's own tooltip
            tip = build(text, wrap_width, text_kwargs)
        else:
            tip = self._fitted(build, translate(text, **(text_kwargs or {})), window)
        target = pygame.Rect(position, (1, 1))
        if parent_element is not None:
            target = pygame.Rect(parent_element.get_abs_rect())
        where = place_tip(tip.rect.size, target, window, list(self.tip_avoid()))
        tip.set_position(where.topleft)
        return tip

    def _fitted(
        self,
        build: Callable[[str, int], pygame_gui.elements.UITooltip],
        words: str,
        window: pygame.Rect,
    ) -> pygame_gui.elements.UITooltip:
        """A tooltip of ``words`` broken into one or two lines by the game's own line
        breaking (between characters in Japanese, where pygame_gui would put dashes),
        measured in the tooltip's own font."""
        key = (self.tip_scale, self.get_locale(), window.width)
        if key not in self._tip_frames:  # the box round the text and the font, once
            probe = build(html.escape(words[:1] or " "), window.width)
            block = probe.text_block
            layout = block.text_box_layout if block else None
            frame = probe.rect.width - (layout.layout_rect.width if layout else 0)
            theme = self.get_theme()
            self._tip_frames[key] = (
                frame,
                theme.get_font(block.combined_element_ids) if block else None,
            )
            probe.kill()
        frame, font = self._tip_frames[key]
        if font is None:
            return build(html.escape(words), window.width)

        def measure(line: str) -> int:
            return int(font.size(line)[0])

        room = window.width - 2 * MARGIN - frame
        one = int(ONE_LINE * self.tip_scale) - frame

        def lines_at(width: int) -> int:
            return len(break_lines(words, width, measure))

        width = fit_width(lines_at, measure(words) + 2, one, room)
        lines = break_lines(words, width, measure)
        used = max((measure(line) for line in lines), default=0)
        marked = "<br>".join(html.escape(line) for line in lines)
        width = min(window.width - 2 * MARGIN, used + frame + 4)
        tip = build(marked, width)
        while _rows(tip) > len(lines) and width < window.width - 2 * MARGIN:
            tip.kill()  # a safeguard: pygame_gui broke a line the measure kept whole
            width = min(window.width - 2 * MARGIN, width + 8)
            tip = build(marked, width)
        return tip


def break_lines(words: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """``words`` in lines no wider than ``width`` by ``measure``, broken where the game
    breaks its own text (``ui.text.pieces``: at spaces, and between characters in
    Japanese); a piece wider than a line breaks between its characters."""
    lines: list[str] = []
    line = ""
    for space, piece in pieces(words):
        candidate = f"{line}{space}{piece}" if line else piece
        if measure(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in piece:
            if line and measure(line + ch) > width:
                lines.append(line)
                line = ""
            line += ch
    if line:
        lines.append(line)
    return lines


def _rows(tip: pygame_gui.elements.UITooltip) -> int:
    layout = tip.text_block.text_box_layout if tip.text_block else None
    return len(layout.layout_rows) if layout is not None else 1


__all__ = ["MAX_LINES", "ONE_LINE", "TipManager", "break_lines", "fit_width", "place_tip"]
