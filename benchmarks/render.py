"""Rendering cost: frame time of the busiest scene, idle CPU, time to the first frame.

    python benchmarks/render.py [--frames 300] [--idle-seconds 10]

Targets: <= 4 ms CPU per frame for 4 seats with animations running at 1280x800
under the dummy driver; <= 3% of one core when nothing moves (the real App.run
loop, idle); <= 1 s from start to the first drawn frame. Prints medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

IDLE_CHILD = """
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
from buttons_game.ui.app import App, AppOptions
from buttons_game.ui.scenes import mid_game
app = App(AppOptions(window=(1280, 800)))
app.start_game(mid_game(4))           # people to move: nothing animates
app.step(0.016)
first = time.time()                   # the parent subtracts its launch time
seconds = float(sys.argv[1])
pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
cpu0 = time.process_time()
app.run()                             # the real loop, idle until the QUIT arrives
cpu = time.process_time() - cpu0
print(first, cpu / seconds)
"""


def busiest_frame_ms(frames: int) -> float:
    """CPU ms per frame: 4 boards, a roll animating, a bust fading, the round banner showing."""
    from buttons_game.games.buttons.engine import ROLL, Phase
    from buttons_game.ui.app import App, AppOptions
    from buttons_game.ui.scenes import mid_game

    app = App(AppOptions(window=(1280, 800)))
    app.start_game(mid_game(4, phase=Phase.TURN))
    session = app.top.session
    session.apply(ROLL)
    model = session.model
    model.round_start = model.state.active_player
    times = []
    for _ in range(frames):
        model.timers.start("roll", 1e9)  # keep the dice rolling
        model.timers.start("fade", 1e9)  # and every seat's bust fading
        model.fading = {p: 0b101010101 for p in range(4)}
        t0 = time.process_time()
        app.step(0.016, [])
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times[10:])


def kopf_busiest_frame_ms(frames: int) -> float:
    """CPU ms per frame of Kopf oder Knopf at its busiest: the threat overlay on, a piece
    picked up with the preview of a move, and captured pieces flying to a tray."""
    import random

    from buttons_game.games.buttons.game import Seat
    from buttons_game.games.kopf.engine import Move
    from buttons_game.games.kopf.game import KopfGame
    from buttons_game.ui.app import App, AppOptions
    from buttons_game.ui.games.kopf.model import Flight

    rng = random.Random(3)
    game = KopfGame.new((Seat("Anna"), Seat("Ben")))
    while len(game.state.history()) < 40 or game.state.punishing or game.state.is_over():
        if game.state.is_over():
            game = KopfGame.new((Seat("Anna"), Seat("Ben")))
        game = game.apply(rng.choice(game.state.legal_actions()))
    app = App(AppOptions(window=(1280, 800)))
    app.start_game(game)
    screen = app.top
    model = screen.session.model
    move = next(a for a in game.state.legal_actions() if isinstance(a, Move))
    model.selected = (move.from_row, move.from_col)
    model.hover = (move.to_row, move.to_col)
    times = []
    for _ in range(frames):
        model.flights = [
            Flight(spot, 1, k) for k, spot in enumerate(sorted(game.state.pieces(1))[:3])
        ]
        model.timers.start("strike", 1e9)
        t0 = time.process_time()
        app.step(0.016, [])
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times[10:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="buttons-bench-")
    os.environ["BUTTONS_GAME_HOME"] = home
    frame = statistics.median(busiest_frame_ms(args.frames) for _ in range(args.repeats))
    print(f"busiest scene (4 seats, animating, 1280x800): {frame:.2f} ms CPU per frame", end="")
    print(" (median; target <= 4)")
    kopf = statistics.median(kopf_busiest_frame_ms(args.frames) for _ in range(args.repeats))
    print(
        f"busiest Kopf oder Knopf scene (threats, preview, a strike flying, 1280x800): "
        f"{kopf:.2f} ms CPU per frame (median; target <= 4)"
    )
    firsts, idles = [], []
    for _ in range(args.repeats):
        launched = time.time()
        out = subprocess.run(
            [sys.executable, "-c", IDLE_CHILD, str(args.idle_seconds)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ},
        ).stdout.split()
        firsts.append(float(out[0]) - launched)
        idles.append(float(out[1]))
    first = statistics.median(firsts)
    print(f"start to first frame: {first:.2f} s (median of {args.repeats}; target <= 1)")
    print(
        f"idle CPU over {args.idle_seconds:g} s: {100 * statistics.median(idles):.2f}% of one core "
        f"(median of {args.repeats}; target <= 3%)"
    )


if __name__ == "__main__":
    main()
