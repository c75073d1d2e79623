"""The window and the UI manager: opened once, re-themed when the window's size, the
language or the scale changes, and what is drawn over every screen (the focus ring)."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game import i18n
from buttons_game.core.resources import asset
from buttons_game.settings import Settings
from buttons_game.ui import art, theme

from .tooltips import TipManager
from .window import clamp_window, fit_display, name_the_window, open_window

APP_NAME = "Buttons Game"  # the window's title away from a game


def open_display(settings: Settings, window: tuple[int, int] | None) -> pygame.Surface:
    """The window, with only what the game uses of pygame (the audio device opens at the
    first sound, in ui/sound.py)."""
    name_the_window()
    pygame.display.init()
    pygame.font.init()
    art.clear_caches()  # fonts do not outlive an earlier pygame.quit()
    art.show_symbols = settings.symbols
    art.cjk_language = settings.language == "ja"
    pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
    surface = open_window(settings, window)
    pygame.display.set_caption(APP_NAME)
    return surface


def make_manager(surface: pygame.Surface, language: str) -> TipManager:
    size = surface.get_size()
    manager = TipManager(
        size,
        theme_path=theme.scaled_theme(theme.ui_scale(size)),
        enable_live_theme_updates=False,
        starting_language=language,
        translation_directory_paths=[i18n.FOLDER],
    )
    manager.tip_scale = theme.ui_scale(size)
    preload_fonts(manager, theme.ui_scale(size))
    return manager


def preload_fonts(manager: pygame_gui.UIManager, scale: float) -> None:
    """The bold that rich text (the rules) uses is not in the theme: load it once."""
    fonts = manager.get_theme().get_font_dictionary()
    size = theme.body_size(scale)
    for name in theme.FAMILIES:
        if not fonts.check_font_preloaded(fonts.create_font_id(size, name, True, False)):
            manager.preload_fonts([{"name": name, "point_size": size, "style": "bold"}])


def retheme(manager: pygame_gui.UIManager, size: tuple[int, int]) -> float:
    """The theme and fonts for a window of ``size``; the new scale."""
    scale = theme.ui_scale(size)
    manager.set_window_resolution(size)
    manager.get_theme().load_theme(theme.scaled_theme(scale))
    if isinstance(manager, TipManager):
        manager.rethemed(scale)
    preload_fonts(manager, scale)
    art._text.cache_clear()
    return scale


def set_mode(settings: Settings, size: tuple[int, int] | None = None) -> pygame.Surface:
    """The window in full screen, or at ``size`` (the window's size before full screen),
    else the settings' size, else one that fits the display."""
    if settings.fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    size = size or settings.window
    if size is None:
        desktops = pygame.display.get_desktop_sizes()
        size = fit_display(desktops[0] if desktops else None)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def is_fullscreen() -> bool:
    """Is the window in full screen now?"""
    surface = pygame.display.get_surface()
    return surface is not None and bool(surface.get_flags() & pygame.FULLSCREEN)


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, or Alt+Enter: full screen on or off, on every screen."""
    key, mod = event.key, getattr(event, "mod", 0)
    if key == pygame.K_F11:
        return True
    return key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(mod & pygame.KMOD_ALT)


def resized(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The window the player dragged to ``size``, kept within the sizes the game allows."""
    w, h = clamp_window(*size)
    if (w, h) == surface.get_size():
        return surface
    return pygame.display.set_mode((w, h), pygame.RESIZABLE)


def set_title(title: str | None) -> None:
    """The window's title: the game being played, else the app's name."""
    title = title or APP_NAME
    if title != pygame.display.get_caption()[0]:
        pygame.display.set_caption(title)


def draw_focus(surface: pygame.Surface, focus: pygame_gui.core.UIElement | None) -> None:
    """A ring round the widget the keyboard has reached."""
    if focus is not None and focus.alive():
        ring = focus.rect.inflate(8, 8)
        pygame.draw.rect(surface, art.colour("legal"), ring, width=3, border_radius=12)
