"""The window: its class name, and a first size that fits the display."""

from __future__ import annotations

import os

import pygame

from buttons_game.settings import MAX_WINDOW, MIN_WINDOW, Settings

WINDOW_CLASS = "buttons-game"


def name_the_window() -> None:
    """The window's class, by which task bars group windows. pygame sets it to the
    script's name ("__main__.py") at import, so it is set again before the display starts."""
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = WINDOW_CLASS


def fit_display(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A first window: 90 % of the desktop, at least 960x600 (never more than the desktop)."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return (1280, 720)
    w, h = (int(desktop[0] * 0.9), int(desktop[1] * 0.9))
    return (max(min(MIN_WINDOW[0], desktop[0]), w), max(min(MIN_WINDOW[1], desktop[1]), h))


def clamp_window(w: int, h: int) -> tuple[int, int]:
    """A size the settings and ``--window`` accept."""
    return (
        min(MAX_WINDOW[0], max(MIN_WINDOW[0], w)),
        min(MAX_WINDOW[1], max(MIN_WINDOW[1], h)),
    )


def open_window(settings: Settings, size: tuple[int, int] | None) -> pygame.Surface:
    """Fullscreen, or ``size`` (a --window flag), the remembered size, or one that fits."""
    if settings.fullscreen and not size:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    size = size or settings.window
    if size is None:
        desktops = pygame.display.get_desktop_sizes()
        size = fit_display(desktops[0] if desktops else None)
    return pygame.display.set_mode(size, pygame.RESIZABLE)
