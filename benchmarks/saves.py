"""The save list with many saves: the first listing, Continue and the main menu.

    python benchmarks/saves.py [--saves 1000] [--repeat 21]

Builds the saves in a temporary BUTTONS_GAME_HOME: unfinished autosaves, named
saves and finished autosaves (as many as are kept), then times the first
listing (no index yet: every file is read and replayed, as after an upgrade),
and, with the index, ``latest_unfinished()`` (what the main menu asks),
``list_saves()`` (the Load screen) and building the main menu; and a first start
on the same saves with no index: the main menu's first frame (the index is built in
the background meanwhile). Prints medians. Targets: the main menu <= 50 ms with
1,000 saves once the index exists, <= 300 ms at a first start with 1,500.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buttons_game.games.buttons.engine import random_action, sample_dice  # noqa: E402
from buttons_game.games.buttons.game import Game, Seat  # noqa: E402
from buttons_game.paths import HOME_VARIABLE, saves_dir  # noqa: E402
from buttons_game.saves import (  # noqa: E402
    MAX_FINISHED_AUTOSAVES,
    autosave_path,
    encode_game,
    latest_unfinished,
    list_saves,
    slot_path,
)

T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
NAMES = ("Anna", "Ben", "Carla", "Deniz", "Jürgen", "さくら")


def random_game(rng: random.Random, steps: int | None) -> Game:
    """A game of random legal moves and dice, ``steps`` actions long (or played to the end)."""
    players = rng.randint(2, 4)
    kinds = (None, "easy", "medium")
    seats = tuple(Seat(rng.choice(NAMES), rng.choice(kinds)) for _ in range(players))
    game = Game.new(seats, seed=rng.randrange(2**32))
    while not game.state.is_over() and (steps is None or len(game.state.history()) < steps):
        state = game.state
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)  # type: ignore[arg-type]
    return game


def build(count: int, rng: random.Random) -> str:
    """``count`` save files: 70% unfinished autosaves, finished autosaves as many as are kept,
    the rest named saves. Returns a description."""
    unfinished: list[Game] = []
    while len(unfinished) < 25:
        game = random_game(rng, rng.randint(20, 300))
        if not game.state.is_over():
            unfinished.append(game)
    finished = [random_game(rng, None) for _ in range(5)]
    kept = min(MAX_FINISHED_AUTOSAVES, count // 10)
    autosaves = int(count * 0.7)
    named = count - autosaves - kept
    for i in range(count):
        when = T0 + timedelta(minutes=i)
        if i < autosaves:
            game = rng.choice(unfinished).fork()
            path, text = autosave_path(game), encode_game(game, saved_at=when)
        elif i < autosaves + kept:
            game = rng.choice(finished).fork()
            path, text = autosave_path(game), encode_game(game, saved_at=when)
        else:
            name = f"Game {i}"
            game = rng.choice(unfinished + finished)
            path, text = slot_path(name), encode_game(game, name=name, saved_at=when)
        path.write_text(text, encoding="utf-8")
    size = sum(p.stat().st_size for p in saves_dir().iterdir()) / 1e6
    return (
        f"{count} files ({autosaves} unfinished autosaves, {kept} finished autosaves, "
        f"{named} named saves), {size:.1f} MB"
    )


def median_ms(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main_menu_ms(repeat: int) -> float:
    from buttons_game.ui.app import App, AppOptions

    app = App(AppOptions(window=(1280, 720)))

    def build_menu() -> None:
        app.show_menu()
        app.step(0.016, [])

    build_menu()
    return median_ms(build_menu, repeat)


def first_start_ms(folder: Path, repeat: int) -> list[float]:
    """From making the app to its first main-menu frame, at a first start on the saves in
    ``folder`` with no index (after an upgrade): each time a fresh copy of the folder."""
    import shutil
    from concurrent.futures import wait

    from buttons_game.ui.app import App, AppOptions
    from buttons_game.ui.screens.menu import MainMenu

    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="buttons-first-start-") as home:
            os.environ[HOME_VARIABLE] = home
            shutil.copytree(folder, Path(home) / "data" / "saves")
            t0 = time.perf_counter()
            app = App(AppOptions(window=(1280, 720)))
            app.push(MainMenu(app))
            app.step(0.016, [])
            times.append((time.perf_counter() - t0) * 1000)
            if app.keeper.tidied is not None:  # the index, built meanwhile, before the folder goes
                app.keeper.begin()
                wait([app.keeper.tidied])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="buttons-saves-bench-") as home:
        os.environ[HOME_VARIABLE] = home
        print(f"saves: {build(args.saves, random.Random(1))}")
        starts = first_start_ms(saves_dir(), 5)
        os.environ[HOME_VARIABLE] = home
        print(
            f"first start, no index: main menu drawn {statistics.median(starts):.0f} ms after "
            f"the app is made (median of 5, max {max(starts):.0f}; target <= 300)"
        )
        t0 = time.perf_counter()
        infos = list_saves()
        cold = (time.perf_counter() - t0) * 1000
        assert len(infos) == args.saves and not any(info.broken for info in infos)
        print(f"first listing (no index yet: every file replayed): {cold:.0f} ms")
        latest = median_ms(latest_unfinished, args.repeat)
        print(f"latest_unfinished() with the index: {latest:.1f} ms (median of {args.repeat})")
        listing = median_ms(list_saves, args.repeat)
        print(f"list_saves() with the index: {listing:.1f} ms (median of {args.repeat})")
        menu = main_menu_ms(args.repeat)
        print(f"main menu with {args.saves} saves: {menu:.1f} ms (median; target <= 50)")


if __name__ == "__main__":
    main()
