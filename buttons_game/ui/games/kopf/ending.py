"""How a game of Kopf oder Knopf ends on the table: a win celebrated at the winner's card,
its captured pieces lighting up one by one in the tray; a draw (100 turns without a
capture) with both cards lit softly."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from buttons_game.core.notes import Note
from buttons_game.games.kopf.engine import KopfState
from buttons_game.games.kopf.kind import KIND
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.play.celebration import Celebration, draw_celebration
from buttons_game.ui.play.model import PlayModel

if TYPE_CHECKING:
    from .view import KopfLayout


def kopf_celebration(state: KopfState, names: Sequence[str]) -> Celebration:
    """The celebration of a finished game: its winner, or the draw."""
    result = KIND.result(state)
    assert result is not None
    if not result.winners:
        draw = Note("kopf_over.draw", "accent", in_log=False)
        return Celebration(
            "kopf_draw", (), (0, 1), draw, Note("kopf_over.no_captures", in_log=False)
        )
    (winner,) = result.winners
    tray = tuple(("tray", winner, slot) for slot in range(state.captured(winner)))
    return Celebration(
        "kopf_win",
        (winner,),
        (winner,),
        Note("over.winner", "accent", values=(("names", names[winner]),), in_log=False),
        Note("kopf_over.captures", values=(("n", state.captured(winner)),), in_log=False),
        (tray,),
    )


def draw_ending(surface: pygame.Surface, model: PlayModel, layout: KopfLayout) -> None:
    """The celebration on the table, while it is on."""
    progress = model.celebrating()
    if progress is None:
        return
    winners = model.celebration.winners
    taken = 1 - winners[0] if winners else 0  # the pieces in the winner's tray: the loser's
    draw_celebration(
        surface,
        model.celebration,
        progress,
        model.names,
        place=lambda spot: layout.tray_slot(spot[1], spot[2]),
        seat_area=lambda seat: layout.cards[seat],
        banner=layout.top_bar,
        scale=layout.scale,
        icon=lambda d: sprites.piece(d, taken),
    )


__all__ = ["draw_ending", "kopf_celebration"]
