"""The network package imports only the standard library, the core, the app's name rules
and itself, and the two pinned libraries of its secure channel: no pygame, no game, no
screen."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import buttons_game.net

ALLOWED = (
    "buttons_game.core",
    "buttons_game.net",
    "buttons_game.names",
    "spake2",
    "nacl",
    "websockets",
    "zeroconf",
    "twisted",  # play over the internet: magic-wormhole runs on Twisted's asyncio reactor
    "wormhole",
)


def test_the_net_package_imports_the_standard_library_and_the_core_only() -> None:
    folder = Path(buttons_game.net.__file__).parent
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append(node.module)
    assert found
    outside = [
        name
        for name in found
        if not name.startswith(ALLOWED) and name.split(".")[0] not in sys.stdlib_module_names
    ]
    assert not outside, outside
