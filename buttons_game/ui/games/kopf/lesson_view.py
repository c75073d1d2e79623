"""A lesson's table: the real board, and a panel with the lesson in place of the log.

The panel, top to bottom: "Lesson n of 7" and the title; the two players; the
intro, then the message line (a refused try, what to do now, or the done text),
then Blue's last move in a line as at the table; the keys; the lesson's buttons.
The squares the text in view talks about are framed on the board in the lesson colour.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import pygame

from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.play.model import note_text
from buttons_game.ui.text import draw_lines, line_step, wrap, wrap_items

from .lesson import LessonModel
from .model import KopfModel
from .view import KopfDrawing, KopfLayout, prompt

TITLE = 22  # design sizes of the panel's texts
NUMBER = 15
WORDS = 17
KEYS = 14
BOT_MOVE = 14  # Blue's last move, as the table's line under its prompt


@dataclass
class LessonLayout(KopfLayout):
    """The table's layout with the lesson panel's parts (``menu`` is the Menu button)."""

    header: pygame.Rect  # the lesson's number and title
    words: pygame.Rect  # the intro, then the message line or the done text
    show_me: pygame.Rect
    restart: pygame.Rect
    next: pygame.Rect

    @classmethod
    def for_lesson(
        cls, size: tuple[int, int], scale: float, title: str, counts: bool
    ) -> LessonLayout:
        """``title`` decides the header's height; ``counts`` gives the cards room for trays."""
        base = KopfLayout.compute(size, scale)

        def px(v: float) -> int:
            return int(round(v * scale))

        gap = px(8)
        inner = base.panel.inflate(-2 * px(10), -2 * px(10))
        title_size, number_size = int(TITLE * scale), int(NUMBER * scale)  # as drawn
        title_lines = len(wrap(title, title_size, inner.width, True))
        header_h = line_step(number_size) + title_lines * line_step(title_size)
        header = pygame.Rect(inner.left, inner.top, inner.width, header_h)
        top = header.bottom + gap
        if counts:  # one above the other, with room for the captures
            card_h = px(70)
            cards = (
                pygame.Rect(inner.left, top, inner.width, card_h),
                pygame.Rect(inner.left, top + card_h + px(6), inner.width, card_h),
            )
        else:  # side by side: who is who, and whose turn
            half = (inner.width - px(8)) // 2
            cards = (
                pygame.Rect(inner.left, top, half, px(40)),
                pygame.Rect(inner.right - half, top, half, px(40)),
            )
        button_h = px(40)
        half = (inner.width - gap) // 2
        second = pygame.Rect(inner.left, inner.bottom - button_h, half, button_h)
        first = second.move(0, -button_h - gap)
        show_me, next_ = first, second
        restart = first.move(inner.width - half, 0)
        menu = second.move(inner.width - half, 0)
        keys = pygame.Rect(
            inner.left, cards[1].bottom, inner.width, first.top - gap - cards[1].bottom
        )
        words = pygame.Rect(
            inner.left,
            cards[1].bottom + px(14),
            inner.width,
            keys.bottom - cards[1].bottom - px(14),
        )
        parts = {f.name: getattr(base, f.name) for f in fields(KopfLayout)}
        parts.update(cards=cards, menu=menu, keys=keys, text=words)
        return cls(
            **parts, header=header, words=words, show_me=show_me, restart=restart, next=next_
        )

    def keys_lines(self) -> list[str]:
        return wrap_items(t("learn.keys").split(" · "), int(KEYS * self.scale), self.keys.width)

    def room(self) -> int:
        """The height the lesson's texts may fill, above the keys."""
        keys_h = len(self.keys_lines()) * line_step(KEYS * self.scale)
        return self.words.height - keys_h - int(8 * self.scale)


def lesson_texts(model: LessonModel) -> list[tuple[str, str, bool]]:
    """The paragraphs under the cards, each (text, tint, bold): the intro; then a label and
    the done text, a label and why a try was refused, or what to do now."""
    lesson = model.lesson
    values = lesson.values()
    out = [(t(lesson.text_key("intro"), **values), "text", False)]
    if model.solved:
        out.append((t("learn.solved"), "good", True))
        out.append((t(lesson.text_key("done"), **values), "text", False))
    elif model.wrong is not None:
        out.append((t("learn.not_quite"), "bad", True))
        out.append((note_text(model.wrong, model.names), "text", False))
    elif model.showing:
        out.append((t("learn.watching"), "accent", True))
    else:
        out.append(prompt(model) + (True,))
    return out


Paragraph = tuple[int, list[str], str, bool, int]  # top, lines, tint, bold, size


def paragraphs(model: LessonModel, layout: LessonLayout) -> list[Paragraph]:
    """The lesson's texts wrapped to the panel, then the line of Blue's last move as the
    table shows it under its prompt ("Blue moved c7 to e5."): (top, lines, tint, bold,
    size) each. The last one ends at ``paragraphs_bottom``; within ``layout.room()``
    nothing is cut."""
    s = layout.scale
    size = int(WORDS * s)
    width = layout.words.width
    y = layout.words.top
    out: list[Paragraph] = []
    for i, (text, tint, bold) in enumerate(lesson_texts(model)):
        if i == 1:
            y += int(10 * s)  # the message line stands apart from the intro
        lines = wrap(text, size, width, bold)
        out.append((y, lines, tint, bold, size))
        y += len(lines) * line_step(size)
    said = model.bot_move_line()
    if said is not None:
        bot_size = int(BOT_MOVE * s)
        y += int(4 * s)
        out.append(
            (y, wrap(said, bot_size, width, keep=model.names)[:2], "last_move", False, bot_size)
        )
    return out


def paragraphs_bottom(model: LessonModel, layout: LessonLayout) -> int:
    """Where the lesson's texts end (they fit when this is at most words.top + room())."""
    top, lines, _, _, size = paragraphs(model, layout)[-1]
    return top + len(lines) * line_step(size)


class LessonDrawing(KopfDrawing):
    """The table's drawing, with the lesson's marks on the board and its panel."""

    def heading(self) -> str:
        return t("learn.heading")

    def _draw_marks_under(
        self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout
    ) -> None:
        super()._draw_marks_under(surface, model, layout)
        if isinstance(model, LessonModel):
            for spot in model.highlighted():
                wash_square(surface, layout.square_rect(*spot))

    def draw_own_marks(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        if isinstance(model, LessonModel):  # over the table's marks: never hidden by them
            for spot in model.highlighted():
                frame_square(surface, layout.square_rect(*spot))

    def _draw_panel(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        assert isinstance(model, LessonModel) and isinstance(layout, LessonLayout)
        s = layout.scale
        panel = layout.panel
        pygame.draw.rect(surface, art.colour("panel"), panel, border_radius=14)
        pygame.draw.rect(surface, art.colour("panel_border"), panel, width=2, border_radius=14)
        header = layout.header
        number = t("learn.progress", n=model.number, total=model.total)
        used = draw_lines(surface, [number], header, int(NUMBER * s), "text_dim", True)
        title = wrap(t(model.lesson.text_key("title")), int(TITLE * s), header.width, True)
        rest = header.move(0, used)
        draw_lines(surface, title, rest, int(TITLE * s), "accent", True)
        self._draw_cards(surface, model, layout, counts=model.counts_captures)
        area = layout.words
        bottom = area.top + layout.room()
        for top, lines, tint, bold, size in paragraphs(model, layout):
            box = pygame.Rect(area.left, top, area.width, max(0, bottom - top))
            draw_lines(surface, lines, box, size, tint, bold)
        keys = layout.keys_lines()
        keys_h = len(keys) * line_step(KEYS * s)
        key_area = pygame.Rect(area.left, area.bottom - keys_h, area.width, keys_h)
        draw_lines(surface, keys, key_area, int(KEYS * s), "text_dim")


def wash_square(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Under the pieces: a light wash of the lesson colour."""
    c = art.colour("kopf_lesson")
    wash = pygame.Surface(rect.size, pygame.SRCALPHA)
    wash.fill((c.r, c.g, c.b, 48))
    surface.blit(wash, rect)


def frame_square(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A lesson mark: four corner brackets, unlike every ring and frame of the table."""
    c = art.colour("kopf_lesson")
    width = max(3, rect.width // 14)
    arm = rect.width // 3
    inner = rect.inflate(-width, -width)
    for corner, (dx, dy) in (
        (inner.topleft, (1, 1)),
        (inner.topright, (-1, 1)),
        (inner.bottomleft, (1, -1)),
        (inner.bottomright, (-1, -1)),
    ):
        x, y = corner
        pygame.draw.line(surface, c, (x, y), (x + dx * arm, y), width)
        pygame.draw.line(surface, c, (x, y), (x, y + dy * arm), width)


__all__ = [
    "LessonDrawing",
    "LessonLayout",
    "frame_square",
    "lesson_texts",
    "paragraphs",
    "paragraphs_bottom",
]
