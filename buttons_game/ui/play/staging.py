"""Setting a scene at a table: play an action as whoever it belongs to, through the
table's match — a person's through ``submit``, a bot's as that bot's decision, the dice
as the roll's chance outcome. The screenshots, the motion frames, the render benchmark
and the tests build their positions this way; a game never does."""

from __future__ import annotations

from typing import Any

from buttons_game.core.control import bot_control
from buttons_game.core.match import Match, Scripted

WAIT_SECONDS = 60.0  # a bot told what to play answers at once; this is only a guard


class Told:
    """A bot that plays the one action it is told."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, state: Any, player: int | None = None) -> Any:
        return self.action


def stage(match: Match, action: Any) -> None:
    """Play ``action`` on ``match`` as whoever it belongs to; ValueError when the rules
    (or the match) refuse it."""
    state = match.state
    if state.is_chance_node():
        chance = match.chance
        match.set_chance(Scripted(lambda game: action))
        try:
            if not match.advance():
                raise ValueError(f"the chance outcome {action!r} was not applied")
        finally:
            match.set_chance(chance)
        return
    seat = match.game.actor(state, action)
    if match.here(seat):
        refused = match.submit(seat, action)
        if refused is not None:
            raise refused
        return
    control = match.control(seat)
    match.set_control(seat, bot_control(Told(action)))
    try:
        for _ in range(1000):
            if match.advance():
                break
            if match.job is not None:
                match.job.future.result(timeout=WAIT_SECONDS)
        else:
            raise ValueError(f"the bot in seat {seat} never played {action!r}")
    finally:
        match.set_control(seat, control)


__all__ = ["Told", "stage"]
