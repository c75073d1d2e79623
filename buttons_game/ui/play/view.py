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

from buttons_game.core.notes import Note
from buttons_game.i18n import language, t
from buttons_game.ui import art
from buttons_game.ui.text import draw_lines, line_step, wrap

from .model import PlayModel, render_message, render_note

TONES = {"plain": "text_dim", "roll": "text", "good": "good", "bad": "bad", "accent": "accent"}


def draw_notes(
    surface: pygame.Surface,
    log: Sequence[Note],
    names: list[str],
    area: pygame.Rect,
    size: int,
    section: str = "log.",
    scroll: int = 0,
    current: int | None = None,
) -> int:
    """The move log in ``area``: newest at the bottom, whole notes only, ``scroll`` notes
    back from the newest; the notes from index ``current`` on stand on a highlight.
    Returns how many notes the log shows up to (the newest shown, plus one)."""
    step = line_step(size)
    room = max(0, (area.height - 6) // step)
    lines: list[tuple[str, str, bool]] = []
    newest = len(log) - min(scroll, max(0, len(log) - 1))
    for i in range(newest - 1, -1, -1):
        note = log[i]
        tint = TONES.get(note.tone, "text_dim")
        text = note_lines(note, names, section, size, area.width - 8)
        if lines and len(lines) + len(text) > room:
            break  # only whole notes: no line without its beginning
        lit = current is not None and i >= current
        lines.extend((line, tint, lit) for line in reversed(text))
    shown = lines[:room]
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


def note_lines(note: Note, names: Sequence[str], section: str, size: int, width: int) -> list[str]:
    """A note of the log in words, wrapped to ``width`` (kept per language: the log is
    drawn every frame)."""
    try:
        return list(_note_lines(note, tuple(names), section, size, width, language()))
    except TypeError:  # a value that cannot be kept (unhashable): wrapped each time
        return wrap(render_note(note, names, section), size, width, keep=names)


@lru_cache(maxsize=512)
def _note_lines(
    note: Note, names: tuple[str, ...], section: str, size: int, width: int, _language: str
) -> tuple[str, ...]:
    return tuple(wrap(render_note(note, names, section), size, width, keep=names))


def hint_for(model: PlayModel, advice: str) -> str:
    """A hint's advice naming the person it is for ("Hint for Anna: roll.") when more than
    one person sits at the table; as it is otherwise."""
    seat = model.hint_seat()
    people = sum(1 for seat_ in model.game.seats if seat_.is_human)
    label = re.match(rf"{re.escape(t('hint.label'))}[\s\u00a0]*[:：][\s\u00a0]*", advice)
    if people < 2 or seat is None or label is None:
        return advice
    return t("hint.for", name=model.names[seat], advice=advice[label.end() :])


def draw_tooltip(
    surface: pygame.Surface,
    text: str,
    anchor: pygame.Rect,
    scale: float,
    names: Sequence[str] = (),
) -> None:
    """``text`` in a box under ``anchor``; ``names``, the seats' names it may hold, stay whole."""
    size = int(15 * scale)
    width = int(320 * scale)
    lines = wrap(text, size, width - int(20 * scale), keep=names)
    step = line_step(size)
    box = pygame.Rect(0, 0, width, len(lines) * step + int(16 * scale))
    box.topleft = (anchor.left, anchor.bottom + 6)
    if box.right > surface.get_width():
        box.right = anchor.right
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, art.colour("tooltip"), box, border_radius=8)
    pygame.draw.rect(surface, art.colour("accent"), box, width=1, border_radius=8)
    draw_lines(surface, lines, box.inflate(-int(20 * scale), -int(16 * scale)), size)


def draw_passing(
    surface: pygame.Surface, model: PlayModel, board: pygame.Rect, scale: float, share: float
) -> None:
    """A passing word over the foot of ``board`` (at most ``share`` of its width wide): why
    a click did nothing, what Undo found."""
    assert model.passing is not None
    s = scale
    size = int(17 * s)
    text = render_message(model.passing, model.names)
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


__all__ = ["TONES", "draw_notes", "draw_passing", "draw_tooltip", "hint_for"]
