"""scripts/screenshots.py goes through the app's own navigation: every App method it calls
exists, and (slow) it runs to its end, for every screen and for the README's pictures."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game.ui.app import App

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "screenshots.py"


def test_every_app_method_the_script_calls_exists():
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"))
    called = {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "app"
    }
    assert {"show_menu", "show_tutorial", "show_rules"} <= called
    missing = sorted(name for name in called if not hasattr(App, name))
    assert not missing, f"scripts/screenshots.py calls App methods that do not exist: {missing}"


@pytest.mark.slow
@pytest.mark.parametrize("extra", [["--window", "1366x768"], ["--readme"]])
def test_the_script_runs_to_its_end(tmp_path, extra):
    out = tmp_path / "shots"
    env = {**os.environ, "BUTTONS_GAME_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(out), *extra],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    pictures = {p.name for p in out.glob("*.png")}
    if extra == ["--readme"]:
        shown = {p.name for p in (ROOT / "docs" / "screenshots").glob("*.png")}
        assert shown <= pictures, "every picture the README shows is made anew"
    else:
        assert {"learn-en-1366x768.png", "rules-full-kopf-en-1366x768.png"} <= pictures
        assert len(pictures) >= 50
