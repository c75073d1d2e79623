"""Render every screen to PNG files for review, or the README's pictures.

    python scripts/screenshots.py OUT_DIR [--window 1280x720] [--players 2 3 4] [--lang en]
    python scripts/screenshots.py docs/screenshots --readme

Runs headless (SDL dummy driver). Each screen is opened through the app's own
navigation and drawn by the real loop until it is idle.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from buttons_game import saves  # noqa: E402
from buttons_game.cli import window_size  # noqa: E402
from buttons_game.core.control import bot_control  # noqa: E402
from buttons_game.core.match import Match  # noqa: E402
from buttons_game.games.buttons.bots import make_bot  # noqa: E402
from buttons_game.games.buttons.engine import ROLL, Phase, random_game  # noqa: E402
from buttons_game.games.buttons.game import Game, Seat  # noqa: E402
from buttons_game.games.kopf.engine import Move  # noqa: E402
from buttons_game.games.kopf.game import KopfGame  # noqa: E402
from buttons_game.games.kopf.lessons import LESSONS, walkthrough, wrong_reason  # noqa: E402
from buttons_game.ui.app import App, AppOptions  # noqa: E402
from buttons_game.ui.games.buttons.intents import Menu  # noqa: E402
from buttons_game.ui.play.staging import stage
from buttons_game.ui.png import save_png
from buttons_game.ui.scenes import mid_game, seats  # noqa: E402


def settle(app: App) -> None:
    """Run the loop the way it runs on its own, until nothing is left to draw."""
    for _ in range(60):
        if not app.step(0.02, []):
            break
    app.draw()


def shoot(app: App, path: Path) -> None:
    settle(app)
    save_png(app.surface, path)
    print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--window", type=window_size, default=(1280, 720))
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--readme", action="store_true", help="the pictures README.md shows")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("BUTTONS_GAME_HOME", tempfile.mkdtemp(prefix="buttons-shots-"))
    app = App(AppOptions(window=args.window, language=args.lang, fast=True, seed=1))
    if args.readme:
        readme(app, args.out)
        pygame.quit()
        return
    size = f"{args.window[0]}x{args.window[1]}"
    tag = f"{args.lang}-{size}"
    app.show_menu()
    shoot(app, args.out / f"menu-{tag}.png")
    for show, name in ((app.show_rules, "rules"), (app.show_settings, "settings")):
        show()
        shoot(app, args.out / f"{name}-{tag}.png")
        app.back()
    for game in ("buttons", "kopf"):  # each game's full rules, as shipped in docs/
        app.show_rules(game)
        app.top.show_full(True)  # type: ignore[attr-defined]
        shoot(app, args.out / f"rules-full-{game}-{tag}.png")
        app.back()
    for players in args.players:
        app.show_setup("buttons")
        app.top._recount(players)  # type: ignore[attr-defined]
        shoot(app, args.out / f"setup-{players}p-{tag}.png")
        app.start_game(mid_game(players, humans=2))
        shoot(app, args.out / f"game-{players}p-{tag}.png")
        app.start_game(mid_game(players, humans=players, phase=Phase.STARS))
        shoot(app, args.out / f"summary-{players}p-{tag}.png")
        app.top.close()  # type: ignore[attr-defined]
        shoot(app, args.out / f"stars-{players}p-{tag}.png")
    # the coach's review of a round, with one person at the table
    app.start_game(mid_game(3, humans=1, phase=Phase.STARS, seed=11))
    settle(app)
    app.top.close()  # type: ignore[attr-defined]
    review = app.top
    future = getattr(review, "future", None)
    if future is not None:  # the review is worked out in a thread: however long it takes
        concurrent.futures.wait([future], timeout=120)
    for _ in range(3000):
        if getattr(review, "reviews", None) is not None or getattr(review, "failed", True):
            break
        app.step(0.01, [])
    shoot(app, args.out / f"review-{tag}.png")
    # a bust, at its beat
    game = mid_game(2, humans=2, phase=Phase.TURN)
    app.start_game(game)
    session = app.top.session  # type: ignore[attr-defined]
    rolled = game.apply(ROLL)
    active = game.state.active_player
    busts = [
        dice
        for dice, _ in rolled.state.chance_outcomes()
        if rolled.apply(dice).state.status(active).value == "busted"
    ]
    if busts:
        app.options.fast = False  # a beat long enough to be seen
        stage(session.match, ROLL)
        stage(session.match, busts[0])
        for _ in range(4):
            app.step(0.05, [])
        save_png(app.surface, args.out / f"bust-{tag}.png")
        app.options.fast = True
    final = random_game(4, random.Random(3), seed=3)
    app.show_game_over(Game(seats(4, 4), final))
    shoot(app, args.out / f"game-over-{tag}.png")
    kopf_screens(app, args.out, tag)
    kopf_lessons(app, args.out, tag)
    replays(app, args.out, tag)

    game = mid_game(3, humans=1)
    saves.save_as(game, "Sunday with Grandma", overwrite=True)
    saves.autosave(mid_game(4, humans=2, seed=9))
    saves.save_as(kopf_mid_game(), "Kopf with Ben", overwrite=True)
    app.start_game(game)
    settle(app)
    app.top.act(Menu())  # type: ignore[attr-defined]
    shoot(app, args.out / f"pause-{tag}.png")
    app.show_save_as(game)
    shoot(app, args.out / f"save-as-{tag}.png")
    app.show_load()
    shoot(app, args.out / f"load-{tag}.png")
    stats_screens(app, args.out, tag)
    pygame.quit()
    sys.exit(0)


def finished_game(seats: tuple[Seat, ...], seed: int) -> Game:
    """A game of BUTTONS played to its end by seeded easy bots in every seat."""
    bots = [bot_control(make_bot("easy", seed * 10 + p)) for p in range(len(seats))]
    match = Match(Game.new(seats, seed=seed), bots, strict_bots=True)
    match.run()
    game: Game = match.game
    return game


def stats_screens(app: App, out: Path, tag: str) -> None:
    """Statistics after a few finished games: each game's table, the dice, Reset's question."""
    tables = (
        (Seat("Anna"), Seat("Ben", "hard")),
        (Seat("Anna"), Seat("Carla"), Seat("Bo", "medium")),
        (Seat("Carla"), Seat("Bo", "easy"), Seat("Anna"), Seat("Ben", "hard")),
    )
    for i in range(9):
        saves.save_as(finished_game(tables[i % 3], 40 + i), f"Finished {i}", overwrite=True)
    rng = random.Random(5)
    for i in range(3):
        game = KopfGame.new((Seat("Anna"), Seat("Ben", "easy")), target=8)
        while not game.state.is_over():
            game = game.apply(rng.choice(game.state.legal_actions()))
        saves.save_as(game, f"Kopf finished {i}", overwrite=True)
    app.show_stats()
    screen = app.top
    deadline = time.monotonic() + 120
    while screen.loading and time.monotonic() < deadline:  # type: ignore[attr-defined]
        app.step(0.01, [])  # the statistics are counted in a thread
        time.sleep(0.01)
    for tab in ("buttons", "kopf", "dice"):
        screen.show_tab(tab)  # type: ignore[attr-defined]
        shoot(app, out / f"stats-{tab}-{tag}.png")
    screen.ask_reset()  # type: ignore[attr-defined]
    shoot(app, out / f"stats-reset-{tag}.png")


def kopf_mid_game(seed: int = 2, punishing: bool = False) -> KopfGame:
    """A Kopf oder Knopf game played randomly for a while (stopped while punishing, if asked)."""
    rng = random.Random(seed)
    game = KopfGame.new((Seat("Anna"), Seat("Ben", "hard")))
    while True:
        state = game.state
        if state.is_over():
            return kopf_mid_game(seed + 1, punishing)
        if len(state.history()) >= 30 and state.punishing == punishing and state.to_move == 0:
            return game
        game = game.apply(rng.choice(state.legal_actions()))


def kopf_screens(app: App, out: Path, tag: str) -> None:
    """The choice of game, Kopf oder Knopf's set-up, table, punishing, rules and game over."""
    app.show_setup()
    shoot(app, out / f"choose-{tag}.png")
    app.show_setup("kopf")
    shoot(app, out / f"kopf-setup-{tag}.png")
    kopf_table(app, kopf_mid_game())
    shoot(app, out / f"kopf-table-{tag}.png")
    app.start_game(kopf_mid_game(5, punishing=True))
    shoot(app, out / f"kopf-punish-{tag}.png")
    app.show_menu()
    app.show_rules("kopf")
    shoot(app, out / f"kopf-rules-{tag}.png")
    game = kopf_mid_game()
    rng = random.Random(1)
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    app.show_game_over(game)
    shoot(app, out / f"kopf-over-{tag}.png")


def kopf_lessons(app: App, out: Path, tag: str, keys: tuple[str, ...] = ()) -> None:
    """Learn to play: the choice of tutorials, then lessons at their start, after a wrong
    try and solved (``keys``: those lessons; by default four of them)."""
    app.show_tutorial()  # the choice of tutorials
    shoot(app, out / f"learn-{tag}.png")
    app.show_tutorial("kopf")
    screen = app.top
    for lesson in LESSONS:
        if lesson.key not in (keys or ("move", "strike", "group", "double")):
            continue
        screen.start_lesson(LESSONS.index(lesson))  # type: ignore[attr-defined]
        shoot(app, out / f"lesson-{lesson.key}-{tag}.png")
        session = screen.session  # type: ignore[attr-defined]
        state = session.state
        wrong = lesson.text_key("wrong")
        try_ = next(a for a in state.legal_actions() if wrong_reason(lesson, state, a) == wrong)
        session.attempt(lesson.player, try_)
        shoot(app, out / f"lesson-{lesson.key}-wrong-{tag}.png")
        for action, _ in walkthrough(lesson):
            stage(session.match, action)
        shoot(app, out / f"lesson-{lesson.key}-done-{tag}.png")
    app.show_tutorial()  # the choice of tutorials, now with the lesson reached
    shoot(app, out / f"learn-progress-{tag}.png")


def replays(app: App, out: Path, tag: str) -> None:
    """The replay viewer of both games: BUTTONS mid-round, at a bust and at the end; Kopf
    oder Knopf at a capture and at the end."""
    game = Game(seats(4, 2), random_game(4, random.Random(3), seed=3))
    app.show_game_over(game)
    app.show_replay(game)
    viewer = app.top.viewer  # type: ignore[attr-defined]
    viewer.goto(40)
    shoot(app, out / f"replay-{tag}.png")
    for n in range(1, viewer.last):
        viewer.goto(n)
        if viewer.model.busted is not None:
            shoot(app, out / f"replay-bust-{tag}.png")
            break
    viewer.goto(viewer.last)
    shoot(app, out / f"replay-end-{tag}.png")
    kopf = kopf_mid_game()
    rng = random.Random(1)
    while not kopf.state.is_over():
        kopf = kopf.apply(rng.choice(kopf.state.legal_actions()))
    app.show_game_over(kopf)
    app.show_replay(kopf)
    viewer = app.top.viewer  # type: ignore[attr-defined]
    for _ in range(3):
        viewer.jump(True)  # the third capture
    shoot(app, out / f"kopf-replay-{tag}.png")
    viewer.goto(viewer.last)
    shoot(app, out / f"kopf-replay-end-{tag}.png")


def kopf_table(app: App, game: KopfGame) -> None:
    """The table with a piece picked up and the preview of a move that builds a threat."""
    app.start_game(game)
    settle(app)
    model = app.top.session.model  # type: ignore[attr-defined]
    moves = [a for a in game.state.legal_actions() if isinstance(a, Move)]
    move = next((a for a in moves if game.state.threats_after(a)[0]), moves[0])
    model.selected = (move.from_row, move.from_col)
    model.hover = (move.to_row, move.to_col)


class ShownCodes:
    """A host's wormholes once the mailbox gave each remote seat its code, for the README's
    picture of the lobby (the picture needs no network; the lobby draws what it is told)."""

    mailbox_reached = True

    def __init__(self, seats: list[int]) -> None:
        from buttons_game.net.internet import Offer

        words = ("7-purple-sausages", "4-enterprise-endorse", "9-unravel-berserk")
        self._offers = {seat: Offer(seat, words[n % 3], "ready") for n, seat in enumerate(seats)}

    def offers(self) -> dict[int, object]:
        return dict(self._offers)

    def poll(self, timeout: float = 0.0) -> list[object]:
        return []

    def send(self, peer: str | None, frame: bytes) -> None:
        pass

    def drop(self, peer: str, reason: str = "protocol") -> None:
        pass

    def close(self) -> None:
        pass

    def want(self, seats: object) -> None:
        pass

    def renew(self, seat: int) -> None:
        pass

    def seat_of(self, peer: str) -> int | None:
        return None

    def route_of(self, seat: int) -> str | None:
        return None


def lobby_with_codes(app: App) -> None:
    """The host's lobby of a Kopf oder Knopf game with a friend far away in seat 2."""
    from buttons_game.ui.screens import lobby

    game = KopfGame.new((Seat("Ann"), Seat("Bo")))
    made = lobby.make_wormholes
    lobby.make_wormholes = lambda host, gamehost, kind: ShownCodes(sorted(gamehost.wanting()))
    try:
        app.show_menu()
        app.push(lobby.LobbyScreen(app, game, [1]))
    finally:
        lobby.make_wormholes = made


def readme(app: App, out: Path) -> None:
    """The README's pictures, at 1280x720: English, then German and Japanese tables."""
    app.start_game(mid_game(4, humans=2))
    shoot(app, out / "game-4-players.png")
    app.start_game(mid_game(2, humans=2))
    shoot(app, out / "game-2-players.png")
    app.start_game(mid_game(3, humans=2))
    shoot(app, out / "game-3-players.png")
    app.start_game(mid_game(4, humans=4, phase=Phase.STARS))
    shoot(app, out / "round-summary.png")
    app.show_setup("buttons")
    app.top._recount(3)  # type: ignore[attr-defined]
    shoot(app, out / "new-game.png")
    app.show_game_over(Game(seats(4, 4), random_game(4, random.Random(3), seed=3)))
    shoot(app, out / "game-over.png")
    kopf_table(app, kopf_mid_game())
    shoot(app, out / "kopf-table.png")
    app.show_menu()
    app.show_rules("kopf")
    shoot(app, out / "kopf-rules.png")
    lobby_with_codes(app)
    shoot(app, out / "lobby-wormhole-codes.png")
    app.show_menu()
    for language, players, name in (("de", 4, "spiel-deutsch"), ("ja", 3, "game-japanese")):
        app.apply_settings(replace(app.settings, language=language))
        app.start_game(mid_game(players, humans=2))
        shoot(app, out / f"{name}.png")


if __name__ == "__main__":
    main()
