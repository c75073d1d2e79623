"""The BUTTONS tutorial as data: a guided first round on the real table.

The player (seat 0, holding the red card, so starting) plays one round against
"Bo" (seat 1) with scripted dice and scripted choices for Bo. Each step explains
one thing and waits for one decision of the player:

1. ``welcome``: roll.
2. ``place``: place in the white die's row, in the column of any black die.
3. ``gold``: Bo rolls; the gold space is the player's too.
4. ``roll_again``: roll again.
5. ``not_allowed``: why a space next to a button is not allowed (a corner is fine).
6. ``bust``: Bo rolls a row where its only column touches its own button: a bust;
   the player may take or leave the gold space.
7. ``opt_out``: opt out with three red buttons.
8. ``stars``: the scoring (a star for opting out, one for three red, one bonus for
   the red card): put the three stars on buttons.
9. ``end``: how a game ends: five stars in a line, or twelve stars.

The tutorial's game is a pure function of the player's decisions, so where it
stands is read from the state alone (``step_at``), a step restarts by replaying
the script up to it (``state_at_step``), and "Show me" plays the step's own
decision (``Step.show_me``). Pure: never imports pygame or the translations.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import (
    OPT_OUT,
    ROLL,
    Action,
    Dice,
    GameState,
    OptOut,
    Place,
    PlaceStar,
    Roll,
    Setup,
    Skip,
    make_setup,
)

PLAYER, BO = 0, 1
LAYOUTS = ("1A", "2A")
CARDS = (("red", "green"), ("yellow", "blue"))
DICE: tuple[Dice, ...] = (
    Dice(3, 2, (1, 4, 5, 6)),  # the player's first roll: row 3, the red (3, 4) among others
    Dice(6, 5, (1, 1, 2, 3)),  # Bo's roll: the gold space (6, 5) is red on the player's board
    Dice(5, 4, (1, 2, 3, 5)),  # row 5: (5, 5) touches (6, 5); (5, 4) touches it at a corner
    Dice(2, 2, (2, 2, 2, 2)),  # Bo's bust: its only space (2, 2) touches its (3, 2)
)
# Bo's decisions, in order: the gold space of the first roll, its roll, its placement,
# no gold button on the third roll, its roll that busts.
BO_SCRIPT: tuple[Action, ...] = (Place(BO, 3, 2), ROLL, Place(BO, 6, 1), Skip(BO), ROLL)

Space = tuple[int, int, int]  # seat, row, col


@dataclass(frozen=True)
class Step:
    """One step: its text key (``tutorial.<key>.*``), what it points at, what it accepts."""

    key: str
    accepts: tuple[Action, ...] = ()  # empty: any legal decision of its kind (``kind``)
    show_me: Action | None = None
    spaces: tuple[Space, ...] = ()  # spaces the text talks about, ringed on the board
    not_allowed: tuple[Space, ...] = ()  # spaces shown as refused
    controls: tuple[str, ...] = ()  # buttons the text talks about ("roll", "opt_out", ...)
    decisions: int = 1  # the player's decisions this step takes
    kind: type | None = None  # with no ``accepts``: the kind of decision wanted

    def accepts_action(self, action: Action) -> bool:
        if self.accepts:
            return action in self.accepts
        return self.kind is not None and isinstance(action, self.kind)


STEPS: tuple[Step, ...] = (
    Step("welcome", (ROLL,), ROLL, controls=("roll",)),
    Step("place", (Place(PLAYER, 3, 4),), Place(PLAYER, 3, 4), spaces=((PLAYER, 3, 4),)),
    Step("gold", (Place(PLAYER, 6, 5),), Place(PLAYER, 6, 5), spaces=((PLAYER, 6, 5),)),
    Step("roll_again", (ROLL,), ROLL, controls=("roll",)),
    Step(
        "not_allowed",
        (Place(PLAYER, 5, 4),),
        Place(PLAYER, 5, 4),
        spaces=((PLAYER, 5, 4),),
        not_allowed=((PLAYER, 5, 5),),
    ),
    Step(
        "bust",
        (Skip(PLAYER), Place(PLAYER, 2, 2)),
        Skip(PLAYER),
        spaces=((BO, 2, 2), (BO, 3, 2)),
        controls=("skip",),
    ),
    Step("opt_out", (OPT_OUT,), OPT_OUT, controls=("opt_out",)),
    Step("stars", (), PlaceStar(PLAYER, 3, 4), decisions=3, kind=PlaceStar),
)
END = "end"  # the last text, once every step is done
# The player's decisions of the canonical run (the stars on (3,4), (5,4), (6,5)).
WALKTHROUGH: tuple[Action, ...] = (
    ROLL,
    Place(PLAYER, 3, 4),
    Place(PLAYER, 6, 5),
    ROLL,
    Place(PLAYER, 5, 4),
    Skip(PLAYER),
    OPT_OUT,
    PlaceStar(PLAYER, 3, 4),
    PlaceStar(PLAYER, 5, 4),
    PlaceStar(PLAYER, 6, 5),
)


def setup() -> Setup:
    """The tutorial's table: the player on layout 1A with the red and green cards, Bo on 2A."""
    return make_setup(2, layouts=LAYOUTS, cards=CARDS)


def start() -> GameState:
    return GameState(setup())


_last: list[tuple[GameState, tuple[int, int]]] = []  # the latest answer (the table asks each frame)


def decisions_by_seat(state: GameState) -> tuple[int, int]:
    """(the player's decisions, Bo's decisions) so far, by one replay of the history."""
    last = _last[0] if _last else None  # read once: Bo asks from its own thread
    if last is not None and last[0] is state:
        return last[1]
    counts = [0, 0]
    replay = GameState(state.setup)
    for action in state.history():
        if not isinstance(action, Dice):
            actor = getattr(action, "player", None)
            counts[replay.active_player if actor is None else actor] += 1
        replay = replay.apply_unchecked(action)
    _last[:] = [(state, (counts[0], counts[1]))]
    return counts[0], counts[1]


def step_index(state: GameState) -> int:
    """The index in ``STEPS`` of the step the player is at; ``len(STEPS)`` when all are done."""
    done, _ = decisions_by_seat(state)
    for i, step in enumerate(STEPS):
        if done < step.decisions:
            return i
        done -= step.decisions
    return len(STEPS)


def step_at(state: GameState) -> Step | None:
    """The step the player is at, or None once the round is played and the stars placed."""
    i = step_index(state)
    return STEPS[i] if i < len(STEPS) else None


def player_decides(state: GameState) -> bool:
    """The player has a decision now: the dice have landed, and Bo is not the one to move."""
    if state.is_chance_node() or state.is_over():
        return False
    return PLAYER in state.pending_players or (
        state.phase.value == "turn" and state.active_player == PLAYER
    )


def shown_index(state: GameState) -> int:
    """The step whose text shows: the step the player is at, once its decision is theirs to
    make. Until then (the dice in the air, Bo to move) the step just done stays, so a text
    never talks about dice that have not landed or a move Bo has not made."""
    index = step_index(state)
    if 0 < index < len(STEPS) and not player_decides(state):
        return index - 1
    return index


def text_key(state: GameState) -> str:
    step = step_at(state)
    return END if step is None else step.key


def dice_for(state: GameState) -> Dice:
    """The next roll's dice: the script's, in order."""
    rolls = sum(1 for action in state.history() if isinstance(action, Dice))
    if not state.is_chance_node() or rolls >= len(DICE):
        raise ValueError("the tutorial has no roll scripted here")
    return DICE[rolls]


def bo_action(state: GameState) -> Action:
    """Bo's scripted decision now."""
    _, done = decisions_by_seat(state)
    if done >= len(BO_SCRIPT):
        raise ValueError("Bo has no decision scripted here")
    return BO_SCRIPT[done]


def refusal(state: GameState, action: Action) -> str | None:
    """Why the tutorial does not take this decision of the player now (a text key), or None.

    A decision the rules forbid is left to the rules' own reason (None here); a legal
    one that is not the step's gets the step's ``tutorial.<key>.only`` text.
    """
    step = step_at(state)
    if step is None or state.problem(action) is not None:
        return None
    if isinstance(action, (Roll, OptOut)) and state.active_player != PLAYER:
        return None
    if getattr(action, "player", PLAYER) != PLAYER:
        return None
    return None if step.accepts_action(action) else f"tutorial.{step.key}.only"


def advance(state: GameState, action: Action | None = None) -> GameState:
    """The state after ``action`` (a decision of the player) and everything scripted that
    follows it (Bo's decisions and the dice), up to the player's next decision."""
    if action is not None:
        state = state.apply(action)
    while not state.is_over() and step_at(state) is not None:
        if state.is_chance_node():
            state = state.apply(dice_for(state))
        elif BO in _deciders(state):
            state = state.apply(bo_action(state))
        else:
            break
    return state


def _deciders(state: GameState) -> tuple[int, ...]:
    """The seats that have a decision now."""
    seats = set(state.pending_players)
    if not state.pending_players and state.phase.value in ("turn",):
        seats.add(state.active_player)
    return tuple(sorted(seats))


def state_at_step(index: int) -> GameState:
    """The tutorial's state at the start of step ``index`` (the script played up to it)."""
    needed = sum(step.decisions for step in STEPS[:index])
    state = advance(start())
    for action in WALKTHROUGH[:needed]:
        state = advance(state, action)
    return state


__all__ = [
    "BO",
    "BO_SCRIPT",
    "DICE",
    "END",
    "PLAYER",
    "STEPS",
    "WALKTHROUGH",
    "Step",
    "advance",
    "bo_action",
    "decisions_by_seat",
    "dice_for",
    "player_decides",
    "refusal",
    "setup",
    "shown_index",
    "start",
    "state_at_step",
    "step_at",
    "step_index",
    "text_key",
]
