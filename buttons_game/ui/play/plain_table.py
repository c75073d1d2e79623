"""The kit's plain table, for a game with no table of its own: whose turn it is, the move
log, a button per legal action, undo, the autosave. It plays on a ``Match``: bots think on
its worker, chance (a die) and forced actions are its own, each after a beat."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pygame_gui

from buttons_game.core.events import Applied, Event, Reset, Undone
from buttons_game.core.match import BOT, CHANCE, FORCED, PERSON, Match
from buttons_game.i18n import t
from buttons_game.ui import art, world

from ..screen import Host, Screen
from ..screens.common import button
from ..text import draw_lines, fit, line_step, wrap
from .model import note_text
from .plugin import GameUI

BOT_SECONDS = 0.6  # a bot's move stays in view this long (times the animation speed)
CHANCE_SECONDS = 0.3  # the beat before the dice land (times the animation speed)
LOG_LINES = 14
ACTION_COLUMNS = 3


# ---------------------------------------------------------------------- the table
class GenericTable(Screen):
    """Whose turn, the move log, a button per legal action for a person, the match's bots
    thinking on its worker thread, Undo and the pause menu (Esc). Every move is handed to
    the app (``game_changed``: the autosave)."""

    name = "generic-table"

    def __init__(self, host: Host, ui: GameUI, game: Any, match: Any = None) -> None:
        super().__init__(host)
        self.ui = ui
        if match is None:
            match = Match(game, kind=ui.kind, worker=True, seed=host.options.seed)
        self.match = match
        self.match.subscribe(self.followed)
        self.log: list[str] = []
        self.relog()
        # ``session`` is what the kit's tables call it: the bots' job and (none here) hints.
        self.session = SimpleNamespace(game=game, bots=self.match, hints=SimpleNamespace(job=None))
        self.wait = 0.0
        self.over_shown = False
        self.action_of: dict[object, Any] = {}

    @property
    def game(self) -> Any:
        return self.match.game

    def person_to_move(self) -> int | None:
        """The seat a person at this screen decides for now, or None."""
        step = self.match.next_step()
        return step.seat if step.kind == PERSON else None

    def can_undo(self) -> bool:
        """Undo takes back a person's decision (and the bots' replies after it)."""
        return self.match.can_undo()

    # ------------------------------------------------------------------ widgets
    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        px = self.px
        self.side = pygame.Rect(w - px(420), px(20), px(400), h - px(40))
        self.board = pygame.Rect(px(20), px(20), self.side.left - px(40), h - px(40))

    def build(self) -> None:
        px, b, side = self.px, self.board, self.side
        self.action_of = {}
        seat = self.person_to_move()
        if seat is not None:
            actions = list(self.match.kind.legal_actions(self.game.state, seat))
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
        self.match.close()

    # ------------------------------------------------------------------ moves
    def followed(self, event: Event) -> None:
        """The match applied an action (logged, handed to the app, shown a beat) or took
        decisions back."""
        if isinstance(event, Applied):
            names = [seat.name for seat in event.after.seats]
            for note in event.happened.notes:
                self.log.append(note_text(note, names, self.ui.kind.log_section))
            beat = CHANCE_SECONDS if self.match.next_step().kind == CHANCE else BOT_SECONDS
            self.wait = beat * self.host.animation_factor
        elif isinstance(event, Undone | Reset):
            self.relog()
        else:
            return
        self.session.game = self.game
        self.host.game_changed(self.game)
        self.rebuild()

    def relog(self) -> None:
        game = self.game
        names = [seat.name for seat in game.seats]
        notes = self.ui.kind.narrate_history(game.state.setup, game.state.history())
        self.log = [note_text(note, names, self.ui.kind.log_section) for note in notes]

    def play(self, action: Any) -> None:
        """A person's action, for the seat they decide for, through the match."""
        seat = self.person_to_move()
        if seat is not None:
            self.match.submit(seat, action)

    def take_back(self) -> None:
        self.match.request_undo()

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
        if self.wait > 0:
            self.wait -= dt
            return True
        if self.game.state.is_over():
            if not self.over_shown:
                self.over_shown = True
                self.host.show_game_over(self.game)
            return False
        step = self.match.think()  # a bot's thinking begins on the match's worker
        while step.kind in (CHANCE, FORCED, BOT) and step.ready and self.wait <= 0:
            self.match.advance()  # without a beat (--fast), what is ready comes at once
            step = self.match.think()
        return step.kind in (CHANCE, FORCED, BOT)

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
            label = seat.name if seat.bot is None else f"{seat.name} ({t('saves.bot_' + seat.bot)})"
            tone = "accent" if p == mover else "text"
            mark = "> " if p == mover else "  "
            line = art.text(fit(mark + label, px(19), b.width // 2), px(19), tone, p == mover)
            surface.blit(line, (b.left + px(20) + (p % 2) * b.width // 2,
                                b.top + px(100) + (p // 2) * px(30)))  # fmt: skip
        if mover is not None and self.match.next_step().kind == BOT:
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
