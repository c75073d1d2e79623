"""Screens form a stack with a clear lifecycle, and ask their host (the app) to navigate.

A screen never imports another screen: it calls ``host.show_…`` and the app decides
what comes next. ``Host`` is the whole of what a screen may ask of the app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.ui import world

if TYPE_CHECKING:
    from buttons_game.settings import Settings

    from .preferences import Preferences
    from .voice import Voice

DrawBelow = Callable[[pygame.Surface], None]


class Host(Protocol):
    """What screens may use of the app: the window, the UI manager, settings and navigation.

    It names no game: a game's own steps (BUTTONS' summary, say) live in its package
    under ``ui/games/`` and use ``push`` and ``replace``.
    """

    surface: pygame.Surface
    manager: pygame_gui.UIManager
    background: pygame.Color
    saving_off: str | None  # why games cannot be saved, or None
    prefs: Preferences  # the settings kept, and the tutorial's offer at the first start
    voice: Voice  # what the window says when speech is on

    @property
    def settings(self) -> Settings: ...
    @property
    def scale(self) -> float: ...
    @property
    def animation_factor(self) -> float: ...
    @property
    def options(self) -> Any: ...

    def notify(self, text: str, tone: str = "text", keep: Sequence[str] = ()) -> None: ...
    def play_sound(self, name: str) -> None: ...
    def apply_settings(self, settings: Settings) -> None: ...
    def remember_seats(self, seats: list[dict[str, str]]) -> None: ...
    def remember_lesson(self, game: str, index: int) -> None: ...
    def game_changed(self, game: Any, network: Any = None) -> None: ...
    def can_continue(self) -> bool: ...
    def saves_known(self) -> bool: ...

    # the stack and navigation
    def push(self, screen: Screen) -> None: ...
    def replace(self, screen: Screen) -> None: ...
    def back(self) -> None: ...
    def quit(self, code: int = 0) -> None: ...
    def show_menu(self) -> None: ...
    def show_setup(self, game: str | None = None) -> None: ...
    def show_tutorial(self, game: str | None = None, lesson: int | None = None) -> None: ...
    def show_rules(self, game: str | None = None) -> None: ...
    def show_settings(self) -> None: ...
    def show_load(self) -> None: ...
    def show_stats(self) -> None: ...
    def show_save_as(self, game: Any) -> None: ...
    def show_pause(self, game: Any, draw_below: DrawBelow) -> None: ...
    def show_game_over(self, game: Any) -> None: ...
    def show_replay(self, game: Any, network: Any = None) -> None: ...
    def start_game(self, game: Any) -> None: ...
    def open_game(self, game: Any) -> None: ...
    def continue_game(self) -> None: ...


FOCUSABLE = (
    pygame_gui.elements.UIButton,
    pygame_gui.elements.UIDropDownMenu,
    pygame_gui.elements.UITextEntryLine,
)


class Screen:
    """One screen of the app. Widgets made with ``self.add`` are removed on exit.

    Lifecycle: ``layout`` places things for the window size (every screen on the
    stack, also those underneath); ``build`` makes the widgets (the top screen only).
    """

    name = "screen"
    # The game's name while this screen belongs to a game being played (its table, its
    # pause menu ...): the window's title, and M turns the sound off and on.
    game_title: str | None = None

    def __init__(self, host: Host) -> None:
        self.host = host
        self.manager: pygame_gui.UIManager = host.manager
        self.widgets: list[pygame_gui.core.UIElement] = []
        self.focus: pygame_gui.core.UIElement | None = None
        self.refocus: int | None = None
        self._control_names: dict[int, str] = {}  # id of a drop-down or text field: its name

    # lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.layout()
        self.build()

    def exit(self) -> None:
        self.clear_widgets()

    def suspend(self) -> None:
        """Another screen is pushed on top: hide this one's widgets."""
        self.clear_widgets()

    def resume(self) -> None:
        self.build()

    def relayout(self, on_top: bool) -> None:
        """The window changed size (or the language or the theme): place everything anew."""
        self.layout()
        if on_top:
            self.rebuild()

    def rebuild(self) -> None:
        where = self.focus_index()
        self.clear_widgets()
        self.build()
        self.restore_focus(where)

    # to override -------------------------------------------------------------
    def layout(self) -> None:
        """Compute where things go for the current window size."""

    def build(self) -> None:
        """Create this screen's widgets."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> bool:
        """Advance time; return True while something animates (the loop keeps drawing)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        world.draw_table(surface)

    def screenshot_key(self) -> str:
        """Names the screen and its phase: a new key triggers a --screenshots PNG."""
        return self.name

    def keep_clear(self) -> list[pygame.Rect]:
        """What the window's notes must never cover (a table's boards); nothing here."""
        return []

    def tip_clear(self) -> list[pygame.Rect]:
        """What a widget's tooltip stays off when it can (the board being decided on):
        what the notes never cover."""
        return self.keep_clear()

    def rather_clear(self) -> list[pygame.Rect]:
        """What the notes leave clear while there is room for them elsewhere (a table's
        dice, Roll and its prompt); nothing here."""
        return []

    def speech_title(self) -> str:
        """What speech says when this screen appears: the title it draws (a game's own
        screens: the game's name, unless they say more)."""
        return self.game_title or ""

    def speech_keys(self) -> list[str]:
        """What F1 says on this screen: its own keys first, then those of every screen."""
        return common_keys()

    def spare_clear(self) -> list[pygame.Rect]:
        """What the notes leave clear too while every note still fits, the least needed
        first (a table's list of keys, its log); nothing here."""
        return []

    # helpers -------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return self.host.scale

    def px(self, value: float) -> int:
        """``value`` design pixels (at 1280x720) in real pixels for this window."""
        return int(round(value * self.host.scale))

    def add(self, widget: Any) -> Any:
        self.widgets.append(widget)
        return widget

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.focus = None
        self._control_names = {}

    def name_control(self, widget: Any, name: str) -> Any:
        """Give a drop-down or text field the name speech says for it (the label the
        screen draws beside it); returns ``widget``."""
        self._control_names[id(widget)] = name
        return widget

    def control_name(self, widget: pygame_gui.core.UIElement) -> str | None:
        """The name of a drop-down or text field given with ``name_control``."""
        return self._control_names.get(id(widget))

    # keyboard focus ------------------------------------------------------------
    def focusable(self) -> list[pygame_gui.core.UIElement]:
        """Widgets Tab moves through, in order: enabled buttons, drop-downs and text fields."""
        return [
            w
            for w in self.widgets
            if isinstance(w, FOCUSABLE) and w.alive() and w.is_enabled and w.visible
        ]

    def focus_index(self) -> int | None:
        order = self.focusable()
        if self.refocus is not None:
            return self.refocus
        return order.index(self.focus) if self.focus in order else None

    def restore_focus(self, where: int | None) -> None:
        """After a rebuild, focus the widget at the same position again."""
        self.refocus = None
        if where is None:
            return
        order = self.focusable()
        self.focus = order[where] if where < len(order) else None

    def move_focus(self, step: int) -> None:
        order = self.focusable()
        if not order:
            self.focus = None
            return
        index = order.index(self.focus) if self.focus in order else (-1 if step > 0 else 0)
        self.focus = order[(index + step) % len(order)]
        if isinstance(self.focus, pygame_gui.elements.UITextEntryLine):
            self.manager.set_focus_set(self.focus)
        else:
            self.manager.set_focus_set(None)

    def handle_focus_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab / Up / Down move the focus; Enter or Space presses; Left / Right
        change a focused drop-down. Returns True when the key was used."""
        key = event.key
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.focus is None or not self.focus.alive():
            self.focus = None
            return False
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if key == pygame.K_DOWN else -1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if isinstance(self.focus, pygame_gui.elements.UIButton) and self.focus.is_enabled:
                pygame.event.post(
                    pygame.event.Event(
                        pygame_gui.UI_BUTTON_PRESSED,
                        ui_element=self.focus,
                        ui_object_id=self.focus.most_specific_combined_id,
                        mouse_button=1,
                    )
                )
                return True
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(
            self.focus, pygame_gui.elements.UIDropDownMenu
        ):
            options = self.focus.options_list
            current = self.focus.selected_option
            index = next((i for i, o in enumerate(options) if o[1] == current[1]), 0)
            chosen = options[(index + (1 if key == pygame.K_RIGHT else -1)) % len(options)]
            self.refocus = self.focusable().index(self.focus)
            pygame.event.post(
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    text=chosen[0],
                    selected_option_id=chosen[1],
                    ui_element=self.focus,
                    ui_object_id=self.focus.most_specific_combined_id,
                )
            )
            return True
        return False


def common_keys() -> list[str]:
    """The keys of every screen, as F1 says them."""
    return [
        t(f"speech.key_{name}")
        for name in ("tab", "enter", "left_right", "escape", "f1", "f12", "ctrl", "history", "f11")
    ]
