"""The kit's plain table, for a game with no table of its own: whose turn it is, the move
log, a button per legal action, bots through the kit's BotSeats, undo, the autosave."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.ui import art, world

from ..screen import Host, Screen
from ..screens.common import button
from ..text import draw_lines, fit, line_step, wrap
from .model import note_text
from .plugin import GameUI
from .thinking import BotSeats

BOT_SECONDS = 0.6  # a bot's move stays in view this long (times the animation speed)
LOG_LINES = 14
ACTION_COLUMNS = 3


# ---------------------------------------------------------------------- the table
class GenericTable(Screen):
    """Whose turn, the move log, a button per legal action for a person, bots thinking on
    the kit's worker thread, Undo and the pause menu (Esc). Every move is handed to the
    app (``game_changed``: the autosave)."""

    name = "generic-table"

    def __init__(self, host: Host, ui: GameUI, game: Any) -> None:
        super().__init__(host)
        self.ui = ui
        self.game = game
        self.log: list[str] = []
        names = [seat.name for seat in game.seats]
        for note in ui.kind.narrate_history(game.state.setup, game.state.history()):
            self.log.append(note_text(note, names, ui.kind.log_section))
        seed = host.options.seed
        bots = {
            p: ui.kind.make_bot(seat.bot, None if seed is None else seed * 10 + p)
            for p, seat in enumerate(game.seats)
            if seat.bot is not None
        }
        # ``session`` is what the kit's tables call it: the bots and (none here) hints.
        self.session = SimpleNamespace(game=game, bots=BotSeats(bots, ui.seat_to_move),
                                       hints=SimpleNamespace(job=None))  # fmt: skip
        self.wait = 0.0
        self.over_shown = False
        self.action_of: dict[object, Any] = {}

    @property
    def bots(self) -> BotSeats:
        return self.session.bots  # type: ignore[no-any-return]

    def person_to_move(self) -> int | None:
        seat = self.ui.seat_to_move(self.game.state)
        return seat if seat is not None and self.game.seats[seat].is_human else None

    def can_undo(self) -> bool:
        """Undo takes back a person's decision (and the bots' replies after it)."""
        game = self.game
        return bool(game.can_undo) and any(game.seats[s].is_human for s, _ in game.undo_stack)

    # ------------------------------------------------------------------ widgets
    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        px = self.px
        self.side = pygame.Rect(w - px(420), px(20), px(400), h - px(40))
        self.board = pygame.Rect(px(20), px(20), self.side.left - px(40), h - px(40))

    def build(self) -> None:
        px, b, side = self.px, self.board, self.side
        self.action_of = {}
        if self.person_to_move() is not None:
            actions = list(self.game.state.legal_actions())
            bw, bh, gap = (b.width - px(40)) // ACTION_COLUMNS - px(10), px(48), px(10)
            for i, action in enumerate(actions):
                col, row = i % ACTION_COLUMNS, i // ACTION_COLUMNS
                rect = pygame.Rect(b.left + px(20) + col * (bw + gap),
                                   b.top + px(200) + row * (bh + gap), bw, bh)  # fmt: skip
                label = fit(self.ui.action_label(action), px(17), bw - px(12))
                widget = self.add(pygame_gui.elements.UIButton(rect, label, manager=self.manager,
                                                               object_id="#primary"))  # fmt: skip
                self.action_of[widget] = action
        half = (side.width - px(10)) // 2
        foot = pygame.Rect(side.left, side.bottom - px(46), half, px(46))
        self.undo = button(self, foot, "game.undo", None, "game.undo_tip")
        self.menu = button(self, foot.move(half + px(10), 0), "game.menu")
        if not self.can_undo():
            self.undo.disable()

    def exit(self) -> None:
        super().exit()
        self.bots.close()

    # ------------------------------------------------------------------ moves
    def play(self, action: Any) -> None:
        """One action through the game's checked path: logged, handed to the app, shown."""
        before = self.game
        self.game = before.apply(action)
        self.session.game = self.game
        names = [seat.name for seat in self.game.seats]
        for note in self.ui.kind.narrate(before.state, action, self.game.state):
            self.log.append(note_text(note, names, self.ui.kind.log_section))
        self.host.game_changed(self.game)
        self.wait = BOT_SECONDS * self.host.animation_factor
        self.rebuild()

    def take_back(self) -> None:
        game = self.game.undo()
        while game.can_undo and self.ui.seat_to_move(game.state) in self.bots.bots:
            game = game.undo()  # back to the person's own decision
        self.game = self.session.game = game
        names = [seat.name for seat in game.seats]
        notes = self.ui.kind.narrate_history(game.state.setup, game.state.history())
        self.log = [note_text(note, names, self.ui.kind.log_section) for note in notes]
        self.host.game_changed(game)
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.action_of:
                self.play(self.action_of[event.ui_element])
            elif event.ui_element is self.undo and self.can_undo():
                self.take_back()
            elif event.ui_element is self.menu:
                self.host.show_pause(self.game, self.draw)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.show_pause(self.game, self.draw)
            return True
        return False

    def update(self, dt: float) -> bool:
        state = self.game.state
        if self.wait > 0:
            self.wait -= dt
            return True
        if state.is_over():
            if not self.over_shown:
                self.over_shown = True
                self.host.show_game_over(self.game)
            return False
        bots = self.bots
        if bots.job is None:
            seat = bots.next_seat(state)
            if seat is None:
                return False
            bots.ask(state, seat)
        if not bots.job or not bots.job.future.done():
            return True
        job, bots.job = bots.job, None
        legal = list(state.legal_actions())
        try:
            action = job.future.result()
            if action not in legal:
                raise ValueError(f"bot chose an illegal action {action!r}")
        except Exception as error:  # a bot must never stop the game
            print(f"buttons-game: bot of seat {job.player} failed: {error!r}")
            action = random.choice(legal)
        if job.state is state:
            self.play(action)
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        world.draw_table(surface)
        px, b = self.px, self.board
        pygame.draw.rect(surface, art.colour("panel"), b, border_radius=16)
        title = art.text(self.ui.title(), px(34), "accent", True)
        surface.blit(title, (b.left + px(20), b.top + px(16)))
        unit = t("game.round" if self.ui.kind.unit == "round" else "generic.turn",
                 n=self.ui.progress(self.game))  # fmt: skip
        where = art.text(unit, px(18), "text_dim")
        surface.blit(where, (b.left + px(20), b.top + px(64)))
        mover = self.ui.seat_to_move(self.game.state)
        for p, seat in enumerate(self.game.seats):
            label = seat.name if seat.is_human else f"{seat.name} ({t('saves.bot_' + seat.bot)})"
            tone = "accent" if p == mover else "text"
            mark = "> " if p == mover else "  "
            line = art.text(fit(mark + label, px(19), b.width // 2), px(19), tone, p == mover)
            surface.blit(line, (b.left + px(20) + (p % 2) * b.width // 2,
                                b.top + px(100) + (p // 2) * px(30)))  # fmt: skip
        if mover is not None and self.person_to_move() is None:
            name = self.game.seats[mover].name
            thinking = art.text(t("generic.thinking", name=name), px(18), "text_dim")
            surface.blit(thinking, (b.left + px(20), b.top + px(200)))
        self.draw_log(surface)

    def draw_log(self, surface: pygame.Surface) -> None:
        px, side = self.px, self.side
        pygame.draw.rect(surface, art.colour("panel"), side, border_radius=16)
        head = art.text(t("generic.log"), px(20), "accent", True)
        surface.blit(head, (side.left + px(14), side.top + px(12)))
        size = px(16)
        area = pygame.Rect(side.left + px(14), side.top + px(48), side.width - px(28),
                           side.height - px(110))  # fmt: skip
        lines: list[str] = []
        names = [seat.name for seat in self.game.seats]
        for entry in self.log[-LOG_LINES:]:
            lines.extend(wrap(entry, size, area.width, keep=names))
        rows = max(1, area.height // line_step(size))
        draw_lines(surface, lines[-rows:], area, size, "text")

    def screenshot_key(self) -> str:
        state = self.game.state
        return f"{self.name}-{'over' if state.is_over() else len(state.history())}"
