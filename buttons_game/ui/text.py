"""Text drawn straight with pygame: wrapped paragraphs and centred lines."""

from __future__ import annotations

import pygame

from . import art


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``value`` to ``width`` pixels."""
    f = art.font(size, bold)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if line and f.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_wrapped(
    surface: pygame.Surface,
    value: str,
    rect: pygame.Rect,
    size: int,
    tint: str | tuple[int, int, int] = "text",
    bold: bool = False,
) -> int:
    """Draw wrapped text from the top of ``rect``; return the height used."""
    y = rect.top
    step = int(size * 1.35)
    for line in wrap(value, size, rect.width, bold):
        if y + step > rect.bottom + step // 3:
            break
        surface.blit(art.text(line, size, tint, bold), (rect.left, y))
        y += step
    return y - rect.top


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=centre))


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """``value`` shortened with an ellipsis to fit ``width`` pixels."""
    f = art.font(size, bold)
    if f.size(value)[0] <= width:
        return value
    while value and f.size(value + "…")[0] > width:
        value = value[:-1]
    return value + "…"
