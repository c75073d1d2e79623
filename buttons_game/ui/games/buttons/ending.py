"""How a game of BUTTONS ends on the table: the celebration of its winners.

Five stars in a line: each winner's line lights up star by star (a six in a row, or a
row and a column, each light along their own way). Twelve stars: the winner's stars
light up one by one. A shared victory celebrates every winner at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from buttons_game.core.notes import Note
from buttons_game.games.buttons.engine import GameState
from buttons_game.games.buttons.engine.records import Reason
from buttons_game.games.buttons.kind import KIND
from buttons_game.ui import art
from buttons_game.ui.play.celebration import Celebration, draw_celebration
from buttons_game.ui.play.model import PlayModel

if TYPE_CHECKING:
    from .view import TableLayout

Space = tuple[int, int, int]  # (seat, row, col)


def lines_of(spaces: frozenset[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The stars of full lines of five (``GameState.winning_line``) as straight runs, each
    in order along the line: the rows' runs first, then the columns'."""
    found: list[list[tuple[int, int]]] = []
    for across in (True, False):
        for k in range(1, 7):
            along = sorted(c if across else r for r, c in spaces if (r if across else c) == k)
            runs: list[list[int]] = []
            for x in along:
                if runs and x == runs[-1][-1] + 1:
                    runs[-1].append(x)
                else:
                    runs.append([x])
            for run in runs:
                if len(run) >= 5:
                    found.append([(k, x) if across else (x, k) for x in run])
    return found


def celebration(state: GameState, names: Sequence[str]) -> Celebration:
    """The celebration of a finished game's winners."""
    outcome = state.outcome()
    result = KIND.result(state)
    assert outcome is not None and result is not None
    winners = result.winners
    title = Note(
        "over.winners" if len(winners) > 1 else "over.winner",
        "accent",
        values=(("names", ", ".join(names[p] for p in winners)),),
        in_log=False,
    )
    spots: list[tuple[Space, ...]] = []
    if outcome.reason is Reason.FIVE_IN_LINE:
        for p in winners:
            for run in lines_of(state.winning_line(p)):
                spots.append(tuple((p, r, c) for r, c in run))
        return Celebration(
            "five_in_line",
            winners,
            winners,
            title,
            Note("over.five_in_line", in_log=False),
            tuple(spots),
            True,
        )
    for p in winners:
        spots.append(tuple((p, r, c) for r, c in sorted(state.stars(p))))
    return Celebration(
        "twelve_stars",
        winners,
        winners,
        title,
        Note("over.twelve_stars", in_log=False),
        tuple(spots),
    )


def draw(surface: pygame.Surface, model: PlayModel, layout: TableLayout) -> None:
    """The celebration on the table, while it is on."""
    progress = model.celebrating()
    if progress is None:
        return
    boards = {g.seat: g for g in layout.boards}
    draw_celebration(
        surface,
        model.celebration,
        progress,
        model.names,
        place=lambda space: boards[space[0]].cell_rect(space[1], space[2]),
        seat_area=lambda seat: boards[seat].panel,
        banner=layout.top_bar,
        scale=layout.scale,
        icon=art.star,
    )


__all__ = ["celebration", "draw", "lines_of"]
