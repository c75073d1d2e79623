"""Widgets with the behaviour players expect, where pygame_gui's differs."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState


class DropDown(pygame_gui.elements.UIDropDownMenu):
    """A drop-down menu that also closes when the option already chosen is clicked.

    In pygame_gui 0.6.14 that click unselects the row (UI_SELECTION_LIST_DROPPED_SELECTION)
    and the list stays open over the widgets below, so the next click silently changes
    one of them. Here the list closes, and the choice stays as it was.
    """

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
