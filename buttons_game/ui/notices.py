"""Short notes at the foot of the window, over any screen: saved, failed, refused.

A double-clicked app has no terminal, so every problem the player must know of
is told here, in the window.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from buttons_game.ui import art

from .text import draw_lines, line_step, wrap

NOTICE_SECONDS = 5.0
NOTICE_CHARS = 300  # a note quotes at most this much of a message


@dataclass
class Notice:
    text: str
    tone: str
    until: float
    keep: tuple[str, ...] = ()  # names in ``text`` a line never breaks inside


def draw_notices(
    surface: pygame.Surface,
    notices: list[Notice],
    scale: float,
    keep_clear: Sequence[pygame.Rect] = (),
    rather_clear: Sequence[pygame.Rect] = (),
    spare_clear: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """The newest note lowest, older ones stacked above it, in the window's free area: none
    covers a rectangle of ``keep_clear`` (the boards of a table), nor one of
    ``rather_clear`` (its Roll button, its prompt) while that leaves room for every note,
    nor one of ``spare_clear`` (its keys, its log) while that too does. The boxes drawn."""
    placed = place_notices(
        surface.get_size(), notices, scale, keep_clear, rather_clear, spare_clear
    )
    s = scale
    size = int(16 * s)
    for notice, box, lines in placed:
        pygame.draw.rect(surface, art.colour("tooltip"), box, border_radius=10)
        edge = notice.tone if notice.tone in ("bad", "good", "accent") else "panel_border"
        pygame.draw.rect(surface, art.colour(edge), box, width=2, border_radius=10)
        inner = box.inflate(-int(28 * s), -int(14 * s))
        draw_lines(surface, lines, inner, size, notice.tone, centre=True)
    return [box for _, box, _ in placed]


Placed = list[tuple[Notice, pygame.Rect, list[str]]]


def place_notices(
    size: tuple[int, int],
    notices: Sequence[Notice],
    scale: float,
    keep_clear: Sequence[pygame.Rect] = (),
    rather_clear: Sequence[pygame.Rect] = (),
    spare_clear: Sequence[pygame.Rect] = (),
) -> Placed:
    """Where each note goes (newest first) and its lines: stacked up from the foot of the
    free area that shows the most of them, one at the window's foot first, then the
    widest. A note that would not fit in it whole is left out (older ones first), so no
    note ever covers ``keep_clear``; ``rather_clear`` too stays clear unless that shows
    fewer notes, and ``spare_clear`` only while every note is shown clear of it, given up
    from its first rectangle on (the least needed first)."""
    for first in range(len(spare_clear)):
        spared = _place(size, notices, scale, [*keep_clear, *rather_clear, *spare_clear[first:]])
        if len(spared) == len(notices):
            return spared
    placed = _place(size, notices, scale, [*keep_clear, *rather_clear])
    if rather_clear and len(placed) < len(notices):
        anywhere = _place(size, notices, scale, keep_clear)
        if len(anywhere) > len(placed):
            return anywhere
    return placed


def _place(
    size: tuple[int, int], notices: Sequence[Notice], scale: float, clear: Sequence[pygame.Rect]
) -> Placed:
    w, h = size
    gap, font = int(16 * scale), int(16 * scale)
    best: Placed = []
    best_score = (-1, False, -1)
    for area in free_areas(size, clear, gap):
        width = min(int(w * 0.7), area.width - 2 * gap - int(28 * scale))
        if width < 8 * font:
            continue
        placed = []
        y = area.bottom - gap
        for notice in reversed(notices):
            lines = wrap(notice.text, font, width, keep=notice.keep)
            box = pygame.Rect(0, 0, width + int(28 * scale), len(lines) * line_step(font))
            box.height += int(14 * scale)
            box.midbottom = (area.centerx, y)
            if box.top < area.top + gap // 2:
                break
            placed.append((notice, box, lines))
            y = box.top - int(8 * scale)
        score = (len(placed), area.bottom == h, width)
        if score > best_score:
            best, best_score = placed, score
    return best


def free_areas(
    size: tuple[int, int], keep_clear: Sequence[pygame.Rect], gap: int
) -> list[pygame.Rect]:
    """The window's parts clear of every rectangle of ``keep_clear`` (each kept ``gap`` away):
    the strips beside and between them from top to bottom, and the bands above and below
    them all, as wide as they are together (so a band leaves a side panel alone); and the
    tallest free rectangles between them (a strip's free end, beside its controls)."""
    w, h = size
    window = pygame.Rect(0, 0, w, h)
    rects = [r for r in keep_clear if r.colliderect(window)]
    if not rects:
        return [window]
    areas = []
    x = 0
    for left, right in sorted((r.left - gap, r.right + gap) for r in rects):
        if left > x:
            areas.append(pygame.Rect(x, 0, left - x, h))
        x = max(x, right)
    if x < w:
        areas.append(pygame.Rect(x, 0, w - x, h))
    left, right = min(r.left for r in rects), max(r.right for r in rects)
    below = max(r.bottom for r in rects) + gap
    if below < h:
        areas.append(pygame.Rect(left, below, right - left, h - below))
    above = min(r.top for r in rects) - gap
    if above > 0:
        areas.append(pygame.Rect(left, 0, right - left, above))
    return areas + [a for a in _between(size, rects, gap) if a not in areas]


def _between(size: tuple[int, int], rects: Sequence[pygame.Rect], gap: int) -> list[pygame.Rect]:
    """For each foot (a rectangle's top, or the window's) the tallest free rectangles that
    end there, one per gap across between the rectangles in their rows."""
    w, h = size
    tops = sorted({0, *(r.bottom + gap for r in rects if r.bottom + gap < h)})
    feet = sorted({h, *(r.top - gap for r in rects if r.top - gap > 0)})
    found: dict[tuple[int, int, int], pygame.Rect] = {}
    for foot in feet:
        for top in tops:  # the tallest first: a lower top with the same gap adds nothing
            if top >= foot:
                break
            row = sorted(
                (r.left - gap, r.right + gap)
                for r in rects
                if r.bottom + gap > top and r.top - gap < foot
            )
            x = 0
            for left, right in [*row, (w, w)]:
                if left > x and (x, left, foot) not in found:
                    found[x, left, foot] = pygame.Rect(x, top, left - x, foot - top)
                x = max(x, right)
    return list(found.values())


class NoticeBoard:
    """The notes shown now: a new one replaces the same words, three at most, each for
    NOTICE_SECONDS. ``items`` is one list for good, so a reader may keep it."""

    def __init__(self, changed: Callable[[], None]) -> None:
        self.items: list[Notice] = []
        self.changed = changed
        self.heard: Callable[[str], None] | None = None  # speech says each new note too

    def notify(self, text: str, tone: str = "text", keep: Sequence[str] = ()) -> None:
        """A short note for the player at the foot of the window, over any screen; ``keep``
        names the names it holds (a save's, the players'), each kept on one line."""
        if self.heard is not None:
            self.heard(text)
        if len(text) > NOTICE_CHARS:
            text = text[: NOTICE_CHARS - 1] + "…"
        self.items[:] = [n for n in self.items if n.text != text][-2:]
        until = time.monotonic() + NOTICE_SECONDS
        self.items.append(Notice(text, tone, until, tuple(keep)))
        self.changed()

    def withdraw(self, text: str) -> None:
        """Take back the note of these words (what it said is over), if it is shown."""
        kept = [n for n in self.items if n.text != text]
        if len(kept) != len(self.items):
            self.items[:] = kept
            self.changed()

    def expire(self) -> bool:
        """Drop the notes whose time is up; True if any went."""
        now = time.monotonic()
        if not self.items or self.items[0].until > now:
            return False
        self.items[:] = [n for n in self.items if n.until > now]
        return True

    def idle_step(self, longest: float) -> float:
        """How long the idle loop may wait before the next note's time is up."""
        if not self.items:
            return longest
        left = min(n.until for n in self.items) - time.monotonic()
        return max(0.0, min(longest, left))
