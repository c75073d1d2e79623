"""Child process for the two-copies tests: one copy of the app's services on a data
folder shared with another (BUTTONS_GAME_HOME set).

- ``count SEED GAMES``: waits for ``go`` in the home folder, then ends GAMES games of
  Kopf oder Knopf the way the app does (finished autosave, count, prune);
- ``hold GAME_ID``: claims the game as a copy at whose table it is, prints "held",
  and keeps it until its standard input closes;
- ``settings FIELD VALUE``: loads the settings, prints "loaded", waits for a line on
  standard input, then saves its one change.
"""

import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

from buttons_game import saves, stats
from buttons_game.core.seats import Seat
from buttons_game.games.kopf.bots import make_bot
from buttons_game.games.kopf.game import KopfGame
from buttons_game.locking import GameLock
from buttons_game.paths import HOME_VARIABLE, saves_dir
from buttons_game.settings import load_settings, save_changes


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def count(seed_text: str, games_text: str) -> None:
    seed, games = int(seed_text), int(games_text)
    go = Path(os.environ[HOME_VARIABLE]) / "go"
    while not go.exists():
        time.sleep(0.001)
    for g in range(games):
        game = KopfGame.new((Seat(f"P{seed}"), Seat("Bo", "easy")), target=8)
        bots = [make_bot("easy", seed * 1000 + g), make_bot("easy", seed * 1000 + g + 500)]
        while not game.state.is_over():
            game = game.apply(bots[game.state.to_move].choose(game.state))
        saves.autosave(game, prune=False)
        stats.record_game(game)
        saves.prune_finished_autosaves()
    say("done")


def hold(game_id: str) -> None:
    lock = GameLock()
    say("held" if lock.claim(saves_dir(), game_id) else "refused")
    sys.stdin.read()


def settings(field: str, value: str) -> None:
    before, _ = load_settings()
    say("loaded")
    sys.stdin.readline()
    save_changes(before, replace(before, **{field: json.loads(value)}))
    say("saved")


if __name__ == "__main__":
    {"count": count, "hold": hold, "settings": settings}[sys.argv[1]](*sys.argv[2:])
