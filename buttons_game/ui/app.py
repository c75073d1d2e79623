"""The app: one window, one pygame_gui manager, a stack of screens and one main loop.

The loop runs in a fixed order (clock, events with the UI first, UI update, screen
update, draw, flip) and redraws only when something changed or animates; when
nothing moves it sleeps in ``pygame.event.wait`` so an idle game costs no battery.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame_gui

from buttons_game import i18n, saves
from buttons_game.game import Game, Seat
from buttons_game.resources import asset
from buttons_game.settings import Settings, load_settings, save_settings, warn

from . import art
from .screen import Screen

IDLE_WAIT_MS = 250
FPS = 60
# Posted by worker threads (bots) so a sleeping loop wakes up at once.
WAKE_EVENT = pygame.event.custom_type()


@dataclass
class AppOptions:
    seats: tuple[str | None, ...] | None = None  # per seat: None for a person, else a bot level
    fast: bool = False
    screenshots: Path | None = None
    quit_when_over: bool = False
    window: tuple[int, int] | None = None
    language: str | None = None
    seed: int | None = None
    layouts: tuple[str, ...] | None = None
    load: Game | None = None  # a game loaded with --load
    extra: dict = field(default_factory=dict)


class App:
    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.settings, problem = load_settings()
        if problem:
            warn(problem)
        if options.language:
            self.settings.language = options.language
        i18n.install(self.settings.language)
        # Only what the game uses: no audio device is opened (the game has no sound).
        pygame.display.init()
        pygame.font.init()
        art.clear_caches()  # fonts do not outlive an earlier pygame.quit()
        art.show_symbols = self.settings.symbols
        art.cjk_language = self.settings.language == "ja"
        pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        size = options.window or self.settings.window
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and not options.window:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        self.surface = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("BUTTONS")
        self.manager = pygame_gui.UIManager(
            self.surface.get_size(),
            theme_path=str(asset("theme.json")),
            starting_language=self.settings.language,
            translation_directory_paths=[i18n.FOLDER],
        )
        # The rules text uses bold at the body size; the theme loads the rest.
        self.manager.preload_fonts([{"name": "noto_sans", "point_size": 17, "style": "bold"}])
        self.background = art.colour("background")
        self.clock = pygame.time.Clock()
        self.stack: list[Screen] = []
        self.running = True
        self.exit_code = 0
        self.dirty = True
        self.frames = 0
        self.first_frame_at: float | None = None
        self._shots_taken: set[str] = set()
        self._shot_count = 0
        self._shot_candidate = ""
        self.current_game: Game | None = None
        self.toasts: list[str] = []

    # ------------------------------------------------------------------ games
    def paused_game(self) -> Game | None:
        """The unfinished game of this session that Continue resumes."""
        game = self.current_game
        return game if game is not None and not game.state.is_over() else None

    def can_continue(self) -> bool:
        return self.paused_game() is not None or saves.latest_unfinished() is not None

    def continue_game(self) -> None:
        """Resume this session's game, else the most recent unfinished save."""
        game = self.paused_game()
        if game is None:
            info = saves.latest_unfinished()
            if info is None:
                return
            try:
                game = saves.load_game(info.path)
            except saves.SaveFileError as error:
                self.toast(str(error))
                return
        self.open_game(game)

    def open_game(self, game: Game) -> None:
        """Play on a loaded game, or review it when it is finished (read only)."""
        if game.state.is_over():
            from .screens.game_over import GameOverScreen
            from .screens.menu import MainMenu

            self.reset_to(MainMenu(self))
            self.push(GameOverScreen(self, game))
        else:
            self.start_game(game)

    def autosave(self, game: Game) -> None:
        """Write the game's autosave; a failure is reported, never fatal."""
        try:
            saves.autosave(game)
        except (OSError, ValueError) as error:
            warn(f"autosave failed: {error}")
            self.toast(i18n.t("saves.autosave_failed", error=str(error)))

    def toast(self, message: str) -> None:
        """A short note for the player, shown by the screen on top."""
        self.toasts.append(message)
        self.dirty = True

    def seats_from_options(self) -> tuple[Seat, ...]:
        """Named seats for ``--seats``: "Player 1", "Bot 2" ... in the current language."""
        assert self.options.seats is not None
        return tuple(
            Seat(i18n.t("setup.default_name", n=p + 1), None)
            if level is None
            else Seat(i18n.t("setup.bot_name", n=p + 1), level)
            for p, level in enumerate(self.options.seats)
        )

    # --------------------------------------------------------------- settings
    @property
    def animation_factor(self) -> float:
        return 0.0 if self.options.fast else self.settings.animation_factor

    @property
    def scale(self) -> float:
        w, h = self.surface.get_size()
        return max(0.75, min(w / 1280, h / 800))

    def apply_settings(self, settings: Settings) -> None:
        """Save settings and apply them live (language, window, animation)."""
        old = self.settings
        self.settings = settings
        try:
            save_settings(settings)
        except OSError as error:
            warn(f"could not save settings: {error}")
        art.show_symbols = settings.symbols
        if settings.language != old.language:
            art.cjk_language = settings.language == "ja"
            i18n.set_language(settings.language)
            self.manager.set_locale(settings.language)
        if (settings.window, settings.fullscreen) != (old.window, old.fullscreen):
            if settings.fullscreen:
                self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.surface = pygame.display.set_mode(settings.window, pygame.RESIZABLE)
            self._resized()
        self.dirty = True

    # ------------------------------------------------------------ screen stack
    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        if self.stack:
            self.top.suspend()
        self.stack.append(screen)
        screen.enter()
        self.dirty = True

    def pop(self) -> None:
        self.stack.pop().exit()
        if self.stack:
            self.top.resume()
        else:
            self.running = False
        self.dirty = True

    def replace(self, screen: Screen) -> None:
        self.stack.pop().exit()
        self.stack.append(screen)
        screen.enter()
        self.dirty = True

    def reset_to(self, screen: Screen) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.push(screen)

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def start_game(self, game: Game) -> None:
        from .screens.game_screen import GameScreen
        from .screens.menu import MainMenu

        self.reset_to(MainMenu(self))
        self.push(GameScreen(self, game))

    # -------------------------------------------------------------- main loop
    def _resized(self) -> None:
        self.manager.set_window_resolution(self.surface.get_size())
        art._text.cache_clear()
        for screen in self.stack[-1:]:
            screen.resize()
        self.dirty = True

    def run(self, first: Screen | None = None) -> int:
        if first is not None:
            self.push(first)
        animating = True
        while self.running:
            if animating or self.dirty:
                dt = self.clock.tick(FPS) / 1000
                events = pygame.event.get()
            else:
                event = pygame.event.wait(IDLE_WAIT_MS)
                dt = self.clock.tick() / 1000
                events = [] if event.type == pygame.NOEVENT else [event, *pygame.event.get()]
            animating = self.step(dt, events)
        return self.exit_code

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One turn of the loop: events (UI first), updates, and a draw if anything changed.

        Returns True while something animates.
        """
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.dirty = True
            if event.type == pygame.QUIT:
                self.quit(0)
            elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                w, h = max(960, event.w), max(600, event.h)
                self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                self._resized()
                continue
            if self.manager.process_events(event):
                continue
            if not (self.stack and self.running):
                continue
            if event.type == pygame.KEYDOWN and self.top.handle_focus_key(event):
                continue
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.top.focus = None  # the mouse takes over from the keyboard
            self.top.handle_event(event)
        if not self.running or not self.stack:
            return False
        self.manager.update(dt)
        animating = self.top.update(dt)
        if self.running and (self.dirty or animating or self._ui_changing()):
            self.draw()
            self.dirty = False
        return animating

    def _ui_changing(self) -> bool:
        """pygame_gui animates hovers, tooltips and the text cursor on its own."""
        return bool(self.manager.get_hovering_any_element() or self.manager.get_focus_set())

    def draw(self) -> None:
        self.top.draw(self.surface)
        self.manager.draw_ui(self.surface)
        focus = self.top.focus
        if focus is not None and focus.alive():
            ring = focus.rect.inflate(8, 8)
            pygame.draw.rect(self.surface, art.colour("legal"), ring, width=3, border_radius=12)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        if self.options.screenshots is not None:
            self._screenshot()

    def _screenshot(self) -> None:
        # A key must hold for two frames: new widgets show after one UI update.
        key = self.top.screenshot_key()
        if key in self._shots_taken or key != self._shot_candidate:
            self._shot_candidate = key
            return
        self._shots_taken.add(key)
        self._shot_count += 1
        folder = self.options.screenshots
        assert folder is not None
        folder.mkdir(parents=True, exist_ok=True)
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in key)
        pygame.image.save(self.surface, str(folder / f"{self._shot_count:03d}-{safe}.png"))


def run_app(options: AppOptions) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = App(options)
    try:
        from .screens.menu import MainMenu

        if options.load is not None:
            app.open_game(options.load)
            return app.run()
        if options.seats:
            game = Game.new(app.seats_from_options(), seed=options.seed, layouts=options.layouts)
            app.start_game(game)
            return app.run()
        return app.run(MainMenu(app))
    finally:
        pygame.quit()
