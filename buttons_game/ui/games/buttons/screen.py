"""The game table as a screen: its widgets, events turned into intents, and where to go next.

The session holds the game and changes it; this screen only maps input to
intents, shows buttons that match the model, and asks the app to navigate
(the summary, the star placement, the pause menu, game over).
"""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.games.buttons.engine import OPT_OUT, Phase
from buttons_game.i18n import tk
from buttons_game.ui import art
from buttons_game.ui.games.buttons import intents as do
from buttons_game.ui.screen import Host, Screen

from .session import TableSession
from .view import TableDrawing, TableLayout

QUIT_AFTER_FRAMES = 4  # --quit-when-over at the tutorial's end: draw (and screenshot), exit
ARROWS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class TableScreen(Screen):
    """Rolling, opting out and placing buttons: the table while a round is played."""

    name = "game"

    def __init__(self, host: Host, session: TableSession) -> None:
        super().__init__(host)
        self.session = session
        self.drawing = TableDrawing()
        self.table: TableLayout | None = None
        self.intent_of: dict[object, do.Intent] = {}
        self.gold_buttons: dict[int, tuple[pygame_gui.elements.UIButton, ...]] = {}
        self.tutorial_mode = False
        self.quit_after = QUIT_AFTER_FRAMES

    @property
    def model(self):  # type: ignore[no-untyped-def]
        return self.session.model

    # ----------------------------------------------------------------- widgets
    def layout(self) -> None:
        size = self.host.surface.get_size()
        self.table = TableLayout.compute(size, self.session.state.players, self.scale)

    def _button(
        self,
        rect: pygame.Rect,
        key: str,
        intent: do.Intent,
        object_id: str | None = None,
        tip: str | None = None,
    ) -> pygame_gui.elements.UIButton:
        button = self.add(
            pygame_gui.elements.UIButton(
                rect,
                tk(key),
                manager=self.manager,
                object_id=object_id,
                tool_tip_text=tk(tip) if tip else None,
            )
        )
        self.intent_of[button] = intent
        return button

    def build(self) -> None:
        assert self.table is not None
        table = self.table
        self.intent_of = {}
        self.gold_buttons = {}
        self.roll = self._button(table.roll, "game.roll", do.Roll(), "#primary", "game.roll_tip")
        self.opt_out = self._button(
            table.opt_out, "game.opt_out", do.OptOut(), None, "game.opt_out_tip"
        )
        self.tutorial_mode = self.session.in_tutorial
        if self.tutorial_mode:  # the tutorial: U starts the step again, H shows it
            self.undo = self._button(
                table.undo, "tutorial.restart", do.Undo(), None, "tutorial.restart_tip"
            )
            self.hint = self._button(
                table.hint, "tutorial.show_me", do.Hint(), None, "tutorial.show_me_tip"
            )
        else:
            self.undo = self._button(table.undo, "game.undo", do.Undo(), None, "game.undo_tip")
            self.hint = self._button(table.hint, "game.hint", do.Hint(), None, "game.hint_tip")
        self.menu = self._button(table.menu, "game.menu", do.Menu())
        self.refresh_widgets()

    def exit(self) -> None:
        super().exit()
        self.gold_buttons = {}
        self.session.close()

    def suspend(self) -> None:
        super().suspend()
        self.gold_buttons = {}

    def refresh_widgets(self) -> None:
        """Buttons enabled exactly when they can do something, Place/Skip where they are asked."""
        if not self.widgets:
            return
        if self.session.in_tutorial != self.tutorial_mode:
            self.rebuild()  # the tutorial is over: Undo and Hint are themselves again
            return
        model = self.model
        state = model.state
        human_turn = model.human_to_roll()
        script = self.session.script
        if script is not None and self.tutorial_mode:
            undo = model.tutorial is not None and model.tutorial.number <= model.tutorial.total
            hint = script.show_me(state) is not None and model.busted is None
        else:
            undo, hint = model.game.can_undo, model.hint_seat() is not None
        for button, allowed in (
            (self.roll, human_turn),
            (self.opt_out, human_turn and OPT_OUT in state.legal_actions()),
            (self.undo, undo),
            (self.hint, hint),
        ):
            if allowed:
                button.enable()
            else:
                button.disable()
        wanted = set(model.gold_seats())
        for seat in list(self.gold_buttons):
            if seat not in wanted:
                for button in self.gold_buttons.pop(seat):
                    button.kill()
                    self.widgets.remove(button)
                    self.intent_of.pop(button, None)
        assert self.table is not None
        for seat in sorted(wanted - set(self.gold_buttons)):
            place_rect, skip_rect = self.table.boards[seat].action_rects()
            place = self._button(
                place_rect, "game.place", do.Gold(True, seat), "#seat_place", "game.place_tip"
            )
            skip = self._button(
                skip_rect, "game.skip", do.Gold(False, seat), "#seat_skip", "game.skip_tip"
            )
            self.gold_buttons[seat] = (place, skip)

    # ------------------------------------------------------------------ input
    def handle_focus_key(self, event: pygame.event.Event) -> bool:
        """Tab walks the buttons; the arrow keys always belong to the board cursor."""
        if event.key in ARROWS:
            self.focus = None
            return False
        if event.key in ENTER and self.focus is None:
            return False
        return super().handle_focus_key(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent: do.Intent | None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            intent = self.intent_of.get(event.ui_element)
        else:
            assert self.table is not None
            intent = do.intent_for(event, self.table)
        if intent is None:
            return False
        self.act(intent)
        return not isinstance(intent, do.Point)

    def act(self, intent: do.Intent) -> None:
        if isinstance(intent, do.Menu):
            self.host.show_pause(self.session.game, self.draw)
            return
        self.session.perform(intent)
        self.refresh_widgets()

    # ------------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        moving = self.session.update(dt)
        self.refresh_widgets()
        self.navigate()
        return moving

    def navigate(self) -> None:
        """A scored round opens its summary; a finished game goes to the game-over screen."""
        card = self.model.tutorial
        if card is not None and card.number > card.total and self.host.options.quit_when_over:
            self.quit_after -= 1  # the tutorial is done: its last screen drawn, then exit
            if self.quit_after <= 0:
                self.host.quit(0)
            return
        if self.session.summary_ready:
            self.host.show_summary(self.session)
        elif self.session.over_ready:
            self.host.show_game_over(self.session.game)

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
