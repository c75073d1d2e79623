"""One run of the kill campaign (``kill_campaign.py``): a copy of the app's keeping of
games, with bots in people's seats, on the data folder of BUTTONS_GAME_HOME.

It starts as the app does (``GameKeeper``: stale temp files removed, the saves listed
and the statistics made to agree with them, in the background) and loads its settings
(``Preferences``' clean-up), continues the most recent unfinished game (or starts one:
BUTTONS or Kopf oder Knopf by ``argv[1]``'s seed), and plays it to its end, every
action through ``GameKeeper.changed`` (autosave; at the end: save, count, prune) and
a settings write every few actions, as the app's do. It prints "ready", "game ID",
"saved N" after each autosave and "over" at the end.

``argv[2]``, if given, is the moment of the game's end to die at with SIGKILL:
before-save, after-save, after-count or after-prune; or ``start``: only start (the
clean-up and the look at the saves and statistics), print "started" and end.
"""

from __future__ import annotations

import os
import random
import signal
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buttons_game import saves, stats  # noqa: E402
from buttons_game.core.control import bot_control  # noqa: E402
from buttons_game.core.events import Applied, Event  # noqa: E402
from buttons_game.core.match import Match  # noqa: E402
from buttons_game.core.seats import Seat  # noqa: E402
from buttons_game.games.buttons.bots import make_bot as buttons_bot  # noqa: E402
from buttons_game.games.buttons.game import Game  # noqa: E402
from buttons_game.games.kopf.bots import make_bot as kopf_bot  # noqa: E402
from buttons_game.games.kopf.game import KopfGame  # noqa: E402
from buttons_game.settings import load_settings, remove_stale_temp_files, save_changes  # noqa: E402
from buttons_game.ui import keeping  # noqa: E402

NAMES = ("Ann", "Bo", "Cem", "Dee")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")  # one write: a kill never cuts a line in two
    sys.stdout.flush()


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def new_game(rng: random.Random) -> object:
    people = rng.randint(1, 2)
    if rng.random() < 0.5:
        seats = tuple(
            Seat(NAMES[p], None if p < people else "easy") for p in range(rng.randint(2, 4))
        )
        return Game.new(seats, seed=rng.randrange(10**6))
    return KopfGame.new((Seat("Ann"), Seat("Bo", None if people == 2 else "easy")), target=8)


def main() -> None:
    rng = random.Random(int(sys.argv[1]))
    moment = sys.argv[2] if len(sys.argv) > 2 else None
    remove_stale_temp_files()
    settings, _ = load_settings()
    keeper = keeping.GameKeeper(lambda text, tone: None)
    keeper.begin()  # as the app does after its first frame
    if moment == "start":
        if keeper.tidied is not None:
            keeper.tidied.result()
        say("started")
        return
    info = saves.latest_unfinished()
    game = saves.load_game(info.path) if info is not None else new_game(rng)
    game = keeper.claim(game)
    say(f"game {game.game_id}")
    say("ready")
    autosave, record, prune = saves.autosave, stats.record_game, saves.prune_finished_autosaves

    def autosave_then(game, **options):
        if moment == "before-save" and game.state.is_over():
            die()
        path = autosave(game, **options)
        if moment == "after-save" and game.state.is_over():
            die()
        return path

    def record_then(game, **options):
        counted = record(game, **options)
        if moment == "after-count":
            die()
        return counted

    def prune_then(*args, **kwargs):
        pruned = prune(*args, **kwargs)
        if moment == "after-prune":
            die()
        return pruned

    keeping.saves.autosave = autosave_then
    keeping.stats.record_game = record_then
    keeping.saves.prune_finished_autosaves = prune_then
    is_kopf = isinstance(game, KopfGame)
    bots = [(kopf_bot if is_kopf else buttons_bot)("easy", rng.randrange(10**6)) for _ in range(4)]
    match = Match(game, [bot_control(bot) for bot in bots[: len(game.seats)]], strict_bots=True)
    moves = 0

    def kept(event: Event) -> None:
        """Each action through the keeper, and now and then a settings write."""
        nonlocal moves, settings
        if type(event) is not Applied:
            return
        keeper.changed(event.after)
        say(f"saved {len(event.after.state.history())}")
        moves += 1
        if moves % 7 == 0:  # the app writes its settings often: every lesson step, M …
            new = replace(settings, effects_volume=rng.randint(0, 100))
            settings = save_changes(settings, new)

    match.subscribe(kept)
    match.run()
    say("over")
    keeper.close()


if __name__ == "__main__":
    main()
