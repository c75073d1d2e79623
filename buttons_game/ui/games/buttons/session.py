"""A game at the table: intents become engine actions, bots decide, the dice fall.

Every change of the game goes through ``TableSession._change``, which also keeps
the log, the marks and the timers in step and hands the new game to ``on_change``
(the app autosaves it). The session has no widgets and draws nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Action,
    Dice,
    GameState,
    IllegalActionError,
    OptOut,
    Phase,
    Place,
    PlaceStar,
    Roll,
    RoundScore,
    Skip,
    Status,
)
from buttons_game.games.buttons.engine.board import bit
from buttons_game.games.buttons.game import Game
from buttons_game.games.buttons.narration import Note, narrate, narrate_history, undo_note
from buttons_game.ui.games.buttons import intents as do
from buttons_game.ui.play.thinking import buttons_bots, buttons_hints
from buttons_game.ui.sound import Play, silent

from .model import Message, TableModel, TutorialCard, round_not_started

ROLL_SECONDS = 0.7  # the dice in the air, at normal speed
BUST_SECONDS = 1.6  # a bust's own beat after the dice land
FADE_SECONDS = 0.9
OVER_SECONDS = 1.2  # the last star lies on the board before the game-over screen
FLASH_SECONDS = 0.6
PASSING_SECONDS = 4.0
BOT_DELAY = 0.6  # seconds between visible bot decisions, at normal speed
GOLD_DELAY = 0.3  # a bot's optional gold placement
THINKING_AFTER = 0.15
SHOW_ME_MIN = 0.1  # --show-me: the shortest beat before the tutorial's next decision
SHOW_ME_FRAMES = 4  # ... and the fewest frames  # a bot thinking longer than this is announced
ANIMATED = ("roll", "fade", "flash")


class TableScript(Protocol):
    """A scripted table (the tutorial): its dice, what it refuses, what it shows.

    ``show_me`` is the decision that does the current step (None: nothing to do);
    ``restart`` is the game at the start of the current step.
    """

    def dice(self, game: Game) -> Dice: ...
    def refusal(self, state: GameState, action: Action) -> str | None: ...
    def card(self, state: GameState) -> TutorialCard | None: ...
    def show_me(self, state: GameState) -> Action | None: ...
    def restart(self, game: Game) -> Game: ...


class TableSession:
    """One game being played at the table, shared by the table, summary and star screens."""

    def __init__(
        self,
        game: Game,
        *,
        speed: Callable[[], float],
        on_change: Callable[[Game], None],
        script: TableScript | None = None,
        sound: Play = silent,
    ) -> None:
        """``sound`` plays an effect by name (the app's sound layer); silent by default."""
        state = game.state
        self.model = TableModel(game, log=narrate_history(state.setup, state.history()))
        self.script = script
        self.autoplay = False  # --show-me: the tutorial plays itself, a beat per decision
        self.frames_shown = 0  # frames since the last change (--show-me waits for a few)
        self.model.tutorial = script.card(state) if script is not None else None
        self.speed = speed
        self.on_change = on_change
        self.sound = sound
        self.bots = buttons_bots(game)
        self.hints = buttons_hints()
        # Spinning faces and jitter have their own randomness: they never touch the dice.
        self.decor = random.Random()
        if round_not_started(state) and not state.is_over():
            self.model.round_start = state.active_player
        if state.is_chance_node():
            self.model.timers.start("roll", ROLL_SECONDS * speed())
        if state.phase is Phase.STARS:
            self.model.summary_due = state.round_scores()[-1]  # resumed at a scoring: show it

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        return self.model.game

    @property
    def state(self) -> GameState:
        return self.model.game.state

    @property
    def over_ready(self) -> bool:
        """The game is over and its last moment has been shown."""
        return self.state.is_over() and not self.model.timers.running("over")

    @property
    def summary_ready(self) -> bool:
        """A scored round waits for its summary, and no bust is being shown."""
        return self.model.summary_due is not None and self.model.busted is None

    @property
    def in_tutorial(self) -> bool:
        """A tutorial step (or its closing text) is showing: H shows, U starts the step again."""
        return self.script is not None and self.model.tutorial is not None

    def take_summary(self) -> RoundScore | None:
        """The scored round the summary screen shows now (it is shown once)."""
        score, self.model.summary_due = self.model.summary_due, None
        return score

    def close(self) -> None:
        """Leave the table for good: stop the bot and hint threads."""
        self.bots.close()
        self.hints.close()

    # ------------------------------------------------------------------ intents
    def perform(self, intent: do.Intent) -> None:
        """Carry out what a person meant; explain in a passing word when the rules say no."""
        m = self.model
        state = self.state
        if isinstance(intent, do.Point):
            m.pointer = intent.pos
            m.hover = intent.space if intent.space and self._placeable(intent.space) else None
        elif isinstance(intent, do.Roll):
            self._human_turn(ROLL)
        elif isinstance(intent, do.OptOut):
            self._human_turn(OPT_OUT)
        elif isinstance(intent, do.Gold):
            self._gold(intent)
        elif isinstance(intent, do.Space):
            self._space(intent.seat, intent.row, intent.col)
        elif isinstance(intent, do.Column):
            a = state.active_player
            if state.phase is Phase.PLACING and state.dice and m.is_human(a):
                self._space(a, state.dice.white, intent.col)
        elif isinstance(intent, do.Undo):
            if self.in_tutorial:
                self.restart()
            else:
                self.undo()
        elif isinstance(intent, do.Hint):
            if self.in_tutorial:
                self.show_me()
            else:
                self.request_hint()
        elif isinstance(intent, do.MoveCursor):
            self._move_cursor(intent.drow, intent.dcol)
        elif isinstance(intent, do.Proceed):
            seat = m.acting_seat()
            if seat is not None and m.cursor and m.cursor[0] == seat:
                self._space(*m.cursor)
            elif seat is not None:
                self._move_cursor(0, 0)
        elif isinstance(intent, do.ScrollLog):
            m.log_scroll = min(max(0, m.log_scroll + intent.lines), max(0, len(m.log) - 1))

    def explain(self, key: str, tone: str = "bad", seat: int | None = None) -> None:
        """A passing word; ``seat`` fills the text's %{name}."""
        self._say(key, tone, {} if seat is None else {"seat": seat})

    def _say(self, key: str, tone: str, details: Mapping[str, object]) -> None:
        values = tuple((k, v) for k, v in details.items() if k != "seat")
        seats = (("name", details["seat"]),) if isinstance(details.get("seat"), int) else ()
        self.model.passing = Message(key, tone, values, seats)  # type: ignore[arg-type]
        self.model.timers.start("passing", PASSING_SECONDS)

    def _explain_problem(self, problem: IllegalActionError) -> None:
        self._say(f"reason.{problem.code}", "bad", problem.details)

    def _human_turn(self, action: Action) -> None:
        state = self.state
        if state.phase is Phase.TURN and not self.model.is_human(state.active_player):
            self.explain("game.bot_turn", seat=state.active_player)
            return
        self.attempt(action)

    def _gold(self, intent: do.Gold) -> None:
        state = self.state
        seat = intent.seat
        if seat is None:
            seats = self.model.gold_seats()
            if not seats:
                self.explain("game.no_gold_decision")
                return
            seat = seats[0]
        if state.phase is not Phase.PLACING or state.dice is None:
            self.explain("game.no_gold_decision")
            return
        dice = state.dice
        self.attempt(Place(seat, dice.white, dice.gold) if intent.place else Skip(seat))

    def _space(self, seat: int, row: int, col: int) -> None:
        m = self.model
        if not m.is_human(seat):
            self.explain("game.bot_board", seat=seat)
            return
        state = self.state
        action: Action = (
            PlaceStar(seat, row, col) if state.phase is Phase.STARS else Place(seat, row, col)
        )
        if not self.attempt(action):
            m.flash = (seat, row, col)
            m.timers.start("flash", FLASH_SECONDS)

    def attempt(self, action: Action) -> bool:
        """Apply ``action`` if the rules allow it, else say why (from the engine's code)."""
        problem = self.state.problem(action)
        if problem is not None:
            self._explain_problem(problem)
            return False
        script = self.script if self.in_tutorial else None
        refused = script.refusal(self.state, action) if script is not None else None
        if refused is not None:
            self.explain(refused, tone="accent")
            return False
        self.apply(action)
        return True

    # ------------------------------------------------------------------ a script
    def show_me(self) -> None:
        """The tutorial's step done for the player: its own decision, as if clicked."""
        assert self.script is not None
        action = self.script.show_me(self.state)
        if action is None or self.model.busted is not None or self.state.is_chance_node():
            self.explain("tutorial.nothing_to_show", tone="accent")
            return
        self.apply(action)

    def restart(self) -> None:
        """The tutorial's current step from its start."""
        assert self.script is not None
        game = self.script.restart(self.game)
        if game.state.history() == self.state.history():
            self.explain("tutorial.at_start", tone="accent")
            return
        self.model.log = narrate_history(game.state.setup, game.state.history())
        self._change(game, (), None)

    def _placeable(self, space: tuple[int, int, int]) -> bool:
        seat, row, col = space
        state = self.state
        if state.phase is not Phase.PLACING or not self.model.is_human(seat):
            return False
        return seat in state.pending_players and state.problem(Place(seat, row, col)) is None

    def _move_cursor(self, drow: int, dcol: int) -> None:
        m = self.model
        seat = m.acting_seat()
        if seat is None:
            return
        if m.cursor is None or m.cursor[0] != seat:
            first = self.state.legal_actions(seat)[0]
            m.cursor = (seat, first.row, first.col)  # type: ignore[union-attr]
            return
        _, row, col = m.cursor
        m.cursor = (seat, min(6, max(1, row + drow)), min(6, max(1, col + dcol)))

    # ------------------------------------------------------------------ changes
    def apply(self, action: Action) -> None:
        before = self.game
        after = before.apply(action)
        self._change(after, narrate(before.state, action, after.state), action)

    def undo(self) -> None:
        game = self.game
        if not game.can_undo:
            self.explain("game.nothing_to_undo", tone="accent")
            return
        seat = game.undo_seat
        undone = game.undo()
        taken = game.state.history()[len(undone.state.history())]
        assert seat is not None
        self._change(undone, (undo_note(seat, taken),), None)

    def _change(self, game: Game, notes: Sequence[Note], action: Action | None) -> None:
        """The one way the game changes: the log, marks and timers follow, then the autosave."""
        m = self.model
        before = m.game.state
        m.game = game
        after = game.state
        m.log.extend(notes)
        m.log_scroll = 0
        m.hint = None
        m.hover = None
        m.flash = None
        m.passing = None
        m.timers.since_change = 0.0
        m.timers.stop("passing")
        m.busted = None  # a move after a bust ends its beat early
        m.timers.stop("bust")
        speed = self.speed()
        if self.bots.job is not None and self.bots.job.state is not after:
            self.bots.job = None  # a bot's answer for an older state is dropped
        actor = getattr(action, "player", None)
        if isinstance(action, (Roll, OptOut)):
            actor = before.active_player
        if actor is not None and actor == m.round_start:
            m.round_start = None
        if isinstance(action, (Place, PlaceStar)) and not m.is_human(action.player):
            m.last_move[action.player] = (action.row, action.col)  # a bot's latest button
        m.last_move = {  # a marker goes with its button (a bust, the end of a round)
            p: (row, col)
            for p, (row, col) in m.last_move.items()
            if (after.button_mask(p) | after.star_mask(p)) & bit(row, col)
        }
        if isinstance(action, Roll):
            m.timers.start("roll", ROLL_SECONDS * speed)
        if isinstance(action, Dice):
            m.spin = None
            a = before.active_player
            if after.status(a) is Status.BUSTED and before.status(a) is Status.IN_ROUND:
                m.fading = {a: before.button_mask(a)}
                m.busted = a
                m.timers.start("fade", FADE_SECONDS * speed)
                m.timers.start("bust", BUST_SECONDS * speed)
        if len(after.round_scores()) > len(before.round_scores()):
            m.summary_due = after.round_scores()[-1]
        elif len(after.round_scores()) < len(before.round_scores()):
            m.summary_due = None  # an undo took the scoring back
        if after.round_number != before.round_number or after.is_over():
            m.last_move.clear()
        if action is None or after.round_number != before.round_number:
            m.round_start = (
                after.active_player if round_not_started(after) and not after.is_over() else None
            )
        if after.is_over() and not before.is_over():
            m.timers.start("over", OVER_SECONDS * speed)
        m.cursor = self._cursor_after(m.cursor, after)
        self.frames_shown = 0
        if self.script is not None:
            m.tutorial = self.script.card(after)
        effect = self._effect(before, after, action)
        if effect is not None:
            self.sound(effect)
        self.on_change(game)

    @staticmethod
    def _effect(before: GameState, after: GameState, action: Action | None) -> str | None:
        """The one sound a change makes, the weightiest: a win, a bust, else the action's own."""
        if after.is_over() and not before.is_over():
            outcome = after.outcome()
            if outcome is not None and outcome.winners:
                return "win"
        if isinstance(action, Dice):
            a = before.active_player
            busted = after.status(a) is Status.BUSTED and before.status(a) is Status.IN_ROUND
            return "bust" if busted else None
        if isinstance(action, Roll):
            return "roll"
        if isinstance(action, Place):
            return "place"
        if isinstance(action, PlaceStar):
            return "star"
        if isinstance(action, OptOut):
            return "opt_out"
        return None  # a skip, an undo, a tutorial step started again

    @staticmethod
    def _cursor_after(
        cursor: tuple[int, int, int] | None, state: GameState
    ) -> tuple[int, int, int] | None:
        """The keyboard cursor stays with a seat that still decides, on a space it may use."""
        if cursor is None or cursor[0] not in state.pending_players:
            return None
        seat, row, col = cursor
        spaces = [
            (a.row, a.col) for a in state.legal_actions(seat) if isinstance(a, (Place, PlaceStar))
        ]
        if not spaces or (row, col) in spaces:
            return cursor
        near = min(spaces, key=lambda rc: (abs(rc[0] - row) + abs(rc[1] - col), rc))
        return (seat, *near)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """Advance the clocks, land the dice, let the bots decide; True while anything moves."""
        m = self.model
        ended = m.timers.tick(dt)
        if "flash" in ended:
            m.flash = None
        if "fade" in ended:
            m.fading = {}
        if "bust" in ended:
            m.busted = None
        if "passing" in ended:
            m.passing = None
        state = self.state
        if state.is_chance_node():
            if m.timers.running("roll"):
                self._spin(state)
            else:
                dice = self.script.dice(self.game) if self.script else self.game.roll_dice()
                self.apply(dice)
                ended.append("landed")
        moved = self._drive_bots(dt) or self._autoplay()
        waiting_hint = self._collect_hint()  # after this frame's moves, which clear a hint
        animating = any(m.timers.running(name) for name in ANIMATED)
        return bool(ended) or animating or moved or waiting_hint

    def _autoplay(self) -> bool:
        """--show-me: the tutorial's own decision for the player, a beat after each change."""
        m = self.model
        if not self.autoplay or not self.in_tutorial or self.script is None:
            return False
        if m.busted is not None or m.summary_due is not None or self.state.is_chance_node():
            return False
        action = self.script.show_me(self.state)
        if action is None:
            return False
        # a beat to read each step (and a few frames even at --fast, so each is drawn)
        self.frames_shown += 1
        beat = max(SHOW_ME_MIN, BOT_DELAY * 2 * self.speed())
        if m.timers.since_change < beat or self.frames_shown < SHOW_ME_FRAMES:
            return True
        self.apply(action)
        return True

    def _spin(self, state: GameState) -> None:
        r = self.decor
        n = state.plain_dice_in_hand
        self.model.spin = Dice(
            r.randint(1, 6), r.randint(1, 6), tuple(r.randint(1, 6) for _ in range(n))
        )
        self.model.jitter = (r.randint(-3, 3), r.randint(-3, 3))

    def _drive_bots(self, dt: float) -> bool:
        """Ask the next bot for its decision and apply it after a visible pause."""
        m = self.model
        state = self.state
        job = self.bots.job
        if m.busted is not None or state.is_over() or m.summary_due is not None:
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
        delay = BOT_DELAY if job.player == state.active_player else GOLD_DELAY
        if not done or m.timers.since_change < delay * self.speed():
            return True
        action, failed = self.bots.answer(state, lambda: state.legal_actions(job.player))
        if failed:
            self.explain("errors.bot_failed")
        m.thinking = None
        self.apply(action)
        return True

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        seat = self.model.hint_seat()
        if seat is None:
            self.explain("game.no_hint")
            return
        self.hints.ask(self.state, seat)
        self.model.hint_waiting = True

    def _collect_hint(self) -> bool:
        """Pick up a finished hint if it is still about the current state."""
        return self.hints.poll(self.model, self.state, self.model.hint_seat())


__all__ = ["TableSession"]
