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


def draw_notices(surface: pygame.Surface, notices: list[Notice], scale: float) -> None:
    """The newest note lowest, older ones stacked above it."""
    w, h = surface.get_size()
    s = scale
    y = h - int(16 * s)
    size = int(16 * s)
    for notice in reversed(notices):
        lines = wrap(notice.text, size, int(w * 0.7), keep=notice.keep)
        step = line_step(size)
        box = pygame.Rect(0, 0, int(w * 0.7) + int(28 * s), len(lines) * step + int(14 * s))
        box.midbottom = (w // 2, y)
        pygame.draw.rect(surface, art.colour("tooltip"), box, border_radius=10)
        edge = notice.tone if notice.tone in ("bad", "good", "accent") else "panel_border"
        pygame.draw.rect(surface, art.colour(edge), box, width=2, border_radius=10)
        inner = box.inflate(-int(28 * s), -int(14 * s))
        draw_lines(surface, lines, inner, size, notice.tone, centre=True)
        y = box.top - int(8 * s)


class NoticeBoard:
    """The notes shown now: a new one replaces the same words, three at most, each for
    NOTICE_SECONDS. ``items`` is one list for good, so a reader may keep it."""

    def __init__(self, changed: Callable[[], None]) -> None:
        self.items: list[Notice] = []
        self.changed = changed

    def notify(self, text: str, tone: str = "text", keep: Sequence[str] = ()) -> None:
        """A short note for the player at the foot of the window, over any screen; ``keep``
        names the names it holds (a save's, the players'), each kept on one line."""
        if len(text) > NOTICE_CHARS:
            text = text[: NOTICE_CHARS - 1] + "…"
        self.items[:] = [n for n in self.items if n.text != text][-2:]
        until = time.monotonic() + NOTICE_SECONDS
        self.items.append(Notice(text, tone, until, tuple(keep)))
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
