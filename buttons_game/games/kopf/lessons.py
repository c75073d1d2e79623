"""The "Learn to play" lessons of Kopf oder Knopf: short positions on the shipped board,
each with a goal, a solution ("Show me") and the squares its texts talk about.

Pure data and checks, no pygame and no translations: a screen words a lesson with
``t(lesson.text_key(part), **lesson.values())`` for the parts in ``PARTS`` and rings
``lesson.highlights[part]``.

state = start(lesson)
why = wrong_reason(lesson, state, action)  # None, or a text key: say it, then reset or undo
state = state.apply(action)
while (reply := reply_action(lesson, state)) is not None:
    state = state.apply(reply)  # the opponent's scripted reply, shown
if finished(lesson, state) and solved(lesson, state): ...  # say the "done" text
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from .engine.actions import Action, Move, Pass, Remove
from .engine.board import BOARD, PIECES_PER_SIDE, Square, on_board
from .engine.state import RED, KopfState, Setup, make_setup
from .engine.state import start as start_setup
from .narration import square_name

SECTION = "kopf_lesson"
PARTS = ("title", "intro", "done", "wrong")
OWN_GROUP = f"{SECTION}.common.own_group"
"""The reason when a try leaves the player a forbidden group of their own to be punished."""

__all__ = [
    "LESSONS",
    "OWN_GROUP",
    "PARTS",
    "SECTION",
    "Goal",
    "Lesson",
    "defend",
    "finished",
    "lesson",
    "reply_action",
    "solved",
    "start",
    "taken",
    "walkthrough",
    "wrong_after",
    "wrong_reason",
]


@dataclass(frozen=True)
class Goal:
    """What must hold once the player's turn (and the opponent's scripted reply) is over.
    Every part given must hold, and the player must have no forbidden group left."""

    occupy: frozenset[Square] = frozenset()  # the player's pieces stand here
    threaten: frozenset[Square] = frozenset()  # the player's pairs threaten opponent pieces here
    capture: frozenset[Square] = frozenset()  # the player took the opponent pieces here
    captures: int = 0  # at least this many opponent pieces taken since the lesson began
    keep_all: bool = False  # the player has lost no piece
    win: bool = False  # the player has won the game


@dataclass(frozen=True, eq=False)
class Lesson:
    """One lesson: a position (the player is the side to move), its goal and its words."""

    key: str
    red: frozenset[Square]
    blue: frozenset[Square]
    goal: Goal
    show_me: tuple[Action, ...]  # the player's actions that solve it
    squares: Mapping[str, Square]  # the squares the texts name: placeholder -> square
    highlights: Mapping[str, frozenset[Square]]  # text part -> the squares it talks about
    numbers: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    reply: Callable[[KopfState], Action] | None = None  # the opponent's scripted answer
    to_move: int = RED
    target: int = 10
    board: tuple[tuple[int, ...], ...] = BOARD

    @property
    def player(self) -> int:
        """The learner's colour: always the side to move at the start."""
        return self.to_move

    @cached_property
    def setup(self) -> Setup:
        """The position as the engine's set-up (checked: a bad lesson fails here)."""
        return make_setup(
            board=self.board,
            target=self.target,
            pieces=(self.red, self.blue),
            to_move=self.to_move,
        )

    def text_key(self, part: str) -> str:
        if part not in PARTS:
            raise ValueError(f"a lesson's texts are {', '.join(PARTS)}, not {part!r:.40}")
        return f"{SECTION}.{self.key}.{part}"

    def values(self) -> dict[str, object]:
        """The placeholders of the lesson's texts: square names and numbers."""
        named: dict[str, object] = {k: square_name(*s) for k, s in self.squares.items()}
        named.update(self.numbers)
        return named


# ---------------------------------------------------------------- playing a lesson


def start(lesson: Lesson) -> KopfState:
    """The lesson's position, the player to move (a punishment due already waits)."""
    return start_setup(lesson.setup)


def _turns(state: KopfState) -> int:
    """Turns ended (moves and passes) since the lesson began."""
    return sum(1 for a in state.history() if isinstance(a, (Move, Pass)))


def finished(lesson: Lesson, state: KopfState) -> bool:
    """The player's turn is over, and the opponent's scripted reply too if there is one."""
    _check(lesson, state)
    return state.is_over() or _turns(state) >= (2 if lesson.reply else 1)


def reply_action(lesson: Lesson, state: KopfState) -> Action | None:
    """The opponent's next scripted action, when the lesson has them play now; else None."""
    _check(lesson, state)
    if lesson.reply is None or state.is_over() or _turns(state) != 1:
        return None
    return lesson.reply(state)


def solved(lesson: Lesson, state: KopfState) -> bool:
    """The lesson's goal is reached in ``state`` (a state of this lesson)."""
    if not finished(lesson, state):
        return False
    p = lesson.player
    goal = lesson.goal
    first = start(lesson)
    outcome = state.outcome()
    if goal.win and (outcome is None or outcome.winner != p):
        return False
    if state.forbidden_groups(p):
        return False
    return (
        goal.occupy <= state.pieces(p)
        and goal.threaten <= state.threatened(1 - p)
        and goal.capture <= taken(lesson, state)
        and state.captured(p) - first.captured(p) >= goal.captures
        and not (goal.keep_all and len(state.pieces(p)) < len(first.pieces(p)))
    )


def taken(lesson: Lesson, state: KopfState) -> frozenset[Square]:
    """The squares where the player took opponent pieces (punished or struck) in the lesson."""
    _check(lesson, state)
    other = 1 - lesson.player
    before = start(lesson)
    squares: set[Square] = set()
    for action in state.history():
        after = before.apply_unchecked(action)
        gone = before.pieces(other) - after.pieces(other)
        if isinstance(action, Move) and before.to_move == other:
            gone -= {(action.from_row, action.from_col)}
        squares |= gone
        before = after
    return frozenset(squares)


def wrong_reason(lesson: Lesson, state_before: KopfState, action: Action) -> str | None:
    """None when ``action`` (by the player, in their turn) still leads to the goal; else a
    text key: ``kopf_reason.<code>`` for an illegal action (its values are in
    ``state_before.problem(action).details``), ``OWN_GROUP``, or the lesson's ``wrong`` hint."""
    problem = state_before.problem(action)
    if problem is not None:
        _turn_left(lesson, state_before)
        return f"kopf_reason.{problem.code}"
    return wrong_after(lesson, state_before, action, state_before.apply(action))


def _turn_left(lesson: Lesson, state: KopfState) -> None:
    _check(lesson, state)
    if finished(lesson, state) or state.to_move != lesson.player:
        raise ValueError("the player's turn in this lesson is over")


def wrong_after(lesson: Lesson, before: KopfState, action: Action, after: KopfState) -> str | None:
    """``wrong_reason`` of a legal ``action`` that took ``before`` to ``after`` (a match's
    gate: the action is already checked, once)."""
    _turn_left(lesson, before)
    if _reachable(lesson, after):
        return None
    if isinstance(action, (Move, Pass)) and after.forbidden_groups(lesson.player):
        return OWN_GROUP
    return lesson.text_key("wrong")


def _reachable(lesson: Lesson, state: KopfState) -> bool:
    """Some way to finish the player's turn from ``state`` (then the reply) solves the lesson."""
    if finished(lesson, state):
        return solved(lesson, state)
    if _turns(state) == 0:
        return any(_reachable(lesson, state.apply_unchecked(a)) for a in state.legal_actions())
    reply = reply_action(lesson, state)
    return reply is not None and _reachable(lesson, state.apply(reply))


def walkthrough(lesson: Lesson) -> list[tuple[Action, KopfState]]:
    """The "Show me" play: each action (the player's, then the scripted reply's) with the
    state after it."""
    state = start(lesson)
    steps = []
    for action in lesson.show_me:
        state = state.apply(action)
        steps.append((action, state))
    while (reply := reply_action(lesson, state)) is not None:
        state = state.apply(reply)
        steps.append((reply, state))
    return steps


def _check(lesson: Lesson, state: KopfState) -> None:
    if state.setup != lesson.setup:
        raise ValueError(f"that state is not from the lesson {lesson.key!r}")


def defend(state: KopfState) -> Action:
    """A scripted opponent that defends: the action leaving the fewest of its pieces to be
    taken at the start of the next turn (threatened, or due a punishment), the first such
    in ``legal_actions`` order."""
    me = state.to_move
    best: tuple[int, int] | None = None
    choice = state.legal_actions()[0]
    for action in state.legal_actions():
        after = state.apply_unchecked(action)
        if isinstance(action, Move):
            exposed = state.threats_after(action)[1]
            score = (len(exposed) + len(after.forbidden_groups(me)), 0)
        else:
            score = (len(after.threatened(me)), -after.captured(me))
        if best is None or score < best:
            best, choice = score, action
    return choice


# ---------------------------------------------------------------- the lessons

# Pieces out of the way on the back rows (red below, blue above), none next to another
# of its colour: no pair, no group, and each side stays well under the target.
RED_BACK = ((10, 1), (10, 3), (10, 5), (10, 7), (10, 9))
BLUE_BACK = ((1, 2), (1, 4), (1, 6), (1, 8), (1, 10))


def _holes(square: Square) -> int:
    row, col = square
    return BOARD[row - 1][col - 1]


def _distance(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _lesson(
    key: str,
    *,
    red: tuple[Square, ...],
    blue: tuple[Square, ...],
    goal: Goal,
    show_me: tuple[Action, ...],
    squares: dict[str, Square],
    intro: tuple[str, ...],
    done: tuple[str, ...],
    wrong: tuple[str, ...],
    numbers: dict[str, int] | None = None,
    reply: Callable[[KopfState], Action] | None = None,
) -> Lesson:
    """A lesson whose texts name the ``squares`` listed for each part (ringed on screen)."""
    for name, (row, col) in squares.items():
        if not on_board(row, col):
            raise ValueError(f"{key}: {name} is off the board")
    parts = {"title": (), "intro": intro, "done": done, "wrong": wrong}
    return Lesson(
        key=key,
        red=frozenset(red),
        blue=frozenset(blue),
        goal=goal,
        show_me=show_me,
        squares=MappingProxyType(dict(squares)),
        highlights=MappingProxyType(
            {part: frozenset(squares[n] for n in names) for part, names in parts.items()}
        ),
        numbers=MappingProxyType(dict(numbers or {})),
        reply=reply,
    )


def _lessons() -> tuple[Lesson, ...]:
    # 1. A piece on 3 holes jumps 3 squares; one on 2 holes at the same distance cannot.
    a, b, over, target = (2, 5), (5, 8), (5, 7), (5, 5)
    move = _lesson(
        "move",
        red=(a, b, *RED_BACK),
        blue=(over, *BLUE_BACK),
        goal=Goal(occupy=frozenset({target})),
        show_me=(Move(*b, *target),),
        squares={"piece_a": a, "piece_b": b, "over": over, "target": target},
        numbers={"holes_a": _holes(a), "holes_b": _holes(b), "distance": _distance(b, target)},
        intro=("piece_a", "piece_b", "target"),
        done=("piece_b", "target", "over"),
        wrong=("piece_a", "piece_b", "target"),
    )
    # 2. e3 to e6 pairs with d6 on row 6: 3 + 4 holes reach h6.
    partner, mover, square, victim = (6, 4), (3, 5), (6, 5), (6, 8)
    pair = _lesson(
        "pair",
        red=(partner, mover, *RED_BACK),
        blue=(victim, *BLUE_BACK),
        goal=Goal(threaten=frozenset({victim})),
        show_me=(Move(*mover, *square),),
        squares={"partner": partner, "victim": victim},
        intro=("partner", "victim"),
        done=("victim",),
        wrong=("partner", "victim"),
    )
    # 3. c7-c8 reach 7 squares up column c, but c5 blocks: c3 is safe until c5 steps aside.
    pair_a, pair_b, blocker, victim = (7, 3), (8, 3), (5, 3), (3, 3)
    blocked = _lesson(
        "blocked",
        red=(pair_a, pair_b, blocker, *RED_BACK),
        blue=(victim, *BLUE_BACK),
        goal=Goal(threaten=frozenset({victim})),
        show_me=(Move(*blocker, 5, 2),),
        squares={"pair_a": pair_a, "pair_b": pair_b, "blocker": blocker, "victim": victim},
        numbers={"range": _holes(pair_a) + _holes(pair_b)},
        intro=("pair_a", "pair_b", "blocker", "victim"),
        done=("victim",),
        wrong=("blocker", "victim"),
    )
    # 4. d2 to b2 pairs with b3 under b1 (2 holes), which cannot move: d1, b3, d3 are taken.
    partner, mover, victim = (3, 2), (2, 4), (1, 2)
    strike = _lesson(
        "strike",
        red=(partner, mover, *RED_BACK),
        blue=(victim, (3, 4), *BLUE_BACK[1:]),
        goal=Goal(capture=frozenset({victim})),
        show_me=(Move(*mover, 2, 2),),
        squares={"partner": partner, "victim": victim},
        intro=("partner", "victim"),
        done=("victim",),
        wrong=("partner", "victim"),
        reply=defend,
    )
    # 5. Blue's pair e4-f5 (range 7) threatens h7 along the diagonal, both ways.
    pair_a, pair_b, piece = (4, 5), (5, 6), (7, 8)
    escape = _lesson(
        "escape",
        red=(piece, *RED_BACK),
        blue=(pair_a, pair_b, *BLUE_BACK),
        goal=Goal(keep_all=True),
        show_me=(Move(*piece, 7, 7),),
        squares={"pair_a": pair_a, "pair_b": pair_b, "piece": piece},
        intro=("pair_a", "pair_b", "piece"),
        done=("piece",),
        wrong=("pair_a", "pair_b"),
    )
    # 6. Blue's e5, f4, g4 touch; red's pair e7-e8 strikes e5 after the punishment.
    group_a, group_b, victim, pair_a, pair_b = (4, 6), (4, 7), (5, 5), (7, 5), (8, 5)
    group = _lesson(
        "group",
        red=(pair_a, pair_b, *RED_BACK),
        blue=(group_a, group_b, victim, *BLUE_BACK),
        goal=Goal(capture=frozenset({victim}), captures=2),
        show_me=(Remove(*group_b), Move(10, 3, 8, 3)),
        squares={
            "group_a": group_a,
            "group_b": group_b,
            "victim": victim,
            "pair_a": pair_a,
            "pair_b": pair_b,
        },
        intro=("group_a", "group_b", "victim"),
        done=("victim",),
        wrong=("group_a", "group_b", "victim", "pair_a", "pair_b"),
    )
    # 7. f8 to f5 pairs with e5 (4 + 4 holes) on row 5: b5 and i5 are both in reach.
    partner, mover, left, right = (5, 5), (8, 6), (5, 2), (5, 9)
    double_blue = (left, right, (1, 2), (1, 6), (1, 10))
    double = _lesson(
        "double",
        red=(partner, mover, *RED_BACK),
        blue=double_blue,
        goal=Goal(win=True),
        show_me=(Move(*mover, 5, 6),),
        squares={"left": left, "right": right},
        numbers={"captured": PIECES_PER_SIDE - len(double_blue), "target": 10},
        intro=("left", "right"),
        done=(),
        wrong=("left", "right"),
        reply=defend,
    )
    return (move, pair, blocked, strike, escape, group, double)


LESSONS: tuple[Lesson, ...] = _lessons()
"""The lessons in teaching order."""


def lesson(key: str) -> Lesson:
    for each in LESSONS:
        if each.key == key:
            return each
    raise KeyError(key)
