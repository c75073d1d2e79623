"""The app: one window, one pygame_gui manager, a stack of screens, one main loop, navigation.

The loop runs in a fixed order (clock, events with the UI first, the screen's
update, the UI's update, draw, flip). It draws whenever something changed and
for a few frames after, so every change reaches the screen without the mouse
moving; when nothing moves it sleeps in ``pygame.event.wait`` (no battery spent).
Screens never import each other: they ask the app (``show_…``) where to go.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from buttons_game import i18n, saves, stats
from buttons_game.core.resources import asset
from buttons_game.games.buttons import tutorial
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import t
from buttons_game.saves import AnyGame
from buttons_game.settings import Settings, load_settings, save_settings, warn
from buttons_game.ui import art, theme

from .frames import ui_pending, ui_signature
from .games.buttons.game_over import GameOverScreen
from .games.buttons.review_screen import ReviewScreen
from .games.buttons.screen import StarsScreen, TableScreen
from .games.buttons.session import TableSession
from .games.buttons.setup import SetupScreen
from .games.buttons.summary import SummaryScreen
from .games.buttons.tutorial import ButtonsTutorial, ScriptedBo, tutorial_game
from .games.kopf.game_over import KopfOverScreen
from .games.kopf.lesson_screen import KopfLessonScreen
from .games.kopf.screen import KopfScreen
from .games.kopf.session import KopfSession
from .games.kopf.setup import KopfSetupScreen
from .notices import NOTICE_CHARS, NOTICE_SECONDS, Notice, draw_notices
from .screen import DrawBelow, Screen
from .screens.choose_game import ChooseGameScreen
from .screens.menu import MainMenu
from .screens.pause import PauseScreen
from .screens.replay_screen import ReplayScreen
from .screens.rules import RulesScreen
from .screens.saves_screen import LoadScreen, SaveAsScreen
from .screens.settings_screen import SettingsScreen
from .screens.stats_screen import StatsScreen
from .sound import Sounds
from .window import clamp_window, name_the_window, open_window

IDLE_POLL_MS = 16  # idle: how often to look for input
IDLE_STEP_SECONDS = 0.25  # idle: how often pygame_gui's own timers (tooltips, caret) run
FPS = 60
# The screens of a game, where M turns the sound off and on (none has a text field).
IN_GAME = (
    TableScreen,
    StarsScreen,
    SummaryScreen,
    ReviewScreen,
    KopfScreen,
    PauseScreen,
    GameOverScreen,
    KopfOverScreen,
)


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
    load: Any = None  # a game (of either kind) loaded with --load
    game: str = "buttons"  # the game --seats starts: "buttons" or "kopf"
    short: bool = False  # Kopf oder Knopf: the short game, 8 captures
    tutorial: str | None = None  # the game whose tutorial starts at once ("kopf")
    show_me: bool = False  # the tutorial plays itself, lesson after lesson
    replay: Any = None  # a game (of either kind) to watch in the replay viewer (--replay)


class App:
    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.settings, problem = load_settings()
        if options.language:
            self.settings.language = options.language
        i18n.install(self.settings.language)
        name_the_window()
        # Only what the game uses; the audio device opens at the first sound (ui/sound.py).
        pygame.display.init()
        pygame.font.init()
        art.clear_caches()  # fonts do not outlive an earlier pygame.quit()
        art.show_symbols = self.settings.symbols
        art.cjk_language = self.settings.language == "ja"
        pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        self.surface = open_window(self.settings, self.options.window)
        pygame.display.set_caption("BUTTONS")
        self._scale = theme.ui_scale(self.surface.get_size())
        self.manager = pygame_gui.UIManager(
            self.surface.get_size(),
            theme_path=theme.scaled_theme(self._scale),
            enable_live_theme_updates=False,
            starting_language=self.settings.language,
            translation_directory_paths=[i18n.FOLDER],
        )
        self._preload_fonts()
        self.background = art.colour("background")
        self.clock = pygame.time.Clock()
        self.stack: list[Screen] = []
        self.running = True
        self.exit_code = 0
        self.dirty = True
        self._ui_signature: tuple = ()
        self.frames = 0
        self.first_frame_at: float | None = None
        self._shots_taken: set[str] = set()
        self._shot_count = 0
        self._shot_candidate = ""
        self._window_changed = False
        self.current_game: AnyGame | None = None
        self.notices: list[Notice] = []
        self.sounds = Sounds(self.settings.effects_volume, self.settings.mute)
        if problem:
            warn(problem)
            self.notify(t("errors.settings_unreadable", problem=problem), "bad")
        self.saving_off: str | None = None  # why games cannot be saved, when they cannot
        self._check_storage()
        # The first start (no settings file yet) offers the tutorial on the main menu, once.
        started = (
            options.seats
            or options.load is not None
            or options.tutorial
            or options.replay is not None
        )
        self.tutorial_offer = not (problem or started or self.settings.tutorial_offered)

    def _check_storage(self) -> None:
        """Can games be saved? If not, the game still runs and says so once."""
        problem = saves.storage_problem()
        if problem is None:
            saves.remove_stale_temp_files()  # left by saves a crash interrupted
            return
        self.saving_off = problem
        warn(f"saving is off: {problem}")
        self.notify(t("errors.saving_off", why=problem), "bad")

    def _preload_fonts(self) -> None:
        """The bold that rich text (the rules) uses is not in the theme: load it once."""
        fonts = self.manager.get_theme().get_font_dictionary()
        size = theme.body_size(self._scale)
        for name in theme.FAMILIES:
            if not fonts.check_font_preloaded(fonts.create_font_id(size, name, True, False)):
                self.manager.preload_fonts([{"name": name, "point_size": size, "style": "bold"}])

    # ------------------------------------------------------------------ games
    def paused_game(self) -> AnyGame | None:
        """The unfinished game of this session that Continue resumes."""
        game = self.current_game
        return game if game is not None and not game.state.is_over() else None

    def can_continue(self) -> bool:
        if self.paused_game() is not None:
            return True
        if self.saving_off:
            return False
        try:
            return saves.latest_unfinished() is not None
        except OSError:
            return False

    def _game_changed(self, game: AnyGame) -> None:
        """Every move of the game at the table: remember it and autosave it; a game that
        ended is counted in the statistics first (its autosave may prune older ones)."""
        self.current_game = game
        if self.saving_off:
            return  # said once at start-up
        if game.state.is_over():
            self._count_finished(game)
        try:
            saves.autosave(game)
        except (OSError, ValueError) as error:
            warn(f"autosave failed: {error}")
            self.notify(t("saves.autosave_failed", error=str(error)), "bad")

    def _count_finished(self, game: AnyGame) -> None:
        """Add a finished game to the statistics (once per game, however often it is called)."""
        try:
            counted = stats.record_game(game)
        except (OSError, ValueError) as error:
            warn(f"the statistics were not updated: {error}")
            self.notify(t("stats.not_updated", error=str(error)), "bad")
            return
        if counted.broken:
            warn(f"the statistics file was broken and is rebuilt: {counted.broken}")
            self.notify(t("stats.rebuilt", error=counted.broken, name=stats.BROKEN_NAME), "bad")

    def notify(self, text: str, tone: str = "text") -> None:
        """A short note for the player at the foot of the window, over any screen."""
        if len(text) > NOTICE_CHARS:
            text = text[: NOTICE_CHARS - 1] + "…"
        self.notices = [n for n in self.notices if n.text != text][-2:]
        self.notices.append(Notice(text, tone, time.monotonic() + NOTICE_SECONDS))
        self.dirty = True

    def play_sound(self, name: str) -> None:
        """A sound effect, at the effects volume (silent when muted or without a device)."""
        self.sounds.play(name)

    def toggle_mute(self) -> None:
        """M in a game: sound off or on again, remembered, and said in a short notice."""
        self._save(replace(self.settings, mute=not self.settings.mute))
        self.sounds.set(self.settings.effects_volume, self.settings.mute)
        self.notify(t("sound.muted" if self.settings.mute else "sound.unmuted"))

    def seats_from_options(self) -> tuple[Seat, ...]:
        """Named seats for ``--seats``: "Player 1", "Bot 2" ... in the current language."""
        assert self.options.seats is not None
        return tuple(
            Seat(t("setup.default_name", n=p + 1), None)
            if level is None
            else Seat(t("setup.bot_name", n=p + 1), level)
            for p, level in enumerate(self.options.seats)
        )

    # --------------------------------------------------------------- settings
    @property
    def animation_factor(self) -> float:
        return 0.0 if self.options.fast else self.settings.animation_factor

    @property
    def scale(self) -> float:
        return self._scale

    def remember_seats(self, seats: list[dict[str, str]]) -> None:
        self._save(replace(self.settings, last_seats=tuple(seats)))

    def remember_lesson(self, game: str, index: int) -> None:
        """The lesson of ``game``'s tutorial to open next time."""
        field = f"{game}_lesson"
        if getattr(self.settings, field) != index:
            settings = replace(self.settings)
            setattr(settings, field, index)
            self._save(settings)

    def tutorial_offer_shown(self) -> None:
        """The main menu shows the offer: it is not made again at the next start."""
        if not self.settings.tutorial_offered:
            self._save(replace(self.settings, tutorial_offered=True))

    def dismiss_tutorial_offer(self) -> None:
        self.tutorial_offer = False

    def _save(self, settings: Settings) -> None:
        self.settings = settings
        try:
            save_settings(settings)
        except OSError as error:
            warn(f"could not save settings: {error}")
            self.notify(t("errors.settings_not_saved", error=str(error)), "bad")

    def apply_settings(self, settings: Settings) -> None:
        """Save settings and apply them live (language, window, animation, symbols, sound)."""
        old = self.settings
        self._save(settings)
        self.sounds.set(settings.effects_volume, settings.mute)
        art.show_symbols = settings.symbols
        if settings.language != old.language:
            art.cjk_language = settings.language == "ja"
            i18n.set_language(settings.language)
            self.manager.set_locale(settings.language)
            art.clear_caches()
        if (settings.window, settings.fullscreen) != (old.window, old.fullscreen):
            if settings.fullscreen:
                self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                size = settings.window or self.surface.get_size()
                self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._relayout()

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

    # ------------------------------------------------------------- navigation
    def back(self) -> None:
        self.pop()

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def show_menu(self) -> None:
        self.reset_to(MainMenu(self))

    def _over_menu(self, screen: Screen) -> None:
        """Show ``screen`` on top of the main menu (what Back or Esc returns to)."""
        if not (len(self.stack) == 1 and isinstance(self.top, MainMenu)):
            self.show_menu()
        self.push(screen)

    def show_setup(self, game: str | None = None) -> None:
        """The choice of game, or the set-up of ``game`` (over the choice: Back returns to it)."""
        top = self.stack[-1] if len(self.stack) == 2 else None
        if not (isinstance(top, ChooseGameScreen) and top.purpose == "play"):
            self._over_menu(ChooseGameScreen(self))
        if game == "kopf":
            self.push(KopfSetupScreen(self))
        elif game == "buttons":
            self.push(SetupScreen(self))

    def show_load(self) -> None:
        self._over_menu(LoadScreen(self))

    def show_stats(self) -> None:
        self._over_menu(StatsScreen(self))

    def show_learn(self) -> None:
        """Learn to play: the choice of tutorials."""
        self._over_menu(ChooseGameScreen(self, "learn"))

    def show_tutorial(self, game: str) -> None:
        """``game``'s tutorial, at the lesson reached (from the first with --show-me)."""
        if game == "buttons":
            self.start_buttons_tutorial(0 if self.options.show_me else self.settings.buttons_lesson)
            return
        if game != "kopf":
            raise ValueError(f"there is no tutorial for {game!r:.40}")
        index = 0 if self.options.show_me else self.settings.kopf_lesson
        self._over_menu(KopfLessonScreen(self, index))

    def show_rules(self, game: str = "buttons") -> None:
        self.push(RulesScreen(self, game))

    def show_settings(self) -> None:
        self.push(SettingsScreen(self))

    def show_save_as(self, game: AnyGame) -> None:
        self.push(SaveAsScreen(self, game))

    def show_pause(self, game: AnyGame, draw_below: DrawBelow) -> None:
        self.push(PauseScreen(self, game, draw_below))

    def show_summary(self, session: TableSession) -> None:
        self.push(SummaryScreen(self, session))

    def show_stars(self, session: TableSession) -> None:
        self.replace(StarsScreen(self, session))

    def show_review(self, session: TableSession, round_number: int, seats: list[int]) -> None:
        """The coach's review of the round just scored, in the summary's place."""
        self.replace(ReviewScreen(self, session, round_number, seats))

    def show_replay(self, game: Any) -> None:
        """Watch ``game`` (of either kind) again; Back returns to the screen below. A game
        whose history cannot be replayed stays where it is, with a notice why."""
        try:
            screen = ReplayScreen(self, game)
        except ValueError as error:
            self.notify(t("replay.cannot_open", error=str(error)), "bad")
            return
        self.push(screen)

    def show_game_over(self, game: Any) -> None:
        if game.kind == "kopf":
            self._over_menu(KopfOverScreen(self, game))
        else:
            self._over_menu(GameOverScreen(self, game))

    def start_game(self, game: Any) -> None:
        """The table of ``game``'s kind, BUTTONS or Kopf oder Knopf."""
        self.current_game = game
        speed = lambda: self.animation_factor  # noqa: E731
        if game.kind == "kopf":
            kopf = KopfSession(
                game,
                speed=speed,
                on_change=self._game_changed,
                seed=self.options.seed,
                sound=self.play_sound,
            )
            self._over_menu(KopfScreen(self, kopf))
            return
        session = TableSession(
            game, speed=speed, on_change=self._game_changed, sound=self.play_sound
        )
        self._over_menu(TableScreen(self, session))

    def start_buttons_tutorial(self, step: int = 0) -> None:
        """The BUTTONS tutorial at the real table, from ``step`` (0: the beginning).

        It is not a saved game while it lasts (the script can replay any step); once
        every step is done, the game goes on as a normal game and is autosaved.
        """
        # The player's name as they last gave it (the log speaks of seats by name)
        humans = [seat["name"] for seat in self.settings.last_seats if seat["kind"] == "human"]
        name = humans[0] if humans else t("setup.default_name", n=1)
        game = tutorial_game(name, t("tutorial.bo"), step)
        speed = lambda: self.animation_factor  # noqa: E731
        session = TableSession(
            game,
            speed=speed,
            on_change=self._tutorial_changed,
            script=ButtonsTutorial(),
            sound=self.play_sound,
        )
        session.bots[1] = ScriptedBo(self.options.seed)
        session.autoplay = bool(self.options.show_me)
        session.model.timers.since_change = 0.0  # the first step is shown a beat too
        if not self.options.show_me:
            self.remember_lesson("buttons", min(step, len(tutorial.STEPS) - 1))
        self._over_menu(TableScreen(self, session))

    def _tutorial_changed(self, game: Game) -> None:
        """Remember the step reached (not while it plays itself); once every step is
        done the next time starts from the beginning, and the game is saved like any."""
        index = tutorial.step_index(game.state)
        if not self.options.show_me:
            self.remember_lesson("buttons", index if index < len(tutorial.STEPS) else 0)
        if index >= len(tutorial.STEPS):
            self._game_changed(game)  # the tutorial is done: a game like any other

    def open_game(self, game: AnyGame) -> None:
        """Play on a loaded game, or review it when it is finished (read only)."""
        if game.state.is_over():
            self.show_game_over(game)
        else:
            self.start_game(game)

    def continue_game(self) -> None:
        """Resume this session's game, else the most recent unfinished save."""
        game = self.paused_game()
        if game is None:
            try:
                info = None if self.saving_off else saves.latest_unfinished()
            except OSError as error:
                self.notify(str(error), "bad")
                return
            if info is None:
                self.notify(t("saves.nothing_to_continue"), "bad")
                return
            try:
                game = saves.load_game(info.path)
            except saves.SaveFileError as error:
                self.notify(str(error), "bad")
                return
        self.open_game(game)

    # -------------------------------------------------------------- main loop
    def _relayout(self) -> None:
        """The window, language or scale changed: theme, fonts and every screen anew."""
        size = self.surface.get_size()
        self._scale = theme.ui_scale(size)
        self.manager.set_window_resolution(size)
        self.manager.get_theme().load_theme(theme.scaled_theme(self._scale))
        self._preload_fonts()
        art._text.cache_clear()
        for i, screen in enumerate(self.stack):
            screen.relayout(on_top=i == len(self.stack) - 1)
        self.dirty = True

    def _resized(self, w: int, h: int) -> None:
        w, h = clamp_window(w, h)
        if (w, h) != self.surface.get_size():
            self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.settings = replace(self.settings, window=(w, h))
        self._window_changed = True
        self._relayout()

    def run(self, first: Screen | None = None) -> int:
        if first is not None:
            self.push(first)
        busy = True
        last_step = time.perf_counter()
        try:
            while self.running:
                events = pygame.event.get()
                if busy or self.dirty:
                    dt = self.clock.tick(FPS) / 1000
                else:
                    if self._window_changed:
                        self._save(self.settings)  # remember the size once the drag is over
                        self._window_changed = False
                    # Idle: look for input every few ms (pygame.event.wait spins every 1 ms),
                    # and step a few times a second so tooltips, the caret and notices run on.
                    if not events and time.perf_counter() - last_step < self._idle_step():
                        pygame.time.wait(IDLE_POLL_MS)
                        continue
                    dt = self.clock.tick() / 1000
                last_step = time.perf_counter()
                busy = self.step(dt, events)
        finally:
            if self._window_changed:
                self._save(self.settings)
        return self.exit_code

    def _idle_step(self) -> float:
        if not self.notices:
            return IDLE_STEP_SECONDS
        left = min(n.until for n in self.notices) - time.monotonic()
        return max(0.0, min(IDLE_STEP_SECONDS, left))

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One turn of the loop: events (UI first), the screen's update, the UI's update, and
        a draw whenever anything on screen changed. True while the loop must keep ticking."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.dirty = True
            if event.type == pygame.QUIT:
                self.quit(0)
            elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self._resized(event.w, event.h)
                continue
            if self.manager.process_events(event):
                continue
            if not (self.stack and self.running):
                continue
            if event.type == pygame.KEYDOWN and self.top.handle_focus_key(event):
                continue
            if event.type == pygame.KEYDOWN and self._mute_key(event):
                continue
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.top.focus = None  # the mouse takes over from the keyboard
            self.top.handle_event(event)
        if not self.running or not self.stack:
            return False
        # The screen first: it may make, kill, enable or re-text widgets; then one UI update
        # applies all of that, so the frame drawn below already shows it.
        animating = self.top.update(dt)
        self.manager.update(dt)
        now = time.monotonic()
        if self.notices and self.notices[0].until <= now:
            self.notices = [n for n in self.notices if n.until > now]
            self.dirty = True
        signature = ui_signature(self.manager)
        ui_changed = signature != self._ui_signature
        self._ui_signature = signature
        if self.running and (self.dirty or animating or ui_changed):
            self.draw()
            self.dirty = False
        return animating or ui_changed or ui_pending(self.manager)

    def _mute_key(self, event: pygame.event.Event) -> bool:
        """M in a game toggles the sound; never while a text field takes the keys."""
        if event.key != pygame.K_m or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        typing = any(
            isinstance(w, pygame_gui.elements.UITextEntryLine)
            for w in self.manager.get_focus_set() or ()
        )
        if typing or not isinstance(self.top, IN_GAME):
            return False
        self.toggle_mute()
        return True

    def draw(self) -> None:
        self.top.draw(self.surface)
        self.manager.draw_ui(self.surface)
        focus = self.top.focus
        if focus is not None and focus.alive():
            ring = focus.rect.inflate(8, 8)
            pygame.draw.rect(self.surface, art.colour("legal"), ring, width=3, border_radius=12)
        draw_notices(self.surface, self.notices, self._scale)
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
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in key)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.surface, str(folder / f"{self._shot_count:03d}-{safe}.png"))
        except (OSError, pygame.error) as error:  # the folder went away or the disk is full
            self.options.screenshots = None
            warn(f"screenshots stopped: {error}")
            self.notify(t("errors.screenshots_stopped", error=str(error)), "bad")


def run_app(options: AppOptions) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = App(options)
    try:
        if options.load is not None:
            app.open_game(options.load)
            return app.run()
        if options.replay is not None:
            app.show_menu()  # what Back and Esc return to
            app.show_replay(options.replay)
            return app.run()
        if options.tutorial:
            app.show_tutorial(options.tutorial)
            return app.run()
        if options.seats:
            seats = app.seats_from_options()
            if options.game == "kopf":
                target = 8 if options.short else 10
                app.start_game(KopfGame.new((seats[0], seats[1]), target=target))
            else:
                game = Game.new(seats, seed=options.seed, layouts=options.layouts)
                app.start_game(game)
            return app.run()
        return app.run(MainMenu(app))
    finally:
        pygame.quit()
