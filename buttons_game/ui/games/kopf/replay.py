"""Kopf oder Knopf's replay: its table at one position of a replay, the marks of the
action just done, and the table's layout and drawing with the replay's panel (the
players' cards under the panel's head)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pygame

from buttons_game.games.kopf.engine import Move, Remove
from buttons_game.i18n import t
from buttons_game.replay import Replay

from ...play import marks
from ...play.replay import Position
from ...play.replay_view import PanelWords, ReplayPanel, draw_panel, panel_box
from .model import KopfModel
from .view import KopfDrawing, KopfLayout

WORDS = PanelWords("replay.position_kopf", "turn", "replay.keys_kopf")


@dataclass
class ReplayKopfModel(KopfModel):
    """A Kopf oder Knopf table at one position of a replay: dangers are shown for the
    player to move, whoever sat there; ``taken`` are the squares the current action's
    captures emptied."""

    where: Position = field(default_factory=Position)
    taken: frozenset[tuple[int, int]] = frozenset()

    def viewer(self) -> int | None:
        return self.state.current_player


def kopf_marks(m: ReplayKopfModel, replay: Replay, n: int) -> None:
    """The move that led to position ``n``, and the squares its captures emptied (a
    removal, or the strike that began the next turn)."""
    action = replay.actions[n - 1] if n else None
    m.last_move = None
    m.taken = frozenset()
    if action is None:
        return
    before, after = replay.states[n - 1], replay.states[n]
    if isinstance(action, Move):
        m.last_move = ((action.from_row, action.from_col), (action.to_row, action.to_col))
    # last_captured: this turn's removals and strike so far (a move starts a new turn)
    m.taken = after.last_captured
    if isinstance(action, Remove):
        m.taken -= before.last_captured


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
        panel_box(surface, layout.panel)
        self._draw_cards(surface, model, layout)
        draw_panel(surface, layout.replay, model.where, model, layout.scale, WORDS)


__all__ = ["WORDS", "ReplayKopfDrawing", "ReplayKopfLayout", "ReplayKopfModel", "kopf_marks"]
