"""The app: one window, one pygame_gui manager, a stack of screens, one main loop, navigation.

The loop runs in a fixed order (clock, events with the UI first, the screen's update,
the UI's update, draw, flip). It draws whenever something changed and for a few frames
after; when nothing moves it sleeps (no battery spent). Screens never import each other:
they ask the app (``show_…``) where to go, and the app asks the game's ``GameUI`` for a
game's screens: it never tests which game it holds.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from buttons_game import i18n
from buttons_game.core.kind import kind_of
from buttons_game.i18n import t
from buttons_game.saves.network import verdict
from buttons_game.settings import Settings
from buttons_game.ui import art, theme

from . import display
from .frames import ui_pending, ui_signature
from .headless import AppOptions, Screenshots
from .keeping import GameKeeper
from .netplay import NetPlay
from .notices import NoticeBoard, draw_notices
from .play.registry import ui_for, uis
from .preferences import Preferences
from .screen import DrawBelow, Screen
from .screen_mode import ScreenMode
from .screen_speech import FirstStart, ScreenSpeech
from .screens.choose_game import ChooseGameScreen
from .screens.menu import MainMenu
from .screens.pause import PauseScreen
from .screens.replay_screen import ReplayScreen
from .screens.rules import RulesScreen
from .screens.saves_screen import LoadScreen, SaveAsScreen
from .screens.settings_screen import SettingsScreen
from .screens.stats_screen import StatsScreen
from .shared_writes import SharedWrites
from .voice import Voice

__all__ = ["App", "AppOptions"]

IDLE_POLL_MS = 16  # idle: how often to look for input
IDLE_STEP_SECONDS = 0.25  # idle: how often pygame_gui's own timers (tooltips, caret) run
FPS = 60
FAST_FPS = 240  # --fast with no display (never uncapped: a bot's thread would starve)


class App:
    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.dirty = True
        self.board = NoticeBoard(lambda: setattr(self, "dirty", True))
        self.notices, self.notify = self.board.items, self.board.notify
        self.notice_boxes: list[pygame.Rect] = []  # where the notes were drawn last
        # Shared files (settings, statistics) another copy holds are written by a worker.
        self.writes = SharedWrites(self.notify, self.board.withdraw)
        self.prefs = Preferences(
            options.language, self.notify, options.starts_at_once, options.window, self.writes
        )
        self.sounds, self.play_sound = self.prefs.sounds, self.prefs.sounds.play
        self.remember_seats, self.remember_lesson = (self.prefs.remember_seats,
                                                     self.prefs.remember_lesson)  # fmt: skip
        i18n.install(self.settings.language)
        self.surface = display.open_display(self.settings, options.window)
        self.scale = theme.ui_scale(self.surface.get_size())
        self.screen_mode = ScreenMode(self)  # full screen or a window; F11 switches
        manager = display.make_manager(self.surface, self.settings.language)
        manager.tip_avoid = lambda: self.stack[-1].tip_clear() if self.stack else []
        self.manager: pygame_gui.UIManager = manager
        self.background = art.colour("background")
        self.clock = pygame.time.Clock()
        self.stack: list[Screen] = []
        self.net: NetPlay | None = None  # a game across computers: polled every frame
        self.running, self.exit_code = True, 0
        self._ui_signature: tuple = ()
        self.frames, self.first_frame_at = 0, 0.0  # first_frame_at: perf_counter(), 0 before
        self.shots = Screenshots(options, self.notify)
        if self.prefs.problem:
            self.notify(t("errors.settings_unreadable", problem=self.prefs.problem), "bad")
        self.voice = Voice(
            lambda: self.settings,
            lambda on: self.apply_settings(replace(self.settings, speech=on)),
            self.notify,
        )
        if self.settings.speech:
            self.voice.start()
        self.board.heard = self.voice.heard  # the notes are said too
        self.screen_speech = ScreenSpeech(self.voice, lambda: self.top if self.stack else None)
        self.first_start = FirstStart(self.voice, self.notify)  # begun by the command line
        self.keeper = GameKeeper(self.notify, self.writes)
        self.saving_off = self.keeper.saving_off
        self.game_changed, self.can_continue = self.keeper.changed, self.keeper.can_continue
        self.saves_known = lambda: self.keeper.saves_known
        # What the games' tables import when they first open, imported one module per
        # idle frame after the first, so that opening a table (Continue) does not.
        self._to_import = [m for ui in uis() for m in reversed(ui.table_modules())]

    @property
    def settings(self) -> Settings:
        return self.prefs.settings

    @property
    def animation_factor(self) -> float:
        return 0.0 if self.options.fast else self.settings.animation_factor

    @property
    def current_game(self) -> Any:
        return self.keeper.current_game

    def apply_settings(self, settings: Settings) -> None:
        """Save settings and apply them live (language, window, animation, symbols, sound)."""
        old = self.settings
        self.prefs.apply(settings, self.manager)
        self.voice.follow_settings()
        if (settings.window, settings.fullscreen) != (old.window, old.fullscreen):
            self.screen_mode.follow(settings)
        self._relayout()

    # ------------------------------------------------------------ screen stack
    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        if self.stack:
            self.top.suspend()
        self.stack.append(screen)
        self.screen_speech.entering(screen)
        screen.enter()
        self._changed()

    def pop(self) -> None:
        self.stack.pop().exit()
        if self.stack:
            self.top.resume()
        else:
            self.running = False
        self._changed()

    back = pop

    def replace(self, screen: Screen) -> None:
        self.stack.pop().exit()
        self.stack.append(screen)
        self.screen_speech.entering(screen)
        screen.enter()
        self._changed()

    def _changed(self) -> None:
        """A screen came or went: draw, and title the window after the game being played."""
        self.dirty = True
        display.set_title(next((s.game_title for s in reversed(self.stack) if s.game_title), None))

    # ------------------------------------------------------------- navigation
    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def show_menu(self) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.push(MainMenu(self))

    def _over_menu(self, screen: Screen) -> None:
        """Show ``screen`` on top of the main menu (what Back or Esc returns to)."""
        if not (len(self.stack) == 1 and isinstance(self.top, MainMenu)):
            self.screen_speech.quiet = True  # the menu under it is not said: only ``screen``
            self.show_menu()
            self.screen_speech.quiet = False
        self.push(screen)

    def show_setup(self, game: str | None = None) -> None:
        """The choice of game, or the set-up of ``game`` (over the choice: Back returns to it)."""
        _show_choice(self, "play")
        if game is not None:
            self.push(ui_for(game).setup(self))

    def show_tutorial(self, game: str | None = None, lesson: int | None = None) -> None:
        """The choice of tutorials, or ``game``'s tutorial at ``lesson`` (by default the
        lesson reached; the first with --show-me)."""
        if game is None:
            _show_choice(self, "learn")
            return
        ui = ui_for(game)
        if lesson is None:
            lesson = 0 if self.options.show_me else ui.lesson_reached(self.settings)
        screen = ui.tutorial(self, lesson)
        if screen is None:
            raise ValueError(f"there is no tutorial for {game!r:.40}")
        self._over_menu(_titled(screen, ui.kind.title))

    def show_load(self) -> None:
        self._over_menu(LoadScreen(self))

    def show_stats(self) -> None:
        self._over_menu(StatsScreen(self))

    def show_rules(self, game: str | None = None) -> None:
        self.push(RulesScreen(self, game))

    def show_settings(self) -> None:
        self.push(SettingsScreen(self))

    def show_save_as(self, game: Any) -> None:
        self.push(SaveAsScreen(self, game))

    def show_pause(self, game: Any, draw_below: DrawBelow) -> None:
        self.push(_titled(PauseScreen(self, game, draw_below), game))

    def show_replay(self, game: Any, network: Any = None) -> None:
        """Watch ``game`` again; Back returns to the screen below. A game whose history
        cannot be replayed stays where it is, with a notice why. ``network``: a networked
        game's record from its save: the replay says whether every roll verifies."""
        try:
            screen = _titled(ui_for(game).replay(self, game), game)
        except ValueError as error:
            self.notify(t("replay.cannot_open", error=str(error)), "bad")
            return
        if isinstance(screen, ReplayScreen):
            screen.verdict = verdict(game, network)
        self.push(screen)

    def show_game_over(self, game: Any) -> None:
        self._over_menu(_titled(ui_for(game).game_over(self, game), game))

    def start_game(self, game: Any) -> None:
        """The table of ``game``'s kind (a copy of it when another copy of the app plays it)."""
        game = self.keeper.claim(game)
        self.keeper.current_game = game
        self._over_menu(_titled(ui_for(game).table(self, game), game))

    def open_game(self, game: Any) -> None:
        """Play on a loaded game, or review it when it is finished (read only)."""
        (self.show_game_over if game.state.is_over() else self.start_game)(game)

    def continue_game(self) -> None:
        """Resume this session's game, else the most recent unfinished save; a networked
        one across computers again (``netresume``)."""
        paused = self.keeper.paused_game()
        game = self.keeper.game_to_continue()
        if game is None:
            return
        network = self.keeper.current_network if paused is not None else None
        if paused is None:
            network = self.keeper.network_of_latest()
        from .netresume import open_saved

        open_saved(self, game, network)

    # -------------------------------------------------------------- main loop
    def _relayout(self, size: tuple[int, int] | None = None) -> None:
        """The window, language or scale changed: theme, fonts and every screen anew."""
        if size is not None:  # the player resized the window
            self.surface = display.resized(self.surface, size)
            self.prefs.window_resized(self.surface.get_size())
        self.scale = display.retheme(self.manager, self.surface.get_size())
        for i, screen in enumerate(self.stack):
            screen.relayout(on_top=i == len(self.stack) - 1)
        self.dirty = True

    def run(self, first: Screen | None = None) -> int:
        if first is not None:
            self.push(first)
        busy = True
        last_step = time.perf_counter()
        # --fast where nobody sees the window (no display: tests, the executable's smoke
        # games): frames come four times as often
        unseen = pygame.display.get_driver() in ("dummy", "offscreen")
        frame_cap = FAST_FPS if self.options.fast and unseen else FPS
        try:
            while self.running:
                events = pygame.event.get()
                if busy or self.dirty:
                    dt = self.clock.tick(frame_cap) / 1000
                    if self.clock.get_rawtime() * frame_cap >= 1000:
                        # the frame used all its time, so the clock did not wait: a pause,
                        # or a bot thinking on its thread hardly gets the interpreter
                        time.sleep(0.001)
                elif self.writes.poll():
                    self.dirty = True  # a write another copy held up is done, or waits on
                    continue
                else:
                    self.prefs.save_window()  # remember the size once the drag is over
                    # Idle: look for input every few ms; step a few times a second (tooltips).
                    waited = time.perf_counter() - last_step
                    if not events and waited < self.board.idle_step(IDLE_STEP_SECONDS):
                        pygame.time.wait(IDLE_POLL_MS)
                        continue
                    dt = self.clock.tick() / 1000
                last_step = time.perf_counter()
                busy = self.step(dt, events)
        finally:
            self.prefs.save_window()
            # Work still running (reviews, bots, hints, counts, writes another copy holds
            # up) is on daemon threads (ui/background.py) and ends with the process: a
            # settings change not written yet is kept in a journal for the next start.
            self.keeper.close()
            self.prefs.close()
            self.writes.close()
        return self.exit_code

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One turn of the loop: events (UI first), the screen's update, the UI's update, and
        a draw whenever anything on screen changed. True while the loop must keep ticking."""
        self.dirty |= self.writes.poll()
        for event in pygame.event.get() if events is None else events:
            self.dirty = True
            if event.type == pygame.QUIT:
                self.quit(0)
            elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self._relayout((event.w, event.h))
                continue
            elif event.type == pygame.KEYDOWN and display.is_fullscreen_key(event):
                self.screen_mode.toggle()  # on every screen, before any widget sees the key
                continue
            elif event.type == pygame.KEYDOWN and (
                self.voice.handle_key(event) == "used" or self.screen_speech.handle_key(event)
            ):
                continue  # the speech keys, on every screen
            if self.manager.process_events(event) or not (self.stack and self.running):
                continue
            top = self.top
            if event.type == pygame.KEYDOWN and (
                top.handle_focus_key(event) or self.prefs.mute_key(event, self.manager, top)
            ):
                continue
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.top.focus = None  # the mouse takes over from the keyboard
            self.top.handle_event(event)
        if not self.running or not self.stack:
            return False
        if self.net is not None:  # the network's frames, also while a menu covers the table
            self.dirty |= self.net.poll()
            if self.net.closed:
                self.net = None
        # The screen first: it may make, kill, enable or re-text widgets; then one UI update
        # applies all of that, so the frame drawn below already shows it.
        animating = self.top.update(dt)
        self.manager.update(dt)
        self.dirty |= self.board.expire() | self.first_start.poll()
        self.screen_speech.watch()  # the screen's title, the focused control, as they change
        signature = ui_signature(self.manager)
        ui_changed, self._ui_signature = signature != self._ui_signature, signature
        if self.running and (self.dirty or animating or ui_changed):
            self.draw()
            self.dirty = False
        self.keeper.begin()  # after the first frame: the start-up look at many saves
        if not (animating or ui_changed) and self._to_import:
            importlib.import_module(self._to_import.pop())  # a table's module, while idle
        busy = ui_pending(self.manager) or bool(self._to_import) or self.net is not None
        return animating or ui_changed or busy

    def draw(self) -> None:
        self.top.draw(self.surface)
        self.manager.draw_ui(self.surface)
        display.draw_focus(self.surface, self.top.focus)
        # The notes never cover what the screen keeps clear (a table's boards), and leave
        # its controls alone while there is room elsewhere.
        top = self.top
        notes, rather = self.notices, top.rather_clear()
        if self.net is not None:  # a lasting line: it leaves the buttons alone too
            notes = self.net.with_status(notes)
            rather = [*rather, *(w.rect for w in top.widgets if w.alive())]
        self.notice_boxes = draw_notices(
            self.surface, notes, self.scale, top.keep_clear(), rather, top.spare_clear()
        )
        pygame.display.flip()
        self.frames += 1
        self.first_frame_at = self.first_frame_at or time.perf_counter()
        self.shots.take(self.surface, self.top.screenshot_key())


def _titled(screen: Screen, game: Any) -> Screen:
    """``screen`` belongs to ``game`` (or the game of that name): the window is titled so."""
    screen.game_title = game if isinstance(game, str) else kind_of(game).title
    return screen


def _show_choice(app: App, purpose: str) -> None:
    """The choice of games (to play or to learn) over the menu, unless already shown."""
    below = app.stack[1] if len(app.stack) >= 2 else None
    if not (isinstance(below, ChooseGameScreen) and below.purpose == purpose):
        app._over_menu(ChooseGameScreen(app, purpose))
    while len(app.stack) > 2:
        app.pop()
