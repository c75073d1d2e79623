"""Widgets with the behaviour players expect, where pygame_gui's differs."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_paste
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from buttons_game.ui import art


class FullWidthList(UIExpandedDropDownState):
    """An open drop-down whose list is exactly as wide as its box.

    pygame_gui 0.6.14 makes the list as wide as the box less the close button (the
    arrow at the right, 20 px), so it looked narrower than what it belongs to.
    """

    def _widen(self) -> None:
        rows = self.options_selection_list
        if rows is not None:
            width = self.drop_down_menu_ui.relative_rect.width
            rows.set_dimensions((width, rows.relative_rect.height))

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        self._widen()

    def rebuild(self) -> None:
        super().rebuild()
        self._widen()


class DropDown(pygame_gui.elements.UIDropDownMenu):
    """A drop-down menu that also closes when the option already chosen is clicked, and
    whose open list is as wide as its box.

    In pygame_gui 0.6.14 that click unselects the row (UI_SELECTION_LIST_DROPPED_SELECTION)
    and the list stays open over the widgets below, so the next click silently changes
    one of them. Here the list closes, and the choice stays as it was.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.menu_states["expanded"].__class__ = FullWidthList

    def process_event(self, event: pygame.event.Event) -> bool:
        state = self.current_state
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
            and isinstance(state, UIExpandedDropDownState)
            and event.ui_element is state.options_selection_list
            and state.options_selection_list.get_single_selection() is None
        ):
            state.should_transition = True  # closes on the next update, posting no change
            return False
        return bool(super().process_event(event))


def typed(text: str) -> str:
    """What of typed or pasted text a name may hold: nothing a font cannot draw.

    pygame_gui fails on a zero-width character typed as the first one; controls,
    format characters and lone surrogates never reach a text field.
    """
    return art.drawable(text.replace("\n", " ").replace("\t", " "))


class TextEntry(pygame_gui.elements.UITextEntryLine):
    """A text field that takes only characters it can draw, typed, pasted or set."""

    def set_text(self, text: str | None) -> None:
        super().set_text(typed(text or ""))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.is_focused:
            text = typed(event.text)
            if not text:
                return True  # nothing drawable: the key does nothing
            if text != event.text:
                event = pygame.event.Event(pygame.TEXTINPUT, text=text)
        return bool(super().process_event(event))

    def _do_paste(self) -> None:
        """Paste what can be drawn of the clipboard, at the cursor or over the selection."""
        pasted = typed(clipboard_paste())
        if not pasted:
            return
        start, end = sorted(self.select_range)
        if start == end:
            start = end = self.edit_position
        text = self.text[:start] + pasted + self.text[end:]
        if self.length_limit is not None and len(text) > self.length_limit:
            return
        self.set_text(text)
        self.edit_position = start + len(pasted)
        self.select_range = [0, 0]
