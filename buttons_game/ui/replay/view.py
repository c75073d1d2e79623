"""Where the replay viewer's parts sit, and drawing it: the tables' own drawing for the
boards, and a side panel of its own (where the replay stands, its controls, the log).

The panel, top to bottom: "Replay" and the position; the dice in hand (BUTTONS) or the
two players' cards with their captures (Kopf oder Knopf); the controls (widgets the
screen makes in the rectangles given here); the move log with the current action
highlighted, the keys at its foot; Back and Menu.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import pygame

from buttons_game.i18n import t
from buttons_game.ui import art

from ..games.buttons.model import TableModel
from ..games.buttons.view import TableDrawing, TableLayout
from ..games.kopf.model import KopfModel
from ..games.kopf.view import KopfDrawing, KopfLayout
from ..play import marks
from ..play.view import draw_notes
from ..text import draw_lines, wrap, wrap_items
from .model import Position, ReplayKopfModel, ReplayTableModel

TITLE = 20  # design sizes of the panel's texts
WHERE = 15
LOG = 14
KEYS = 13
LINE = 1.35  # a line's height, times its size (as draw_lines steps)


@dataclass
class ReplayPanel:
    """The replay's own part of the side panel, the same for both games."""

    head: pygame.Rect  # "Replay" and where it stands
    content: pygame.Rect  # the dice (BUTTONS) or the players' cards (Kopf oder Knopf)
    step_back: pygame.Rect
    step_on: pygame.Rect
    jump_back: pygame.Rect
    jump_on: pygame.Rect
    play: pygame.Rect
    speed: pygame.Rect
    log: pygame.Rect  # the move log, with the keys at its foot
    back: pygame.Rect
    menu: pygame.Rect

    @classmethod
    def compute(cls, inner: pygame.Rect, scale: float, content_h: int) -> ReplayPanel:
        """Laid out in ``inner`` (the panel less its padding), ``content_h`` high content."""

        def px(v: float) -> int:
            return int(round(v * scale))

        gap = px(8)
        head_h = int(int(TITLE * scale) * LINE) + int(int(WHERE * scale) * LINE) + px(4)
        head = pygame.Rect(inner.left, inner.top, inner.width, head_h)
        content = pygame.Rect(inner.left, head.bottom + gap, inner.width, content_h)
        half = (inner.width - gap) // 2
        row_h = px(38)
        rows = []
        y = content.bottom + px(12)
        for _ in range(3):
            left = pygame.Rect(inner.left, y, half, row_h)
            rows.append((left, left.move(inner.width - half, 0)))
            y += row_h + gap
        bottom_h = px(42)
        back = pygame.Rect(inner.left, inner.bottom - bottom_h, half, bottom_h)
        menu = back.move(inner.width - half, 0)
        log = pygame.Rect(inner.left, y + px(4), inner.width, back.top - gap - y - px(4))
        (step_back, step_on), (jump_back, jump_on), (play, speed) = rows
        return cls(
            head, content, step_back, step_on, jump_back, jump_on, play, speed, log, back, menu
        )

    def buttons(self) -> tuple[pygame.Rect, ...]:
        """Every widget's rectangle."""
        return (self.step_back, self.step_on, self.jump_back, self.jump_on, self.play,
                self.speed, self.back, self.menu)  # fmt: skip


def where_text(where: Position, kopf: bool) -> str:
    """The position in words: "Action 37 of 412 · round 5" (a turn in Kopf oder Knopf)."""
    if kopf:
        return t("replay.position_kopf", n=where.number, total=where.total, turn=where.section)
    return t("replay.position", n=where.number, total=where.total, round=where.section)


def keys_lines(panel: ReplayPanel, scale: float, kopf: bool) -> list[str]:
    key = "replay.keys_kopf" if kopf else "replay.keys"
    return wrap_items(t(key).split(" · "), int(KEYS * scale), panel.log.width)


def draw_panel(
    surface: pygame.Surface,
    panel: ReplayPanel,
    where: Position,
    log: TableModel | KopfModel,
    scale: float,
    kopf: bool,
) -> None:
    """The head, and the move log up to this position (the current action highlighted)
    above the keys."""
    s = scale
    head = panel.head
    used = draw_lines(surface, [t("replay.title")], head, int(TITLE * s), "accent", True)
    rest = pygame.Rect(head.left, head.top + used, head.width, head.height - used)
    text = wrap(where_text(where, kopf), int(WHERE * s), head.width, True)
    draw_lines(surface, text[:1], rest, int(WHERE * s), "text", True)
    keys = keys_lines(panel, s, kopf)
    keys_h = len(keys) * int(int(KEYS * s) * LINE)
    area = panel.log
    key_area = pygame.Rect(area.left, area.bottom - keys_h, area.width, keys_h)
    draw_lines(surface, keys, key_area, int(KEYS * s), "text_dim")
    notes = pygame.Rect(area.left, area.top, area.width, key_area.top - int(6 * s) - area.top)
    pygame.draw.line(surface, art.colour("panel_border"), notes.topleft, notes.topright)
    section = "kopf_log." if kopf else "log."
    draw_notes(
        surface, log.log, log.names, notes, int(LOG * s), section, log.log_scroll, where.current
    )


def _panel_box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, art.colour("panel"), rect, border_radius=14)
    pygame.draw.rect(surface, art.colour("panel_border"), rect, width=2, border_radius=14)


# ---------------------------------------------------------------------- BUTTONS


@dataclass
class ReplayTableLayout(TableLayout):
    """The BUTTONS table's layout, its side panel the replay's (``dice`` in one row)."""

    panel: ReplayPanel

    @classmethod
    def for_replay(cls, size: tuple[int, int], players: int, scale: float) -> ReplayTableLayout:
        base = TableLayout.compute(size, players, scale)
        pad = int(round(10 * scale))
        inner = base.side.inflate(-2 * pad, -2 * pad)
        gap = int(round(6 * scale))
        d = min(int(round(44 * scale)), (inner.width - 5 * gap) // 6)
        panel = ReplayPanel.compute(inner, scale, d)
        dice = [
            pygame.Rect(panel.content.left + i * (d + gap), panel.content.top, d, d)
            for i in range(6)
        ]
        parts = {f.name: getattr(base, f.name) for f in fields(TableLayout)}
        parts.update(dice=dice)
        return cls(**parts, panel=panel)


class ReplayTableDrawing(TableDrawing):
    """The table's drawing (boards, round, tooltips) with the replay's side panel."""

    def draw_side(self, surface: pygame.Surface, model: TableModel, layout: TableLayout) -> None:
        assert isinstance(layout, ReplayTableLayout) and isinstance(model, ReplayTableModel)
        _panel_box(surface, layout.side)
        for rect, (kind, value) in zip(layout.dice, model.dice_shown()):
            surface.blit(art.die(kind, value, rect.width), rect)
        draw_panel(surface, layout.panel, model.where, model, layout.scale, kopf=False)


# ---------------------------------------------------------------------- Kopf oder Knopf


@dataclass
class ReplayKopfLayout(KopfLayout):
    """The Kopf oder Knopf table's layout, its panel the replay's (the cards under the head)."""

    replay: ReplayPanel

    @classmethod
    def for_replay(cls, size: tuple[int, int], scale: float) -> ReplayKopfLayout:
        base = KopfLayout.compute(size, scale)
        pad = int(round(10 * scale))
        inner = base.panel.inflate(-2 * pad, -2 * pad)
        card_h, gap = base.cards[0].height, int(round(8 * scale))
        panel = ReplayPanel.compute(inner, scale, 2 * card_h + gap)
        top = panel.content.top
        cards = (
            pygame.Rect(inner.left, top, inner.width, card_h),
            pygame.Rect(inner.left, top + card_h + gap, inner.width, card_h),
        )
        parts = {f.name: getattr(base, f.name) for f in fields(KopfLayout)}
        parts.update(cards=cards)
        return cls(**parts, replay=panel)


class ReplayKopfDrawing(KopfDrawing):
    """The Kopf oder Knopf table's drawing (board, marks, cards) with the replay's panel."""

    def heading(self) -> str:
        return t("replay.heading_kopf")

    def draw_own_marks(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        """A cross where the current action's captures took a piece."""
        if isinstance(model, ReplayKopfModel):
            width = max(3, layout.cell // 12)
            for spot in model.taken:
                marks.cross(surface, layout.square_rect(*spot), "bad", width, 0.25)

    def _draw_panel(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        assert isinstance(layout, ReplayKopfLayout) and isinstance(model, ReplayKopfModel)
        _panel_box(surface, layout.panel)
        self._draw_cards(surface, model, layout)
        draw_panel(surface, layout.replay, model.where, model, layout.scale, kopf=True)


__all__ = [
    "ReplayKopfDrawing",
    "ReplayKopfLayout",
    "ReplayPanel",
    "ReplayTableDrawing",
    "ReplayTableLayout",
    "draw_panel",
    "keys_lines",
    "where_text",
]
