"""Child process for the two-copies tests: one copy of the app's services on a data
folder shared with another (BUTTONS_GAME_HOME set).

- ``count SEED GAMES``: waits for ``go`` in the home folder, then ends GAMES games of
  Kopf oder Knopf the way the app does (finished autosave, count, prune);
- ``hold GAME_ID``: claims the game as a copy at whose table it is, prints "held",
  and keeps it until its standard input closes;
- ``settings FIELD VALUE``: loads the settings, prints "loaded", waits for a line on
  standard input, then saves its one change;
- ``lock NAME...``: takes the lock of each shared file named (``statistics``,
  ``settings``, ``index``), prints "locked" and keeps them until its standard input
  closes (the test stops it meanwhile, as Ctrl-Z or a debugger would);
- ``prefs``: the window's settings (``Preferences``): for each line ``FIELD VALUE`` on
  standard input, changes that field as the Settings screen would and prints "ok".
"""

import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

from buttons_game import saves, stats
from buttons_game.core.control import bot_control
from buttons_game.core.match import Match
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
        match = Match(game, [bot_control(bot) for bot in bots], strict_bots=True)
        match.run()
        game = match.game
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


def lock(*names: str) -> None:
    from contextlib import ExitStack

    from buttons_game.locking import shared_lock
    from buttons_game.saves.index import INDEX_NAME
    from buttons_game.settings import settings_path

    files = {
        "statistics": stats.statistics_path(),
        "settings": settings_path(),
        "index": saves_dir().parent / INDEX_NAME,
    }
    with ExitStack() as held:
        for name in names:
            held.enter_context(shared_lock(files[name]))
        say("locked")
        sys.stdin.read()


def prefs() -> None:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from buttons_game.ui.preferences import Preferences

    window = Preferences(None, lambda text, tone: None, True)
    say("ready")
    for line in sys.stdin:
        field, value = line.split(" ", 1)
        value = json.loads(value)
        if field == "window":
            value = tuple(value)
        window.save(replace(window.settings, **{field: value}))
        say("ok")


if __name__ == "__main__":
    commands = {"count": count, "hold": hold, "settings": settings, "lock": lock, "prefs": prefs}
    commands[sys.argv[1]](*sys.argv[2:])
