"""Statistics with many saves: building them, bringing them up to date, and the menu.

    python benchmarks/stats.py [--saves 1000] [--repeat 11]

Builds the saves in a temporary BUTTONS_GAME_HOME: a third unfinished autosaves, the
finished autosaves that are kept, and the rest named saves of finished games (each its
own game, so each is counted), of BUTTONS and Kopf oder Knopf. Then times the first
build of the statistics (no statistics file: every finished save is read and
replayed), the look through the saves each time the screen opens (the file up to
date), counting a game that just ended, the main menu (which never counts), and the
Statistics screen: how long until it shows the figures, and the frames meanwhile
(it counts in a thread, so the window keeps drawing). Prints medians.
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

from buttons_game import stats  # noqa: E402
from buttons_game.games.buttons.engine import random_action, sample_dice  # noqa: E402
from buttons_game.games.buttons.game import Game, Seat  # noqa: E402
from buttons_game.games.kopf.game import KopfGame  # noqa: E402
from buttons_game.paths import HOME_VARIABLE, saves_dir  # noqa: E402
from buttons_game.saves import (  # noqa: E402
    MAX_FINISHED_AUTOSAVES,
    autosave_path,
    encode_game,
    list_saves,
    slot_path,
)

T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
NAMES = ("Anna", "Ben", "Carla", "Deniz", "Jürgen", "さくら")
LEVELS = (None, "easy", "medium", "hard")


def buttons_game(rng: random.Random, steps: int | None) -> Game:
    players = rng.randint(2, 4)
    seats = tuple(Seat(rng.choice(NAMES), rng.choice(LEVELS)) for _ in range(players))
    game = Game.new(seats, seed=rng.randrange(2**32))
    while not game.state.is_over() and (steps is None or len(game.state.history()) < steps):
        state = game.state
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)  # type: ignore[arg-type]
    return game


def kopf_game(rng: random.Random) -> KopfGame:
    seats = (Seat(rng.choice(NAMES), rng.choice(LEVELS)), Seat(rng.choice(NAMES), "easy"))
    game = KopfGame.new(seats, target=8)
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


def build(count: int, rng: random.Random) -> str:
    unfinished = [buttons_game(rng, rng.randint(20, 300)) for _ in range(20)]
    unfinished = [g for g in unfinished if not g.state.is_over()]
    finished: list[Game | KopfGame] = [buttons_game(rng, None) for _ in range(40)]
    finished += [kopf_game(rng) for _ in range(10)]
    autosaves = count // 3
    kept = min(MAX_FINISHED_AUTOSAVES, count // 10)
    named = 0
    for i in range(count):
        when = T0 + timedelta(minutes=i)
        if i < autosaves:
            game = rng.choice(unfinished).fork()
            path, text = autosave_path(game), encode_game(game, saved_at=when)
        elif i < autosaves + kept:
            game = rng.choice(finished).fork()
            path, text = autosave_path(game), encode_game(game, saved_at=when)
        else:
            named += 1
            game = rng.choice(finished).fork()
            path, text = slot_path(f"Game {i}"), encode_game(game, name=f"Game {i}", saved_at=when)
        path.write_text(text, encoding="utf-8")
    size = sum(p.stat().st_size for p in saves_dir().iterdir()) / 1e6
    return (
        f"{count} files ({autosaves} unfinished autosaves, {kept} finished autosaves, "
        f"{named} named saves of finished games), {size:.1f} MB"
    )


def median_ms(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def screen_times(repeat: int) -> tuple[float, float, list[float]]:
    """The main menu (median ms), and opening Statistics with the file deleted (everything
    counted anew): ms until the figures show, and each frame's ms meanwhile."""
    from buttons_game.ui.app import App, AppOptions

    app = App(AppOptions(window=(1280, 720)))

    def menu() -> None:
        app.show_menu()
        app.step(0.016, [])

    menu()
    menu_ms = median_ms(menu, repeat)
    stats.statistics_path().unlink()
    t0 = time.perf_counter()
    app.show_stats()
    frames = []
    while app.top.loading:  # type: ignore[attr-defined]
        f0 = time.perf_counter()
        app.step(0.016, [])
        frames.append((time.perf_counter() - f0) * 1000)
        time.sleep(0.016)  # the loop's own pace at 60 frames a second
    shown = (time.perf_counter() - t0) * 1000
    return menu_ms, shown, frames


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="buttons-stats-bench-") as home:
        os.environ[HOME_VARIABLE] = home
        print(f"saves: {build(args.saves, random.Random(1))}")
        t0 = time.perf_counter()
        first = stats.refresh()
        cold = (time.perf_counter() - t0) * 1000
        print(
            f"first build, no save index yet ({first.added} finished games replayed): {cold:.0f} ms"
        )
        stats.statistics_path().unlink()
        t0 = time.perf_counter()
        again = stats.refresh()
        warm = (time.perf_counter() - t0) * 1000
        print(f"first build, with the save index ({again.added} games): {warm:.0f} ms")
        assert again.stats.totals == first.stats.totals
        up_to_date = median_ms(stats.refresh, args.repeat)
        print(f"refresh() with the file up to date: {up_to_date:.1f} ms (median)")
        ended = buttons_game(random.Random(5), None)
        t0 = time.perf_counter()
        stats.record_game(ended)
        print(f"record_game() at a game's end: {(time.perf_counter() - t0) * 1000:.1f} ms")
        assert len(list_saves(prune=False)) == args.saves
        menu, shown, frames = screen_times(args.repeat)
        print(f"main menu with {args.saves} saves: {menu:.1f} ms (median; it counts nothing)")
        later = frames[2:] or [0.0]
        print(
            f"Statistics screen, file deleted: figures after {shown:.0f} ms; meanwhile "
            f"{len(frames)} frames: the first two (the screen built and drawn) "
            f"{frames[0]:.0f} and {frames[1]:.0f} ms, then {statistics.median(later):.1f} ms "
            f"median, {max(later):.1f} ms longest"
        )


if __name__ == "__main__":
    main()
