"""Things in motion at a table: a button sliding in, a piece gliding, a board shaking.

A ``Motion`` is a view concern: the session starts one when the game changes (its
length already scaled by the animation speed, so --fast starts none), ``Motions.tick``
runs them, and the drawing reads their ``progress`` to place a sprite between where it
was and where the game has already put it. The game never waits for a motion: a click
or a key finishes every one at once (``Motions.finish``). The curves below turn a
progress (0 at the start, 1 at the end) into a position, a size or a swing.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame

ANY = object()  # ``Motions.stop``: every motion of a kind


@dataclass
class Motion:
    """One thing moving for ``seconds`` after ``delay``; ``what`` names it in the game's own
    terms (a space, a square, a seat)."""

    kind: str
    what: Any  # hashable: a space, a square, a seat ...
    seconds: float
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        """0.0 until it starts (its delay), rising to 1.0 as it ends."""
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.seconds))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.seconds


class Motions:
    """The motions of a table, each ``kind`` holding one motion per ``what``."""

    def __init__(self) -> None:
        self._running: list[Motion] = []

    def start(self, kind: str, what: Hashable, seconds: float, delay: float = 0.0) -> None:
        """``what`` starts moving (again); a length of 0 (--fast, instant) starts nothing."""
        self.stop(kind, what)
        if seconds > 0:
            self._running.append(Motion(kind, what, seconds, max(0.0, delay)))

    def stop(self, kind: str, what: object = ANY) -> None:
        self._running = [
            m for m in self._running if not (m.kind == kind and (what is ANY or m.what == what))
        ]

    def finish(self) -> None:
        """Everything arrives at once: a click or a key while things move."""
        self._running = []

    def tick(self, dt: float) -> bool:
        """Advance every motion by ``dt`` seconds; True if any was running (draw this frame,
        also the one that shows where a finished motion came to rest)."""
        if not self._running:
            return False
        for m in self._running:
            m.elapsed += dt
        self._running = [m for m in self._running if not m.done]
        return True

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def of(self, kind: str) -> list[Motion]:
        """The motions of ``kind``, also those still waiting for their delay."""
        return [m for m in self._running if m.kind == kind]

    def running(self, kind: str) -> bool:
        return any(m.kind == kind for m in self._running)

    def progress(self, kind: str, what: Hashable) -> float | None:
        """How far ``what`` has come (None: it is not moving)."""
        for m in self._running:
            if m.kind == kind and m.what == what:
                return m.progress
        return None


# ------------------------------------------------------------------ curves
def ease_out(p: float) -> float:
    """Fast, then slowing into place (cubic)."""
    return 1.0 - (1.0 - p) ** 3


def ease_in_out(p: float) -> float:
    """Slow at both ends (smoothstep)."""
    return p * p * (3.0 - 2.0 * p)


def overshoot(p: float, amount: float = 1.7) -> float:
    """Past the end a little, then back (a pop)."""
    q = p - 1.0
    return 1.0 + (amount + 1.0) * q**3 + amount * q**2


def hop(p: float, bounces: int = 2) -> float:
    """Height of a small bounce, 0 at both ends: a hop, then a smaller one."""
    return abs(math.sin(math.pi * bounces * p)) * (1.0 - p) ** 2


def drop(p: float) -> float:
    """Height above the resting place of something dropped: 1 at the start, falling to 0,
    bouncing back up a little twice on the way."""
    if p >= 1.0:
        return 0.0
    falls = (0.45, 0.3, 0.25)  # the drop, then two bounces, as shares of the time
    heights = (1.0, 0.22, 0.06)
    start = 0.0
    for k, (share, height) in enumerate(zip(falls, heights)):
        if p < start + share:
            x = (p - start) / share
            if k == 0:
                return 1.0 - x * x  # falling from rest
            return height * 4 * x * (1.0 - x)  # up and down again
        start += share
    return 0.0


def swing(p: float, cycles: float = 4.0) -> float:
    """A shake dying away: -1..1, 0 at both ends."""
    return math.sin(2 * math.pi * cycles * p) * (1.0 - p) ** 2


def lerp(a: float, b: float, p: float) -> float:
    return a + (b - a) * p


def between(
    start: tuple[float, float], end: tuple[float, float], p: float, lift: float = 0.0
) -> tuple[int, int]:
    """The point ``p`` of the way from ``start`` to ``end``, raised by ``lift`` pixels at the
    middle of the way (an arc)."""
    x = lerp(start[0], end[0], p)
    y = lerp(start[1], end[1], p) - lift * 4 * p * (1.0 - p)
    return int(round(x)), int(round(y))


# ------------------------------------------------------------------ sprites
# Each sprite's sizes, scaled once: a growing or shrinking sprite passes the same sizes
# frame after frame. Kept as long as the sprite itself (sprites are cached, never changed).
_scaled: weakref.WeakKeyDictionary[pygame.Surface, dict[int, pygame.Surface]] = (
    weakref.WeakKeyDictionary()
)
SIZES_KEPT = 128  # per sprite


def resized(image: pygame.Surface, size: int) -> pygame.Surface:
    """``image`` at ``size`` pixels wide (its own surface if that is its size; each size
    scaled once, so the result is shared: never draw on it)."""
    size = max(1, size)
    if size == image.get_width():
        return image
    sizes = _scaled.get(image)
    if sizes is None:
        sizes = _scaled[image] = {}
    scaled = sizes.get(size)
    if scaled is None:
        if len(sizes) >= SIZES_KEPT:
            sizes.clear()
        height = max(1, round(image.get_height() * size / image.get_width()))
        scaled = sizes[size] = pygame.transform.smoothscale(image, (size, height))
    return scaled


def faded(image: pygame.Surface, alpha: float) -> pygame.Surface:
    """``image`` at ``alpha`` (0..1) of its opacity (a copy when it changes)."""
    if alpha >= 1.0:
        return image
    copy = image.copy()
    copy.set_alpha(max(0, int(255 * alpha)))
    return copy


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=centre))


__all__ = [
    "ANY",
    "Motion",
    "Motions",
    "between",
    "blit_centred",
    "drop",
    "ease_in_out",
    "ease_out",
    "faded",
    "hop",
    "lerp",
    "overshoot",
    "resized",
    "swing",
]
