"""The double-click executable: build it with PyInstaller and smoke-test it (slow)."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_build_and_smoke_test_the_executable():
    # Only where the build extra is installed (pip install -e '.[build]'); CI installs it.
    pytest.importorskip("PyInstaller", reason="the build extra (PyInstaller) is not installed")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_exe.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=1200,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    exe = ROOT / "dist" / ("buttons-game.exe" if os.name == "nt" else "buttons-game")
    assert exe.is_file() and os.access(exe, os.X_OK)
    assert "data checked:" in result.stdout, "the archive holds the assets and the rules"
    assert "smoke test passed (BUTTONS)" in result.stdout
    assert "smoke test passed (Kopf oder Knopf)" in result.stdout
    # It carries magic-wormhole and Twisted: it hosts a game by a wormhole code, and
    # another copy of it joins by the code.
    assert "smoke test passed (wormhole)" in result.stdout
    assert "the same game on the host and its guest" in result.stdout
    assert (ROOT / "dist" / "smoke-game-over.png").stat().st_size > 10_000
    assert (ROOT / "dist" / "smoke-kopf-game-over.png").stat().st_size > 10_000
    size_mb = exe.stat().st_size / 2**20
    assert size_mb < 60, f"the executable grew to {size_mb:.0f} MB"


def test_build_script_says_clearly_when_pyinstaller_is_missing(tmp_path):
    # A Python that cannot import PyInstaller: block it through sys.modules.
    code = (
        "import sys, runpy; sys.modules['PyInstaller'] = None; "
        f"sys.argv = ['build_exe.py']; runpy.run_path({str(ROOT / 'scripts' / 'build_exe.py')!r}, "
        "run_name='__main__')"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1
    assert "PyInstaller is not installed" in result.stderr


def test_the_executable_is_built_with_the_full_rules():
    """The spec adds docs/rules-*.md, and the check after a build asks for each of them."""
    script = runpy.run_path(str(ROOT / "scripts" / "build_exe.py"))
    wanted = script["game_data"]()
    for game in ("buttons", "kopf"):
        assert f"buttons_game/docs/rules-{game}.md" in wanted
        assert (ROOT / "docs" / f"rules-{game}.md").is_file()
    assert "buttons_game/assets/layouts.json" in wanted
    for texture in ("table", "felt", "card"):  # the art: scripts/make_art.py
        assert f"buttons_game/assets/art/{texture}.png" in wanted
    assert "buttons_game/i18n/buttons.ja.json" in wanted
    assert '"buttons_game/docs"' in script["SPEC"]
