"""The table's input: clicks, keys and the keyboard cursor become engine actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from buttons_game import saves
from buttons_game.engine import OPT_OUT, ROLL, Action, Phase, Place, PlaceStar, Skip
from buttons_game.engine.board import bit
from buttons_game.i18n import t

if TYPE_CHECKING:
    pass


class TableInput:
    """Mixed into GameScreen: every way a person acts at the table."""

    def human_undo(self) -> None:
        """Take back the last human decision since the roll (never the dice)."""
        if self.summary is not None or not saves.can_undo(self.game):
            return
        self.game = saves.undo(self.game)
        self.app.current_game = self.game
        self.job = None  # a bot's answer for the old state is dropped
        self.hint = None
        self.calm = 0.0
        self.say(t("game.undone"), "accent")
        self.app.autosave(self.game)
        self._refresh_widgets()

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
            elif event.ui_element is self.hint_button:
                self.request_hint()
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
        elif key == pygame.K_h:
            self.request_hint()
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
