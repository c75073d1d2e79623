"""A game at a table, whatever the game: the table follows its ``Match``.

A person's intents become ``Match.submit`` (a refusal is explained in a passing word);
the bots, the dice and forced actions are the match's, made when the table's pacing lets
it ``advance``. Every change the match tells (``core.events``) goes through
``PlaySession._change``, which keeps the log, the hint and the passing word in step, lets
the game's session follow with its own marks and timers (``changed``), plays the change's
sound and hands the new game to ``on_change`` (the app autosaves it). A game's session
(``ui/games/<game>/session.py``) adds its own intents, marks and timers on these hooks.
It has no widgets and draws nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from buttons_game.core.control import ELSEWHERE
from buttons_game.core.events import (
    BY_BOT,
    Applied,
    Event,
    Happened,
    Noted,
    Refused,
    Reset,
    Undone,
)
from buttons_game.core.match import BOT, FORCED, Match, ScriptRefusal
from buttons_game.core.notes import Note
from buttons_game.ui.sound import Play

from . import intents as do
from .celebration import Celebration, celebration_seconds
from .model import PlayModel
from .speech import TableVoice
from .thinking import HintDesk

PASSING_SECONDS = 4.0  # a passing word stays this long


def not_yours(match: Any, seat: int | None) -> str:
    """What a click or key says while ``seat`` is to play and nobody here plays it: a bot
    plays that seat, or a person at another computer."""
    elsewhere = seat is not None and match.control(seat).how == ELSEWHERE
    return "game.elsewhere_turn" if elsewhere else "game.bot_turn"


FLASH_SECONDS = 0.6  # a refused place stays crossed out this long
BOT_DELAY = 0.6  # seconds between visible bot decisions, at normal speed
DECISION_SECONDS = 0.8  # a bot's decision stays this long before the next bot's, at least
THINKING_AFTER = 0.15  # a bot thinking longer than this is announced


class PlaySession:
    """One game being played at a table, with its bots and its hints.

    A game's session gives its reasons' section (``REASONS``), the key said when there
    is nothing to undo (``NOTHING_TO_UNDO``), the timers that animate (``ANIMATED``),
    those a click or a key ends (``SKIPPABLE``) and those only a key ends
    (``KEY_SKIPPABLE``), and fills the hooks: ``undo_notes``, ``kept_on_undo``,
    ``changed``, ``effect``, ``advance``, ``bots_wait``, ``bot_delay``, ``forced``;
    ``perform_own`` for its own intents.
    """

    REASONS: ClassVar[str] = "reason"
    NOTHING_TO_UNDO: ClassVar[str] = "game.nothing_to_undo"
    ANIMATED: ClassVar[tuple[str, ...]] = ("flash",)
    SKIPPABLE: ClassVar[tuple[str, ...]] = ()  # timers a click or a key ends at once
    KEY_SKIPPABLE: ClassVar[tuple[str, ...]] = ()  # ... and those only a key ends

    model: PlayModel
    speech: TableVoice | None = None  # what the table says (a game's session makes it)

    def __init__(
        self,
        model: PlayModel,
        *,
        speed: Callable[[], float],
        on_change: Callable[[Any], None],
        match: Match,
        hints: HintDesk[Any],
        sound: Play,
    ) -> None:
        """``speed`` scales the animations (0: none); ``match`` is the game being played
        (the table follows its events); ``sound`` plays an effect by name."""
        self.model = model
        self.speed = speed
        self.on_change = on_change
        self.match = match
        self.hints = hints
        self.sound = sound
        model.match = match
        # Each decision undo could still take back: the state before it and where its notes
        # begin in the log (emptied whenever the game's undo stack empties).
        self._undoable: list[tuple[Any, int]] = []
        self._by_bot = False  # the change being made is a bot's decision
        self.after_bot = False  # the last change was a bot's decision (it stays a moment)
        self.hurried = False  # a key since the last change: the bots wait no more
        self._thought: tuple[Any, float] | None = None  # a bot's question and how long it took
        match.subscribe(self._follow)

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Any:
        return self.model.game

    @property
    def state(self) -> Any:
        return self.model.game.state

    @property
    def over_ready(self) -> bool:
        """The game is over and its last moment has been shown."""
        return bool(self.state.is_over()) and not self.model.timers.running("over")

    def close(self) -> None:
        """Leave the table for good: stop the bot and hint threads."""
        self.match.close()
        self.hints.close()

    # ------------------------------------------------------------------ intents
    def perform(self, intent: Any) -> None:
        """Carry out what a person meant; explain in a passing word when the rules say no."""
        if isinstance(intent, do.Ask):
            if self.speech is not None:
                self.speech.ask(intent.what, intent.shifted)
        elif isinstance(intent, do.Undo):
            self.undo()
        elif isinstance(intent, do.Hint):
            self.request_hint()
        elif isinstance(intent, do.ScrollLog):
            self.model.scroll_log(intent.lines)
        else:
            m = self.model
            spot, game = (getattr(m, "cursor", None), getattr(m, "selected", None)), m.game
            self.perform_own(intent)
            now = getattr(m, "cursor", None), getattr(m, "selected", None)
            stepped = isinstance(intent, do.MoveCursor) or now != spot
            if self.speech is not None and stepped and m.game is game:
                self.speech.cursor()  # a step of the cursor, or a piece chosen, is said

    def perform_own(self, intent: Any) -> None:
        """The game's own intents (and the pointer and the cursor, a tutorial's Show me
        and Restart)."""

    def explain(
        self, key: str, tone: str = "bad", seat: int | None = None, **values: object
    ) -> None:
        """A passing word; ``seat`` fills the text's %{name}."""
        seats = () if seat is None else (("name", seat),)
        self.model.passing = Note(key, tone, seats, tuple(values.items()), in_log=False)
        self.model.timers.start("passing", PASSING_SECONDS)
        if self.speech is not None:
            self.speech.refused(self.model.passing)

    def explain_problem(self, problem: Any) -> None:
        """Why the rules refuse an action, from the engine's reason code and details (a
        ``seat`` among them names the seat)."""
        details: Mapping[str, object] = problem.details
        seat = details.get("seat")
        values = {k: v for k, v in details.items() if k != "seat"}
        self.explain(
            f"{self.REASONS}.{problem.code}",
            "bad",
            seat if isinstance(seat, int) else None,
            **values,
        )

    def attempt(self, seat: int, action: Any) -> bool:
        """``seat``'s ``action`` submitted to the match; when it refuses, say why (the
        rules' reason, or a tutorial's own in its accent)."""
        refused = self.match.submit(seat, action)
        if refused is None:
            return True
        if isinstance(refused, ScriptRefusal):
            self.explain(refused.code, tone="accent")
        else:
            self.explain_problem(refused)
        return False

    def refuse(self, place: Any) -> None:
        """Cross out ``place`` on the board a moment: a click the rules refused."""
        self.model.flash = place
        self.model.timers.start("flash", FLASH_SECONDS)

    # ------------------------------------------------------------------ changes
    def undo(self) -> None:
        """Ask the match to take back the latest decision of a person here."""
        if self.match.request_undo() is not None:
            self.explain(self.NOTHING_TO_UNDO, tone="accent")

    def _follow(self, event: Event) -> None:
        """What the match tells: an action applied, an undo, the game replaced."""
        if isinstance(event, Applied):
            self._by_bot = event.by == BY_BOT
            try:
                self._change(event.after, event.happened.notes, event.action, event.happened)
            finally:
                self._by_bot = False
            if event.bot_failed:
                self.explain("errors.bot_failed")
        elif isinstance(event, Undone):
            self._take_back_notes(event.after.state)
            self._change(event.after, self.undo_notes(event.seat, event.before, event.after), None)
        elif isinstance(event, Reset):
            if event.whole:  # the game as it stands elsewhere: its log told anew
                self.model.log = list(self.match.history_notes())
            self._change(event.after, (), None)
        elif isinstance(event, Refused):
            self.explain_problem(event.error)  # refused where the game is decided
        elif isinstance(event, Noted):
            self.model.log.append(event.note)
            self.model.log_scroll = 0

    def _take_back_notes(self, state: Any) -> None:
        """The log of the decisions an undo takes back (back to ``state``) keeps only what
        ``kept_on_undo`` says: what they brought about did not happen after all."""
        for i in range(len(self._undoable) - 1, -1, -1):
            before, start = self._undoable[i]
            if before is state:
                del self._undoable[i:]
                log = self.model.log
                log[start:] = self.kept_on_undo(log[start:])
                return

    def _change(
        self, game: Any, notes: Sequence[Note], action: Any, happened: Happened | None = None
    ) -> None:
        """The one way the game changes: the log, marks and timers follow, then the autosave.
        ``happened`` is what the action did (None: an undo or a restart)."""
        m = self.model
        before = m.game.state
        if action is not None:
            self._undoable.append((before, len(m.log)))
        if not getattr(game, "undo_stack", ()):
            self._undoable.clear()  # nothing before now can be taken back any more
        m.game = game
        after = game.state
        m.log.extend(notes)
        m.log_scroll = 0
        m.hint = None
        m.flash = None
        m.passing = None
        m.timers.since_change = 0.0
        m.timers.stop("passing")
        self.after_bot, self.hurried = self._by_bot, False
        self.changed(before, after, action, happened)
        effect = None if happened is None else self.effect(happened, after)
        if effect is not None:
            self.sound(effect)
        if self.speech is not None:
            self.speech.changed(notes)
        self.on_change(game)

    def undo_notes(self, seat: int, game: Any, undone: Any) -> Sequence[Note]:
        """The log's word for ``seat``'s decision taken back (``game`` back to ``undone``)."""
        raise NotImplementedError

    def kept_on_undo(self, notes: Sequence[Note]) -> Sequence[Note]:
        """Of the log's notes of the decisions an undo takes back, those it keeps (before
        the note saying they were taken back); all of them unless the game says otherwise."""
        return notes

    def changed(self, before: Any, after: Any, action: Any, happened: Happened | None) -> None:
        """The game's own marks and timers follow a change, as ``happened`` says (``action``
        and ``happened`` None: an undo or a restart)."""

    def effect(self, happened: Happened, after: Any) -> str | None:
        """The one sound a change makes: the game's cue, as the table plays it (None: none)."""
        return happened.cue

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """Advance the clocks, let the game and the bots move; True while anything moves."""
        m = self.model
        if self.speech is not None:
            self.speech.follow()
        ended = m.timers.tick(dt)
        for name in ended:
            self.timer_ended(name)
        moving = m.motions.tick(dt)
        moved = self.advance(dt)
        # a finished hint is picked up after this frame's moves, which clear one
        waiting = self.hints.poll(self.model, self.state, self.model.hint_seat())
        animating = moving or any(m.timers.running(name) for name in (*self.ANIMATED, "over"))
        return bool(ended) or animating or moved or waiting

    def hurry(self, key: bool = False) -> None:
        """A click or a key: everything in motion arrives at once and a celebration ends, so
        nobody ever waits for an animation (the input itself is then handled as usual). A
        key also ends the moments that are there to be seen (``KEY_SKIPPABLE``, a bust's)
        and lets a bot's next decision come at once."""
        m = self.model
        m.motions.finish()
        if key:
            self.hurried = True
        for name in (*self.SKIPPABLE, "over", *(self.KEY_SKIPPABLE if key else ())):
            if m.timers.running(name):
                m.timers.stop(name)
                self.timer_ended(name)

    def timer_ended(self, name: str) -> None:
        """What a timer's ending undoes (a game adds its own)."""
        if name == "flash":
            self.model.flash = None
        elif name == "passing":
            self.model.passing = None
        elif name == "over":
            self.model.celebration = None

    def celebrate(self, celebration: Celebration, delay: float = 0.0) -> None:
        """The game's end celebrated on the table (after ``delay`` seconds, already scaled),
        then the game-over screen; nothing to wait for at an instant speed."""
        seconds = celebration_seconds(self.speed())
        if seconds <= 0:
            return
        self.model.celebration = celebration
        self.model.timers.start("over", seconds, delay)

    def advance(self, dt: float) -> bool:
        """The game's own moves of this frame, then the bots'; True while anything moves."""
        return self._drive_bots(dt)

    def bots_wait(self) -> bool:
        """The bots wait (an animation has its beat, a screen must show first)."""
        return False

    def bot_delay(self, seat: int) -> float:
        """The pause before ``seat``'s bot's decision is shown, at normal speed."""
        return BOT_DELAY

    def forced(self, seat: int) -> bool:
        """A person's only action, which the match makes: at once (a game adds its beat)."""
        return self.match.advance()

    def _drive_bots(self, dt: float) -> bool:
        """Let the match ask the next bot (it thinks on the match's worker) and make its
        decision after a visible pause; a person's forced action too."""
        m = self.model
        if self.state.is_over() or self.bots_wait():
            return False
        step = self.match.think()
        if step.kind == FORCED and step.seat is not None:
            return self.forced(step.seat)
        job = self.match.job
        if step.kind != BOT or step.seat is None or (job is None and not step.ready):
            return False  # a person decides, or a scripted seat has nothing due
        if job is not None:
            thought = self._thought
            waited = (thought[1] if thought is not None and thought[0] is job else 0.0) + dt
            self._thought = (job, waited)
            m.thinking = step.seat if waited > THINKING_AFTER and not step.ready else None
        if not step.ready or m.timers.since_change < self.bot_pause(step.seat):
            return True
        if self.speech is not None and not self.hurried and self.speech.busy():
            return True  # the last announcement is still being said (a key ends the wait)
        m.thinking = None
        self.match.advance()
        return True

    def bot_pause(self, seat: int) -> float:
        """Seconds since the last change before a bot's decision is shown: its own beat, and
        a bot's decision before it stays at least ``DECISION_SECONDS``, both scaled by the
        animation speed; none once a key hurried the table."""
        if self.hurried:
            return 0.0
        pause = self.bot_delay(seat)
        if self.after_bot:
            pause = max(pause, DECISION_SECONDS)
        return pause * self.speed()

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        seat = self.model.hint_seat()
        if seat is None:
            self.explain("game.no_hint_game_over" if self.state.is_over() else "game.no_hint")
            return
        self.hints.ask(self.state, seat)
        self.model.hint_waiting = True


__all__ = [
    "BOT_DELAY",
    "DECISION_SECONDS",
    "FLASH_SECONDS",
    "PASSING_SECONDS",
    "THINKING_AFTER",
    "PlaySession",
]
