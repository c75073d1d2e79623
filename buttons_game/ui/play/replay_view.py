"""The replay's own side panel, the same for every game: where its parts sit, and
drawing it. Each game's replay (``ui/games/<id>/replay.py``) draws its boards with its
table's own drawing and puts this panel in its table's side panel.

The panel, top to bottom: "Replay" and the position; the game's own content (the dice in
hand, the players' cards …); the controls (widgets the screen makes in the rectangles
given here); the move log with the current action highlighted, the keys at its foot;
Back and Menu.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from buttons_game.core.kind import kind_of
from buttons_game.i18n import t
from buttons_game.ui import art, world

from ..text import draw_lines, line_step, wrap, wrap_items
from .replay import Position, ReplayModel
from .view import draw_notes

TITLE = 20  # design sizes of the panel's texts
WHERE = 15
LOG = 14
KEYS = 13


@dataclass(frozen=True)
class PanelWords:
    """The words of a game's replay panel: the position (``position`` with ``n``, ``total``
    and the section as ``section``: "round 5", "turn 12") and the keys. The defaults are a
    game played in rounds."""

    position: str = "replay.position"
    section: str = "round"
    keys: str = "replay.keys"


@dataclass
class ReplayPanel:
    """The replay's own part of the side panel, the same for every game."""

    head: pygame.Rect  # "Replay" and where it stands
    content: pygame.Rect  # the game's own: the dice in hand, the players' cards …
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
        head_h = line_step(TITLE * scale) + line_step(WHERE * scale) + px(4)
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


def where_text(where: Position, words: PanelWords) -> str:
    """The position in words: "Action 37 of 412 · round 5" ("turn 5" in a game of turns)."""
    section = {words.section: where.section}
    return t(words.position, n=where.number, total=where.total, **section)


def keys_lines(panel: ReplayPanel, scale: float, words: PanelWords) -> list[str]:
    return wrap_items(t(words.keys).split(" · "), int(KEYS * scale), panel.log.width)


def draw_panel(
    surface: pygame.Surface,
    panel: ReplayPanel,
    where: Position,
    log: ReplayModel,
    scale: float,
    words: PanelWords,
) -> None:
    """The head, and the move log up to this position (the current action highlighted)
    above the keys."""
    s = scale
    head = panel.head
    used = draw_lines(surface, [t("replay.title")], head, int(TITLE * s), "accent", True)
    rest = pygame.Rect(head.left, head.top + used, head.width, head.height - used)
    text = wrap(where_text(where, words), int(WHERE * s), head.width, True)
    draw_lines(surface, text[:1], rest, int(WHERE * s), "text", True)
    keys = keys_lines(panel, s, words)
    keys_h = len(keys) * line_step(KEYS * s)
    area = panel.log
    key_area = pygame.Rect(area.left, area.bottom - keys_h, area.width, keys_h)
    draw_lines(surface, keys, key_area, int(KEYS * s), "text_dim")
    notes = pygame.Rect(area.left, area.top, area.width, key_area.top - int(6 * s) - area.top)
    pygame.draw.line(surface, art.colour("panel_border"), notes.topleft, notes.topright)
    section = kind_of(log.game).log_section
    draw_notes(
        surface, log.log, log.names, notes, int(LOG * s), section, log.log_scroll, where.current
    )


def panel_box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The side panel's box, under the replay's panel and the game's own content: a felt
    mat lying on the table."""
    world.draw_mat(surface, rect, 14, lifted=False)


__all__ = ["PanelWords", "ReplayPanel", "draw_panel", "keys_lines", "panel_box", "where_text"]
