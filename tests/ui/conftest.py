"""UI tests drive the real app with posted pygame events under the dummy video driver."""

from __future__ import annotations

from concurrent.futures import Future, wait

import i18n
import pygame
import pygame_gui
import pytest

from buttons_game.ui.app import App, AppOptions
from buttons_game.ui.play.staging import stage


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def make_app():
    apps = []

    def make(*, settled: bool = True, **options) -> App:
        """The app; ``settled``: its start-up look at the saves and statistics done
        before the test goes on (it runs in a thread), so no test races it."""
        options.setdefault("fast", True)
        options.setdefault("seed", 3)
        app = App(AppOptions(**options))
        apps.append(app)
        if settled and app.keeper.tidied is not None:
            app.keeper.begin()
            wait([app.keeper.tidied], timeout=HANG)
        return app

    yield make
    for app in apps:  # the start-up look at the saves reads this test's folder: let it end
        if app.keeper.tidied is not None:
            app.keeper.begin()
            wait([app.keeper.tidied], timeout=HANG)
        app.keeper.close()
        app.voice.close()  # its speaker's thread ends: no thread lingers into a later fork
    pygame.event.clear()
    pygame_gui.core.utility.set_default_manager(None)
    i18n.set("locale", "en")
    quit_all_but_the_mixer()


def quit_all_but_the_mixer() -> None:
    """What pygame.quit() does, but an open mixer stays open for the next test (the app opens
    it at the first sound and only if it is not open): closing the dummy audio device waits
    some 25 ms for its thread, on every test that made a sound."""
    if pygame.mixer.get_init():
        pygame.mixer.stop()
        pygame.font.quit()
        pygame.display.quit()
    else:
        pygame.quit()


HANG = 600.0
"""Seconds a test waits for a worker thread's job before calling it stuck: a guard against a
hang, never a speed limit (a job that takes 0.03 s may take 100 times longer on a busy machine)."""


def step(app: App, frames: int = 1, dt: float = 0.02) -> None:
    for _ in range(frames):
        app.step(dt)


def play(session, action) -> None:
    """Play ``action`` at a table as whoever it belongs to, through the table's match (a
    test setting up a position: ``ui.play.staging``)."""
    stage(session.match, action)


def open_jobs(app: App) -> list[Future]:
    """The jobs the top screen has handed to worker threads: a bot's decision, a hint, the
    coach's review, the statistics."""
    top = app.top
    jobs = []
    session = getattr(top, "session", None)
    if session is not None:
        if session.match.job is not None:
            jobs.append(session.match.job.future)
        if session.hints.job is not None:
            jobs.append(session.hints.job[-1])
    future = getattr(top, "future", None)
    if isinstance(future, Future):
        jobs.append(future)
    return jobs


def finish_jobs(app: App) -> None:
    """Wait until every job the top screen has on a worker thread is done, so the next frame
    sees its answer however busy the machine is."""
    _, pending = wait(open_jobs(app), timeout=HANG)
    assert not pending, "a worker thread never finished its job"


def run_until(app: App, condition, frames: int = 600, dt: float = 0.02) -> None:
    """Step frames until ``condition()`` holds, letting the workers finish before each frame:
    the test counts frames, never the seconds a loaded machine can use up."""
    for _ in range(frames):
        if condition():
            return
        finish_jobs(app)
        app.step(dt)
    assert condition(), f"not so after {frames} frames"


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """A real click: motion, button down, button up, then two frames for pygame_gui."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, 3)


def click_widget(app: App, widget) -> None:
    assert widget.is_enabled, f"{widget} is disabled"
    click(app, widget.rect.center)


def press(app: App, key: int, unicode: str = "") -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
    )
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    step(app, 2)


def choose(app: App, dropdown, option_index: int) -> None:
    """Open a drop-down with a click and click one of its options (four frames in all)."""
    click_widget(app, dropdown)
    step(app, 2)
    options = dropdown.current_state.options_selection_list.item_list
    target = options[option_index]["button_element"]
    click(app, target.rect.center)
    step(app, 2)


def cell_centre(screen, seat: int, row: int, col: int) -> tuple[int, int]:
    """The middle of a board space on a table screen."""
    return screen.table.boards[seat].cell_rect(row, col).center


def settle(app: App) -> None:
    """Run the loop the way it runs when nobody touches anything, until it would sleep. Each
    frame first lets the workers finish (a bot thinking is not idle, however long a busy
    machine makes it think), so the frames counted never depend on the machine's speed."""
    for _ in range(60):
        finish_jobs(app)
        if not app.step(0.02) and not pygame.event.peek() and not open_jobs(app):
            return
    raise AssertionError("the loop never went idle")


def frame_is_fresh(app: App) -> bool:
    """Does the window show what a from-scratch redraw of the same screen shows?

    The shown frame is kept; the screen's widgets are then rebuilt and the UI given
    every chance to finish drawing before the two are compared pixel for pixel.
    """
    shown = app.surface.copy()
    app.top.rebuild()
    for _ in range(4):
        app.manager.update(0.0)
    app.draw()
    return bytes(pygame.image.tobytes(shown, "RGB")) == bytes(
        pygame.image.tobytes(app.surface, "RGB")
    )
