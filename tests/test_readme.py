"""README.md: its two commands come first, and every picture it shows is in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tracked_files() -> set[str]:
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return set(out.splitlines())


def test_every_linked_image_is_committed():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", readme)
    images += re.findall(r"<img[^>]+src=\"([^\"]+)\"", readme)
    assert images, "README.md shows no pictures"
    tracked = tracked_files()
    missing = [path for path in images if path not in tracked]
    assert not missing, f"README.md links images that are not in the repository: {missing}"


def test_readme_starts_with_the_play_and_test_commands():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    play = lines.index("Set up and play (Python 3.10 or newer):")
    tests = lines.index("Set up and run the tests:")
    assert play < tests < 30
    assert any("python -m buttons_game" in line for line in lines[play : play + 5])
    assert any("pytest" in line for line in lines[tests : tests + 5])
