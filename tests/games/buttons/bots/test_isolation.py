"""The bots, the hint and the tournament tool never import pygame."""

import subprocess
import sys

CODE = """
import sys
sys.modules["pygame"] = None  # any import of pygame now fails
from buttons_game.games.buttons.bots import LEVELS, make_bot
from buttons_game.games.buttons.bots.hint import hint
from buttons_game.games.buttons.engine import new_game
import buttons_game.tournament
state = new_game(2, seed=1)
for level in LEVELS:
    make_bot(level, 1).choose(state)
hint(state)
loaded = [name for name, module in sys.modules.items() if module and name.startswith("pygame")]
assert not loaded, loaded
print("ok")
"""


def test_bots_import_and_play_with_pygame_blocked():
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
