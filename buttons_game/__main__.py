"""``python -m buttons_game``: the same entry point as the ``buttons-game`` launcher."""

import sys

from buttons_game.cli import main

sys.exit(main())
