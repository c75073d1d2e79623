"""Text drawn straight with pygame: wrapped paragraphs and centred lines."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

import pygame
import pygame_gui

from buttons_game.ui import art


def wrap(
    value: str, size: int, width: int, bold: bool = False, keep: Iterable[str] = ()
) -> list[str]:
    """Greedy wrap of ``value`` to ``width`` pixels (cached: the log wraps every frame).

    Lines break at spaces and, in Japanese, between characters, but never inside a unit
    (see ``pieces``); ``keep`` names more text that stays whole (the players' names). A
    unit longer than the line breaks between characters.
    """
    value = "\n".join(art.drawable(line) for line in value.split("\n"))  # keep line breaks
    names = tuple(sorted({art.drawable(name) for name in keep if name.strip()}))
    return list(_wrap(value, int(size), int(width), bold, art.script_of(value), names))


@lru_cache(maxsize=1024)
def _wrap(
    value: str, size: int, width: int, bold: bool, script: str, keep: tuple[str, ...]
) -> tuple[str, ...]:
    f = art.font(size, bold, value)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for space, piece in pieces(paragraph, keep):
            candidate = f"{line}{space}{piece}" if line else piece
            if f.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
                line = ""
            for ch in piece:  # a unit longer than a line: between its characters
                if line and f.size(line + ch)[0] > width:
                    lines.append(line)
                    line = ch
                else:
                    line += ch
        lines.append(line)
    return tuple(lines)


NO_LINE_START = set("、。，．・：；？！ー）」』】〕〉》’”ゃゅょっぁぃぅぇぉャュョッァィゥェォ%)]}")
NO_LINE_END = set("（「『【〔〈《‘“([{")
LIST_MARKS = set(",;、，・/")  # between the numbers of a list
# A run of spaces, a run of anything but spaces and Japanese, or one Japanese character.
_TOKEN = re.compile(r" +|[^ \u2e80-\U0010ffff]+|.", re.DOTALL)


def _word(ch: str) -> bool:
    """A Japanese letter (kana, kanji), not its punctuation."""
    return ord(ch) >= 0x2E80 and ch.isalpha()


def _joins(before: str, space: str, after: str) -> bool:
    """True when no line may break between ``before`` and ``after`` (``space`` between)."""
    if space:  # a name or a word and its number, a list of numbers: "Player 1", "1 4 5 6"
        end = before[-1]
        return after[0].isdigit() and (
            end.isalnum() or (end in LIST_MARKS and len(before) > 1 and before[-2].isdigit())
        )
    end, first = before[-1], after[0]
    if first in NO_LINE_START or end in NO_LINE_END:
        return True
    if first.isdigit() and end in LIST_MARKS and len(before) > 1 and before[-2].isdigit():
        return True  # a list of dice: "1、2、4"
    # a number keeps the letter beside it, the word it counts or numbers: "4行", "ド1"
    return (end.isdigit() and _word(first)) or (_word(end) and first.isdigit())


def pieces(paragraph: str, keep: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``paragraph`` as the pieces a line may break between, each with the spaces before it.

    A piece never breaks inside a name (a run of Latin letters, or one of ``keep``), a
    number, a coordinate such as (3, 4) or c7–e5, or a list of dice such as 1 4 5 6; in
    Japanese, also not before 、 or 。 nor after （ (kinsoku), nor between a number and
    the letter next to it ("4行", "ラウンド1"). Every language follows the same rule.
    """
    tokens = _TOKEN.findall(paragraph)
    kept = [
        (m.start(), m.start() + len(name))
        for name in keep
        for m in re.finditer(re.escape(name), paragraph)
    ]
    out: list[tuple[str, str]] = []
    space, at = "", 0
    for token in tokens:
        start, at = at, at + len(token)
        if token.startswith(" "):
            space += token
            continue
        inside = any(a < start < b for a, b in kept)
        if out and (inside or _joins(out[-1][1], space, token)):
            lead, text = out[-1]
            out[-1] = (lead, text + space + token)
        else:
            out.append((space, token))
        space = ""
    if not out:
        out.append((space, ""))
    elif space:  # spaces at the end stay with the last piece
        out[-1] = (out[-1][0], out[-1][1] + space)
    return out


def wrap_items(items: list[str], size: int, width: int, sep: str = " · ") -> list[str]:
    """Lines of whole items joined by ``sep`` (a key and what it does never part; cached:
    the keys are wrapped every frame)."""
    joined = "".join(items)
    return list(_wrap_items(tuple(items), int(size), int(width), sep, art.script_of(joined)))


@lru_cache(maxsize=64)
def _wrap_items(
    items: tuple[str, ...], size: int, width: int, sep: str, script: str
) -> tuple[str, ...]:
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
    return tuple(piece for line in lines for piece in wrap(line, size, width))


LINE = 1.35  # a line's height, times its size


def line_step(size: float) -> int:
    """How far apart lines of text of ``size`` stand (as ``draw_lines`` draws them): from
    the size they are drawn at, never under 12 px."""
    return int(art.text_size(size) * LINE)


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
    step = line_step(size)
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


_TAG = re.compile(r"(<[^>]+>)")


def wrap_html_cjk(html: str, box: pygame_gui.elements.UITextBox, keep: Iterable[str] = ()) -> str:
    """Japanese rich text with ``<br>`` where each line of ``box`` is full.

    pygame_gui breaks lines only at spaces, so text without spaces is measured with
    the box's own fonts and broken here, between the same pieces as ``wrap`` (never
    inside a name, a number or a coordinate, never before 、 or 。), with no spaces added.
    """
    theme = box.ui_theme
    info = theme.get_font_info(box.combined_element_ids)
    fonts = theme.get_font_dictionary()
    regular = fonts.find_font(info["size"], info["name"], False, False, info["antialiased"])
    heavy = fonts.find_font(info["size"], info["name"], True, False, info["antialiased"])
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
    chars: list[tuple[str, int]] = []  # the paragraph's characters and their widths
    tags: dict[int, list[str]] = {}  # the tags before the paragraph's character i

    def lay_out() -> None:
        """The paragraph so far, with <br> where a piece would overflow its line."""
        text = "".join(ch for ch, _ in chars)
        x, i = 0, 0
        for space, piece in pieces(text, keep):
            lead = sum(w for _, w in chars[i : i + len(space)])
            body = chars[i + len(space) : i + len(space) + len(piece)]
            size = sum(w for _, w in body)
            broke = x > 0 and x + lead + size > width
            for j in range(i, i + len(space)):
                out.extend(tags.pop(j, ()))
                if not broke:
                    out.append(chars[j][0])
            if broke:
                out.append("<br>")
                x = 0
            else:
                x += lead
            i += len(space)
            for ch, w in body:  # a piece longer than a line breaks between characters
                out.extend(tags.pop(i, ()))
                if x + w > width and x > 0:
                    out.append("<br>")
                    x = 0
                out.append(ch)
                x += w
                i += 1
        out.extend(tags.pop(len(chars), ()))
        chars.clear()

    is_bold = False
    for token in _TAG.split(html):
        if not token:
            continue
        if token.startswith("<"):
            tag = token.lower().replace(" ", "")
            if tag in ("<br>", "<br/>", "<p>", "</p>"):
                lay_out()
                out.append(token)
                continue
            if tag in ("<b>", "</b>"):
                is_bold = tag == "<b>"
            tags.setdefault(len(chars), []).append(token)
            continue
        font = heavy if is_bold else regular
        chars.extend((ch, font.size(ch)[0]) for ch in token)
    lay_out()
    return "".join(out)


NO_BREAK_SPACE = "\u00a0"  # pygame_gui breaks lines at " " only; Noto draws it as a space


def keep_units_html(html: str, keep: Iterable[str] = ()) -> str:
    """Rich text for a pygame_gui text box whose lines never break inside a unit, in any
    language: the spaces inside each of ``wrap``'s pieces ("Player 1", "1 4 5 6",
    "(3, 4)", a name of ``keep``) become no-break spaces, drawn as wide as a space. The
    box still breaks at every other space; tags and entities are left as they are.
    """
    out: list[str] = []
    chars: list[str] = []  # the paragraph's characters, tags left out
    tags: dict[int, list[str]] = {}  # the tags before the paragraph's character i

    def lay_out() -> None:
        at = 0
        for space, piece in pieces("".join(chars), keep):
            at += len(space)
            inner = piece.rstrip(" ")  # spaces at the paragraph's end stay spaces
            for i in range(at, at + len(inner)):
                if chars[i] == " ":
                    chars[i] = NO_BREAK_SPACE
            at += len(piece)
        for i, ch in enumerate(chars):
            out.extend(tags.pop(i, ()))
            out.append(ch)
        out.extend(tags.pop(len(chars), ()))
        chars.clear()

    for token in _TAG.split(html):
        if token.startswith("<"):
            if token.lower().replace(" ", "") in ("<br>", "<br/>", "<p>", "</p>"):
                lay_out()
                out.append(token)
            else:
                tags.setdefault(len(chars), []).append(token)
            continue
        for n, line in enumerate(token.split("\n")):
            if n:
                lay_out()
                out.append("\n")
            chars.extend(line)
    lay_out()
    return "".join(out)
