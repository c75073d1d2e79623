"""A Kopf oder Knopf lesson at the real table: tries checked against the lesson, the
opponent's scripted reply, "Show me", and what the lesson panel shows.

It extends the table's session, so moving, punishing, the keyboard cursor and the
strikes work exactly as in a game; only what counts as a good move, who answers
and what the panel says differ. The lessons themselves are pure data
(``kopf_oder_knopf.lessons``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from buttons_game.core.control import PERSON_HERE, bot_control
from buttons_game.core.events import Happened
from buttons_game.core.match import ScriptRefusal
from buttons_game.core.notes import Note
from buttons_game.core.seats import Seat
from buttons_game.games.kopf.engine import Action, KopfState, Move
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.lessons import (
    LESSONS,
    Lesson,
    finished,
    reply_action,
    solved,
    start,
    walkthrough,
    wrong_after,
)
from buttons_game.ui.sound import Play, silent

from .model import KopfModel, Square
from .session import KopfSession

SHOW_PICK_SECONDS = 0.8  # Show me: a piece is picked up (its squares ringed) before it moves
SHOW_STEP_SECONDS = 1.2  # Show me: the beat after each action
MIN_FRAMES = 3  # a beat lasts at least this many frames, so every step is drawn, however fast


@dataclass
class Beat:
    """A pause of some seconds and at least a few frames."""

    seconds: float = 0.0
    frames: int = 0

    def start(self, seconds: float) -> None:
        self.seconds, self.frames = seconds, MIN_FRAMES

    def tick(self, dt: float) -> bool:
        """One frame more; True once the pause is over."""
        self.seconds -= dt
        self.frames -= 1
        return self.seconds <= 0 and self.frames <= 0


@dataclass
class LessonModel(KopfModel):
    """The table's model, and the lesson: which, how far, and what its panel says."""

    lesson: Lesson = LESSONS[0]
    number: int = 1  # counted from 1
    total: int = len(LESSONS)
    solved: bool = False  # the position reached the goal: the done text shows
    passed: bool = False  # solved at least once (Show me too): the next lesson is open
    wrong: Note | None = None  # why the last try was refused
    showing: bool = False  # Show me is playing

    @property
    def last(self) -> bool:
        return self.number == self.total

    @property
    def counts_captures(self) -> bool:
        """Capture counts mean something only in the lesson about the winning capture: the
        others fill the back rows with pieces that make the counts misleading."""
        return self.lesson.goal.win

    def text_part(self) -> str:
        """The lesson text in view besides the intro: "done", "wrong" or "intro" (none)."""
        if self.solved:
            return "done"
        if self.wrong is not None and self.wrong.key == self.lesson.text_key("wrong"):
            return "wrong"
        return "intro"

    def bot_level(self, seat: int) -> str | None:
        return None  # the lesson's opponent plays its script, not a bot's level

    def highlighted(self) -> frozenset[Square]:
        """The squares the text in view talks about, ringed on the board."""
        return self.lesson.highlights[self.text_part()]


class ScriptedReply:
    """The lesson's opponent: it plays the lesson's scripted reply, nothing else, when one
    is due — and during "Show me" only when the walkthrough lets it (``released``)."""

    def __init__(self, lesson: Lesson, showing: Callable[[], bool] = lambda: False) -> None:
        self.lesson = lesson
        self.showing = showing
        self.released = False

    def due(self, state: KopfState) -> bool:
        if self.showing() and not self.released:
            return False
        return reply_action(self.lesson, state) is not None

    def choose(self, state: KopfState, player: int | None = None) -> Action:
        action = reply_action(self.lesson, state)
        if action is None:
            raise ValueError(f"no reply is due in the lesson {self.lesson.key!r}")
        return action


class LessonSession(KopfSession):
    """One lesson being played; ``on_solved`` hears when it is solved the first time."""

    model: LessonModel

    def __init__(
        self,
        lesson: Lesson,
        *,
        names: tuple[str, str],
        speed: Callable[[], float],
        pace: Callable[[], float],
        on_solved: Callable[[], None],
        sound: Play = silent,
    ) -> None:
        """``names``: the learner's and the opponent's; ``pace`` scales Show me's beats."""
        self.lesson = lesson
        me = lesson.player
        you, them = Seat(names[0]), Seat(names[1], "easy")  # a bot seat: its level is unused
        game = KopfGame((you, them) if me == 0 else (them, you), start(lesson))
        self.reply = ScriptedReply(lesson, lambda: self.model.showing)
        controls = [PERSON_HERE, PERSON_HERE]
        controls[1 - me] = bot_control(self.reply)
        super().__init__(
            game,
            speed=speed,
            on_change=lambda _game: None,
            controls=controls,
            gate=self._wrong,
            worker=False,  # the script answers at once
            sound=sound,
        )
        self.model = LessonModel(
            game, lesson=lesson, number=LESSONS.index(lesson) + 1, total=len(LESSONS)
        )
        self.pace = pace
        self.on_solved = on_solved
        self.queue: list[Action] = []  # Show me's actions still to play
        self.beat = Beat()

    def _wrong(self, before: KopfState, action: Action, after: KopfState) -> str | None:
        """Why a legal move cannot solve the lesson (the match's gate); none in Show me."""
        if self.model.showing:
            return None
        return wrong_after(self.lesson, before, action, after)

    # ------------------------------------------------------------------ tries
    def _square(self, row: int, col: int) -> None:
        m = self.model
        if m.showing:
            self.explain("learn.watching", tone="accent")
        elif m.solved:
            self.explain("learn.solved_click", tone="accent")
        else:
            super()._square(row, col)

    def attempt(self, seat: int, action: Action) -> bool:
        """The action if it can still solve the lesson; else the game stays as it was and
        the panel says why (a rule's reason also pops up over the board, as at the table)."""
        m = self.model
        refused = self.match.submit(seat, action)
        if refused is None:
            return True
        if isinstance(refused, ScriptRefusal):
            values = tuple(self.lesson.values().items())
            m.wrong = Note(refused.code, "bad", values=values, in_log=False)
            return False
        self.explain_problem(refused)
        m.wrong = Note(
            f"kopf_reason.{refused.code}",
            "bad",
            values=tuple(refused.details.items()),
            in_log=False,
        )
        return False

    def _change(
        self,
        game: Any,
        notes: Sequence[Note],
        action: Action | None,
        happened: Happened | None = None,
    ) -> None:
        m = self.model
        m.wrong = None
        super()._change(game, notes, action, happened)
        m.solved = finished(self.lesson, self.state) and solved(self.lesson, self.state)
        if m.solved and not m.passed:
            m.passed = True
            self.on_solved()

    # ------------------------------------------------------------------ the buttons
    def restart(self) -> None:
        """The lesson from its start (Next stays open once it was solved)."""
        m = self.model
        self.queue = []
        m.showing = False
        m.flights = []
        m.timers.stop("strike")
        m.timers.stop("over")
        m.flash = None
        self.match.reset(KopfGame(self.game.seats, start(self.lesson)))

    def show_me(self) -> None:
        """From the start, the lesson's walkthrough, action by action, then the done text."""
        self.restart()
        self.model.showing = True
        self.queue = [action for action, _ in walkthrough(self.lesson)]
        self.beat.start(SHOW_STEP_SECONDS * self.pace())

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        return self._show(dt) or moving

    def _show(self, dt: float) -> bool:
        m = self.model
        if not m.showing:
            return False
        if m.flights or not self.beat.tick(dt):
            return True
        if not self.queue:
            m.showing = False
            m.selected = None
            return True
        action = self.queue[0]
        if isinstance(action, Move) and m.selected != (action.from_row, action.from_col):
            m.selected = (action.from_row, action.from_col)  # picked up: its squares ring
            self.beat.start(SHOW_PICK_SECONDS * self.pace())
            return True
        self.queue.pop(0)
        seat = self.state.to_move
        if self.match.here(seat):
            self.attempt(seat, action)
        else:  # the opponent's scripted reply, which the walkthrough holds too
            self.reply.released = True
            try:
                self.match.advance()
            finally:
                self.reply.released = False
        self.beat.start(SHOW_STEP_SECONDS * self.pace())
        return True


__all__ = ["Beat", "LessonModel", "LessonSession", "ScriptedReply"]
