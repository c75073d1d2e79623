"""A game of Kopf oder Knopf at the table: clicks become moves, bots decide, strikes fly.

Every change of the game goes through ``KopfSession._change``, which keeps the log,
the marks and the timers in step and hands the new game to ``on_change`` (the app
autosaves it). The session has no widgets and draws nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from buttons_game.games.buttons.narration import Note
from buttons_game.games.kopf.bots import make_bot
from buttons_game.games.kopf.bots.hint import kopf_hint
from buttons_game.games.kopf.engine import PASS, Action, IllegalActionError, KopfState, Move, Remove
from buttons_game.games.kopf.narration import narrate, narrate_history, undo_note
from buttons_game.ui.games.kopf import intents as kdo
from buttons_game.ui.play.thinking import BotSeats, HintDesk
from buttons_game.ui.sound import Play, silent

from ..buttons import intents as do
from ..buttons.model import Message
from .model import Flight, KopfModel

STRIKE_SECONDS = 1.0  # captured pieces fly to their captor's tray: the strike's own beat
OVER_SECONDS = 1.4
PASS_SECONDS = 1.2  # a person who cannot move sees why before the turn passes
PASSING_SECONDS = 4.0
FLASH_SECONDS = 0.6
BOT_DELAY = 0.6
THINKING_AFTER = 0.15
ANIMATED = ("strike", "flash")


class KopfSession:
    """One game of Kopf oder Knopf being played, shared by its table and pause screens."""

    def __init__(
        self,
        game: Any,
        *,
        speed: Callable[[], float],
        on_change: Callable[[Any], None],
        seed: int | None = None,
        bots: BotSeats | None = None,
        sound: Play = silent,
    ) -> None:
        """``bots``: who plays the bot seats (a lesson's script); by default each seat's level.
        ``sound`` plays an effect by name (the app's sound layer); silent by default."""
        state = game.state
        self.model = KopfModel(game, log=narrate_history(state.setup, state.history()))
        self.speed = speed
        self.on_change = on_change
        self.sound = sound
        if bots is None:
            levels = {
                p: make_bot(seat.bot, None if seed is None else seed * 10 + p)
                for p, seat in enumerate(game.seats)
                if seat.bot is not None
            }
            bots = BotSeats(levels, lambda s: s.current_player)
        self.bots = bots
        adviser = make_bot("hard", 0)
        self.hints: HintDesk[Any] = HintDesk(lambda s, seat: kopf_hint(s, seat, adviser))
        self.flash: tuple[int, int] | None = None

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Any:
        return self.model.game

    @property
    def state(self) -> KopfState:
        return self.model.state

    @property
    def over_ready(self) -> bool:
        """The game is over and its last moment has been shown."""
        m = self.model
        return self.state.is_over() and not m.timers.running("over") and not m.flights

    def close(self) -> None:
        self.bots.close()
        self.hints.close()

    # ------------------------------------------------------------------ intents
    def perform(self, intent: kdo.Intent) -> None:
        m = self.model
        if isinstance(intent, do.Point):
            m.pointer = intent.pos
            m.hover = (intent.space[1], intent.space[2]) if intent.space else None
        elif isinstance(intent, kdo.Square):
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
        elif isinstance(intent, kdo.Cancel):
            m.selected = None
        elif isinstance(intent, do.Undo):
            self.undo()
        elif isinstance(intent, do.Hint):
            self.request_hint()
        elif isinstance(intent, kdo.ToggleThreats):
            m.show_threats = not m.show_threats
        elif isinstance(intent, do.ScrollLog):
            m.log_scroll = min(max(0, m.log_scroll + intent.lines), max(0, len(m.log) - 1))

    def _cursor_start(self) -> tuple[int, int]:
        m = self.model
        for spots in (m.removable(), {m.selected} if m.selected else set(), m.movable()):
            if spots:
                return min(spots)  # type: ignore[type-var]
        return (5, 5)

    def explain(self, key: str, tone: str = "bad", **values: object) -> None:
        seats = tuple((k, v) for k, v in values.items() if k == "name" and isinstance(v, int))
        rest = tuple((k, v) for k, v in values.items() if k != "name")
        self.model.passing = Message(key, tone, rest, seats)
        self.model.timers.start("passing", PASSING_SECONDS)

    def _explain(self, problem: IllegalActionError) -> None:
        self.model.passing = Message(
            f"kopf_reason.{problem.code}", "bad", tuple(problem.details.items())
        )
        self.model.timers.start("passing", PASSING_SECONDS)

    def _square(self, row: int, col: int) -> None:
        m = self.model
        state = self.state
        if state.is_over():
            self.explain("kopf.over_already")
            return
        seat = m.human_to_play()
        if seat is None:
            self.explain("game.bot_turn", name=state.current_player)
            return
        if state.punishing:
            self.attempt(Remove(row, col))
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
            self.explain("kopf.choose_piece", name=seat)
            return
        if not self.attempt(Move(*m.selected, row, col)):
            self.flash = (row, col)
            m.timers.start("flash", FLASH_SECONDS)

    def attempt(self, action: Action) -> bool:
        problem = self.state.problem(action)
        if problem is not None:
            self._explain(problem)
            return False
        self.apply(action)
        return True

    # ------------------------------------------------------------------ changes
    def apply(self, action: Action) -> None:
        before = self.game
        after = before.apply(action)
        self._change(after, narrate(before.state, action, after.state), action)

    def undo(self) -> None:
        game = self.game
        if not game.can_undo:
            self.explain("kopf.nothing_to_undo", tone="accent")
            return
        seat = game.undo_seat
        undone = game.undo()
        self._change(undone, (undo_note(seat),), None)

    def _change(self, game: Any, notes: Sequence[Note], action: Action | None) -> None:
        """The one way the game changes: the log, marks and timers follow, then the autosave."""
        m = self.model
        before = m.state
        m.game = game
        after = game.state
        m.log.extend(notes)
        m.log_scroll = 0
        m.hint = None
        m.selected = None
        m.passing = None
        m.timers.since_change = 0.0
        m.timers.stop("passing")
        if self.bots.job is not None and self.bots.job.state is not after:
            self.bots.job = None
        if isinstance(action, Move):
            m.last_move = ((action.from_row, action.from_col), (action.to_row, action.to_col))
        elif action is None:
            m.last_move = None
        if action is not None:
            m.flights = self._flights(before, after, action)
            if m.flights:
                m.timers.start("strike", STRIKE_SECONDS * self.speed())
        if after.is_over() and not before.is_over():
            m.timers.start("over", OVER_SECONDS * self.speed())
        effect = self._effect(before, after, action)
        if effect is not None:
            self.sound(effect)
        self.on_change(game)

    @staticmethod
    def _effect(before: KopfState, after: KopfState, action: Action | None) -> str | None:
        """The one sound a change makes, the weightiest: a win, a strike, else a move."""
        if action is None:
            return None  # an undo, a lesson started again
        if after.is_over() and not before.is_over():
            outcome = after.outcome()
            if outcome is not None and outcome.winner is not None:
                return "win"
        taken = (after.captured(p) - before.captured(p) for p in (0, 1))
        if any(n > 0 for n in taken):  # struck or punished pieces, off to the tray
            return "strike"
        return "move" if isinstance(action, Move) else None

    @staticmethod
    def _flights(before: KopfState, after: KopfState, action: Action) -> list[Flight]:
        """The pieces this change captured, each bound for its captor's tray."""
        flights = []
        mover = before.to_move
        for player in (0, 1):
            pieces = before.pieces(player)
            if isinstance(action, Move) and player == mover:  # where the moved piece went
                start, end = (action.from_row, action.from_col), (action.to_row, action.to_col)
                pieces = (pieces - {start}) | {end}
            gone = pieces - after.pieces(player)
            captor = 1 - player
            first = before.captured(captor)
            for k, spot in enumerate(sorted(gone)):  # type: ignore[type-var]
                flights.append(Flight(spot, player, first + k))  # type: ignore[arg-type]
        return flights

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        m = self.model
        ended = m.timers.tick(dt)
        if "strike" in ended:
            m.flights = []
        if "flash" in ended:
            self.flash = None
        if "passing" in ended:
            m.passing = None
        moved = self._auto_pass() or self._drive_bots(dt)
        waiting = self._collect_hint()  # after this frame's moves, which clear a hint
        animating = any(m.timers.running(name) for name in ANIMATED)
        return bool(ended) or animating or moved or waiting

    def _auto_pass(self) -> bool:
        """A person who cannot move passes, after a beat that says so."""
        m = self.model
        seat = m.human_to_play()
        if seat is None or m.flights or self.state.legal_actions() != [PASS]:
            return False
        if m.timers.since_change < PASS_SECONDS * self.speed():
            if m.passing is None:
                self.explain("kopf.must_pass", tone="accent", name=seat)
            return True
        self.apply(PASS)
        return True

    def _drive_bots(self, dt: float) -> bool:
        m = self.model
        state = self.state
        job = self.bots.job
        if state.is_over() or m.flights:
            return False
        if job is None:
            player = self.bots.next_seat(state)
            if player is None:
                return False
            self.bots.ask(state, player)
            return True
        job.waited += dt
        done = job.future.done()
        m.thinking = job.player if job.waited > THINKING_AFTER and not done else None
        if not done or m.timers.since_change < BOT_DELAY * self.speed():
            return True
        action, failed = self.bots.answer(state, lambda: state.legal_actions())
        if failed:
            self.explain("errors.bot_failed")
        m.thinking = None
        self.apply(action)
        return True

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        seat = self.model.human_to_play()
        if seat is None:
            self.explain("game.no_hint")
            return
        self.hints.ask(self.state, seat)
        self.model.hint_waiting = True

    def _collect_hint(self) -> bool:
        """Pick up a finished hint if it is still about the current state."""
        return self.hints.poll(self.model, self.state, self.model.human_to_play())
