"""Rendering cost: frame time of the busiest scenes, idle CPU, time to the first frame.

    python benchmarks/render.py [--frames 300] [--idle-seconds 10] [--decisions 6]

Targets: <= 4 ms CPU per frame for 4 seats with every animation running at once at
1280x800 and 1920x1080 under the dummy driver (the dice tumbling, on every board a
button sliding in, a star bouncing, two colours popping into stars, a bust shaking the
board and its buttons going back, a bot's trail and its line; then once more with a
game's end celebrated over all of it), and for Kopf oder Knopf with a piece
gliding, pieces flying to a tray and a bot's trail; <= 1% of one core when nothing
moves (the real App.run loop, idle: it does not redraw); <= 1 s from start to the
first drawn frame; and how long each frame of the real app takes (wall clock) while
Kopf oder Knopf's hard bot thinks for a full second on its worker thread: the window
stays responsive. Prints medians.
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


def hold(motions, kind: str, what: object, share: float = 0.5) -> None:
    """``what`` in motion, ``share`` of its way done (started anew every frame)."""
    motions.start(kind, what, 1.0)
    motions.of(kind)[-1].elapsed = share


def celebrating(model, spots, share: float) -> None:
    """The end of the game celebrated over everything else, well on (all lit, sparkles):
    two winners, each with their stars lighting up (``spots``)."""
    from buttons_game.core.notes import Note
    from buttons_game.ui.play.celebration import Celebration

    title = Note("over.winners", "accent", values=(("names", "Anna, Ben"),), in_log=False)
    model.celebration = Celebration(
        "five_in_line", (0, 1), (0, 1), title, Note("over.five_in_line", in_log=False), spots, True
    )
    model.celebrating = lambda: 0.6 + 0.35 * share


def busiest_frame_ms(frames: int, size=(1280, 800), celebrate: bool = False) -> float:
    """CPU ms per frame: 4 boards, the round banner showing, and every animation at once:
    the dice in the air, and on every board a button sliding in, a star bouncing, two
    colours popping into stars, a bust's shake and its buttons going back; a bot's trail
    and its line (with ``celebrate``, a game's end celebrated over all of it)."""
    from buttons_game.games.buttons.engine import COLOURS, ROLL, Phase
    from buttons_game.games.buttons.engine.board import iter_spaces
    from buttons_game.ui.app import App, AppOptions
    from buttons_game.ui.play.staging import stage
    from buttons_game.ui.scenes import mid_game

    app = App(AppOptions(window=size))
    app.settings.animation = "normal"
    app.start_game(mid_game(4, phase=Phase.TURN))
    session = app.top.session
    stage(session.match, ROLL)
    model = session.model
    state = model.state
    model.round_start = state.active_player
    buttons = {p: list(iter_spaces(state.button_mask(p))) for p in range(4)}
    stars = {p: list(iter_spaces(state.star_mask(p))) for p in range(4)}
    model.bot_moved(1, "bot_move.place", ((1, *buttons[1][0]),), 1.0, row=1, col=1)
    motions = model.motions
    times = []
    for frame in range(frames):
        share = (frame % 60) / 60
        model.timers.start("roll", 1.0)  # keep the dice tumbling
        model.timers.start("fade", 1.0)  # and every seat's bust's buttons going back
        model.timers.tick(share)
        model.fading = {p: 0b101010101 for p in range(4)}
        for p in range(4):
            hold(motions, "shake", p, share)
            if buttons[p]:
                hold(motions, "slide", (p, *buttons[p][0]), share)
            if stars[p]:
                hold(motions, "star", (p, *stars[p][0]), share)
            for colour in COLOURS[:2]:
                hold(motions, "pop", (p, colour), share)
        hold(motions, "trail", model.bot_move.spots, share)
        if celebrate:
            celebrating(model, tuple(tuple((p, *s) for s in stars[p]) for p in (0, 1)), share)
        t0 = time.process_time()
        app.step(0.0, [])
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times[10:])


def kopf_busiest_frame_ms(frames: int, size=(1280, 800), celebrate: bool = False) -> float:
    """CPU ms per frame of Kopf oder Knopf at its busiest: the threat overlay on, a piece
    picked up with the preview of a move, a piece gliding, captured pieces flying to a
    tray, a bot's trail and its line (with ``celebrate``, a win celebrated over it all)."""
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
    app = App(AppOptions(window=size))
    app.start_game(game)
    screen = app.top
    model = screen.session.model
    move = next(a for a in game.state.legal_actions() if isinstance(a, Move))
    model.selected = (move.from_row, move.from_col)
    model.hover = (move.to_row, move.to_col)
    mine = sorted(game.state.pieces(0))
    glide = (mine[0], (5, 5), 0)
    trail = (mine[1], (6, 6))
    model.bot_moved(1, "bot_move.kopf_move", trail, 1.0, **{"from": "a1", "to": "f6"})
    times = []
    for frame in range(frames):
        share = (frame % 60) / 60
        model.flights = [
            Flight(spot, 1, k) for k, spot in enumerate(sorted(game.state.pieces(1))[:3])
        ]
        model.timers.start("strike", 1.0)
        model.timers.tick(share)
        hold(model.motions, "glide", glide, share)
        hold(model.motions, "trail", trail, share)
        if celebrate:
            celebrating(model, (tuple(("tray", 0, k) for k in range(4)),), share)
        t0 = time.process_time()
        app.step(0.0, [])
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times[10:])


def frames_while_hard_thinks(decisions: int) -> tuple[list[float], list[float]]:
    """Milliseconds each frame of the real app took (``App.step``, wall clock) while Kopf
    oder Knopf's hard bot thought on its worker thread (a full second a move), the loop
    paced at 60 frames a second, over the first ``decisions`` moves of a game of two hard
    bots; and the milliseconds from each such frame's start to the next one's."""
    from buttons_game.games.buttons.game import Seat
    from buttons_game.games.kopf.game import KopfGame
    from buttons_game.ui.app import App, AppOptions

    app = App(AppOptions(window=(1280, 800), fast=True))
    app.start_game(KopfGame.new((Seat("Bo", "hard"), Seat("Bea", "hard"))))
    session = app.top.session
    frames: list[float] = []
    gaps: list[float] = []
    previous = None
    while len(session.state.history()) < decisions:
        job = session.bots.job
        start = time.perf_counter()
        app.step(1 / 60)
        took = time.perf_counter() - start
        if job is not None and session.bots.job is job:  # still thinking
            frames.append(1000 * took)
            if previous is not None:
                gaps.append(1000 * (start - previous))
            previous = start
        else:
            previous = None
        time.sleep(max(0.0, 1 / 60 - took))
    return frames, gaps


def thinking_line(frames: list[float], gaps: list[float], decisions: int) -> str:
    """The line saying how the frames went while the hard bot thought, or that none were
    drawn (no decisions asked, or every move came before a frame)."""
    if not frames:
        return (
            f"frames while Kopf oder Knopf's hard bot thinks: none drawn in {decisions} "
            f"decisions (no frames to measure)"
        )
    frames, gaps = sorted(frames), sorted(gaps)
    line = (
        f"frames while Kopf oder Knopf's hard bot thinks: {len(frames)} in "
        f"{decisions} decisions; each took median {statistics.median(frames):.1f} ms, "
        f"max {frames[-1]:.1f} ms; "
    )
    if not gaps:
        return line + "no frame followed another while it thought (no gaps to measure)"
    return line + (
        f"one frame to the next median "
        f"{statistics.median(gaps):.1f} ms, p99 {gaps[int(0.99 * (len(gaps) - 1))]:.1f} ms, "
        f"max {gaps[-1]:.1f} ms (60 frames a second asked: 16.7 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--decisions", type=int, default=6, help="hard bot moves to draw frames through"
    )
    args = parser.parse_args()
    if args.frames <= 10:
        parser.error("--frames must be more than 10: the first 10 frames are a warm-up")
    home = tempfile.mkdtemp(prefix="buttons-bench-")
    os.environ["BUTTONS_GAME_HOME"] = home
    for size in ((1280, 800), (1920, 1080)):
        for celebrate in (False, True):
            wide = f"{size[0]}x{size[1]}" + (", the game's end celebrated" if celebrate else "")
            frame = statistics.median(
                busiest_frame_ms(args.frames, size, celebrate) for _ in range(args.repeats)
            )
            print(
                f"busiest scene (4 seats, every animation, {wide}): {frame:.2f} ms CPU per "
                "frame (median; target <= 4)"
            )
            kopf = statistics.median(
                kopf_busiest_frame_ms(args.frames, size, celebrate) for _ in range(args.repeats)
            )
            print(
                f"busiest Kopf oder Knopf scene (threats, preview, a glide, a strike flying, a "
                f"bot's trail, {wide}): {kopf:.2f} ms CPU per frame (median; target <= 4)"
            )
    frames, gaps = frames_while_hard_thinks(args.decisions)
    print(thinking_line(frames, gaps, args.decisions))
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
        f"(median of {args.repeats}; target <= 1%)"
    )


if __name__ == "__main__":
    main()
