"""No class of the UI has more than 30 methods: a bigger one is several things at once
(the style guide's "no class with more than ~30 methods")."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import buttons_game.ui

UI = Path(buttons_game.ui.__file__).parent
MOST_METHODS = 30

# Classes allowed above the limit, by their file under ui/ and their name: none.
NOT_YET: frozenset[tuple[str, str]] = frozenset()


@functools.cache
def method_counts() -> dict[tuple[str, str], int]:
    """Per class under ui/ (its file and name): the functions defined in its body."""
    counts = {}
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                defs = (ast.FunctionDef, ast.AsyncFunctionDef)
                count = sum(isinstance(child, defs) for child in node.body)
                counts[(path.relative_to(UI).as_posix(), node.name)] = count
    return counts


def test_no_ui_class_has_more_than_thirty_methods():
    counts = method_counts()
    assert counts[("app.py", "App")] <= MOST_METHODS
    too_big = {name: n for name, n in counts.items() if n > MOST_METHODS and name not in NOT_YET}
    assert too_big == {}, f"more than {MOST_METHODS} methods: {too_big}"


def test_the_exceptions_name_classes_that_exist():
    assert method_counts().keys() >= NOT_YET, "an exception names a class that is gone"
