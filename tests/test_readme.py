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


# ------------------------------------------------------------ what the README names

# Names the README gives for files that are the player's or made at run time, never the
# repository's: the user folders, the files the game writes there, examples of arguments.
NOT_IN_THE_REPOSITORY = {
    "statistics.json",
    "statistics-broken.json",
    "settings.json",
    "Sunday.json",
    "SCREENSHOT.png",
    "shots/",
    "./buttons-game-linux",
    "buttons-game-windows.exe",
    "dist/buttons-game",
    "buttons_game/assets",  # where the wheel carries assets/
    "buttons_game/docs",  # and docs/rules-*.md
}
PATH_LIKE = re.compile(r"^[\w.~%*<>\\/-]+$")
SUFFIXES = (".py", ".json", ".md", ".yml", ".toml", ".ogg", ".png", ".txt")


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def named_paths(text: str) -> set[str]:
    """Every word in backticks or in a code block that looks like a file or a folder."""
    code = re.findall(r"`([^`\n]+)`", text)
    code += [
        line for block in re.findall(r"```sh\n(.*?)```", text, re.S) for line in block.split("\n")
    ]
    code = [snippet for snippet in code if not snippet.startswith(("~", "%"))]  # user folders
    words = {word.strip("()[],;:'\"") for snippet in code for word in snippet.split()}
    return {
        word
        for word in words
        if PATH_LIKE.match(word)
        and not word.startswith(("-", "$", ".venv/"))  # .venv/: made by the set-up
        and ("/" in word or word.endswith(SUFFIXES))
        and not word.startswith(("buttons_game.", "http"))
    }


def exists(name: str) -> bool:
    """A README path: from the repository's root, or inside the package (``ui/sound.py``),
    or, for a bare file name (``coach.py``), anywhere in the repository."""
    name = name.rstrip("/")
    for base in (ROOT, ROOT / "buttons_game", ROOT / "buttons_game" / "games" / "buttons"):
        if "*" in name or "<" in name:
            pattern = re.sub(r"<[^>]*>", "*", name)
            if list(base.glob(pattern)):
                return True
        elif (base / name).exists():
            return True
    if "/" not in name:
        return any(path.name == name for path in ROOT.rglob(name) if ".venv" not in path.parts)
    return False


def test_every_file_and_folder_the_readme_names_exists():
    paths = named_paths(readme())
    assert {"assets/layouts.json", "scripts/make_sounds.py", "ui/sound.py"} <= paths
    missing = sorted(p for p in paths - NOT_IN_THE_REPOSITORY if not exists(p))
    assert not missing, f"README.md names files that are not in the repository: {missing}"


def test_every_relative_link_of_the_readme_and_the_rules_exists():
    for document in ("README.md", "docs/rules-buttons.md", "docs/rules-kopf.md"):
        text = (ROOT / document).read_text(encoding="utf-8")
        links = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'src="([^"]+)"', text)
        relative = [link.split("#")[0] for link in links if "://" not in link]
        assert document == "README.md" or relative, f"{document} links nothing"
        missing = [
            link
            for link in relative
            if link and not (ROOT / document).parent.joinpath(link).exists()
        ]
        assert not missing, f"{document} links files that do not exist: {missing}"
    assert "docs/rules-buttons.md" in readme() and "docs/rules-kopf.md" in readme()


def test_every_python_name_the_readme_gives_can_be_imported():
    import importlib

    for dotted in sorted(set(re.findall(r"`(buttons_game(?:\.\w+)+)", readme()))):
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                assert hasattr(found, attribute), f"README.md names {dotted}: no {attribute}"
                found = getattr(found, attribute)
            break


def example_commands() -> list[list[str]]:
    """The README's command-line examples, as the words after ``buttons-game``."""
    import shlex

    text = readme()
    block = text[text.index("## Command line") :]
    block = block[block.index("```sh\n") + 6 : block.index("```", block.index("```sh\n") + 6)]
    commands = []
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        if words and words[0] == "buttons-game":
            commands.append(words[1:])
    return commands


def test_every_example_command_is_accepted_by_the_real_parser(tmp_path, monkeypatch, capsys):
    """Each example's flags parse; one that opens the game passes every check before the
    window opens (with a save named Sunday in the saves folder, as after Save as… Sunday)."""
    import buttons_game.ui.launch as launch
    from buttons_game import saves
    from buttons_game.cli import build_parser, join_dash_values, main
    from buttons_game.games.buttons.game import Game, Seat

    monkeypatch.setenv("BUTTONS_GAME_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    saves.save_as(Game.new((Seat("Ann"), Seat("Bob", "easy")), seed=1), "Sunday")
    started = []
    monkeypatch.setattr(launch, "run_app", lambda options: started.append(options) or 0)
    commands = example_commands()
    assert len(commands) >= 10 and ["--replay", "Sunday.json"] in commands
    parser = build_parser()
    for argv in commands:
        args = parser.parse_args(join_dash_values(argv, parser))
        if args.command in (None, "review", "stats", "verify"):
            assert main(argv) == 0, argv
    capsys.readouterr()
    assert len(started) == sum(
        1
        for argv in commands
        if argv[:1] not in (["simulate"], ["tournament"], ["review"], ["stats"], ["verify"])
    )
