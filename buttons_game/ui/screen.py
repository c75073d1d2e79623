"""Screens form a stack with a clear lifecycle: enter, exit, handle_event, update, draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from .app import App


class Screen:
    """One screen of the app. Widgets made with ``self.add`` are removed on exit."""

    name = "screen"

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager: pygame_gui.UIManager = app.manager
        self.widgets: list[pygame_gui.core.UIElement] = []
        self.focus: pygame_gui.core.UIElement | None = None

    # lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear_widgets()

    def suspend(self) -> None:
        """Another screen is pushed on top: hide this one's widgets."""
        self.clear_widgets()

    def resume(self) -> None:
        self.build()

    def resize(self) -> None:
        self.clear_widgets()
        self.build()
        self.restore_focus()

    # to override -------------------------------------------------------------
    def build(self) -> None:
        """Create this screen's widgets for the current window size."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> bool:
        """Advance time; return True while something animates (the loop keeps drawing)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.background)

    def screenshot_key(self) -> str:
        """Names the screen and its phase: a new key triggers a --screenshots PNG."""
        return self.name

    # helpers -------------------------------------------------------------------
    def add(self, widget: pygame_gui.core.UIElement) -> pygame_gui.core.UIElement:
        self.widgets.append(widget)
        return widget

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.focus = None

    # keyboard focus ------------------------------------------------------------
    def focusable(self) -> list[pygame_gui.core.UIElement]:
        """Widgets Tab moves through, in order: enabled buttons, drop-downs and text fields."""
        kinds = (
            pygame_gui.elements.UIButton,
            pygame_gui.elements.UIDropDownMenu,
            pygame_gui.elements.UITextEntryLine,
        )
        return [
            w
            for w in self.widgets
            if isinstance(w, kinds) and w.alive() and w.is_enabled and w.visible
        ]

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
            where = self.focusable().index(self.focus)
            pygame.event.post(
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    text=chosen[0],
                    selected_option_id=chosen[1],
                    ui_element=self.focus,
                    ui_object_id=self.focus.most_specific_combined_id,
                )
            )
            self.refocus = where
            return True
        return False

    def restore_focus(self) -> None:
        """After a rebuild, focus the widget at the remembered position again."""
        where = getattr(self, "refocus", None)
        if where is not None:
            order = self.focusable()
            self.focus = order[where] if where < len(order) else None
            self.refocus = None
