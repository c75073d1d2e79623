"""Child process for the game-end test: plays one game's last action through the app's
keeper (autosave, then statistics, then pruning) and is killed with SIGKILL at the exact
moment ``argv[2]`` names:

- ``before-save``: as the finished game's autosave is about to be written;
- ``after-save``: right after it is written, before it is counted;
- ``after-count``: right after it is counted, before older autosaves are pruned.

``argv[1]`` is the seed of the game (Kopf oder Knopf, easy bots). Run with
BUTTONS_GAME_HOME set. Prints "unreached" if the moment never came.
"""

import os
import signal
import sys

from buttons_game import saves, stats
from buttons_game.core.control import bot_control
from buttons_game.core.events import Applied
from buttons_game.core.match import Match
from buttons_game.core.seats import Seat
from buttons_game.games.kopf.bots import make_bot
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui import keeping


def kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def main() -> None:
    seed, moment = int(sys.argv[1]), sys.argv[2]
    seats = (Seat("Ann"), Seat("Bo", "easy"))
    game = KopfGame.new(seats, target=8)
    bots = [make_bot("easy", seed), make_bot("easy", seed + 1)]
    keeper = keeping.GameKeeper(lambda text, tone: None)
    autosave, record = saves.autosave, stats.record_game

    def autosave_then(game, **options):
        if game.state.is_over() and moment == "before-save":
            kill()
        path = autosave(game, **options)
        if game.state.is_over() and moment == "after-save":
            kill()
        return path

    def record_then(game, **options):
        counted = record(game, **options)
        if moment == "after-count":
            kill()
        return counted

    keeping.saves.autosave = autosave_then  # the module the keeper calls through
    keeping.stats.record_game = record_then
    match = Match(game, [bot_control(bot) for bot in bots], strict_bots=True)
    match.subscribe(lambda event: keeper.changed(event.after) if type(event) is Applied else None)
    match.run()
    print("unreached")


if __name__ == "__main__":
    main()
