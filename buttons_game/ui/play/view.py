"""What every table draws beside its board: the move log, a passing word, a tooltip.

BUTTONS' table, Kopf oder Knopf's, the lessons and the replays draw these the same
way, from their model alone. A line never breaks inside a seat's name ("花子", "Anna
Maria"): each is wrapped with the seats' names to keep whole.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import pygame

from buttons_game.core.kind import GameKind
from buttons_game.core.notes import Note
from buttons_game.i18n import language, t
from buttons_game.ui import art
from buttons_game.ui.text import draw_lines, line_step, wrap
from buttons_game.ui.tooltips import MARGIN, ONE_LINE, fit_width, place_tip

from .model import PlayModel, note_text

TONES = {"plain": "text_dim", "roll": "text", "good": "good", "bad": "bad", "accent": "accent"}


def draw_notes(
    surface: pygame.Surface,
    log: Sequence[Note],
    names: list[str],
    area: pygame.Rect,
    size: int,
    log_section: str = GameKind.log_section,
    scroll: int = 0,
    current: int | None = None,
    drawn: list[pygame.Rect] | None = None,
) -> int:
    """The move log in ``area``: newest at the bottom, whole notes only, ``scroll`` notes
    back from the newest; the notes from index ``current`` on stand on a highlight.
    Returns how many notes the log shows up to (the newest shown, plus one); the lines'
    rectangle is added to ``drawn``."""
    step = line_step(size)
    room = max(0, (area.height - 6) // step)
    lines: list[tuple[str, str, bool]] = []
    newest = len(log) - min(scroll, max(0, len(log) - 1))
    for i in range(newest - 1, -1, -1):
        note = log[i]
        tint = TONES.get(note.tone, "text_dim")
        text = note_lines(note, names, log_section, size, area.width - 8)
        if lines and len(lines) + len(text) > room:
            break  # only whole notes: no line without its beginning
        lit = current is not None and i >= current
        lines.extend((line, tint, lit) for line in reversed(text))
    shown = lines[:room]
    if drawn is not None and shown:
        tall = len(shown) * step
        drawn.append(pygame.Rect(area.left, area.bottom - tall, area.width, tall))
    lit_lines = [k for k, (_, _, lit) in enumerate(shown) if lit]
    if lit_lines:  # the current notes are the newest shown: one box at the bottom
        top = area.bottom - (max(lit_lines) + 1) * step + 1  # under the line above
        box = pygame.Rect(area.left, top, area.width, area.bottom - top)
        pygame.draw.rect(surface, art.colour("panel_active"), box, border_radius=6)
        bar = pygame.Rect(box.left, box.top + 3, 3, box.height - 6)
        pygame.draw.rect(surface, art.colour("accent"), bar, border_radius=2)
    y = area.bottom - step
    for line, tint, lit in shown:
        shade = "text" if lit and tint == "text_dim" else tint  # the current notes stand out
        surface.blit(art.text(line, size, shade), (area.left + (8 if lit else 4), y))
        y -= step
    return newest


def note_lines(
    note: Note, names: Sequence[str], log_section: str, size: int, width: int
) -> list[str]:
    """A note of the log in words, wrapped to ``width`` (kept per language: the log is
    drawn every frame)."""
    try:
        return list(_note_lines(note, tuple(names), log_section, size, width, language()))
    except TypeError:  # a value that cannot be kept (unhashable): wrapped each time
        return wrap(note_text(note, names, log_section), size, width, keep=names)


@lru_cache(maxsize=512)
def _note_lines(
    note: Note, names: tuple[str, ...], log_section: str, size: int, width: int, _language: str
) -> tuple[str, ...]:
    return tuple(wrap(note_text(note, names, log_section), size, width, keep=names))


def hint_for(model: PlayModel, advice: str) -> str:
    """A hint's advice naming the person it is for ("Hint for Anna: roll.") when more than
    one person sits at the table; as it is otherwise."""
    seat = model.hint_seat()
    people = sum(1 for p in range(len(model.game.seats)) if model.here(p))
    label = re.match(rf"{re.escape(t('hint.label'))}[\s\u00a0]*[:：][\s\u00a0]*", advice)
    if people < 2 or seat is None or label is None:
        return advice
    return t("hint.for", name=model.names[seat], advice=advice[label.end() :])


def tooltip_box(
    window: pygame.Rect,
    text: str,
    anchor: pygame.Rect,
    scale: float,
    names: Sequence[str] = (),
    avoid: Sequence[pygame.Rect] = (),
    rather: Sequence[pygame.Rect] = (),
) -> tuple[pygame.Rect, list[str]]:
    """Where ``draw_tooltip`` puts ``text`` and its lines: one line, or two as wide as
    the window allows, beside ``anchor`` and clear of ``avoid`` (the boards being decided on,
    the widgets), off ``rather`` (what is printed round those boards) where it can."""
    box, lines = _tooltip_box(
        tuple(window),
        text,
        tuple(anchor),
        scale,
        tuple(names),
        tuple(tuple(r) for r in avoid),
        tuple(tuple(r) for r in rather),
        art.cjk_language,  # the font the text is measured in
    )
    return pygame.Rect(box), list(lines)


@lru_cache(maxsize=32)
def _tooltip_box(
    window_: tuple[int, ...],
    text: str,
    anchor_: tuple[int, ...],
    scale: float,
    names: tuple[str, ...],
    avoid_: tuple[tuple[int, ...], ...],
    rather_: tuple[tuple[int, ...], ...],
    cjk: bool,
) -> tuple[tuple[int, int, int, int], tuple[str, ...]]:
    """``tooltip_box``, kept for the frames drawn while the mouse stays put."""
    window, anchor = pygame.Rect(window_), pygame.Rect(anchor_)
    avoid = [pygame.Rect(r) for r in avoid_]
    size = int(15 * scale)
    pad_x, pad_y = int(20 * scale), int(16 * scale)
    room = window.width - 2 * MARGIN - pad_x
    natural = art.text(text, size, "text").get_width() + 2

    def lines_at(width: int) -> int:
        return len(wrap(text, size, width, keep=names))

    width = fit_width(lines_at, natural, int(ONE_LINE * scale) - pad_x, room)
    lines = wrap(text, size, width, keep=names)
    used = max(art.text(line, size, "text").get_width() for line in lines) if lines else 0
    box = pygame.Rect(0, 0, min(width, used) + pad_x, len(lines) * line_step(size) + pad_y)
    rather = [pygame.Rect(r) for r in rather_]
    where = place_tip(box.size, anchor, window, avoid, rather=rather)
    return (where.x, where.y, where.width, where.height), tuple(lines)


def draw_tooltip(
    surface: pygame.Surface,
    text: str,
    anchor: pygame.Rect,
    scale: float,
    names: Sequence[str] = (),
    avoid: Sequence[pygame.Rect] = (),
    rather: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """``text`` in a box beside ``anchor`` and off ``avoid`` (see ``tooltip_box``);
    ``names``, the seats' names it may hold, stay whole. Where it went."""
    box, lines = tooltip_box(surface.get_rect(), text, anchor, scale, names, avoid, rather)
    radius = int(8 * scale)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, art.colour("tip_shadow"), shade.get_rect(), border_radius=radius)
    surface.blit(shade, box.move(0, max(2, int(3 * scale))))
    pygame.draw.rect(surface, art.colour("tooltip"), box, border_radius=radius)
    pygame.draw.rect(surface, art.colour("accent"), box, width=1, border_radius=radius)
    size = int(15 * scale)
    draw_lines(surface, lines, box.inflate(-int(20 * scale), -int(16 * scale)), size)
    return box


def draw_passing(
    surface: pygame.Surface, model: PlayModel, board: pygame.Rect, scale: float, share: float
) -> None:
    """A passing word over the foot of ``board`` (at most ``share`` of its width wide): why
    a click did nothing, what Undo found."""
    assert model.passing is not None
    s = scale
    size = int(17 * s)
    text = note_text(model.passing, model.names)
    lines = wrap(text, size, int(board.width * share), True, keep=model.names)
    step = line_step(size)
    width = max(art.text(line, size, "text", True).get_width() for line in lines)
    box = pygame.Rect(0, 0, width + int(32 * s), len(lines) * step + int(16 * s))
    box.midbottom = (board.centerx, board.bottom - int(12 * s))
    pygame.draw.rect(surface, art.colour("tooltip"), box, border_radius=12)
    tone = model.passing.tone
    edge = tone if tone in ("bad", "accent") else "panel_border"
    pygame.draw.rect(surface, art.colour(edge), box, width=2, border_radius=12)
    draw_lines(
        surface, lines, box.inflate(-int(32 * s), -int(16 * s)), size, tone, True, centre=True
    )


__all__ = ["TONES", "draw_notes", "draw_passing", "draw_tooltip", "hint_for", "tooltip_box"]
