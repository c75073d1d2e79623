"""The save a command names: a path, or a bare name found in the saves folder (as the README's
``review Sunday.json`` and ``--replay Sunday.json`` show), else a clear error and exit 2."""

from __future__ import annotations

import pytest

from buttons_game import saves
from buttons_game.arguments import SaveNotFound, find_save
from buttons_game.cli import main
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import saves_dir


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty current folder and a saves folder of its own."""
    monkeypatch.setenv("BUTTONS_GAME_HOME", str(tmp_path / "home"))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    return here


@pytest.fixture
def started(monkeypatch):
    """What the game would open: the options main() hands to the app (which is not started)."""
    import buttons_game.ui.launch as launch

    seen = []
    monkeypatch.setattr(launch, "run_app", lambda options: seen.append(options) or 0)
    return seen


def buttons_game() -> Game:
    return Game.new((Seat("Ann"), Seat("Bob", "easy")), seed=4)


def test_review_finds_a_bare_name_in_the_saves_folder(home, capsys):
    path = saves.save_as(buttons_game(), "Sunday")
    assert path == saves_dir() / "Sunday.json" and not (home / "Sunday.json").exists()
    assert main(["review", "Sunday.json", "--json"]) == 0
    assert '"seats"' in capsys.readouterr().out
    assert main(["review", "Sunday", "--json"]) == 0, "the save's name without .json"


def test_a_long_review_shows_its_progress_on_a_terminal_and_stops_at_ctrl_c(
    home, capsys, monkeypatch
):
    import sys

    from buttons_game.games.buttons.kind import ButtonsKind

    saves.save_as(buttons_game(), "Sunday")
    told = []

    def review(self, game, seat, *, cancel=None, progress=None):
        progress(10, 40)
        told.append(seat)
        raise KeyboardInterrupt  # the player pressed Ctrl+C

    monkeypatch.setattr(ButtonsKind, "review", review)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["review", "Sunday", "--seat", "2"]) == 130
    err = capsys.readouterr().err
    assert "reviewing seat 2: 25% (Ctrl+C stops)" in err and "the review was stopped" in err
    assert told == [1]


def test_replay_and_load_find_a_bare_name_in_the_saves_folder(home, started):
    saves.save_as(KopfGame.new((Seat("Red"), Seat("Blue"))), "Sunday")
    saves.save_as(buttons_game(), "Sunday with Grandma")
    assert main(["--replay", "Sunday.json"]) == 0
    assert main(["--load", "Sunday with Grandma"]) == 0, "a Save as… name finds its slot"
    watched, loaded = started
    assert watched.replay.kind == "kopf" and watched.load is None
    assert loaded.load.kind == "buttons" and [s.name for s in loaded.load.seats] == ["Ann", "Bob"]


def test_a_file_in_the_current_folder_comes_first_and_a_path_still_works(home, started):
    saves.save_as(KopfGame.new((Seat("Red"), Seat("Blue"))), "Sunday")
    saves.save_game(buttons_game(), home / "Sunday.json")
    assert find_save(home / "Sunday.json") == home / "Sunday.json"
    assert main(["--replay", "Sunday.json"]) == 0
    assert started[-1].replay.kind == "buttons", "the file here, not the saves folder's"
    elsewhere = home / "games" / "old.json"
    elsewhere.parent.mkdir()
    saves.save_game(buttons_game(), elsewhere)
    assert main(["--load", str(elsewhere)]) == 0


@pytest.mark.parametrize(
    "argv,prog,words",
    [
        (["review", "Nowhere.json"], "buttons-game review", "cannot load the game"),
        (["--replay", "Nowhere.json"], "buttons-game", "cannot replay the game"),
        (["--load", "Nowhere.json"], "buttons-game", "cannot load the game"),
    ],
)
def test_a_name_found_nowhere_says_where_it_looked(home, started, capsys, argv, prog, words):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and not started
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith(f"{prog}: error: {words}: Nowhere.json: no such file")
    assert f"the current folder ({home})" in error
    assert f"the saves folder ({saves_dir()})" in error


def test_a_path_with_a_folder_is_only_looked_for_there(home):
    saves.save_as(buttons_game(), "Sunday")
    assert find_save(home / "Sunday.json") == home / "Sunday.json", "the loader says: no such file"
    with pytest.raises(SaveNotFound, match="nor in the saves folder"):
        find_save(type(home)("Monday.json"))
