"""When the loop must draw: what pygame_gui will blit, and whether it still has drawing to do.

pygame_gui applies widget changes (new, killed, enabled, re-texted widgets) only in
its update; the loop compares what it will blit before and after, so every change
is drawn without the mouse moving, and ticks on while a widget is still redrawing.
"""

from __future__ import annotations

import pygame_gui


def ui_signature(manager: pygame_gui.UIManager) -> tuple:
    """What ``draw_ui`` will blit: every visible widget image and where it goes."""
    return tuple(
        (id(image), rect.x, rect.y, rect.w, rect.h) for image, rect, *_ in manager.ui_group.visible
    )


def ui_pending(manager: pygame_gui.UIManager) -> bool:
    """True while a widget still has drawing to do: pygame_gui redraws a shape's other states
    one per update, blends state transitions and lays text out again after a resize."""
    for sprite in manager.ui_group.sprites():
        shape = getattr(sprite, "drawable_shape", None)
        if shape is not None and (
            shape.states_to_redraw_queue
            or shape.active_state.transition is not None
            or shape.should_trigger_full_rebuild
        ):
            return True
    return False
