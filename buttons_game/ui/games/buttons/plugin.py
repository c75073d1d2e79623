"""BUTTONS' screens for the app and the shared screens, and BUTTONS' own steps between
them: the round's summary, the star placement, the coach's review and the tutorial.

The table's modules are imported where they are used: this module is imported with the
package (it registers the game's UI), before the modules it hands out.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from buttons_game.games.buttons import tutorial as steps
from buttons_game.games.buttons.kind import KIND
from buttons_game.i18n import t

from ...play.plugin import GameUI, networked_autosave
from ...screen import Host, Screen
from .steps import install

if TYPE_CHECKING:
    from ...stats_view import Column
    from .session import TableSession


class ButtonsUI(GameUI):
    def picture(self, size: int) -> pygame.Surface:
        from .boards import mini_layout

        return mini_layout("1A", size)

    def save_name(self, game: Any) -> str:
        names = ", ".join(seat.name for seat in game.seats)
        return t("saves.default_name", names=names, n=game.state.round_number)

    def rules_key(self) -> str:
        return "rules.text"

    def stat_columns(self) -> tuple[Column, ...]:
        from ...stats_view import COLUMNS

        return COLUMNS["buttons"]

    # ------------------------------------------------------------------ screens
    def setup(self, host: Host) -> Screen:
        from .setup import SetupScreen

        return SetupScreen(host)

    def table_modules(self) -> tuple[str, ...]:
        return ("buttons_game.ui.games.buttons.screen", "buttons_game.ui.games.buttons.session")

    def table(self, host: Host, game: Any, match: Any = None) -> Screen:
        from .screen import TableScreen
        from .session import TableSession

        session = TableSession(
            game,
            speed=lambda: host.animation_factor,
            on_change=host.game_changed if match is None else networked_autosave(host),
            sound=host.play_sound,
            match=match,
        )
        return TableScreen(host, session)

    def game_over(self, host: Host, game: Any) -> Screen:
        from .game_over import GameOverScreen

        return GameOverScreen(host, game)

    def replay(self, host: Host, game: Any) -> Screen:
        from ...screens.replay_screen import ReplayLook, ReplayScreen
        from .replay import (
            WORDS,
            ReplayTableDrawing,
            ReplayTableLayout,
            ReplayTableModel,
            table_marks,
        )

        def layout(size: tuple[int, int], scale: float, replay: Any) -> ReplayTableLayout:
            return ReplayTableLayout.for_replay(size, replay.states[0].players, scale)

        look = ReplayLook(
            layout,
            ReplayTableDrawing(),
            lambda table: table.panel,
            jump="round",
            model=ReplayTableModel,
            marks=table_marks,
            words=WORDS,
        )
        return ReplayScreen(host, game, look)

    # ------------------------------------------------------------------ the tutorial
    def lessons(self) -> int:
        return len(steps.STEPS)

    def resume_key(self) -> str:
        return "learn.resume_step"

    def tutorial(self, host: Host, lesson: int) -> Screen:
        """The BUTTONS tutorial at the real table, from step ``lesson`` (0: the beginning).

        It is not a saved game while it lasts (the script can replay any step, and Learn
        to play picks up at the step reached), nor at its closing card: Load and Continue
        never offer a tutorial. Only once the player plays on past the closing card is it a
        game of their own, autosaved like any.
        """
        from buttons_game.core.control import bot_control

        from .session import TableSession
        from .tutorial import ButtonsTutorial, ScriptedBo, pace, tutorial_game

        show_me = bool(host.options.show_me)
        humans = [seat["name"] for seat in host.settings.last_seats if seat["kind"] == "human"]
        name = humans[0] if humans else t("setup.default_name", n=1)
        game = tutorial_game(name, t("tutorial.bo"), lesson)

        def changed(game: Any) -> None:
            """Remember the step reached (not while it plays itself); once every step is
            done the next time starts from the beginning. Saved like any game only once the
            player plays on past the closing card."""
            index = steps.step_index(game.state)
            if not show_me:
                host.remember_lesson(self.id, index if index < len(steps.STEPS) else 0)
            if steps.decisions_by_seat(game.state)[0] > len(steps.WALKTHROUGH):
                host.game_changed(game)  # the player plays on: a game like any other

        def speed() -> float:
            """The tutorial's pace while it lasts, the player's own afterwards."""
            if made and not made[0].in_tutorial:
                return host.animation_factor
            return pace(host.options.fast, host.settings.animation_factor)

        made: list[TableSession] = []
        session = TableSession(
            game,
            speed=speed,
            on_change=changed,
            script=ButtonsTutorial(),
            sound=host.play_sound,
        )
        made.append(session)
        session.match.set_control(1, bot_control(ScriptedBo(host.options.seed)))
        session.autoplay = show_me
        session.model.timers.since_change = 0.0  # the first step is shown a beat too
        if not show_me:
            host.remember_lesson(self.id, min(lesson, len(steps.STEPS) - 1))
        return tutorial_table()(host, session, self)


@cache
def tutorial_table() -> Any:
    """The tutorial's table class (made once, when first asked for)."""
    from ...screens.common import button
    from .screen import TableScreen
    from .view import PRACTICE

    class TutorialTable(TableScreen):
        """The table of the tutorial: once its last step is done, a button on its card starts
        a real game against an easy bot."""

        def __init__(self, host: Host, session: TableSession, ui: GameUI) -> None:
            super().__init__(host, session)
            self.ui = ui
            self.practice: pygame_gui.elements.UIButton | None = None
            self.done_shown = False

        def finished(self) -> bool:
            card = self.model.tutorial
            return card is not None and card.number > card.total

        def build(self) -> None:
            self.done_shown = self.finished()  # the button is there exactly when done
            super().build()
            self.practice = None
            if self.done_shown:
                assert self.table is not None
                # where the keys' room ends, under the card (the drawing leaves it free); in the
                # strip below the boards, the foot of the card's last column
                keys, height = self.table.keys, self.px(PRACTICE)
                rect = pygame.Rect(keys.left, keys.bottom - height, keys.width, height)
                self.practice = button(
                    self, rect, "learn.practice", "#primary", "learn.practice_tip"
                )

        def refresh_widgets(self) -> None:
            if self.widgets and self.finished() != self.done_shown:
                self.rebuild()
                return
            super().refresh_widgets()

        def handle_event(self, event: pygame.event.Event) -> bool:
            pressed = event.type == pygame_gui.UI_BUTTON_PRESSED
            if pressed and self.practice is not None and event.ui_element is self.practice:
                self.host.start_game(self.ui.practice_game(self.host))
                return True
            return super().handle_event(event)

    return TutorialTable


# ---------------------------------------------------------------------- BUTTONS' own steps
class Steps:
    """Where a round goes at the table (``steps.RoundSteps``)."""

    def show_summary(self, host: Host, session: TableSession) -> None:
        from .summary import SummaryScreen

        host.push(_in_game(SummaryScreen(host, session)))

    def show_stars(self, host: Host, session: TableSession) -> None:
        from .screen import StarsScreen

        host.replace(_in_game(StarsScreen(host, session)))

    def show_review(
        self, host: Host, session: TableSession, round_number: int, seats: list[int]
    ) -> None:
        from .review_screen import ReviewScreen

        host.replace(_in_game(ReviewScreen(host, session, round_number, seats)))


def _in_game(screen: Screen) -> Screen:
    screen.game_title = KIND.title
    return screen


UI = ButtonsUI(KIND)
install(Steps())
