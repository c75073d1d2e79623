"""Simulated colour vision deficiency (Machado et al. 2009, full severity) for checking boards.

Used by a test and by ``scripts/colour_blind.py``; pure Python on pygame surfaces.
"""

from __future__ import annotations

import pygame

MATRICES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}


def _to_linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


_LINEAR = [_to_linear(v) for v in range(256)]


def simulate_colour(rgb: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    m = MATRICES[kind]
    lin = [_LINEAR[rgb[0]], _LINEAR[rgb[1]], _LINEAR[rgb[2]]]
    out = [row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2] for row in m]
    return (_to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2]))


def simulate(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of ``surface`` as a person with ``kind`` colour blindness sees it."""
    result = surface.copy()
    cache: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    w, h = surface.get_size()
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            key = (c.r, c.g, c.b)
            sim = cache.get(key)
            if sim is None:
                sim = cache[key] = simulate_colour(key, kind)
            result.set_at((x, y), (*sim, c.a))
    return result
