"""BUTTONS' replay: its table at one position of a replay, the marks of the action just
done, and the table's layout and drawing with the replay's side panel (the dice in hand
under the panel's head)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pygame

from buttons_game.games.buttons.engine import Dice, Phase, Place, PlaceStar, Status
from buttons_game.replay import Replay
from buttons_game.ui import art

from ...play.replay import Position
from ...play.replay_view import PanelWords, ReplayPanel, draw_panel, panel_box
from .boards import Marks
from .model import TableModel
from .view import PANEL_MIN, TableDrawing, TableLayout

LOST_SHOWN = 0.35  # how strongly the buttons a bust took still show, at the bust's position
WORDS = PanelWords("replay.position", "round", "replay.keys")


@dataclass
class ReplayTableModel(TableModel):
    """A BUTTONS table at one position of a replay: every seat's choices are shown, as
    nobody is deciding; ``fading`` holds the buttons the bust at this position took."""

    where: Position = field(default_factory=Position)

    def marks(self) -> Marks:
        state = self.state
        over = state.is_over()
        marks = Marks(
            pending=set(state.pending_players),
            last_move=dict(self.last_move),
            fading={p: (mask, LOST_SHOWN) for p, mask in self.fading.items()},
            busted=self.busted,
            emphasise=None if over or state.phase is Phase.STARS else state.active_player,
            bots=self.bot_levels(),
        )
        if state.phase is Phase.PLACING and state.dice is not None:
            for p in state.pending_players:
                cells = {(a.row, a.col) for a in state.legal_actions(p) if hasattr(a, "row")}  # type: ignore[union-attr]
                (marks.legal if p == state.active_player else marks.gold)[p] = cells
        elif state.phase is Phase.STARS:
            for p in state.pending_players:
                marks.star_targets[p] = {(a.row, a.col) for a in state.legal_actions(p)}  # type: ignore[union-attr]
        if over:
            for p in range(state.players):
                line = state.winning_line(p)
                if line:
                    marks.winning[p] = line
        return marks


def table_marks(m: ReplayTableModel, replay: Replay, n: int) -> None:
    """The button the action that led to position ``n`` placed, or a bust with the
    buttons it took."""
    action = replay.actions[n - 1] if n else None
    m.last_move = {}
    m.busted = None
    m.fading = {}
    if isinstance(action, (Place, PlaceStar)):
        m.last_move = {action.player: (action.row, action.col)}
    elif isinstance(action, Dice):
        before, after = replay.states[n - 1], replay.states[n]
        seat = before.active_player
        if before.status(seat) is Status.IN_ROUND and after.status(seat) is Status.BUSTED:
            m.busted = seat
            m.fading = {seat: before.button_mask(seat)}


@dataclass
class ReplayTableLayout(TableLayout):
    """The BUTTONS table's layout, its side panel the replay's (``dice`` in one row)."""

    panel: ReplayPanel

    @classmethod
    def for_replay(cls, size: tuple[int, int], players: int, scale: float) -> ReplayTableLayout:
        base = TableLayout.compute(size, players, scale, side_min=PANEL_MIN, strip=False)
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
        panel_box(surface, layout.side)
        for rect, (kind, value) in zip(layout.dice, model.dice_shown()):
            surface.blit(art.die(kind, value, rect.width), rect)
        draw_panel(surface, layout.panel, model.where, model, layout.scale, WORDS)


__all__ = [
    "LOST_SHOWN",
    "WORDS",
    "ReplayTableDrawing",
    "ReplayTableLayout",
    "ReplayTableModel",
    "table_marks",
]
