"""Each game is a package on the core alone: it imports nothing of another game, nothing
of the app's services or screens, and never pygame."""

import subprocess
import sys

import pytest

CODE = """
import importlib, pkgutil, sys
sys.modules["pygame"] = None  # any import of pygame now fails
package = importlib.import_module({package!r})
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
allowed = ("buttons_game.core", {package!r})
outside = sorted(
    name for name, module in sys.modules.items()
    if module is not None and name.startswith("buttons_game.")
    and not name.startswith(allowed) and name != "buttons_game.games"
)
print(outside)
"""


@pytest.mark.parametrize("game", ["buttons", "kopf"])
def test_a_game_package_imports_only_the_core_and_itself(game):
    package = f"buttons_game.games.{game}"
    result = subprocess.run(
        [sys.executable, "-c", CODE.format(package=package)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", f"{package} imports {result.stdout.strip()}"
