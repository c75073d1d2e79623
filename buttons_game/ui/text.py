"""Text drawn straight with pygame: wrapped paragraphs and centred lines."""

from __future__ import annotations

import re
from functools import lru_cache

import pygame
import pygame_gui

from buttons_game.ui import art


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``value`` to ``width`` pixels (cached: the log wraps every frame).

    Text without spaces (Japanese) or a word longer than the line breaks between characters.
    """
    value = "\n".join(art.drawable(line) for line in value.split("\n"))  # keep line breaks
    return list(_wrap(value, int(size), int(width), bold, art.script_of(value)))


@lru_cache(maxsize=1024)
def _wrap(value: str, size: int, width: int, bold: bool, script: str) -> tuple[str, ...]:
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
    return tuple(lines)


def wrap_items(items: list[str], size: int, width: int, sep: str = " · ") -> list[str]:
    """Lines of whole items joined by ``sep`` (a key and what it does never part)."""
    f = art.font(size, False, "".join(items))
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}{sep}{item}" if line else item
        if not line or f.size(candidate)[0] <= width:
            line = candidate
        else:
            lines.append(line)
            line = item
    if line:
        lines.append(line)
    return [piece for line in lines for piece in wrap(line, size, width)]


def draw_lines(
    surface: pygame.Surface,
    lines: list[str],
    rect: pygame.Rect,
    size: int,
    tint: str | tuple[int, int, int] = "text",
    bold: bool = False,
    bottom: bool = False,
    centre: bool = False,
) -> int:
    """Draw lines already wrapped to ``rect``'s width; return the height used.

    ``bottom`` stacks them on the rectangle's bottom edge; ``centre`` centres each line.
    """
    step = int(size * 1.35)
    room = max(1, (rect.height + step // 3) // step)
    shown = lines[-room:] if bottom else lines[:room]
    y = rect.bottom - len(shown) * step if bottom else rect.top
    for line in shown:
        image = art.text(line, size, tint, bold)
        x = rect.centerx - image.get_width() // 2 if centre else rect.left
        surface.blit(image, (x, y))
        y += step
    return len(shown) * step


CLOSED = set("。！？：」』）")  # Japanese ends a sentence or a clause with no space after


def one_line(value: str) -> str:
    """``value``'s lines (sentences ``wrap`` keeps apart) on one line, never run together:
    a space between two, none after Japanese punctuation ("。" needs no space)."""
    out = ""
    for line in (part.strip() for part in value.split("\n")):
        if line:
            out += (" " if out and out[-1] not in CLOSED else "") + line
    return out


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """``value`` on one line (``one_line``), shortened with an ellipsis to fit ``width``
    pixels (cached, any length)."""
    # No glyph is narrower than a fifth of the size: more characters than this never fit.
    most = max(1, int(width) * 5 // max(1, int(size)))
    value = art.drawable(one_line(value[: most + 1]) if "\n" in value else value[: most + 1])
    return _fit(value, int(size), int(width), bold, art.script_of(value))


@lru_cache(maxsize=512)
def _fit(value: str, size: int, width: int, bold: bool, script: str) -> str:
    f = art.font(size, bold, value)
    most = max(1, width * 5 // max(1, size))
    if len(value) <= most and f.size(value)[0] <= width:
        return value
    low, high = 0, min(len(value), most)  # binary search: the longest prefix that fits
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(value[:mid] + "…")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return value[:low] + "…"


NO_LINE_START = set("、。，．・：；？！ー）」』】〕〉》’”ゃゅょっぁぃぅぇぉャュョッァィゥェォ%)]}")
NO_LINE_END = set("（「『【〔〈《‘“([{")
_TAG = re.compile(r"(<[^>]+>)")


def wrap_html_cjk(html: str, box: pygame_gui.elements.UITextBox) -> str:
    """Japanese rich text with ``<br>`` where each line of ``box`` is full.

    pygame_gui breaks lines only at spaces, so text without spaces is measured with
    the box's own fonts and broken here, never before 、 or 。 (kinsoku), with no
    spaces added.
    """
    theme = box.ui_theme
    info = theme.get_font_info(box.combined_element_ids)
    fonts = theme.get_font_dictionary()
    regular = fonts.find_font(info["size"], info["name"], False, False, info["antialiased"])
    bold = fonts.find_font(info["size"], info["name"], True, False, info["antialiased"])
    width = (
        box.rect.width
        - 2 * box.padding[0]
        - box.border_width["left"]
        - box.border_width["right"]
        - 2 * box.shadow_width
        - box.scroll_bar_width
        - 4
    )
    out: list[str] = []
    x = 0
    is_bold = False
    for token in _TAG.split(html):
        if not token:
            continue
        if token.startswith("<"):
            tag = token.lower().replace(" ", "")
            if tag in ("<br>", "<br/>", "<p>", "</p>"):
                x = 0
            elif tag == "<b>":
                is_bold = True
            elif tag == "</b>":
                is_bold = False
            out.append(token)
            continue
        font = bold if is_bold else regular
        for ch in token:
            w = font.size(ch)[0]
            if x + w > width and x > 0:
                carry = out and not out[-1].startswith("<")
                if carry and (ch in NO_LINE_START or out[-1] in NO_LINE_END):
                    prev = out.pop()
                    out.extend(["<br>", prev])
                    x = font.size(prev)[0]
                else:
                    out.append("<br>")
                    x = 0
                if ch == " ":
                    continue
            out.append(ch)
            x += w
    return "".join(out)
