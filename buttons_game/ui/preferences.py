"""The player's settings while the app runs: read at start, saved on every change, the
sound layer kept in step, and what the settings remember (seats, lessons, the offer).

Each copy of the app writes only what it changed: the fields its new wish changes from
its last wish (what it last read, or asked to write), whatever another copy wrote
meanwhile. A change another copy keeps waiting (its lock held) is written by a worker
(``SharedWrites``); one still unwritten when the app closes is kept in a journal beside
the settings and written at the next start."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from buttons_game import i18n
from buttons_game.i18n import t
from buttons_game.settings import (
    Settings,
    changes,
    load_settings,
    read_journals,
    remove_journals,
    remove_stale_temp_files,
    settings_path,
    warn,
    write_changes,
    write_journal,
)
from buttons_game.ui import art

from .shared_writes import SharedWrites
from .sound import Sounds

Notify = Callable[[str, str], None]


class Preferences:
    """The settings, saved whenever they change; a failed save is told, never fatal."""

    def __init__(
        self,
        language: str | None,
        notify: Notify,
        starts_at_once: bool,
        window: tuple[int, int] | None = None,
        writes: SharedWrites | None = None,
    ) -> None:
        self.notify = notify
        self.writes = writes or SharedWrites(notify)
        self.settings, self.problem = load_settings()
        remove_stale_temp_files()  # left by a write a crash interrupted
        # Changes a copy could not write before it closed: applied, and written below.
        journal, self._journals = read_journals()
        self.settings = replace(self.settings, **journal)
        self.wish = replace(self.settings)  # this copy's last wish: read, or asked for
        self._pending: dict[str, Any] = dict(journal)  # fields wished, not written yet
        self._pending_guard = threading.Lock()
        # --lang is for this run only: the file keeps the language the player chose.
        self.kept_language = self.settings.language
        self.run_language = language
        if language:
            self.settings.language = language
        # --window too: this run is windowed at that size; the file keeps the player's size
        # and mode (a drag during the run resizes this run only) until they choose a size
        # or the full screen in Settings.
        self.kept_window = (self.settings.window, self.settings.fullscreen)
        self.run_window = window
        if window:
            self.settings.window, self.settings.fullscreen = window, False
        # The first start (no settings file yet) offers the tutorial on the main menu, once.
        self.offer = not (self.problem or self.settings.tutorial_offered or starts_at_once)
        self.window_changed = False
        self.sounds = Sounds(self.settings.effects_volume, self.settings.mute)
        if self.problem:
            warn(self.problem)
        if self._pending:
            self._write_pending()

    def save(self, settings: Settings) -> None:
        old, self.settings = self.settings, settings
        if self.run_language and settings.language != self.run_language:
            self.run_language = None  # the player chose a language in Settings: it is kept
        if not self.run_language:
            self.kept_language = settings.language
        if self.run_window and (settings.window, settings.fullscreen) != (
            old.window,
            old.fullscreen,
        ):
            self.run_window = None  # a size or the full screen chosen in Settings: kept
        if not self.run_window:
            self.kept_window = (settings.window, settings.fullscreen)
        window, fullscreen = self.kept_window
        kept = replace(settings, language=self.kept_language, window=window, fullscreen=fullscreen)
        # only what this copy changed: another copy's changes meanwhile are kept
        changed = changes(self.wish, kept)
        self.wish = kept
        if not changed:
            return
        with self._pending_guard:
            self._pending.update(changed)
        self._write_pending()

    def _write_pending(self) -> None:
        """Write the changes pending now, or have the worker write them once another
        copy lets go of the file."""
        self.writes.run(
            "settings",
            settings_path_name(),
            self._write,
            self._written,
            self._not_written,
            again=lambda: bool(self._pending),
        )

    def _write(self, wait: float) -> Settings:
        with self._pending_guard:
            changed = dict(self._pending)
        merged = write_changes(changed, wait=wait, whole=self.wish)
        with self._pending_guard:
            for name, value in changed.items():
                if name in self._pending and self._pending[name] == value:
                    del self._pending[name]
        return merged

    def _written(self, _merged: Settings) -> None:
        if self._journals and not self._pending:
            remove_journals(self._journals)  # what they kept is in the file now
            self._journals = []

    def _not_written(self, error: Exception) -> None:
        # Told, as every failed save is; still pending: the next save tries it again,
        # and closing keeps it in a journal.
        warn(f"could not save settings: {error}")
        self.notify(t("errors.settings_not_saved", error=str(error)), "bad")

    def close(self) -> None:
        """The app is closing: a change still waiting for another copy is kept in a
        journal (written at the next start); nothing is waited for."""
        with self._pending_guard:
            pending = dict(self._pending)
        if not pending:
            return
        try:
            write_journal(pending)
        except OSError as error:
            warn(f"a settings change could not be kept for the next start: {error}")
            return
        remove_journals(self._journals)  # the new journal holds what they kept

    def apply(self, settings: Settings, manager: pygame_gui.UIManager) -> None:
        """Save ``settings`` and apply what needs no new window: sound, symbols, language."""
        old = self.settings
        self.save(settings)
        self.sounds.set(settings.effects_volume, settings.mute)
        art.show_symbols = settings.symbols
        if settings.language != old.language:
            art.cjk_language = settings.language == "ja"
            i18n.set_language(settings.language)
            manager.set_locale(settings.language)
            art.clear_caches()

    def window_resized(self, size: tuple[int, int]) -> None:
        """The window's new size, saved once the drag is over (``save_window``); in a run
        with --window, for this run only (a window manager may resize it too)."""
        self.settings = replace(self.settings, window=size)
        self.window_changed = not self.run_window

    def save_window(self) -> None:
        if self.window_changed:
            self.save(self.settings)
            self.window_changed = False

    def toggle_mute(self) -> None:
        """M in a game: sound off or on again, remembered, and said in a short notice."""
        self.save(replace(self.settings, mute=not self.settings.mute))
        self.sounds.set(self.settings.effects_volume, self.settings.mute)
        self.notify(t("sound.muted" if self.settings.mute else "sound.unmuted"), "text")

    def remember_seats(self, seats: list[dict[str, str]]) -> None:
        self.save(replace(self.settings, last_seats=tuple(seats)))

    def remember_lesson(self, game: str, index: int) -> None:
        """The lesson of ``game``'s tutorial to open next time (a game whose settings keep
        no lesson is not remembered)."""
        field = f"{game}_lesson"
        if getattr(self.settings, field, index) != index:
            settings = replace(self.settings)
            setattr(settings, field, index)
            self.save(settings)

    def offer_shown(self, answered: bool = False) -> None:
        """The main menu shows the tutorial's offer: it is not made again at the next start;
        once ``answered`` (Learn or Not now) it goes away now."""
        if not self.settings.tutorial_offered:
            self.save(replace(self.settings, tutorial_offered=True))
        if answered:
            self.offer = False

    def mute_key(self, event: pygame.event.Event, manager: Any, top: Any) -> bool:
        """M in a game (``top``, a screen of a game being played) toggles the sound; never
        while a text field takes the keys."""
        if event.key != pygame.K_m or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        typing = any(
            isinstance(w, pygame_gui.elements.UITextEntryLine)
            for w in manager.get_focus_set() or ()
        )
        if typing or top.game_title is None:
            return False
        self.toggle_mute()
        return True


def settings_path_name() -> str:
    """The settings file's name, as the window names it while a write waits."""
    try:
        return settings_path().name
    except OSError:
        return "settings.json"
