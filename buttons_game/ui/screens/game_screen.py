"""The game table: every seat's board, the dice tray, and the flow of a game.

Input becomes engine actions (checked ``apply``), bots decide in a worker thread,
and drawing only reads the state.
"""

from __future__ import annotations

import random
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import pygame
import pygame_gui

from buttons_game import saves
from buttons_game.bots import Bot, make_bot
from buttons_game.bots.hint import Hint, hint
from buttons_game.engine import (
    OPT_OUT,
    Action,
    Dice,
    GameState,
    OptOut,
    Phase,
    Place,
    PlaceStar,
    Skip,
    Status,
    sample_dice,
)
from buttons_game.engine.board import bit
from buttons_game.game import Game
from buttons_game.i18n import t, tk

from ..screen import Screen
from ..table import TableView, layout_boards
from .game_input import TableInput
from .game_view import TableDrawing
from .summary import SummaryOverlay

ROLL_SECONDS = 0.7
BOT_DELAY = 0.6  # seconds between visible bot decisions, at normal speed
GOLD_DELAY = 0.3  # a bot's optional gold placement, at normal speed
FADE_SECONDS = 0.9


@dataclass
class BotJob:
    player: int
    state: GameState
    future: Future
    waited: float = 0.0


class GameScreen(TableInput, TableDrawing, Screen):
    name = "game"

    def __init__(self, app, game: Game) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.game = game
        seed = app.options.seed
        self.bots: dict[int, Bot] = {
            p: make_bot(seat.bot, None if seed is None else seed * 10 + p)
            for p, seat in enumerate(game.seats)
            if seat.bot is not None
        }
        self.dice_rng = random.Random(seed)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.job: BotJob | None = None
        # Hints for people: the hard bot's advice, computed beside the bots' own thread.
        self.hint_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.hint_bot = make_bot("hard", 0)
        self.hint_job: tuple[GameState, Future] | None = None
        self.hint: Hint | None = None
        self.calm = 0.0
        self.clock = 0.0
        self.roll_left: float | None = None
        self.shown_dice: tuple[int, int, tuple[int, ...]] = (1, 1, (1, 1, 1, 1))
        self.messages: deque[tuple[str, str]] = deque(maxlen=8)
        self.fading: dict[int, list] = {}
        self.flash: tuple[int, int, int] | None = None
        self.flash_left = 0.0
        self.banner: tuple[str, float] | None = None
        self.over_left: float | None = None
        self.hover: tuple[int, int, int] | None = None
        self.cursor: tuple[int, int, int] | None = None
        self.die_rects: list[tuple[pygame.Rect, str]] = []
        self.summary: SummaryOverlay | None = None
        self.table = TableView()
        self.place_skip: dict[
            int, tuple[pygame_gui.elements.UIButton, pygame_gui.elements.UIButton]
        ] = {}
        self.app.current_game = game

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        side = int(max(280, min(360, w * 0.24)))
        pad = int(10 * s)
        self.side = pygame.Rect(w - side - pad, pad, side, h - 2 * pad)
        top = int(44 * s)
        self.board_area = pygame.Rect(pad, top, w - side - 3 * pad, h - top - pad)
        self.geometry = layout_boards(self.board_area, self.game.state.players, gap=pad)
        bw = self.side.width - 2 * pad
        bh = int(48 * s)
        dice_h = int(min(64, bw / 6.6))
        y = self.side.top + int(52 * s) + dice_h * 2 + int(30 * s)
        x = self.side.left + pad
        self.dice_top = self.side.top + int(48 * s)
        self.dice_size = dice_h
        self.roll_button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh),
                tk("game.roll"),
                manager=self.manager,
                object_id="#primary",
            )
        )
        self.opt_button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x, y + bh + int(8 * s), bw, bh),
                tk("game.opt_out"),
                manager=self.manager,
            )
        )
        half = (bw - int(8 * s)) // 2
        self.undo_button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x, y + 2 * (bh + int(8 * s)), half, int(bh * 0.8)),
                tk("game.undo"),
                manager=self.manager,
                tool_tip_text=tk("game.undo_tip"),
            )
        )
        self.hint_button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x + bw - half, y + 2 * (bh + int(8 * s)), half, int(bh * 0.8)),
                tk("game.hint"),
                manager=self.manager,
                tool_tip_text=tk("game.hint_tip"),
            )
        )
        self.text_top = y + 3 * bh + int(26 * s)
        self.menu_button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x, self.side.bottom - bh - pad, bw, bh),
                tk("game.menu"),
                manager=self.manager,
            )
        )
        self.place_skip = {}
        if self.summary:
            self.summary.build(self)
        self._refresh_widgets()

    def exit(self) -> None:
        super().exit()
        self.place_skip = {}

    def close(self) -> None:
        """Leave the game for good: stop the bot and hint threads."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.hint_executor.shutdown(wait=False, cancel_futures=True)

    def hint_seat(self) -> int | None:
        """The person a hint is for: the one deciding now at the table."""
        state = self.state
        if self.summary is not None:
            return None
        if state.phase is Phase.TURN:
            return state.active_player if self.is_human(state.active_player) else None
        return self.acting_seat()

    def request_hint(self) -> None:
        seat = self.hint_seat()
        if seat is None or self.hint_job is not None:
            return
        state = self.state
        future = self.hint_executor.submit(hint, state, seat, self.hint_bot)  # type: ignore[arg-type]
        self.hint_job = (state, future)

    def _collect_hint(self) -> bool:
        """Pick up a finished hint if it is still about the current state."""
        if self.hint_job is None:
            return False
        state, future = self.hint_job
        if not future.done():
            return True
        self.hint_job = None
        if state is self.state:
            try:
                self.hint = future.result()
            except Exception as error:  # advice must never stop the game
                print(f"buttons-game: hint failed: {error!r}")
        return True

    def screenshot_key(self) -> str:
        state = self.game.state
        key = f"game-{state.players}p-{state.phase.value}"
        if self.summary:
            key += "-summary"
        if self.fading:
            key += "-bust"
        return key

    # --------------------------------------------------------------- helpers
    @property
    def state(self) -> GameState:
        return self.game.state

    def name_of(self, player: int) -> str:
        return self.game.seats[player].name

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.game.seats[player].is_human

    def human_pending(self) -> list[int]:
        return [p for p in self.state.pending_players if self.is_human(p)]

    def say(self, message: str, tint: str = "text_dim") -> None:
        self.messages.appendleft((message, tint))

    # ------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        old = self.state
        self.game = self.game.apply(action)
        self.app.current_game = self.game
        self._describe(old, action)
        self.calm = 0.0
        self.hover = None
        self.hint = None
        self.app.autosave(self.game)
        self._refresh_widgets()

    def _describe(self, old: GameState, action: Action) -> None:
        new = self.state
        if isinstance(action, OptOut):
            self.say(t("game.opted_out", name=self.name_of(old.active_player)), "accent")
        elif isinstance(action, Place):
            self.say(
                t("game.placed", name=self.name_of(action.player), row=action.row, col=action.col)
            )
        elif isinstance(action, Skip):
            self.say(t("game.skips", name=self.name_of(action.player)))
        elif isinstance(action, PlaceStar):
            self.say(
                t(
                    "game.star_placed",
                    name=self.name_of(action.player),
                    row=action.row,
                    col=action.col,
                )
            )
        elif isinstance(action, Dice):
            self.shown_dice = (action.white, action.gold, action.plain)
            a = old.active_player
            if new.status(a) is Status.BUSTED and old.status(a) is Status.IN_ROUND:
                self.fading[a] = [old.button_mask(a), 1.0]
                self.say(t("game.bust", name=self.name_of(a)), "bad")
            gold = bit(action.white, action.gold)
            skipped = [
                self.name_of(p)
                for p in range(old.players)
                if p != a and old.status(p) is Status.IN_ROUND and not old.legal_mask(p) & gold
            ]
            if skipped:
                self.say(
                    t(
                        "game.skipped_no_space",
                        names=", ".join(skipped),
                        row=action.white,
                        col=action.gold,
                    )
                )
        if len(new.round_scores()) > len(old.round_scores()):
            self.summary = SummaryOverlay(new.round_scores()[-1], self.game)
            self.summary.build(self)
        if new.round_number > old.round_number and not new.is_over():
            start = new.active_player
            self.banner = (t("game.new_round", n=new.round_number, name=self.name_of(start)), 3.0)
            self.shown_dice = (1, 1, (1, 1, 1, 1))

    # ------------------------------------------------------------ widgets
    def _refresh_widgets(self) -> None:
        if not self.widgets:
            return
        state = self.state
        human_turn = (
            state.phase is Phase.TURN
            and self.is_human(state.active_player)
            and self.summary is None
        )
        for b, allowed in (
            (self.roll_button, human_turn),
            (self.opt_button, human_turn and OPT_OUT in state.legal_actions()),
            (self.undo_button, self.summary is None and saves.can_undo(self.game)),
            (self.hint_button, self.hint_seat() is not None),
        ):
            if allowed:
                b.enable()
            else:
                b.disable()
        wanted = set()
        if state.phase is Phase.PLACING and self.summary is None:
            wanted = {p for p in self.human_pending() if p != state.active_player}
        for p in list(self.place_skip):
            if p not in wanted:
                for b in self.place_skip.pop(p):
                    b.kill()
                    self.widgets.remove(b)
        for p in wanted - set(self.place_skip):
            area = self.geometry[p].actions
            bw = area.width // 2 - 4
            bh = max(26, area.height - 4)
            place = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(area.left, area.top + 2, bw, bh),
                    tk("game.place"),
                    manager=self.manager,
                    object_id="#seat_place",
                    tool_tip_text=tk("game.place_tip"),
                )
            )
            skip = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(area.left + bw + 8, area.top + 2, bw, bh),
                    tk("game.skip"),
                    manager=self.manager,
                    object_id="#seat_skip",
                    tool_tip_text=tk("game.skip_tip"),
                )
            )
            self.place_skip[p] = (place, skip)

    # ---------------------------------------------------------------- input
    def update(self, dt: float) -> bool:
        while self.app.toasts:
            self.say(self.app.toasts.pop(0), "accent")
        if self._collect_hint():
            return True
        factor = self.app.animation_factor
        self.clock += dt
        self.calm += dt
        busy = False
        for p in list(self.fading):
            self.fading[p][1] -= dt / max(0.05, FADE_SECONDS * factor)
            if self.fading[p][1] <= 0:
                del self.fading[p]
            busy = True
        if self.flash:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.flash = None
            busy = True
        if self.banner:
            left = self.banner[1] - dt / max(0.3, factor or 0.3)
            self.banner = (self.banner[0], left) if left > 0 else None
            busy = True
        if self.summary:
            if self.summary.update(dt, self):
                busy = True
            return busy or self.job is not None
        state = self.state
        if state.is_over():
            if self.over_left is None:
                self.over_left = 1.2 * factor
            self.over_left -= dt
            if self.over_left <= 0:
                self._game_over()
            return True
        if state.is_chance_node():
            if self.roll_left is None:
                self.roll_left = ROLL_SECONDS * factor
            self.roll_left -= dt
            n = state.plain_dice_in_hand
            r = self.dice_rng
            self.shown_dice = (
                r.randint(1, 6),
                r.randint(1, 6),
                tuple(r.randint(1, 6) for _ in range(n)),
            )
            if self.roll_left <= 0:
                self.roll_left = None
                self.apply(sample_dice(state, self.dice_rng))
            return True
        return self._drive_bots(dt) or busy

    def _drive_bots(self, dt: float) -> bool:
        """Ask the next bot for its decision and apply it after a visible pause."""
        state = self.state
        job = self.job
        if job is not None:
            job.waited += dt
            if not job.future.done():
                return True
            if job.state is not state:
                self.job = None  # the state moved on (undo, a human acted): ask again
                return True
            delay = BOT_DELAY if job.player == state.active_player else GOLD_DELAY
            if self.calm < delay * self.app.animation_factor:
                return True
            try:
                action = job.future.result()
                if action not in state.legal_actions(job.player):
                    raise ValueError(f"bot chose an illegal action {action!r}")
            except Exception as error:  # a bot must never stop the game
                self.say(t("errors.bot_failed"), "bad")
                print(f"buttons-game: bot of seat {job.player} failed: {error!r}")
                action = random.choice(state.legal_actions(job.player))
            self.job = None
            self.apply(action)
            return True
        player = self._next_bot(state)
        if player is None:
            return False
        bot = self.bots[player]
        self.job = BotJob(player, state, self.executor.submit(bot.choose, state, player))
        return True

    def _next_bot(self, state: GameState) -> int | None:
        if state.phase is Phase.TURN:
            return state.active_player if state.active_player in self.bots else None
        for p in state.pending_players:
            if p in self.bots:
                return p
        return None

    def _game_over(self) -> None:
        from .game_over import GameOverScreen

        self.close()
        self.app.current_game = None
        self.app.replace(GameOverScreen(self.app, self.game))

    # ---------------------------------------------------------------- draw
