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
from buttons_game.engine import (
    OPT_OUT,
    ROLL,
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

from .. import art
from ..screen import Screen
from ..table import Marks, TableView, layout_boards
from ..text import draw_wrapped, wrap
from .summary import SummaryOverlay

ROLL_SECONDS = 0.7
BOT_DELAY = 0.6  # seconds between visible bot decisions, at normal speed
GOLD_DELAY = 0.3  # a bot's optional gold placement, at normal speed
THINKING_AFTER = 0.15
FADE_SECONDS = 0.9


@dataclass
class BotJob:
    player: int
    state: GameState
    future: Future
    waited: float = 0.0


class GameScreen(Screen):
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
        self._announce_turn()

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
        self.undo_button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x, y + 2 * (bh + int(8 * s)), bw, int(bh * 0.8)),
                tk("game.undo"),
                manager=self.manager,
                tool_tip_text=tk("game.undo_tip"),
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
        """Leave the game for good: stop the bot thread."""
        self.executor.shutdown(wait=False, cancel_futures=True)

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

    def _announce_turn(self) -> None:
        state = self.state
        if state.phase is Phase.TURN:
            self.calm = 0.0

    # ------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        old = self.state
        self.game = self.game.apply(action)
        self.app.current_game = self.game
        self._describe(old, action)
        self.calm = 0.0
        self.hover = None
        self.app.autosave(self.game)
        self._refresh_widgets()

    def human_undo(self) -> None:
        """Take back the last human decision since the roll (never the dice)."""
        if self.summary is not None or not saves.can_undo(self.game):
            return
        self.game = saves.undo(self.game)
        self.app.current_game = self.game
        self.job = None  # a bot's answer for the old state is dropped
        self.calm = 0.0
        self.say(t("game.undone"), "accent")
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
        s = self.app.scale
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
        del s

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.summary and self.summary.handle_event(event, self):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.roll_button:
                self.human_roll()
            elif event.ui_element is self.opt_button:
                self.human_opt_out()
            elif event.ui_element is self.menu_button:
                self.open_menu()
            elif event.ui_element is self.undo_button:
                self.human_undo()
            else:
                for p, (place, skip) in list(self.place_skip.items()):
                    if event.ui_element is place:
                        self.human_gold(p, place=True)
                        break
                    if event.ui_element is skip:
                        self.human_gold(p, place=False)
                        break
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._hover_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for g in self.geometry:
                cell = g.cell_at(event.pos)
                if cell:
                    self.click(g.seat, *cell)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def handle_focus_key(self, event: pygame.event.Event) -> bool:
        """Tab walks the buttons; the arrow keys always belong to the board cursor."""
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = None
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is None:
            return False
        return super().handle_focus_key(event)

    def acting_seat(self) -> int | None:
        """The human seat the keyboard cursor serves: the first with a decision on a board."""
        state = self.state
        if state.phase not in (Phase.PLACING, Phase.STARS) or self.summary is not None:
            return None
        pending = self.human_pending()
        if state.phase is Phase.PLACING and state.active_player in pending:
            return state.active_player
        return pending[0] if pending else None

    def move_cursor(self, drow: int, dcol: int) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        if self.cursor is None or self.cursor[0] != seat:
            first = self.state.legal_actions(seat)[0]
            self.cursor = (seat, first.row, first.col)  # type: ignore[union-attr]
            return
        _, row, col = self.cursor
        self.cursor = (seat, min(6, max(1, row + drow)), min(6, max(1, col + dcol)))

    def key(self, key: int) -> bool:
        arrows = {
            pygame.K_UP: (-1, 0),
            pygame.K_DOWN: (1, 0),
            pygame.K_LEFT: (0, -1),
            pygame.K_RIGHT: (0, 1),
        }
        if key in arrows:
            self.move_cursor(*arrows[key])
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            seat = self.acting_seat()
            if seat is not None:
                if self.cursor is None or self.cursor[0] != seat:
                    self.move_cursor(0, 0)
                else:
                    self.click(*self.cursor)
            return True
        if key == pygame.K_ESCAPE:
            self.open_menu()
        elif key == pygame.K_r:
            self.human_roll()
        elif key == pygame.K_o:
            self.human_opt_out()
        elif key == pygame.K_u:
            self.human_undo()
        elif key in (pygame.K_p, pygame.K_s):
            others = [p for p in self.human_pending() if p != self.state.active_player]
            if self.state.phase is Phase.PLACING and others and self.summary is None:
                self.human_gold(others[0], place=key == pygame.K_p)
        elif pygame.K_1 <= key <= pygame.K_6:
            self.human_column(key - pygame.K_0)
        else:
            return False
        return True

    def open_menu(self) -> None:
        from .pause import PauseScreen

        self.app.push(PauseScreen(self.app, self))

    def human_roll(self) -> None:
        state = self.state
        if (
            state.phase is Phase.TURN
            and self.is_human(state.active_player)
            and self.summary is None
        ):
            self.apply(ROLL)

    def human_opt_out(self) -> None:
        state = self.state
        if (
            state.phase is Phase.TURN
            and self.is_human(state.active_player)
            and self.summary is None
        ):
            if OPT_OUT in state.legal_actions():
                self.apply(OPT_OUT)
            else:
                self.say(t("game.cannot_opt_out"), "bad")

    def human_gold(self, player: int, place: bool) -> None:
        state = self.state
        if player not in state.pending_players or state.dice is None:
            return
        action = Place(player, state.dice.white, state.dice.gold) if place else Skip(player)
        if action in state.legal_actions(player):
            self.apply(action)

    def human_column(self, col: int) -> None:
        state = self.state
        a = state.active_player
        if (
            state.phase is Phase.PLACING
            and a in state.pending_players
            and self.is_human(a)
            and state.dice
        ):
            self.click(a, state.dice.white, col)

    def click(self, seat: int, row: int, col: int) -> None:
        """A click on a board space: place, place a star, or say why not."""
        state = self.state
        if self.summary is not None:
            return
        if seat not in state.pending_players or not self.is_human(seat):
            if state.phase is Phase.TURN and seat == state.active_player and self.is_human(seat):
                self.say(t("game.roll_first"), "bad")
            else:
                self.say(t("game.not_your_turn", name=self.name_of(seat)), "bad")
            return
        action: Action = (
            PlaceStar(seat, row, col) if state.phase is Phase.STARS else Place(seat, row, col)
        )
        if action in state.legal_actions(seat):
            self.apply(action)
            return
        self.flash = (seat, row, col)
        self.flash_left = 0.6
        self.say(self._why_not(seat, row, col), "bad")

    def _why_not(self, seat: int, row: int, col: int) -> str:
        state = self.state
        b = bit(row, col)
        if state.phase is Phase.STARS:
            return t("game.star_on_button")
        dice = state.dice
        assert dice is not None
        if seat == state.active_player:
            if row != dice.white:
                return t("game.wrong_row", row=dice.white)
            if col != dice.gold and col not in dice.plain:
                return t("game.not_rolled", col=col)
        elif (row, col) != (dice.white, dice.gold):
            return t("game.not_gold", row=dice.white, col=dice.gold, name=self.name_of(seat))
        if state.button_mask(seat) & b:
            return t("game.holds_button")
        if state.star_mask(seat) & b:
            return t("game.holds_star")
        return t("game.next_to_button")

    def _hover_at(self, pos: tuple[int, int]) -> tuple[int, int, int] | None:
        state = self.state
        if state.phase is not Phase.PLACING or self.summary:
            return None
        for g in self.geometry:
            cell = g.cell_at(pos)
            if cell and g.seat in state.pending_players and self.is_human(g.seat):
                if Place(g.seat, *cell) in state.legal_actions(g.seat):
                    return (g.seat, *cell)
        return None

    # ---------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        while self.app.toasts:
            self.say(self.app.toasts.pop(0), "accent")
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
    def marks(self) -> Marks:
        state = self.state
        seat = self.acting_seat()
        cursor = self.cursor if self.cursor and self.cursor[0] == seat else None
        marks = Marks(hover=self.hover, flash=self.flash, pulse=0.0, cursor=cursor)
        marks.fading = {p: (m, left) for p, (m, left) in self.fading.items()}
        marks.pending = set(state.pending_players)
        if self.summary is not None:
            return marks
        if state.phase is Phase.PLACING and state.dice is not None:
            for p in self.human_pending():
                cells = {(a.row, a.col) for a in state.legal_actions(p) if isinstance(a, Place)}
                (marks.legal if p == state.active_player else marks.gold)[p] = cells
        elif state.phase is Phase.STARS:
            for p in self.human_pending():
                marks.star_targets[p] = {(a.row, a.col) for a in state.legal_actions(p)}
        return marks

    def prompt(self) -> tuple[str, str]:
        state = self.state
        if self.summary is not None:
            return t("summary.place_prompt"), "accent"
        if self.job is not None and self.job.waited > THINKING_AFTER and not self.job.future.done():
            return t("game.thinking", name=self.name_of(self.job.player)), "text_dim"
        a = state.active_player
        if state.phase is Phase.TURN:
            if not self.is_human(a):
                return t("game.turn_bot", name=self.name_of(a)), "text_dim"
            key = "game.turn_human" if state.button_mask(a) else "game.turn_human_first"
            return t(key, name=self.name_of(a)), "accent"
        if state.phase is Phase.ROLLING:
            return t("game.rolling", name=self.name_of(a)), "text"
        lines = []
        dice = state.dice
        for p in self.human_pending():
            if state.phase is Phase.STARS:
                lines.append(t("game.place_stars", name=self.name_of(p), n=state.stars_due(p)))
            elif dice is not None and p == a:
                lines.append(t("game.place_active", name=self.name_of(p), row=dice.white))
            elif dice is not None:
                lines.append(
                    t("game.place_gold", name=self.name_of(p), row=dice.white, col=dice.gold)
                )
        return "\n".join(lines), "accent"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.background)
        s = self.app.scale
        state = self.state
        names = [seat.name for seat in self.game.seats]
        emphasise = state.active_player if state.phase is not Phase.STARS else None
        self.table.draw(surface, state, self.geometry, names, self.marks(), emphasise)
        # top bar: round and banner
        title = art.text(t("game.round", n=state.round_number), int(24 * s), "accent", True)
        surface.blit(title, (self.board_area.left + 4, int(8 * s)))
        if self.banner:
            banner = art.text(self.banner[0], int(19 * s), "text", True)
            surface.blit(
                banner, (self.board_area.left + title.get_width() + int(24 * s), int(12 * s))
            )
        self._draw_side(surface)
        if self.summary:
            self.summary.draw(surface, self)
        else:
            self._draw_die_tip(surface)

    def _draw_die_tip(self, surface: pygame.Surface) -> None:
        """A tooltip for the die under the mouse: what it decides."""
        pos = pygame.mouse.get_pos()
        for rect, kind in self.die_rects:
            if rect.collidepoint(pos):
                s = self.app.scale
                width = int(300 * s)
                lines = wrap(t(f"game.die_{kind}"), int(15 * s), width - 16)
                h = len(lines) * int(15 * s * 1.35) + 14
                box = pygame.Rect(0, 0, width, h)
                box.topright = (rect.right, rect.bottom + 6)
                box.clamp_ip(surface.get_rect())
                pygame.draw.rect(surface, (12, 14, 20), box, border_radius=8)
                pygame.draw.rect(surface, art.colour("accent"), box, width=1, border_radius=8)
                draw_wrapped(surface, t(f"game.die_{kind}"), box.inflate(-16, -14), int(15 * s))
                return

    def _draw_side(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        side = self.side
        pygame.draw.rect(surface, art.colour("panel"), side, border_radius=14)
        pygame.draw.rect(surface, art.colour("panel_border"), side, width=2, border_radius=14)
        state = self.state
        pad = int(10 * s)
        head = art.text(t("game.in_hand"), int(17 * s), "text_dim", True)
        surface.blit(head, (side.left + pad, side.top + pad))
        white, gold, plain = self.shown_dice
        if state.phase is Phase.PLACING and state.dice is not None:
            white, gold, plain = state.dice.white, state.dice.gold, state.dice.plain
        else:
            plain = (tuple(plain) + (1, 1, 1, 1))[: state.plain_dice_in_hand]
        d = self.dice_size
        self.die_rects = []
        jitter = self.roll_left is not None
        faces = [("white", white), ("gold", gold)] + [("plain", v) for v in plain]
        for i, (kind, value) in enumerate(faces):
            row, col = divmod(i, 3) if len(faces) > 3 else (0, i)
            x = side.left + pad + col * (d + int(d * 0.35))
            y = self.dice_top + row * (d + int(8 * s))
            if jitter:
                x += self.dice_rng.randint(-3, 3)
                y += self.dice_rng.randint(-3, 3)
            surface.blit(art.die(kind, value, d), (x, y))
            self.die_rects.append((pygame.Rect(x, y, d, d), kind))
        text, tint = self.prompt()
        rect = pygame.Rect(side.left + pad, self.text_top, side.width - 2 * pad, int(150 * s))
        used = draw_wrapped(surface, text, rect, int(17 * s), tint, bold=True)
        log_rect = pygame.Rect(
            side.left + pad,
            self.text_top + used + int(12 * s),
            side.width - 2 * pad,
            self.menu_button.rect.top - self.text_top - used - int(90 * s),
        )
        y = log_rect.top
        for message, tint in self.messages:
            if y > log_rect.bottom:
                break
            y += draw_wrapped(
                surface,
                message,
                pygame.Rect(log_rect.left, y, log_rect.width, log_rect.bottom - y),
                int(15 * s),
                tint,
            ) + int(4 * s)
        size = int(13 * s)
        lines = wrap(t("game.keys"), size, side.width - 2 * pad)
        y = self.menu_button.rect.top - int(8 * s) - len(lines) * int(size * 1.35)
        draw_wrapped(
            surface,
            t("game.keys"),
            pygame.Rect(side.left + pad, y, side.width - 2 * pad, 200),
            size,
            "text_dim",
        )
