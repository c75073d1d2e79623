"""The game table as a screen: its widgets, events turned into intents, and where to go next.

The session holds the game and changes it; this screen only maps input to
intents, shows buttons that match the model, and asks the app to navigate
(the summary, the star placement, the pause menu, game over).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame
import pygame_gui

from buttons_game.games.buttons.engine import OPT_OUT, Phase
from buttons_game.ui import art
from buttons_game.ui.games.buttons import intents as do
from buttons_game.ui.play.screen import PlayScreen
from buttons_game.ui.screen import Host, Screen

from .model import TableModel
from .session import TableSession
from .steps import round_steps
from .view import TableDrawing, TableLayout, deciding_boards

QUIT_AFTER_FRAMES = 4  # --quit-when-over at the tutorial's end: draw (and screenshot), exit


class TableScreen(PlayScreen):
    """Rolling, opting out and placing buttons: the table while a round is played."""

    name = "game"
    session: TableSession
    SPEECH_KEYS = (*PlayScreen.SPEECH_KEYS, "other", "dice", "score")

    def __init__(self, host: Host, session: TableSession) -> None:
        super().__init__(host, session)
        self.drawing = TableDrawing()
        self.table: TableLayout | None = None
        self.gold_buttons: dict[int, tuple[pygame_gui.elements.UIButton, ...]] = {}
        self.tutorial_mode = False
        self.quit_after = QUIT_AFTER_FRAMES

    @property
    def model(self) -> TableModel:
        return self.session.model

    # ----------------------------------------------------------------- widgets
    def layout(self) -> None:
        size = self.host.surface.get_size()
        self.table = TableLayout.compute(size, self.session.state.players, self.scale)

    def build(self) -> None:
        assert self.table is not None
        super().build()
        table = self.table
        button = self.button
        self.gold_buttons = {}
        self.roll = button(table.roll, "game.roll", do.Roll(), "#primary", "game.roll_tip")
        self.opt_out = button(table.opt_out, "game.opt_out", do.OptOut(), None, "game.opt_out_tip")
        self.tutorial_mode = self.session.in_tutorial
        if self.tutorial_mode:  # the tutorial: U starts the step again, H shows it
            self.undo = button(
                table.undo, "tutorial.restart", do.Restart(), None, "tutorial.restart_tip"
            )
            self.hint = button(
                table.hint, "tutorial.show_me", do.ShowMe(), None, "tutorial.show_me_tip"
            )
        else:
            self.undo = button(table.undo, "game.undo", do.Undo(), None, "game.undo_tip")
            self.hint = button(table.hint, "game.hint", do.Hint(), None, "game.hint_tip")
        self.menu = button(table.menu, "game.menu", do.Menu())
        self.refresh_widgets()

    def exit(self) -> None:
        super().exit()
        self.gold_buttons = {}

    def suspend(self) -> None:
        super().suspend()
        self.gold_buttons = {}

    def allowed(self) -> Iterable[tuple[Any, bool]]:
        model = self.model
        state = model.state
        human_turn = model.human_to_roll()
        script = self.session.script
        if script is not None and self.tutorial_mode:
            undo = model.tutorial is not None and model.tutorial.number <= model.tutorial.total
            hint = (
                script.show_me(state) is not None
                and model.busted is None
                and model.summary_due is None
            )
        else:
            undo, hint = model.can_undo(), model.hint_seat() is not None
        return (
            (self.roll, human_turn),
            (self.opt_out, human_turn and OPT_OUT in state.legal_actions()),
            (self.undo, undo),
            (self.hint, hint),
        )

    def refresh_widgets(self) -> None:
        """Buttons enabled exactly when they can do something, Place/Skip where they are asked."""
        if not self.widgets:
            return
        if self.session.in_tutorial != self.tutorial_mode:
            self.rebuild()  # the tutorial is over: Undo and Hint are themselves again
            return
        super().refresh_widgets()
        wanted = set(self.model.gold_seats())
        for seat in list(self.gold_buttons):
            if seat not in wanted:
                for button in self.gold_buttons.pop(seat):
                    self.forget(button)
        assert self.table is not None
        for seat in sorted(wanted - set(self.gold_buttons)):
            place_rect, skip_rect = self.table.boards[seat].action_rects()
            place = self.button(
                place_rect, "game.place", do.Gold(True, seat), "#seat_place", "game.place_tip"
            )
            skip = self.button(
                skip_rect, "game.skip", do.Gold(False, seat), "#seat_skip", "game.skip_tip"
            )
            self.gold_buttons[seat] = (place, skip)

    # ------------------------------------------------------------------ input
    def intent(self, event: pygame.event.Event) -> do.Intent | None:
        assert self.table is not None
        return do.intent_for(event, self.table, self.tutorial_mode)

    # ------------------------------------------------------------------- time
    def navigate(self) -> None:
        """A scored round opens its summary; a finished game goes to the game-over screen."""
        card = self.model.tutorial
        if card is not None and card.number > card.total and self.host.options.quit_when_over:
            self.quit_after -= 1  # the tutorial is done: its last screen drawn, then exit
            if self.quit_after <= 0:
                self.host.quit(0)
            return
        if self.session.summary_ready:
            round_steps().show_summary(self.host, self.session)
        else:
            super().navigate()

    # ------------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        self.drawing.draw(surface, self.model, self.table, self.host.background)
        if self.model.tutorial is not None:
            self.draw_controls(surface)

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The buttons the tutorial's step talks about, framed in its colour (the widgets
        are drawn over this, so the frame shows around them)."""
        card = self.model.tutorial
        assert card is not None
        named = {"roll": self.roll, "opt_out": self.opt_out}
        gold = self.gold_buttons.get(0)
        if gold:
            named["place"], named["skip"] = gold
        width = max(3, self.px(4))
        for name in card.controls:
            widget = named.get(name)
            if widget is not None and widget.is_enabled:
                frame = widget.rect.inflate(2 * width + 4, 2 * width + 4)
                pygame.draw.rect(surface, art.colour("lesson"), frame, width, self.px(12))

    def keep_clear(self) -> list[pygame.Rect]:
        """Every seat's board with what is printed around it: no note covers one (the
        table's layout says where they are)."""
        assert self.table is not None
        return [g.panel for g in self.table.boards]

    def tip_clear(self) -> list[pygame.Rect]:
        """The boards of the seats deciding now: a tooltip never hides what they decide on."""
        assert self.table is not None
        return deciding_boards(self.model, self.table)

    def rather_clear(self) -> list[pygame.Rect]:
        """The dice in hand, Roll, Opt out and the prompt, in the side panel at the right
        or in the strip under the boards: a note leaves them in view if it can."""
        table = self.table
        assert table is not None
        dice = table.dice[0].unionall(table.dice[1:])
        return [dice, table.roll, table.opt_out, table.prompt]

    def spare_clear(self) -> list[pygame.Rect]:
        """The list of keys and the log's lines: a note leaves them whole while every note
        still fits elsewhere. The keys are given up first in the side panel; in the strip
        under three boards the log's column is (its newest bot move stands under the
        prompt too), so a note never half-covers the keys' column."""
        keys, log = [self.drawing.keys_box], self.drawing.log_boxes
        assert self.table is not None
        boxes = [*log, *keys] if self.table.below else [*keys, *log]
        return [box for box in boxes if box.width and box.height]

    def screenshot_key(self) -> str:
        state = self.session.state
        if self.model.tutorial is not None:
            return f"tutorial-{self.model.tutorial.number:02d}-{self.model.tutorial.key}"
        key = f"game-{state.players}p-{state.phase.value}"
        if self.model.busted is not None:
            key += "-bust"
        return key


class StarsScreen(TableScreen):
    """After the summary: people put their earned stars on their buttons of this round."""

    name = "stars"

    def exit(self) -> None:
        Screen.exit(self)  # the table below still owns the session
        self.gold_buttons = {}

    def navigate(self) -> None:
        state = self.session.state
        if state.phase is Phase.STARS:
            return
        if state.is_over():
            if self.session.over_ready:
                self.host.show_game_over(self.session.game)
        else:
            self.host.back()  # a new round (or an undo back into the round): the table

    def screenshot_key(self) -> str:
        if self.model.tutorial is not None:
            return super().screenshot_key()
        return f"stars-{self.session.state.players}p"
