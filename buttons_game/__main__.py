"""``python -m buttons_game``: the same entry point as the ``buttons-game`` launcher."""

import multiprocessing
import sys

from buttons_game.cli import main

if __name__ == "__main__":
    # The executable: a worker process of a tournament (started fresh, not forked) runs
    # this file again; freeze_support makes it the worker rather than a second app.
    multiprocessing.freeze_support()
    sys.exit(main())
