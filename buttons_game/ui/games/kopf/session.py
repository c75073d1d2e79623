"""A game of Kopf oder Knopf at the table: the kit's session with choosing a piece,
punishing groups, passing and the strikes' flights.

The game is played on a ``Match`` (its bots, a forced pass); every change it tells goes
through the kit's ``PlaySession._change``; ``changed`` keeps Kopf oder Knopf's marks and
timers in step. The session has no widgets and draws
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from buttons_game.core.control import SeatControl, seat_controls
from buttons_game.core.events import Happened
from buttons_game.core.kind import find_kind
from buttons_game.core.match import Gate, Match
from buttons_game.core.notes import Note
from buttons_game.games.kopf.bots import make_bot
from buttons_game.games.kopf.bots.hint import kopf_hint
from buttons_game.games.kopf.engine import Action, KopfState, Move, Pass, Remove
from buttons_game.games.kopf.happened import OVER, KopfHappened
from buttons_game.games.kopf.narration import narrate_history, square_name, undo_note
from buttons_game.ui.games.kopf import intents as do
from buttons_game.ui.play import intents as kit
from buttons_game.ui.play.session import PlaySession, not_yours
from buttons_game.ui.play.speech import TableVoice
from buttons_game.ui.play.thinking import HintDesk
from buttons_game.ui.sound import Play, silent

from .ending import kopf_celebration
from .model import Flight, KopfModel
from .speech import KopfReader

STRIKE_SECONDS = 1.0  # captured pieces fly to their captor's tray: the strike's own beat
GLIDE_SECONDS = 0.16  # a moved piece glides along its line: this long ...
GLIDE_PER_SQUARE = 0.06  # ... and this much more for each square it passes
TRAIL_SECONDS = 1.4  # a bot's move stays marked this long, fading
PASS_SECONDS = 1.2  # a person who cannot move sees why before the turn passes
# The log's notes of a decision itself (``narration``); an undo of the decision keeps
# them and takes out the rest, what the decision brought about.
DECISIONS = frozenset({"move", "pass", "punish"})


def kopf_hints() -> HintDesk[Any]:
    """The hard bot's advice for Kopf oder Knopf: one move and why."""
    adviser = make_bot("hard", 0)
    return HintDesk(lambda state, seat: kopf_hint(state, seat, adviser))


class KopfSession(PlaySession):
    """One game of Kopf oder Knopf being played, shared by its table and pause screens."""

    REASONS = "kopf_reason"
    NOTHING_TO_UNDO = "kopf.nothing_to_undo"
    ANIMATED = ("strike", "flash")
    SKIPPABLE = ("strike",)
    model: KopfModel

    def __init__(
        self,
        game: Any,
        *,
        speed: Callable[[], float],
        on_change: Callable[[Any], None],
        seed: int | None = None,
        controls: Sequence[SeatControl] | None = None,
        gate: Gate | None = None,
        worker: bool = True,
        sound: Play = silent,
        match: Any = None,
    ) -> None:
        """``match``: the game's match when it is not the table's own (a networked game's).
        ``controls``: how each seat is played (a lesson's script); by default each seat's
        level, seeded from ``seed``; ``gate``: a lesson's refusal of legal moves; ``worker``:
        the bots think on a worker (a script answers at once). ``sound`` plays an effect by
        name (the app's sound layer); silent by default."""
        state = game.state
        if controls is None:
            controls = seat_controls(game.seats, make_bot, seed)
        if match is None:
            match = Match(game, controls, kind=find_kind(game.kind), gate=gate, worker=worker)
        super().__init__(
            KopfModel(game, log=narrate_history(state.setup, state.history())),
            speed=speed,
            on_change=on_change,
            match=match,
            hints=kopf_hints(),
            sound=sound,
        )
        self.speech = TableVoice(self, KopfReader(self))

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> KopfState:
        return self.model.state

    @property
    def over_ready(self) -> bool:
        """The game is over and its last moment has been shown."""
        return super().over_ready and not self.model.flights

    # ------------------------------------------------------------------ intents
    def perform_own(self, intent: Any) -> None:
        m = self.model
        if isinstance(intent, kit.ShowMe):
            self.show_me()
        elif isinstance(intent, kit.Restart):
            self.restart()
        elif isinstance(intent, do.Point):
            m.pointer = intent.pos
            m.hover = (intent.space[0], intent.space[1]) if intent.space else None
        elif isinstance(intent, do.Square):
            m.cursor = (intent.row, intent.col) if m.cursor else None
            self._square(intent.row, intent.col)
        elif isinstance(intent, do.Proceed):
            if m.cursor is None:
                m.cursor = self._cursor_start()
            else:
                self._square(*m.cursor)
        elif isinstance(intent, do.MoveCursor):
            row, col = m.cursor or self._cursor_start()
            m.cursor = (min(10, max(1, row + intent.drow)), min(10, max(1, col + intent.dcol)))
        elif isinstance(intent, do.Cancel):
            m.selected = None
        elif isinstance(intent, do.ToggleThreats):
            m.show_threats = not m.show_threats

    def show_me(self) -> None:
        """A lesson: its walkthrough (nothing at a game's table)."""

    def restart(self) -> None:
        """A lesson: from its start (nothing at a game's table)."""

    def _cursor_start(self) -> tuple[int, int]:
        m = self.model
        for spots in (m.removable(), {m.selected} if m.selected else set(), m.movable()):
            if spots:
                return min(spots)  # type: ignore[type-var]
        return (5, 5)

    def _square(self, row: int, col: int) -> None:
        m = self.model
        state = self.state
        if state.is_over():
            self.explain("kopf.over_already")
            return
        seat = m.human_to_play()
        if seat is None:
            self.explain(not_yours(self.match, state.current_player), seat=state.current_player)
            return
        if state.punishing:
            self.attempt(seat, Remove(row, col))
            return
        if state.piece_at(row, col) == seat:
            if m.selected == (row, col):
                m.selected = None
            elif not state.move_targets(row, col):
                self.explain("kopf.piece_stuck")
            else:
                m.selected = (row, col)
            return
        if m.selected is None:
            self.explain("kopf.choose_piece", seat=seat)
            return
        if not self.attempt(seat, Move(*m.selected, row, col)):
            self.refuse((row, col))

    # ------------------------------------------------------------------ changes
    def undo_notes(self, seat: int, game: Any, undone: Any) -> Sequence[Note]:
        return (undo_note(seat),)

    def kept_on_undo(self, notes: Sequence[Note]) -> Sequence[Note]:
        """As in BUTTONS: a decision taken back keeps its own line in the log; what it
        brought about (the strikes, the captured count, punishing due, the end) goes."""
        return [note for note in notes if note.key in DECISIONS]

    def changed(
        self,
        before: KopfState,
        after: KopfState,
        action: Action | None,
        happened: Happened | None,
    ) -> None:
        """The selection, the last move, the moved piece's glide, the strikes' flights (once
        it has arrived) and a bot's move follow the change, as ``happened`` says."""
        m = self.model
        m.selected = None
        speed = self.speed()
        glide = 0.0
        if isinstance(action, Move):
            start, end = (action.from_row, action.from_col), (action.to_row, action.to_col)
            m.last_move = (start, end)
            squares = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
            glide = (GLIDE_SECONDS + GLIDE_PER_SQUARE * squares) * speed
            m.motions.start("glide", (start, end, before.to_move), glide)
        elif action is None:
            m.last_move = None
            m.motions.finish()  # an undo or a lesson started again: everything at rest
        if isinstance(happened, KopfHappened):
            m.flights = flights(before, happened)
            if m.flights:  # they fly once the moved piece has arrived
                m.timers.start("strike", STRIKE_SECONDS * speed, delay=glide)
        mover = before.current_player
        if action is None or (mover is not None and m.here(mover)):
            m.forget_bot_move()
        elif mover is not None:
            bot_moved(m, mover, action, speed)
        if after.is_over() and not before.is_over():
            # celebrated once the moved piece has arrived and the captured ones are in the tray
            landed = glide + (STRIKE_SECONDS * speed if m.flights else 0.0)
            self.celebrate(kopf_celebration(after, m.names), delay=landed)

    def effect(self, happened: Happened, after: KopfState) -> str | None:
        """The change's cue as the table plays it: the game's end its celebration's own
        sound (a win or a draw)."""
        if happened.cue == OVER:
            return kopf_celebration(after, self.model.names).sound
        return happened.cue

    # ------------------------------------------------------------------ time
    def timer_ended(self, name: str) -> None:
        if name == "strike":
            self.model.flights = []
        else:
            super().timer_ended(name)

    def bots_wait(self) -> bool:
        return bool(self.model.flights)

    def forced(self, seat: int) -> bool:
        """A person who cannot move passes (the match makes it), after a beat that says so."""
        m = self.model
        if m.timers.since_change < PASS_SECONDS * self.speed():
            if m.passing is None:
                self.explain("kopf.must_pass", tone="accent", seat=seat)
            return True
        return self.match.advance()


def bot_moved(m: KopfModel, seat: int, action: Action, speed: float) -> None:
    """A bot's move in words ("Bo: c7–e5"), its way marked a moment on the board."""
    trail = TRAIL_SECONDS * speed
    if isinstance(action, Move):
        start, end = (action.from_row, action.from_col), (action.to_row, action.to_col)
        m.bot_moved(seat, "bot_move.kopf_move", (start, end), trail,
                    **{"from": square_name(*start), "to": square_name(*end)})  # fmt: skip
    elif isinstance(action, Remove):
        spot = (action.row, action.col)
        m.bot_moved(seat, "bot_move.kopf_remove", (spot,), trail, square=square_name(*spot))
    elif isinstance(action, Pass):
        m.bot_moved(seat, "bot_move.kopf_pass")


def flights(before: KopfState, happened: KopfHappened) -> list[Flight]:
    """The pieces a change captured, each bound for its captor's tray: its slot there is
    after the pieces the captor had, in the order of the captures."""
    result = []
    counted = {0: 0, 1: 0}
    for capture in happened.captures:
        slot = before.captured(capture.captor) + counted[capture.captor]
        counted[capture.captor] += 1
        result.append(Flight(capture.square, capture.owner, slot))
    return result


__all__ = ["KopfSession", "bot_moved", "flights", "kopf_hints"]
