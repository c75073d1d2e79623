"""What the replay viewer shows: the tables' models at one position of a replay.

The viewer points the model at a position (``ReplayViewer.goto``); the tables'
drawings read it as they read a game being played. Nothing here can change a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from buttons_game.games.buttons.engine import Phase

from ..games.buttons.boards import Marks
from ..games.buttons.model import TableModel
from ..games.kopf.model import KopfModel

LOST_SHOWN = 0.35  # how strongly the buttons a bust took still show, at the bust's position


@dataclass(frozen=True)
class Position:
    """Where the replay stands: ``number`` actions of ``total`` done, in round or turn
    ``section``; the log's notes from index ``current`` on are the current action's."""

    number: int = 0
    total: int = 0
    section: int = 1
    current: int = 0


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


@dataclass
class ReplayKopfModel(KopfModel):
    """A Kopf oder Knopf table at one position of a replay: dangers are shown for the
    player to move, whoever sat there; ``taken`` are the squares the current action's
    captures emptied."""

    where: Position = field(default_factory=Position)
    taken: frozenset[tuple[int, int]] = frozenset()

    def viewer(self) -> int | None:
        return self.state.current_player


__all__ = ["LOST_SHOWN", "Position", "ReplayKopfModel", "ReplayTableModel"]
