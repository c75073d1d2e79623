"""The engine never imports pygame."""

import subprocess
import sys

CODE = """
import sys
sys.modules["pygame"] = None  # any import of pygame now fails
import random
import buttons_game.games.buttons.engine as engine
final = engine.random_game(4, random.Random(1), seed=1)
assert final.is_over()
import buttons_game.simulate
loaded = [name for name, module in sys.modules.items() if module and name.startswith("pygame")]
assert not loaded, loaded
print("ok")
"""


def test_engine_imports_and_plays_with_pygame_blocked():
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
