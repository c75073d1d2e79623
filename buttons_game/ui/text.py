"""Text drawn straight with pygame: wrapped paragraphs and centred lines."""

from __future__ import annotations

import pygame

from . import art


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``value`` to ``width`` pixels.

    Text without spaces (Japanese) or a word longer than the line breaks between characters.
    """
    f = art.font(size, bold, value)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if f.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
                line = ""
            for ch in word:
                if line and f.size(line + ch)[0] > width:
                    lines.append(line)
                    line = ch
                else:
                    line += ch
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
    f = art.font(size, bold, value)
    if f.size(value)[0] <= width:
        return value
    while value and f.size(value + "…")[0] > width:
        value = value[:-1]
    return value + "…"
