"""A game of BUTTONS at the table: the kit's session with the dice, the gold space,
the stars, the busts and the tutorial's script.

The game is played on a ``Match``: the dice are its (the game's stream, or the
tutorial's script as its chance source), the bots are its seats. Every change it tells
goes through the kit's ``PlaySession._change``; ``changed`` keeps BUTTONS' marks and
timers in step. The session has no widgets and draws nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from buttons_game.core.control import seat_controls
from buttons_game.core.events import Happened
from buttons_game.core.kind import find_kind
from buttons_game.core.match import Match, Scripted
from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.bots.hint import Hint, hint
from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Action,
    Dice,
    GameState,
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
from buttons_game.games.buttons.happened import OVER, ButtonsHappened
from buttons_game.games.buttons.narration import Note, narrate_history, undo_note
from buttons_game.ui.games.buttons import intents as do
from buttons_game.ui.play.session import BOT_DELAY, PlaySession, not_yours
from buttons_game.ui.play.speech import TableVoice
from buttons_game.ui.play.thinking import HintDesk
from buttons_game.ui.sound import Play, Timed, silent

from .ending import celebration
from .model import TableModel, Tumble, TutorialCard, round_not_started
from .speech import ButtonsReader

ROLL_SECONDS = 0.7  # the dice in the air, at normal speed
LAND_SECONDS = 0.3  # ... then they settle with a small bounce
SLIDE_SECONDS = 0.35  # a button slides from its seat's supply to its space
STAR_SECONDS = 0.5  # a star placed drops onto its button and bounces a little
POP_SECONDS = 0.9  # at a scoring, three of a colour pop into a star ...
POP_STAGGER = 0.2  # ... one colour after the other
SHAKE_SECONDS = 0.5  # a bust shakes its board ...
FADE_SECONDS = 0.9  # ... and its buttons go back to the supply
TRAIL_SECONDS = 1.4  # a bot's button or star stays marked this long, fading
BUST_SECONDS = 1.6  # a bust's own beat after the dice land
GOLD_DELAY = 0.3  # a bot's optional gold placement
SHOW_ME_MIN = 0.1  # --show-me: the shortest beat before the tutorial's next decision
SHOW_ME_FRAMES = 4  # ... and the fewest frames


# The log's notes of what a decision brought about (``narration``'s aftermath): an undo
# of the decision takes them out of the log.
BROUGHT_ABOUT = frozenset({"pass", "again", "round_over", "scored", "new_round"})
# What waits for a scored round's summary: the moves of a round, and the advice or the
# tutorial's "Show me" for them.
SUMMARY_FIRST = (do.Roll, do.OptOut, do.Gold, do.Space, do.Column, do.Proceed, do.Hint, do.ShowMe)


def scored_table(before: GameState, dice: Dice, after: GameState) -> GameState:
    """The table of a round that ended with nobody earning a star, as it was scored.

    The last seat in the round busted, so the engine scored the round and cleared it for
    the next one in the same step. The scored table is the state before that roll with
    the roll played as if one more seat were still in: the last seat's buttons gone, its
    dice in its depot; every seat then shows its status of the scoring and nobody is due
    a decision. It is for showing only (it has no history).
    """
    last = before.active_player
    other = next(p for p in range(before.players) if p != last)
    status = [before.status(p) for p in range(before.players)]
    status[other] = Status.IN_ROUND  # the round goes on past the bust, for a moment
    bust = before._replace(status=tuple(status)).apply_unchecked(dice)
    score = after.round_scores()[-1]
    return bust._replace(
        status=tuple(seat.status for seat in score.seats),
        active=last,
        phase=Phase.STARS,
        pending=(),
        dice=None,
    )


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


def buttons_match(
    game: Game,
    script: TableScript | None = None,
    gate: Callable[[GameState, Action, GameState], str | None] | None = None,
) -> Match:
    """A game of BUTTONS played at the table: its bots seeded from the game's seed, seat by
    seat, thinking on a worker; the dice from the game's stream or the tutorial's script."""
    controls = seat_controls(game.seats, make_bot, game.state.setup.seed)
    chance = Scripted(script.dice) if script is not None else None
    kind = find_kind(game.kind)
    return Match(game, controls, kind=kind, chance=chance, gate=gate, worker=True)


def buttons_hints() -> HintDesk[Hint]:
    """The hard bot's advice for BUTTONS, with the exact bust chance."""
    adviser = make_bot("hard", 0)
    return HintDesk(lambda state, seat: hint(state, seat, adviser))  # type: ignore[arg-type]


class TableSession(PlaySession):
    """One game being played at the table, shared by the table, summary and star screens."""

    REASONS = "reason"
    NOTHING_TO_UNDO = "game.nothing_to_undo"
    ANIMATED = ("roll", "fade", "flash")
    SKIPPABLE = ("roll", "fade")
    KEY_SKIPPABLE = ("bust",)  # a bust's moment stays on a click, a key ends it
    model: TableModel

    def __init__(
        self,
        game: Game,
        *,
        speed: Callable[[], float],
        on_change: Callable[[Game], None],
        script: TableScript | None = None,
        sound: Play = silent,
        match: Any = None,
    ) -> None:
        """``sound`` plays an effect by name (the app's sound layer); silent by default.
        ``match``: the game's match when it is not the table's own (a networked game's)."""
        state = game.state
        model = TableModel(game, log=narrate_history(state.setup, state.history()))
        self.script = script
        super().__init__(
            model,
            speed=speed,
            on_change=on_change,
            match=match if match is not None else buttons_match(game, script, self._refusal),
            hints=buttons_hints(),
            sound=sound,
        )
        self.speech = TableVoice(self, ButtonsReader(self))
        self.autoplay = False  # --show-me: the tutorial plays itself, a beat per decision
        self.frames_shown = 0  # frames since the last change (--show-me waits for a few)
        self.model.tutorial = script.card(state) if script is not None else None
        # The dice's tumble has its own randomness: it never touches the dice rolled.
        self.decor = random.Random()
        if round_not_started(state) and not state.is_over():
            self.model.round_start = state.active_player
        if state.is_chance_node():
            self._throw(state)
        if state.phase is Phase.STARS:
            self.model.summary_due = state.round_scores()[-1]  # resumed at a scoring: show it

    # ------------------------------------------------------------------ reading
    @property
    def summary_ready(self) -> bool:
        """A scored round waits for its summary, and no bust or star popping is being shown."""
        m = self.model
        return m.summary_due is not None and m.busted is None and not m.motions.running("pop")

    @property
    def in_tutorial(self) -> bool:
        """A tutorial step (or its closing text) is showing: H shows, U starts the step again."""
        return self.script is not None and self.model.tutorial is not None

    def take_summary(self) -> RoundScore | None:
        """The scored round the summary screen shows now (it is shown once)."""
        score, self.model.summary_due = self.model.summary_due, None
        return score

    def summary_closed(self) -> None:
        """The round's summary (and the coach's review) closed: from now on the table shows
        the game as it is, the next round's cleared boards included."""
        m = self.model
        m.scoring_seen = True
        if m.scored is None:
            return
        m.scored = None
        state = self.state
        if round_not_started(state) and not state.is_over():
            m.round_start = state.active_player
        m.release_held()

    # ------------------------------------------------------------------ intents
    def perform(self, intent: Any) -> None:
        """In the tutorial, Undo starts the step again and Hint shows it."""
        if self.in_tutorial and isinstance(intent, do.Undo):
            intent = do.Restart()
        elif self.in_tutorial and isinstance(intent, do.Hint):
            intent = do.ShowMe()
        elif not self.in_tutorial and isinstance(intent, (do.Restart, do.ShowMe)):
            return  # the tutorial is over: its keys are Undo and Hint again
        if self.model.summary_due is not None and isinstance(intent, SUMMARY_FIRST):
            # The round is over and its summary comes first: a key or a click (the stars
            # popping already ended by it) only ends the bust's beat early; it never places
            # a star, asks a hint for one or starts the next round under the summary.
            self.model.busted = None
            self.model.timers.stop("bust")
            if isinstance(intent, (do.Hint, do.ShowMe)):
                self.explain("game.no_hint_round_over")
            return
        super().perform(intent)

    def perform_own(self, intent: Any) -> None:
        m = self.model
        state = self.state
        if isinstance(intent, do.ShowMe):
            self.show_me()
        elif isinstance(intent, do.Restart):
            self.restart()
        elif isinstance(intent, do.Point):
            m.pointer = intent.pos
            space = intent.space
            seat_space = (space[0], space[1], space[2]) if space else None
            m.hover = seat_space if seat_space and self._placeable(seat_space) else None
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
            if state.phase is Phase.PLACING and state.dice and m.here(a):
                self._space(a, state.dice.white, intent.col)
        elif isinstance(intent, do.MoveCursor):
            self._move_cursor(intent.drow, intent.dcol)
        elif isinstance(intent, do.Proceed):
            seat = m.acting_seat()
            if seat is not None and m.cursor and m.cursor[0] == seat:
                self._space(*m.cursor)
            elif seat is not None:
                self._move_cursor(0, 0)

    def _human_turn(self, action: Action) -> None:
        state = self.state
        if state.phase is Phase.TURN and not self.model.here(state.active_player):
            self.explain(not_yours(self.match, state.active_player), seat=state.active_player)
            return
        self.attempt(state.active_player, action)

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
        self.attempt(seat, Place(seat, dice.white, dice.gold) if intent.place else Skip(seat))

    def _space(self, seat: int, row: int, col: int) -> None:
        m = self.model
        if not m.here(seat):
            self.explain("game.bot_board", seat=seat)
            return
        state = self.state
        action: Action = (
            PlaceStar(seat, row, col) if state.phase is Phase.STARS else Place(seat, row, col)
        )
        if not self.attempt(seat, action):
            self.refuse((seat, row, col))

    def _refusal(self, state: GameState, action: Action, after: GameState) -> str | None:
        """The tutorial's reason for refusing a legal action (the match's gate)."""
        script = self.script if self.in_tutorial else None
        return script.refusal(state, action) if script is not None else None

    # ------------------------------------------------------------------ a script
    def show_me(self) -> None:
        """The tutorial's step done for the player: its own decision, as if clicked."""
        if self.script is None or self.model.summary_due is not None:
            return  # a scored round: its summary comes before any star is placed
        action = self.script.show_me(self.state)
        if action is None or self.model.busted is not None or self.state.is_chance_node():
            self.explain("tutorial.nothing_to_show", tone="accent")
            return
        self.attempt(self.game.actor(self.state, action), action)

    def restart(self) -> None:
        """The tutorial's current step from its start."""
        if self.script is None:
            return
        game = self.script.restart(self.game)
        if game.state.history() == self.state.history():
            self.explain("tutorial.at_start", tone="accent")
            return
        self.model.log = narrate_history(game.state.setup, game.state.history())
        self.match.reset(game)

    def _placeable(self, space: tuple[int, int, int]) -> bool:
        seat, row, col = space
        state = self.state
        if state.phase is not Phase.PLACING or not self.model.here(seat):
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
    def _change(
        self,
        game: Game,
        notes: Sequence[Note],
        action: Action | None,
        happened: Happened | None = None,
    ) -> None:
        """Lines held back for the summary join the log before a later move's (an undo,
        which takes the scoring back, drops them with it)."""
        if action is None:
            self.model.held = []
        else:
            self.model.release_held()
        super()._change(game, notes, action, happened)

    def undo_notes(self, seat: int, game: Game, undone: Game) -> Sequence[Note]:
        taken = game.state.history()[len(undone.state.history())]
        return (undo_note(seat, taken),)

    def kept_on_undo(self, notes: Sequence[Note]) -> Sequence[Note]:
        """A decision taken back keeps its own line in the log; what it brought about (the
        dice passing on, the round's end and its stars) goes."""
        return [note for note in notes if note.key not in BROUGHT_ABOUT]

    def changed(
        self,
        before: GameState,
        after: GameState,
        action: Action | None,
        happened: Happened | None,
    ) -> None:
        """BUTTONS' marks, timers and motions follow the change, as ``happened`` says: the
        dice, a button or a star placed, a bust, the round scored, a bot's move."""
        m = self.model
        m.hover = None
        m.busted = None  # a move after a bust ends its beat early
        m.timers.stop("bust")
        speed = self.speed()
        actor = getattr(action, "player", None)
        if isinstance(action, (Roll, OptOut)):
            actor = before.active_player
        if actor is not None and actor == m.round_start:
            m.round_start = None
        if isinstance(action, (Place, PlaceStar)) and not m.here(action.player):
            m.last_move[action.player] = (action.row, action.col)  # a bot's latest button
        m.last_move = {  # a marker goes with its button (a bust, the end of a round)
            p: (row, col)
            for p, (row, col) in m.last_move.items()
            if (after.button_mask(p) | after.star_mask(p)) & bit(row, col)
        }
        m.scored = None
        done = happened if isinstance(happened, ButtonsHappened) else None
        if done is not None and done.scored is not None:
            m.summary_due = done.scored
            m.scoring_seen = False
            if isinstance(action, Dice) and after.round_number != before.round_number:
                m.scored = scored_table(before, action, after)  # nobody earned a star
                m.hold_next_round()
        elif len(after.round_scores()) < len(before.round_scores()):
            m.summary_due = None  # an undo took the scoring back
        if action is None:
            m.motions.finish()  # an undo or a step started again: everything at rest
            m.forget_bot_move()
        elif actor is not None and m.here(actor):
            m.forget_bot_move()
        elif actor is not None:
            bot_moved(m, actor, action, speed)
        if isinstance(action, Roll):
            self._throw(after)
        if isinstance(action, Place):
            m.motions.start("slide", (action.player, action.row, action.col), SLIDE_SECONDS * speed)
        if isinstance(action, PlaceStar):
            m.motions.start("star", (action.player, action.row, action.col), STAR_SECONDS * speed)
        if isinstance(action, Dice):
            m.tumble = None
            m.motions.start("land", "dice", LAND_SECONDS * speed)
            a = None if done is None else done.busted
            if a is not None:
                m.fading = {a: before.button_mask(a)}
                m.busted = a
                m.timers.start("fade", FADE_SECONDS * speed)
                m.timers.start("bust", BUST_SECONDS * speed)
                m.motions.start("shake", a, SHAKE_SECONDS * speed)
        if done is not None and done.scored is not None:
            pop(m, done.scored, speed)
        if after.round_number != before.round_number or after.is_over():
            m.last_move.clear()
        if action is None or after.round_number != before.round_number:
            m.round_start = (
                after.active_player
                if round_not_started(after) and not after.is_over() and m.scored is None
                else None
            )
        if after.is_over() and not before.is_over():
            self.celebrate(celebration(after, m.names))  # the last star lands as it begins
        m.cursor = cursor_after(m.cursor, after)
        self.frames_shown = 0
        if self.script is not None:
            m.tutorial = self.script.card(after)

    def effect(self, happened: Happened, after: GameState) -> str | None:
        """The change's cue as the table plays it: the game's end its celebration's own
        sound, the roll's rattle as long as the dice are in the air."""
        cue = happened.cue
        if cue == OVER:
            return celebration(after, self.model.names).sound
        if cue == "roll":
            return Timed("roll", ROLL_SECONDS * self.speed())
        return cue

    # ------------------------------------------------------------------ time
    def timer_ended(self, name: str) -> None:
        if name == "fade":
            self.model.fading = {}
        elif name == "bust":
            self.model.busted = None
        else:
            super().timer_ended(name)

    def advance(self, dt: float) -> bool:
        """The dice land, then the bots decide (or the tutorial plays itself)."""
        landed = self._land_dice()
        return self._drive_bots(dt) or self._autoplay() or landed

    def hurry(self, key: bool = False) -> None:
        """A click or a key: the dice in the air land now (their rattle cut to the landing),
        and everything else in motion arrives."""
        cut_short = self.model.timers.left("roll") > 0
        super().hurry(key)
        if cut_short and self.state.is_chance_node():
            self.sound(Timed("roll", 0.0))  # the landing alone, over the rattle
        self._land_dice()

    def _land_dice(self) -> bool:
        """The dice in the air tumble; once their time is up they land (True), as soon as
        the match has them."""
        if not self.state.is_chance_node() or self.model.timers.running("roll"):
            return False
        return self.match.advance()

    def bots_wait(self) -> bool:
        m = self.model
        return m.busted is not None or m.summary_due is not None

    def bot_delay(self, seat: int) -> float:
        """A bot's move waits a beat after the last change; in the tutorial each of Bo's
        moves has a whole one, so it never lands together with the player's."""
        if seat == self.state.active_player or self.in_tutorial:
            return BOT_DELAY
        return GOLD_DELAY

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
        self.attempt(self.game.actor(self.state, action), action)
        return True

    def _throw(self, state: GameState) -> None:
        """The dice go up: they land after ``ROLL_SECONDS`` (times the speed), tumbling
        across the panel meanwhile, each on its own way (the decor's randomness, not the
        game's: the dice rolled stay the same at any speed)."""
        m = self.model
        seconds = ROLL_SECONDS * self.speed()
        m.timers.start("roll", seconds)
        m.tumble = None
        if seconds <= 0:
            return
        # The dice that will land are known now (the same whenever they are drawn), so
        # each die comes to rest showing its own face: it lands without a jump.
        dice = self.match.peek_chance()
        if dice is None:
            return  # not arrived yet: they land once they do
        landing = (dice.white, dice.gold, *dice.plain)
        r = self.decor
        m.tumble = Tumble(
            starts=tuple((r.uniform(0.0, 0.3), r.uniform(0.15, 0.85)) for _ in landing),
            turns=tuple(r.choice((-1, 1)) * r.uniform(330, 600) for _ in landing),
            faces=tuple((face, *(r.randint(1, 6) for _ in range(7))) for face in landing),
        )


def bot_moved(m: TableModel, seat: int, action: Action, speed: float) -> None:
    """A bot's move in words ("Bo placed a button at (3, 4)"), its space marked a moment."""
    if isinstance(action, (Place, PlaceStar)):
        key = "bot_move.place" if isinstance(action, Place) else "bot_move.star"
        space = (seat, action.row, action.col)
        m.bot_moved(seat, key, (space,), TRAIL_SECONDS * speed, row=action.row, col=action.col)
    elif isinstance(action, Roll):
        m.bot_moved(seat, "bot_move.roll")
    elif isinstance(action, OptOut):
        m.bot_moved(seat, "bot_move.opt_out")
    elif isinstance(action, Skip):
        m.bot_moved(seat, "bot_move.skip")


def pop(m: TableModel, score: RoundScore, speed: float) -> None:
    """The round is scored: each colour a seat covered three times pops into a star."""
    for seat, seat_score in enumerate(score.seats):
        for k, colour_name in enumerate(seat_score.colours):
            delay = k * POP_STAGGER * speed
            m.motions.start("pop", (seat, colour_name), POP_SECONDS * speed, delay)


def cursor_after(
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


__all__ = ["TableSession", "buttons_hints", "buttons_match", "cursor_after"]
