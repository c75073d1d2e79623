"""Reference frames of the replay viewer: two saved games and the hash of every position.

Run once on the code whose look is the reference (not a test):

    python tests/ui/replay_frames/make_reference.py [--new-games]

It plays two bot games headless through the engine (BUTTONS: 3 seats, a fixed seed;
Kopf oder Knopf: the short game, two seeded bots) and saves them with the app's own save
writer (``--new-games``, or when a save is missing); then it opens each save in the replay
viewer of a 1280x720 window under the dummy video driver, steps through every position with
the Right key, and writes the sha256 of each frame's RGB pixels to ``frames.json`` and a
few chosen positions as PNGs. ``tests/ui/test_replay_frames.py`` renders the same way and
compares.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import wait
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
WINDOW = (1280, 720)
FRAMES = HERE / "frames.json"
SAVED_AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc)

# The two games: a save file name, how it is played, and the seed.
BUTTONS_SEED = 9  # 132 actions over 4 rounds: two busts, opt-outs, skips, 14 stars placed
BUTTONS_LEVELS = ("easy", "medium", "random")
KOPF_SEED = 12  # 21 actions: captures by both sides, 5 removals (strikes), red wins 8 to 6
KOPF_LEVELS = ("easy", "easy")
GAMES = {"buttons": "buttons.json", "kopf": "kopf.json"}


# ------------------------------------------------------------------ the games


def play_buttons() -> Any:
    """BUTTONS, 3 bot seats, the dice from the game's own seed, every action checked."""
    from buttons_game.games.buttons.bots import make_bot
    from buttons_game.games.buttons.game import Game, Seat

    names = ("Ann", "Bo", "Cy")
    seats = tuple(Seat(name, level) for name, level in zip(names, BUTTONS_LEVELS, strict=True))
    bots = [make_bot(level, BUTTONS_SEED * 7 + p) for p, level in enumerate(BUTTONS_LEVELS)]
    game = Game.new(seats, seed=BUTTONS_SEED)
    while not game.state.is_over():
        state = game.state
        if state.is_chance_node():
            game = game.apply(game.roll_dice())
            continue
        player = state.current_player
        assert player is not None, "a state that is not chance has a seat to decide"
        game = game.apply(bots[player].choose(state, player))
    return replace(game, game_id="replay0frames0buttons")


def play_kopf() -> Any:
    """Kopf oder Knopf, the short game (8 captures), two seeded bots, every action checked."""
    from buttons_game.core.seats import Seat
    from buttons_game.games.kopf.bots.levels import make_bot
    from buttons_game.games.kopf.game import KopfGame

    seats = (Seat("Ann", KOPF_LEVELS[0]), Seat("Bo", KOPF_LEVELS[1]))
    bots = [make_bot(level, KOPF_SEED * 7 + p) for p, level in enumerate(KOPF_LEVELS)]
    game = KopfGame.new(seats, target=8)
    while not game.state.is_over():
        state = game.state
        game = game.apply(bots[state.to_move].choose(state))
    return replace(game, game_id="replay0frames0kopf")


def write_save(game: Any, path: Path) -> None:
    """The app's save writer, with a fixed time so the file is the same on every run."""
    from buttons_game.saves.fileformat import encode_game
    from buttons_game.saves.files import write_atomically

    write_atomically(path, encode_game(game, name=path.stem, saved_at=SAVED_AT).encode("utf-8"))


def load(kind: str) -> Any:
    from buttons_game.saves.files import load_game

    return load_game(HERE / GAMES[kind])


# ------------------------------------------------------------------ the frames


def frame_hash(surface: Any) -> str:
    import pygame

    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


def replay_frames(game: Any) -> Iterator[tuple[int, Any]]:
    """Open ``game`` in the replay viewer of a fresh app (1280x720, English) and yield each
    position with the window's surface showing it, stepping on with the Right key.

    The app reads its settings from ``BUTTONS_GAME_HOME``: the caller points it at an
    empty folder, so nobody's own settings change the look."""
    import i18n
    import pygame
    import pygame_gui

    from buttons_game.ui.app import App, AppOptions
    from buttons_game.ui.screens.replay_screen import ReplayScreen

    app = App(AppOptions(fast=True, seed=3, window=WINDOW, language="en"))
    try:
        if app.keeper.tidied is not None:  # the start-up look at the saves, done first
            app.keeper.begin()
            wait([app.keeper.tidied], timeout=600)
        app.show_menu()
        app.show_replay(game)
        screen = app.top
        assert isinstance(screen, ReplayScreen), "the replay viewer did not open"
        last = screen.viewer.last
        for n in range(last + 1):
            if n:
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    event = pygame.event.Event(kind, key=pygame.K_RIGHT, mod=0, unicode="")
                    pygame.event.post(event)
            _settle(app)
            assert screen.viewer.position == n, f"the Right key did not reach position {n}"
            assert not app.notices, f"a notice covers position {n}: {app.notices}"
            yield n, app.surface
    finally:
        if app.keeper.tidied is not None:
            app.keeper.begin()
            wait([app.keeper.tidied], timeout=600)
        app.keeper.close()
        pygame.event.clear()
        pygame_gui.core.utility.set_default_manager(None)
        i18n.set("locale", "en")
        pygame.quit()


def _settle(app: Any) -> None:
    """Run the loop until it would sleep: the frame then shows the position in full."""
    import pygame

    for _ in range(60):
        if not app.step(0.02) and not pygame.event.peek():
            return
    raise AssertionError("the replay never went idle")


def chosen_positions(kind: str, game: Any) -> dict[int, str]:
    """The positions kept as PNGs for a person to look at, each named for what it shows:
    the first position whose action does what a label wants, the middle and the end."""
    from buttons_game.replay import Replay

    replay = Replay.of(game)
    Wants = Callable[[Any, list[str]], bool]  # the action and the keys of its notes

    def first(wants: Wants) -> int | None:
        for n in range(1, replay.last + 1):
            keys = [note.key for note in replay.notes[replay.current(n) : replay.note_ends[n]]]
            if wants(replay.actions[n - 1], keys):
                return n
        return None

    labels: dict[str, Wants]
    if kind == "buttons":
        labels = {
            "scoring": lambda action, keys: "round_over" in keys,
            "star": lambda action, keys: "star" in keys,
            "new-round": lambda action, keys: "new_round" in keys,
            "bust": lambda action, keys: "bust" in keys,
        }
    else:
        labels = {
            "punish-due": lambda action, keys: "punish_due" in keys,
            "strike": lambda action, keys: "strike" in keys,
            "capture-by-move": lambda action, keys: (
                type(action).__name__ == "Move" and "captured" in keys
            ),
        }
    chosen: dict[int, str] = {0: "start"}
    for label, wants in labels.items():
        n = first(wants)
        if n is not None:
            chosen.setdefault(n, label)
    chosen[replay.last] = "end"
    if len(chosen) < 6:
        chosen.setdefault(replay.last // 2, "middle")
    return dict(sorted(chosen.items()))


def small(surface: Any) -> Any:
    """A frame at half size: enough to see what a position shows, a quarter of the bytes."""
    import pygame

    width, height = surface.get_size()
    return pygame.transform.smoothscale(surface, (width // 2, height // 2))


def png_name(kind: str, n: int, label: str) -> str:
    return f"{kind}-{n:04d}-{label}.png"


def render_reference() -> dict[str, Any]:
    import pygame

    for old in HERE.glob("*.png"):
        old.unlink()
    reference: dict[str, Any] = {"window": list(WINDOW), "games": {}}
    for kind, file_name in GAMES.items():
        game = load(kind)
        chosen = chosen_positions(kind, game)
        hashes = []
        pngs = {}
        for n, surface in replay_frames(game):
            hashes.append(frame_hash(surface))
            if n in chosen:
                name = png_name(kind, n, chosen[n])
                pygame.image.save(small(surface), str(HERE / name))
                pngs[str(n)] = name
        reference["games"][kind] = {"save": file_name, "frames": hashes, "pngs": pngs}
        print(f"{kind}: {len(hashes)} positions, PNGs at {sorted(chosen)}")
    FRAMES.write_text(json.dumps(reference, indent=1) + "\n", encoding="utf-8")
    return reference


def main(argv: list[str]) -> int:
    new_games = "--new-games" in argv
    for kind, play in (("buttons", play_buttons), ("kopf", play_kopf)):
        path = HERE / GAMES[kind]
        if new_games or not path.exists():
            write_save(play(), path)
            print(f"saved {path.name}")
    with tempfile.TemporaryDirectory() as home:
        os.environ["BUTTONS_GAME_HOME"] = home  # no user's settings, saves or statistics
        render_reference()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
