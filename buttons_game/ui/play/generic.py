"""The shared kit's plain screens for a game that registers only its ``GameKind``: a
set-up of seats, a table with a button per legal action, the game-over screen and a
replay. Everything comes from the kind (seat counts, bot levels, narration, progress)
and from the state (``legal_actions``, ``apply``, whose turn), so a new game is played,
saved and watched again with nothing added to the shared files.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pygame
import pygame_gui

from buttons_game.core.notes import Note
from buttons_game.core.seats import Seat
from buttons_game.i18n import t, text_or, tk
from buttons_game.names import SEAT_NAME_LIMIT, clean_name
from buttons_game.replay import Replay
from buttons_game.ui import art

from ..screen import Host, Screen
from ..screens.common import button, draw_backdrop, draw_title
from ..screens.widgets import DropDown, TextEntry
from ..text import draw_lines, fit, wrap
from .game_over import Finished
from .plugin import GameUI
from .replay import ReplayViewer
from .thinking import BotSeats

QUIT_AFTER_FRAMES = 4  # --quit-when-over: the end drawn (and shot), then exit
BOT_SECONDS = 0.6  # a bot's move stays in view this long (times the animation speed)
LOG_LINES = 14
ACTION_COLUMNS = 3


def note_text(ui: GameUI, note: Note, names: list[str]) -> str:
    """A line of the move log: its translation, or the seat and the note's own words."""
    values = note.args(names)
    words = " · ".join(str(value) for value in values.values())
    plain = f"{note.key.replace('_', ' ')}: {words}" if words else note.key.replace("_", " ")
    return text_or(f"{ui.kind.log_section}.{note.key}", plain, **values)


def seat_kinds(ui: GameUI) -> list[Any]:
    """A seat's choices: a person, or a bot of one of the kind's levels."""
    return [(tk("setup.human"), "human")] + [
        (tk(f"setup.bot_{level}"), level) for level in ui.kind.bot_levels
    ]


# ---------------------------------------------------------------------- set-up
class GenericSetup(Screen):
    """Seats (how many, within the kind's seat counts), each a name and a person or a bot."""

    name = "generic-setup"

    def __init__(self, host: Host, ui: GameUI) -> None:
        super().__init__(host)
        self.ui = ui
        counts = ui.kind.seat_counts
        last = [dict(seat) for seat in host.settings.last_seats]
        self.count = len(last) if len(last) in counts else counts[0]
        levels = set(ui.kind.bot_levels) | {"human"}
        default = "easy" if "easy" in levels else ui.kind.bot_levels[0]
        self.seats = [
            {"name": t("setup.default_name", n=1), "kind": "human"},
            *(
                {"name": t("setup.bot_name", n=p + 1), "kind": default}
                for p in range(1, max(counts))
            ),
        ]
        for p, seat in enumerate(last[: max(counts)]):
            if seat.get("kind") in levels and seat.get("name"):
                self.seats[p] = seat
        self.error = ""

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.x0 = w // 2 - self.px(340)
        self.top = int(h * 0.22)
        self.row_h = self.px(46)

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        px, x0 = self.px, self.x0
        counts = self.ui.kind.seat_counts
        self.counts = None
        if len(counts) > 1:
            options: list[Any] = [(str(n), str(n)) for n in counts]
            rect = pygame.Rect(x0 + px(200), self.top, px(140), self.row_h)
            self.counts = self.add(DropDown(options, (str(self.count), str(self.count)), rect,
                                            manager=self.manager))  # fmt: skip
        self.entries: list[TextEntry] = []
        self.kind_menus: list[DropDown] = []
        kinds = seat_kinds(self.ui)
        for p in range(self.count):
            y = self.top + (p + 1) * int(self.row_h * 1.4)
            entry = self.add(
                TextEntry(pygame.Rect(x0 + px(200), y, px(260), self.row_h), manager=self.manager)
            )
            entry.set_text_length_limit(SEAT_NAME_LIMIT)
            entry.set_text(self.seats[p]["name"])
            self.entries.append(entry)
            chosen = next(k for k in kinds if k[1] == self.seats[p]["kind"])
            rect = pygame.Rect(x0 + px(480), y, px(200), self.row_h)
            self.kind_menus.append(self.add(DropDown(kinds, chosen, rect, manager=self.manager)))
        bw, bh = px(220), px(52)
        y = h - px(110)
        self.start = button(self, pygame.Rect(w // 2 - bw - px(10), y, bw, bh), "setup.start",
                            "#primary")  # fmt: skip
        self.back = button(self, pygame.Rect(w // 2 + px(10), y, bw, bh), "menu.back")

    def _read(self) -> None:
        for p, entry in enumerate(self.entries):
            self.seats[p]["name"] = entry.get_text()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._read()
            if event.ui_element is self.counts:
                self.count = int(event.selected_option_id)
            for p, menu in enumerate(self.kind_menus):
                if event.ui_element is menu:
                    self.seats[p]["kind"] = event.selected_option_id
            self.rebuild()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.back:
                self.host.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def begin(self) -> None:
        """Start the game with the seats as chosen, and remember them for next time."""
        self._read()
        chosen = self.seats[: self.count]
        names = [clean_name(seat["name"], SEAT_NAME_LIMIT) for seat in chosen]
        if not all(names):
            self.error = t("setup.empty_name")
            return
        seats = [
            Seat(name, None if seat["kind"] == "human" else seat["kind"])
            for name, seat in zip(names, chosen)
        ]
        game = self.ui.kind.new_game(seats, seed=self.host.options.seed)
        self.host.remember_seats([{"name": n, "kind": s["kind"]} for n, s in zip(names, chosen)])
        self.host.start_game(game)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        px = self.px
        draw_title(surface, self.ui.title(), int(surface.get_height() * 0.07), px(44))
        size = px(19)
        label = art.text(t("setup.players"), size, "text", True)
        surface.blit(label, (self.x0, self.top + (self.row_h - label.get_height()) // 2))
        for p in range(self.count):
            y = self.top + (p + 1) * int(self.row_h * 1.4)
            seat = art.text(t("setup.seat", n=p + 1), size, "text_dim")
            surface.blit(seat, (self.x0, y + (self.row_h - seat.get_height()) // 2))
        if self.error:
            line = art.text(self.error, px(17), "bad", True)
            surface.blit(line, line.get_rect(midtop=(surface.get_width() // 2, self.top - px(50))))


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
            self.log.append(note_text(ui, note, names))
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
            self.log.append(note_text(self.ui, note, names))
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
        self.log = [note_text(self.ui, note, names) for note in notes]
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
        surface.fill(self.host.background)
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
        for entry in self.log[-LOG_LINES:]:
            lines.extend(wrap(entry, size, area.width))
        rows = max(1, area.height // int(size * 1.35))
        draw_lines(surface, lines[-rows:], area, size, "text")

    def screenshot_key(self) -> str:
        state = self.game.state
        return f"{self.name}-{'over' if state.is_over() else len(state.history())}"


# ---------------------------------------------------------------------- game over
class GenericOver(Finished):
    """The winner (or a draw), the move log, and Replay / New game / Main menu."""

    name = "generic-over"

    def __init__(self, host: Host, ui: GameUI, game: Any) -> None:
        super().__init__(host, game)
        self.ui = ui
        names = [seat.name for seat in game.seats]
        notes = ui.kind.narrate_history(game.state.setup, game.state.history())
        self.log = [note_text(ui, note, names) for note in notes]

    def headline(self) -> str:
        winners = self.ui.winners(self.game)
        if not winners:
            return t("generic.draw")
        names = ", ".join(self.game.seats[p].name for p in winners)
        return t("over.winners" if len(winners) > 1 else "over.winner", names=names)

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.panel = pygame.Rect(w // 2 - self.px(360), self.px(150), self.px(720),
                                 h - self.px(330))  # fmt: skip

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        bw, bh, gap = self.px(220), self.px(52), self.px(14)
        left = w // 2 - (3 * bw + 2 * gap) // 2
        y = h - self.px(140)
        self.replay = button(self, pygame.Rect(left, y, bw, bh), "replay.open", "#big_button",
                             "replay.open_tip")  # fmt: skip
        self.new_game = button(self, pygame.Rect(left + bw + gap, y, bw, bh), "over.new_game",
                               "#primary")  # fmt: skip
        self.menu = button(self, pygame.Rect(left + 2 * (bw + gap), y, bw, bh), "over.menu",
                           "#big_button")  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.host.background)
        w, px = surface.get_width(), self.px
        head = art.text(f"{t('over.title')} · {self.ui.title()}", px(22), "text_dim", True)
        surface.blit(head, head.get_rect(midtop=(w // 2, px(16))))
        big = art.text(fit(self.headline(), px(40), w - px(40), True), px(40), "accent", True)
        surface.blit(big, big.get_rect(midtop=(w // 2, px(52))))
        p = self.panel
        pygame.draw.rect(surface, art.colour("panel"), p, border_radius=16)
        size = px(16)
        inner = p.inflate(-px(28), -px(24))
        lines: list[str] = []
        for entry in self.log:
            lines.extend(wrap(entry, size, inner.width))
        rows = max(1, inner.height // int(size * 1.35))
        draw_lines(surface, lines[-rows:], inner, size, "text")


# ---------------------------------------------------------------------- replay
class GenericReplay(Screen):
    """The game again, position by position: the log up to there, step or play on. It
    moves on the shared replay viewer with its defaults (a plain model, no marks)."""

    name = "generic-replay"

    def __init__(self, host: Host, ui: GameUI, game: Any) -> None:
        super().__init__(host)
        self.ui = ui
        self.viewer = ReplayViewer(Replay.of(game))
        self.to_the_end = bool(host.options.quit_when_over)
        self.quit_after = QUIT_AFTER_FRAMES
        if self.to_the_end:
            if host.options.fast:
                self.viewer.run_to_end()
            else:
                self.viewer.toggle_play()

    @property
    def replay(self) -> Replay:
        return self.viewer.replay

    @property
    def position(self) -> int:
        return self.viewer.position

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.panel = pygame.Rect(w // 2 - self.px(360), self.px(110), self.px(720),
                                 h - self.px(260))  # fmt: skip

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        bw, bh, gap = self.px(170), self.px(50), self.px(12)
        keys = ("replay.step_back", "replay.play", "replay.step_on", "menu.back")
        left = w // 2 - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        y = h - self.px(120)
        self.step_back, self.play, self.step_on, self.back = (
            button(self, pygame.Rect(left + i * (bw + gap), y, bw, bh), key)
            for i, key in enumerate(keys)
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        viewer = self.viewer
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if pressed is self.back or key == pygame.K_ESCAPE:
            self.host.back()
        elif pressed is self.step_back or key == pygame.K_LEFT:
            viewer.step(-1)
        elif pressed is self.step_on or key == pygame.K_RIGHT:
            viewer.step(1)
        elif pressed is self.play or key == pygame.K_SPACE:
            viewer.toggle_play()
        else:
            return False
        return True

    def update(self, dt: float) -> bool:
        viewer = self.viewer
        moved = viewer.update(dt)
        if self.to_the_end and viewer.at_end and not viewer.playing:
            self.quit_after -= 1  # the end drawn (and shot), then exit
            if self.quit_after <= 0:
                self.host.quit(0)
            return True
        return moved or viewer.playing or viewer.stride is not None

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, [self.panel])
        px = self.px
        draw_title(surface, f"{t('replay.title')} · {self.ui.title()}", px(24), px(40))
        where = t("generic.position", n=self.position, total=self.replay.last)
        line = art.text(where, px(18), "text_dim")
        surface.blit(line, line.get_rect(midtop=(surface.get_width() // 2, px(76))))
        model = self.viewer.model
        size = px(16)
        inner = self.panel.inflate(-px(28), -px(24))
        pygame.draw.rect(surface, art.colour("panel"), self.panel, border_radius=16)
        lines: list[str] = []
        for note in model.log:
            lines.extend(wrap(note_text(self.ui, note, model.names), size, inner.width))
        rows = max(1, inner.height // int(size * 1.35))
        draw_lines(surface, lines[-rows:], inner, size, "text")

    def screenshot_key(self) -> str:
        return f"{self.name}-{self.position:04d}"


__all__ = ["GenericUI", "GenericOver", "GenericReplay", "GenericSetup", "GenericTable", "note_text"]


class GenericUI(GameUI):
    """The kit's plain screens, for a game that registers only its GameKind: a set-up of
    seats, a table with a button per legal action, game over and the replay."""

    def setup(self, host: Host) -> Screen:
        return GenericSetup(host, self)

    def table(self, host: Host, game: Any) -> Screen:
        return GenericTable(host, self, game)

    def game_over(self, host: Host, game: Any) -> Screen:
        return GenericOver(host, self, game)

    def replay(self, host: Host, game: Any) -> Screen:
        return GenericReplay(host, self, game)
