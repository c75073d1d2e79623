"""The installed package: pygame-ce, and assets that ship inside the wheel."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_pygame_is_pygame_ce():
    import pygame

    assert getattr(pygame, "IS_CE", False), "plain pygame is installed instead of pygame-ce"


# Building the wheel takes a while: the tests that use it are slow.
@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        timeout=300,
    )
    (path,) = out.glob("buttons_game-*.whl")
    return path


@pytest.mark.slow
def test_wheel_carries_the_assets(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "buttons_game/assets/layouts.json" in names
    assert "buttons_game/assets/sounds/roll.ogg" in names
    for texture in ("table", "felt", "card"):  # scripts/make_art.py's textures
        assert f"buttons_game/assets/art/{texture}.png" in names
    assert "buttons_game/games/buttons/engine/state.py" in names
    assert "buttons_game/docs/rules-buttons.md" in names, "the full rules the game shows"
    assert "buttons_game/docs/rules-kopf.md" in names
    assert not any("screenshots" in name for name in names)


@pytest.mark.slow
def test_assets_load_from_the_installed_wheel(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import buttons_game.core.resources as r, buttons_game.games.buttons.engine as e;"
        "print(r.assets_root()); print(len(e.LAYOUTS), e.LAYOUTS['4B'][5][5]);"
        "print(r.document('rules-kopf.md'))"
    )
    # -S: no site-packages, so only the unpacked wheel can provide buttons_game
    result = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(site)},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    root, summary, rules = result.stdout.splitlines()
    assert Path(root) == site / "buttons_game" / "assets"
    assert Path(rules) == site / "buttons_game" / "docs" / "rules-kopf.md"
    assert summary.split()[0] == "8"


@pytest.mark.slow
def test_sounds_load_from_the_installed_wheel(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import pygame, buttons_game.ui.sound as s;"
        "pygame.mixer.init(**s.MIXER);"
        "print(s.effect_file('roll'));"
        "print(*(round(pygame.mixer.Sound(s.effect_file(n)).get_length(), 2) for n in s.EFFECTS))"
    )
    # The unpacked wheel comes first on the path, before the checkout's editable install;
    # pygame comes from this environment.
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={
            "PYTHONPATH": str(site),
            "SDL_AUDIODRIVER": "dummy",
            "SDL_VIDEODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        },
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    path, lengths = result.stdout.splitlines()
    assert Path(path) == site / "buttons_game" / "assets" / "sounds" / "roll.ogg"
    assert all(0 < float(n) <= 1.5 for n in lengths.split())
