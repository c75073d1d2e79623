"""The BUTTONS tutorial at the table: the script of ``games.buttons.tutorial`` as a TableScript.

The table plays it like any game: the dice and Bo's choices come from the script,
decisions the step does not ask for are refused with a word, H shows the step
and U starts it again. Once every step is done the game goes on as a normal
game against an easy bot, with the game's own dice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from buttons_game.games.buttons import tutorial
from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.engine import Action, Dice, GameState, Phase, PlaceStar
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t

from .model import TableModel, TutorialCard

LEVEL_AFTER = "easy"  # Bo's level once the tutorial is done and the game goes on
SLOWEST = 0.6  # the tutorial's beats are never quicker than this share of normal speed


def pace(fast: bool, animation: float) -> float:
    """The tutorial's animation speed: the player's setting, but never so quick that Bo's
    moves and the dice blur into the player's (none with --fast)."""
    return 0.0 if fast else max(SLOWEST, animation)


def tutorial_game(name: str, bo: str = "Bo", step: int = 0) -> Game:
    """The tutorial's game at the start of ``step`` (0: the beginning)."""
    seats = (Seat(name), Seat(bo, LEVEL_AFTER))
    return Game(seats, tutorial.state_at_step(min(max(0, step), len(tutorial.STEPS))))


class ScriptedBo:
    """Bo: the script's choices during the tutorial, an easy bot after it."""

    def __init__(self, seed: int | None = None) -> None:
        self.after = make_bot(LEVEL_AFTER, seed)

    def choose(self, state: GameState, player: int | None = None) -> Action:
        if tutorial.step_at(state) is not None:
            return tutorial.bo_action(state)
        return self.after.choose(state, player)


class ButtonsTutorial:
    """The tutorial's hooks for a TableSession."""

    def dice(self, game: Game) -> Dice:
        if tutorial.step_at(game.state) is None:
            return game.roll_dice()
        return tutorial.dice_for(game.state)

    def refusal(self, state: GameState, action: Action) -> str | None:
        return tutorial.refusal(state, action)

    def card(self, state: GameState) -> TutorialCard | None:
        """The step whose text shows (``shown_index``: never ahead of the dice or Bo); while
        the decision is not the player's, the card is ``waiting`` (its rings hidden)."""
        index = tutorial.shown_index(state)
        total = len(tutorial.STEPS)
        step = tutorial.STEPS[index] if index < total else None
        if step is None:
            if tutorial.decisions_by_seat(state)[0] > len(tutorial.WALKTHROUGH):
                return None  # the player plays on: a game like any other
            return TutorialCard(tutorial.END, total + 1, total)
        return TutorialCard(
            step.key,
            index + 1,
            total,
            frozenset(step.spaces),
            frozenset(step.not_allowed),
            step.controls,
            waiting=not tutorial.player_decides(state),
        )

    def show_me(self, state: GameState) -> Action | None:
        step = tutorial.step_at(state)
        if step is None:
            return None
        if step.kind is PlaceStar:  # any of the player's buttons: the first free one
            stars = [a for a in state.legal_actions(tutorial.PLAYER) if isinstance(a, PlaceStar)]
            return stars[0] if stars else None
        action = step.show_me
        if action is None or state.problem(action) is not None:
            return None
        return action

    def restart(self, game: Game) -> Game:
        """The step whose text shows, from its start."""
        index = min(tutorial.shown_index(game.state), len(tutorial.STEPS) - 1)
        return replace(game, state=tutorial.state_at_step(index), undo_stack=())

    @staticmethod
    def step(state: Any) -> int:
        """How far the player got: the index of the step to resume at."""
        return tutorial.step_index(state)


def tutorial_text(model: TableModel) -> str:
    """The tutorial card's text, as the moment is: once the scoring has been seen, the stars
    step asks for the stars still to place instead of to go on past the scoring."""
    card = model.tutorial
    assert card is not None
    state = model.state
    if card.key == "stars" and model.scoring_seen and state.phase is Phase.STARS:
        due = state.stars_due(0)
        if due:
            return t("tutorial.stars.placing", count=due)
    return t(f"tutorial.{card.key}.text", name=model.names[0])


__all__ = ["ButtonsTutorial", "ScriptedBo", "pace", "tutorial_game", "tutorial_text"]
