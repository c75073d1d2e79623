"""The statistics and the ``stats`` command never import pygame."""

import os
import subprocess
import sys

CODE = """
import sys
sys.modules["pygame"] = None  # any import of pygame now fails
import buttons_game.stats as stats
from buttons_game.cli import main
assert main(["stats", "--json"]) == 0
loaded = [name for name, module in sys.modules.items() if module and name.startswith("pygame")]
assert not loaded, loaded
"""


def test_statistics_work_with_pygame_blocked(home):
    result = subprocess.run(
        [sys.executable, "-c", CODE],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BUTTONS_GAME_HOME": str(home)},
    )
    assert result.returncode == 0, result.stderr
    assert '"players": []' in result.stdout
