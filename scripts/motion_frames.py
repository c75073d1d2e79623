"""Every table animation as a sequence of frames, to look at them: PNG contact sheets.

    python scripts/motion_frames.py OUT_DIR [--window 1280x720] [--speed normal] [--every 2]

Runs headless (SDL dummy driver) at 60 frames a second and saves, for each animation
(the dice roll, a button sliding in, stars popping at a scoring, a bust, a star placed,
a Kopf oder Knopf move gliding and its strike, a bot's move in either game), a sheet of
every ``--every``-th frame around the place it happens, and the whole window at its
middle frame. The games are set up move by move, so the same sheets come every time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from buttons_game.cli import window_size  # noqa: E402
from buttons_game.games.buttons.engine import (  # noqa: E402
    OPT_OUT,
    ROLL,
    Dice,
    Phase,
    Place,
    PlaceStar,
    Skip,
    new_game,
)
from buttons_game.games.buttons.game import Game, Seat  # noqa: E402
from buttons_game.games.kopf.engine import Move  # noqa: E402
from buttons_game.games.kopf.game import KopfGame  # noqa: E402
from buttons_game.ui.app import App, AppOptions  # noqa: E402
from buttons_game.ui.games.buttons.steps import round_steps  # noqa: E402
from buttons_game.ui.play.staging import stage

DT = 1 / 60
CARDS = (("red", "yellow"), ("green", "blue"))


def table(window: tuple[int, int], speed: str, bots: tuple[str | None, ...] = (None, None)) -> App:
    """A BUTTONS table, Anna (board 1A, the red card) against Ben (2B)."""
    app = App(AppOptions(window=window))
    app.prefs.settings = replace(app.settings, animation=speed)
    seats = tuple(Seat(name, bot) for name, bot in zip(("Anna", "Ben"), bots))
    app.start_game(Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5)))
    rest(app)
    return app


def rest(app: App) -> None:
    """Step until nothing moves."""
    for _ in range(600):
        if not app.step(DT, []):
            return


def force(app: App, *actions: object) -> None:
    """Moves applied through the session (the dice given, not rolled), then shown."""
    for action in actions:
        stage(app.top.session.match, action)
    rest(app)


def film(app: App, frames: int, until: Callable[[], bool] | None = None) -> list[pygame.Surface]:
    """The window, frame after frame (until ``until()`` holds, at most ``frames``)."""
    shots = []
    for _ in range(frames):
        app.step(DT, [])
        app.draw()
        shots.append(app.surface.copy())
        if until is not None and until():
            break
    return shots


def sheet(
    shots: list[pygame.Surface], area: pygame.Rect, every: int, path: Path, width: int = 300
) -> None:
    """Every ``every``-th frame of ``area`` (each at most ``width`` wide), in rows, numbered;
    and the whole middle frame."""
    picked = shots[::every] + ([shots[-1]] if (len(shots) - 1) % every else [])
    columns = max(2, 1800 // width)
    scale = min(1.0, width / area.width)
    w, h = int(area.width * scale), int(area.height * scale)
    rows = (len(picked) + columns - 1) // columns
    out = pygame.Surface((columns * (w + 4), rows * (h + 4)))
    out.fill((20, 20, 20))
    font = pygame.font.Font(None, 18)
    for k, shot in enumerate(picked):
        tile = pygame.transform.smoothscale(shot.subsurface(area.clip(shot.get_rect())), (w, h))
        x, y = (k % columns) * (w + 4), (k // columns) * (h + 4)
        out.blit(tile, (x, y))
        label = font.render(str(shots.index(shot)), True, (255, 255, 255), (0, 0, 0))
        out.blit(label, (x + 2, y + 2))
    pygame.image.save(out, str(path))
    pygame.image.save(shots[len(shots) // 2], str(path.with_name(path.stem + "-middle.png")))
    print(path, f"{len(shots)} frames")


def board(app: App, seat: int) -> pygame.Rect:
    return app.top.table.boards[seat].panel.inflate(8, 8)


def dice_roll(app: App, out: Path, every: int) -> None:
    session = app.top.session
    stage(session.match, ROLL)
    shots = film(
        app, 120, lambda: not (session.model.motions.busy or session.state.is_chance_node())
    )
    area = app.top.table.side.copy()
    area.height = app.top.table.roll.top - area.top
    sheet(shots, area, every, out / "dice-roll.png")


def ben_out(app: App) -> None:
    """Anna and Ben place on (1, 1); Ben opts out: Anna plays on alone."""
    force(app, ROLL, Dice(1, 1, (1, 1, 1, 1)), Place(0, 1, 1), Place(1, 1, 1), OPT_OUT)


def button_slide(app: App, out: Path, every: int) -> None:
    ben_out(app)
    force(app, ROLL, Dice(3, 4, (4, 4)))
    stage(app.top.session.match, Place(0, 3, 4))
    shots = film(app, 60, lambda: not app.top.session.model.motions.busy)
    sheet(shots, board(app, 0), every, out / "button-slide.png")


def scoring(app: App, out: Path, every: int) -> None:
    """Three reds and three blues, Anna opts out: both colours pop into stars; then she
    puts a star on a button (it bounces)."""
    ben_out(app)
    for white, gold in ((3, 4), (6, 6), (1, 4), (4, 1), (6, 3)):
        force(app, ROLL, Dice(white, gold, (gold, gold)), Place(0, white, gold))
    session = app.top.session
    stage(session.match, OPT_OUT)
    shots = film(app, 150, lambda: not session.model.motions.busy)
    area = board(app, 0)
    area.height //= 2
    sheet(shots, area, every, out / "star-pop.png", 450)
    round_steps().show_stars(app, session)  # past the summary, to the stars
    rest(app)
    assert session.state.phase is Phase.STARS
    stage(session.match, PlaceStar(0, 3, 4))
    shots = film(app, 60, lambda: not session.model.motions.busy)
    sheet(shots, board(app, 0), every, out / "star-bounce.png")


def bust(app: App, out: Path, every: int) -> None:
    ben_out(app)
    for white, gold in ((3, 4), (6, 6), (4, 1)):
        force(app, ROLL, Dice(white, gold, (gold, gold)), Place(0, white, gold))
    session = app.top.session
    stage(session.match, ROLL)
    stage(session.match, Dice(1, 1, (2, 2)))  # row 1: (1, 1) taken, (1, 2) beside it
    shots = film(app, 110, lambda: session.model.busted is None)
    sheet(shots, board(app, 0).inflate(40, 0), every, out / "bust.png")


def buttons_bot(window: tuple[int, int], speed: str, out: Path, every: int) -> None:
    """Anna rolls; Bo, a bot, takes the gold space: its line and its trail."""
    app = table(window, speed, (None, "easy"))
    session = app.top.session
    stage(session.match, ROLL)
    stage(session.match, Dice(2, 3, (5, 5, 5, 5)))  # Anna places later: Bo decides meanwhile
    shots = film(app, 200, lambda: any(isinstance(a, (Place, Skip)) and a.player == 1
                                        for a in session.state.history()))  # fmt: skip
    shots += film(app, 100, lambda: not session.model.motions.busy)
    area = board(app, 1).union(app.top.table.side)
    sheet(shots, area, every * 2, out / "buttons-bot.png", 600)


def kopf(window: tuple[int, int], speed: str, out: Path, every: int, bot: bool) -> None:
    app = App(AppOptions(window=window, seed=3))
    app.prefs.settings = replace(app.settings, animation=speed)
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo", "easy" if bot else None))))
    rest(app)
    session = app.top.session
    if not bot:  # a long move of red's, then blue steps into it and is struck
        moves = [a for a in session.state.legal_actions() if isinstance(a, Move)]
        move = max(moves, key=lambda a: max(abs(a.to_row - a.from_row), abs(a.to_col - a.from_col)))
        stage(session.match, move)
        shots = film(app, 120, lambda: not session.model.motions.busy and not session.model.flights)
        sheet(shots, app.top.table.board.inflate(30, 30), every, out / "kopf-glide.png")
        return
    move = next(a for a in session.state.legal_actions() if isinstance(a, Move))
    stage(session.match, move)

    def bo_moved() -> bool:
        said = session.model.bot_move
        return said is not None and said.message.key == "bot_move.kopf_move"

    film(app, 600, bo_moved)  # Bo may punish first
    shots = film(app, 120, lambda: not session.model.motions.busy)
    sheet(shots, app.top.table.board.inflate(30, 30), every * 2, out / "kopf-bot.png", 450)
    pygame.image.save(shots[4], str(out / "kopf-bot-whole.png"))


def kopf_strike(window: tuple[int, int], speed: str, out: Path, every: int) -> None:
    """A move after which a piece is struck: the glide, then the flight to the tray."""
    app = App(AppOptions(window=window))
    app.prefs.settings = replace(app.settings, animation=speed)
    game = KopfGame.new((Seat("Ann"), Seat("Ben")))
    for k in range(400):  # the first move that strikes, on a fixed way through the game
        state = game.state
        taken = sum(state.captured(p) for p in (0, 1))
        strikes = [
            a
            for a in state.legal_actions()
            if isinstance(a, Move) and sum(state.apply(a).captured(p) for p in (0, 1)) > taken
        ]
        if strikes:
            break
        game = game.apply(state.legal_actions()[k % len(state.legal_actions())])
    app.start_game(game)
    rest(app)
    session = app.top.session
    stage(session.match, strikes[0])
    shots = film(app, 150, lambda: not session.model.motions.busy and not session.model.flights)
    area = app.top.table.board.union(app.top.table.cards[1])
    sheet(shots, area, every * 2, out / "kopf-strike.png", 600)


def celebrations(window: tuple[int, int], speed: str, out: Path, every: int) -> None:
    """Each way a game ends, celebrated until the game-over screen: BUTTONS' five in a line
    and twelve stars (random games that end so), Kopf oder Knopf's win (the short game)."""
    import random

    from buttons_game.games.buttons.engine import random_game

    seats = (Seat("Anna"), Seat("Ben"))
    games: list[tuple[str, object, object]] = []
    for name, seed in (("five-in-line", 7), ("twelve-stars", 0)):
        final = random_game(2, random.Random(seed), seed=seed)
        *before, last = final.history()
        games.append((name, Game.replayed(seats, final.setup, before), last))
    rng = random.Random(0)
    kopf_game = KopfGame.new(seats, target=4)
    state, actions = kopf_game.state, []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    *before, last = actions
    games.append(("kopf-win", KopfGame.replayed(seats, kopf_game.state.setup, before), last))
    for name, game, last in games:
        app = App(AppOptions(window=window))
        app.prefs.settings = replace(app.settings, animation=speed)
        app.start_game(game)
        rest(app)
        close = getattr(app.top, "close", None)
        if close is not None:
            close()  # the round's summary: its stars go on after it
            rest(app)
        session = app.top.session
        stage(session.match, last)
        model = session.model
        shots = film(app, 400, lambda model=model: model.celebration is None)  # type: ignore[misc]
        sheet(shots, app.surface.get_rect(), every * 6, out / f"celebration-{name}.png", 450)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--window", type=window_size, default=(1280, 720))
    parser.add_argument("--speed", default="normal", choices=("slow", "normal", "fast"))
    parser.add_argument("--every", type=int, default=2)
    args = parser.parse_args()
    os.environ["BUTTONS_GAME_HOME"] = tempfile.mkdtemp(prefix="buttons-motion-")
    args.out.mkdir(parents=True, exist_ok=True)
    for scene in (dice_roll, button_slide, scoring, bust):
        scene(table(args.window, args.speed), args.out, args.every)
    buttons_bot(args.window, args.speed, args.out, args.every)
    kopf(args.window, args.speed, args.out, args.every, bot=False)
    kopf_strike(args.window, args.speed, args.out, args.every)
    kopf(args.window, args.speed, args.out, args.every, bot=True)
    celebrations(args.window, args.speed, args.out, args.every)
    pygame.quit()


if __name__ == "__main__":
    main()
