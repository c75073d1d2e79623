"""The replay viewer, driven by real events: every position of saved games of both kinds,
stepping, jumping, playing at a speed, opened from the Load list and from game over, and
never a write to the save."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from buttons_game import saves
from buttons_game.games.buttons.engine import (
    Dice,
    Phase,
    random_action,
    random_game,
    replay,
    sample_dice,
)
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.buttons.narration import narrate_history
from buttons_game.games.kopf.engine import replay as kopf_replay
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.narration import narrate_history as kopf_narrate_history
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.kopf.game_over import KopfOverScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.replay_screen import ReplayScreen
from buttons_game.ui.screens.saves_screen import LoadScreen

from .conftest import choose, click_widget, press, step

SEATS = (Seat("Ann"), Seat("Bo", "easy"), Seat("Cy"), Seat("Di", "hard"))


def buttons_game(seed: int, players: int, actions: int | None = None) -> Game:
    """A game of BUTTONS played at random: to its end, or ``actions`` actions long."""
    rng = random.Random(seed)
    if actions is None:
        return Game(SEATS[:players], random_game(players, rng, seed=seed))
    game = Game.new(SEATS[:players], seed=seed)
    for _ in range(actions):
        state = game.state
        if state.is_over():
            break
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)
    return game


def kopf_game(seed: int, actions: int | None = None, target: int = 10) -> KopfGame:
    """A game of Kopf oder Knopf played at random: to its end, or ``actions`` actions long."""
    rng = random.Random(seed)
    game = KopfGame.new((Seat("Ann"), Seat("Bo", "medium")), target=target)
    while not game.state.is_over() and (actions is None or len(game.state.history()) < actions):
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


def open_from_the_load_list(app, name: str) -> ReplayScreen:
    """Main menu, Load game, then the Replay button of the save called ``name``."""
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.load)
    assert isinstance(app.top, LoadScreen)
    button = next(b for info, b in app.top.replay_buttons if info.name == name)
    click_widget(app, button)
    assert isinstance(app.top, ReplayScreen)
    return app.top


def where(screen: ReplayScreen) -> int:
    return screen.viewer.position


# ------------------------------------------------------------------ every position


@pytest.mark.parametrize(
    "kind,seed,actions",
    [
        pytest.param("buttons", 11, None, marks=pytest.mark.slow),  # a whole game: long
        ("buttons", 12, 70),
        pytest.param("kopf", 13, None, marks=pytest.mark.slow),  # a whole game: 45 actions quick
        ("kopf", 14, 45),
    ],
)
def test_every_position_of_a_saved_game_is_the_engines_own(make_app, kind, seed, actions):
    """Step with the Right key from the set-up to the end: at each position the viewer's
    state, its log and its highlight are exactly what an independent checked replay of the
    first n actions gives."""
    if kind == "buttons":
        game = buttons_game(seed, 2 + seed % 3, actions)
    else:
        game = kopf_game(seed, actions)
    saves.save_as(game, "Watched")
    app = make_app()
    screen = open_from_the_load_list(app, "Watched")
    history = game.state.history()
    setup = game.state.setup
    assert len(history) > 30 and screen.viewer.last == len(history)
    narrate = narrate_history if kind == "buttons" else kopf_narrate_history
    checked = replay if kind == "buttons" else kopf_replay
    for n in range(len(history) + 1):
        if n:
            press(app, pygame.K_RIGHT)
        assert where(screen) == n
        shown = screen.model.state
        expected = checked(setup, history[:n])
        assert shown == expected, f"position {n}"
        assert shown.history() == expected.history()
        if kind == "kopf":
            assert shown.key() == expected.key() and shown.last_captured == expected.last_captured
        assert screen.model.log == narrate(setup, history[:n]), f"the log at {n}"
        before = narrate(setup, history[: n - 1]) if n else screen.model.log
        assert screen.model.where.current == len(before), f"the highlight at {n}"
    press(app, pygame.K_RIGHT)
    assert where(screen) == len(history), "the end is the end"
    assert not screen.step_on.is_enabled and not screen.jump_on.is_enabled


# ------------------------------------------------------------------ moving about


def test_steps_and_round_jumps_land_where_they_should(make_app):
    game = buttons_game(21, 3)
    history = game.state.history()
    states = [replay(game.state.setup, history[:n]) for n in range(len(history) + 1)]
    rounds = [state.round_number for state in states]
    starts = [n for n in range(1, len(states)) if rounds[n] > rounds[n - 1]]
    assert len(starts) >= 4
    app = make_app()
    app.show_menu()
    app.show_replay(game)
    step(app, 2)
    screen = app.top
    assert where(screen) == 0 and not screen.step_back.is_enabled
    press(app, pygame.K_PAGEDOWN)
    assert where(screen) == starts[0], "to the start of round 2"
    assert screen.model.state.round_number == 2 and states[starts[0] - 1].round_number == 1
    click_widget(app, screen.jump_on)
    assert where(screen) == starts[1], "the button does the same"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert where(screen) == starts[1] + 2
    press(app, pygame.K_LEFT)
    assert where(screen) == starts[1] + 1
    press(app, pygame.K_PAGEUP)
    assert where(screen) == starts[1], "back: to the start of this round"
    press(app, pygame.K_PAGEUP)
    assert where(screen) == starts[0], "at a round's start: to the one before"
    click_widget(app, screen.jump_back)
    assert where(screen) == 0, "round 1 starts at the set-up"
    click_widget(app, screen.step_on)
    assert where(screen) == 1
    click_widget(app, screen.step_back)
    assert where(screen) == 0
    press(app, pygame.K_END)
    assert where(screen) == len(states) - 1 and screen.model.state.is_over()
    press(app, pygame.K_PAGEUP)
    assert where(screen) == starts[-1], "from the end: the last round's start"
    press(app, pygame.K_PAGEDOWN)
    assert where(screen) == len(states) - 1, "after the last round's start: the end"
    press(app, pygame.K_HOME)
    assert where(screen) == 0
    # the position in words: the action and the round
    press(app, pygame.K_PAGEDOWN)
    assert screen.model.where.number == starts[0] and screen.model.where.section == 2


def test_capture_jumps_land_on_the_actions_that_captured(make_app):
    game = kopf_game(31)
    history = game.state.history()
    states = [kopf_replay(game.state.setup, history[:n]) for n in range(len(history) + 1)]
    total = [s.captured(0) + s.captured(1) for s in states]
    captures = [n for n in range(1, len(total)) if total[n] > total[n - 1]]
    assert len(captures) >= 5

    def before(n: int) -> int:
        return max(c for c in [0, *captures] if c < n)

    app = make_app()
    app.show_menu()
    app.show_replay(game)
    step(app, 2)
    screen = app.top
    for n in captures:
        press(app, pygame.K_PAGEDOWN)
        assert where(screen) == n, "the next action that captured"
        assert screen.model.taken, "the emptied squares are crossed"
    press(app, pygame.K_LEFT)
    at = captures[-1] - 1
    press(app, pygame.K_PAGEUP)
    assert where(screen) == before(at), "back: the capture before"
    click_widget(app, screen.jump_back)
    assert where(screen) == before(before(at))
    click_widget(app, screen.jump_on)
    assert where(screen) == min(c for c in captures if c > before(before(at)))
    # T hides and shows the threats, as at the table
    press(app, pygame.K_t)
    assert not screen.model.show_threats
    press(app, pygame.K_t)
    assert screen.model.show_threats


def test_play_at_a_chosen_speed_moves_on_by_itself_and_stops(make_app):
    app = make_app()
    app.show_menu()
    app.show_replay(buttons_game(41, 2))
    step(app, 2)
    screen = app.top
    choose(app, screen.speed, 2)  # 0.5x, 1x, 2x, 4x
    screen = app.top
    assert screen.viewer.speed == 2.0
    press(app, pygame.K_SPACE)  # its frames: the press, then 0.02 s
    assert screen.viewer.playing and screen.play.text.endswith("replay.pause")
    step(app, 10, dt=0.1)  # 1.02 s at 0.4 s an action
    assert where(screen) == 2
    press(app, pygame.K_SPACE)
    assert not screen.viewer.playing
    step(app, 10, dt=0.1)
    assert where(screen) == 2, "paused: it stays"
    press(app, pygame.K_PLUS)  # faster: 4x, 0.2 s an action
    assert screen.viewer.speed == 4.0 and screen.speed.selected_option[1] == "4"
    click_widget(app, screen.play)  # its frames: the click's, then three of 0.02 s
    step(app, 5, dt=0.1)
    assert where(screen) == 4, "0.52 s after the click's frame, at 0.2 s an action: two more"
    press(app, pygame.K_MINUS)
    press(app, pygame.K_MINUS)
    press(app, pygame.K_MINUS)
    assert screen.viewer.speed == 0.5
    at = where(screen)
    step(app, 15, dt=0.1)
    assert where(screen) == at + 1, "1.6 s an action at 0.5x"
    # to the end, where it stops; Play then starts again from the set-up
    press(app, pygame.K_END)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_PLUS)
    press(app, pygame.K_PLUS)
    press(app, pygame.K_PLUS)
    step(app, 30, dt=0.1)
    assert screen.viewer.at_end and not screen.viewer.playing
    press(app, pygame.K_SPACE)
    assert where(screen) == 0 and screen.viewer.playing


# ------------------------------------------------------------------ the save


def test_the_replay_never_writes_the_save(make_app, user_home):
    for name, game in (("Kopf", kopf_game(51)), ("Buttons", buttons_game(52, 3, 200))):
        path = saves.save_as(game, name)
        os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
        before = (path.read_bytes(), path.stat().st_mtime_ns)
        folder = sorted(p.name for p in path.parent.iterdir())
        app = make_app()
        screen = open_from_the_load_list(app, name)
        press(app, pygame.K_END)
        press(app, pygame.K_PAGEUP)
        press(app, pygame.K_SPACE)
        step(app, 40, dt=0.2)
        press(app, pygame.K_HOME)
        assert where(screen) == 0
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, LoadScreen), "Esc returns to the Load list"
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before, name
        assert sorted(p.name for p in path.parent.iterdir()) == folder, "no autosave"
        assert app.current_game is None, "nothing to continue"
        pygame.event.clear()


# ------------------------------------------------------------------ ways in


def test_from_the_load_list_a_broken_or_vanished_save_is_told_in_the_window(make_app):
    saves.save_as(kopf_game(61, 20), "Gone soon")
    broken = saves.slot_path("Broken")
    broken.write_text('{"format": "buttons-game-save", "version": 2, "seats": [')
    app = make_app()
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.load)
    screen = app.top
    replay_of = {info.name: b for info, b in screen.replay_buttons}
    assert not replay_of["Broken"].is_enabled, "a broken save cannot be replayed"
    saves.slot_path("Gone soon").unlink()
    click_widget(app, replay_of["Gone soon"])
    assert app.top is screen, "still the Load list"
    text, tone = screen.message
    assert text.startswith("This game cannot be replayed:") and "no such file" in text
    assert tone == "bad"


@pytest.mark.parametrize("kind", ["buttons", "kopf"])
def test_from_game_over_and_back_with_real_clicks(make_app, kind):
    game = buttons_game(71, 4) if kind == "buttons" else kopf_game(72)
    app = make_app()
    app.show_game_over(game)
    step(app, 2)
    over = app.top
    assert isinstance(over, GameOverScreen if kind == "buttons" else KopfOverScreen)
    click_widget(app, over.replay)
    screen = app.top
    assert isinstance(screen, ReplayScreen) and where(screen) == 0
    assert screen.viewer.replay.actions == tuple(game.state.history())
    press(app, pygame.K_END)
    assert screen.model.state == game.state
    click_widget(app, screen.back)
    assert app.top is over, "Back returns to game over"
    click_widget(app, over.replay)
    press(app, pygame.K_ESCAPE)
    assert app.top is over, "and so does Esc"
    click_widget(app, over.replay)
    click_widget(app, app.top.menu)
    assert isinstance(app.top, MainMenu)


def test_a_position_without_its_history_is_not_replayed_and_says_why(make_app):
    game = buttons_game(73, 2)
    puzzle = Game(game.seats, game.state._replace())  # a position built for a puzzle
    app = make_app()
    app.show_game_over(puzzle)
    step(app, 2)
    over = app.top
    click_widget(app, over.replay)
    assert app.top is over
    assert app.notices[-1].text.startswith("This game cannot be replayed:")
    assert app.notices[-1].tone == "bad"


def test_a_game_without_actions_shows_its_set_up(make_app):
    app = make_app()
    app.show_menu()
    app.show_replay(Game.new(SEATS[:2], seed=1))
    step(app, 2)
    screen = app.top
    assert screen.viewer.last == 0 and not screen.play.is_enabled
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_SPACE)
    assert where(screen) == 0 and not screen.viewer.playing


# ------------------------------------------------------------------ --replay


def run_replay(tmp_path: Path, path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["BUTTONS_GAME_HOME"] = str(tmp_path / "home")
    return subprocess.run(
        [sys.executable, "-m", "buttons_game", "--replay", str(path), *flags],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["buttons", "kopf"])
def test_the_replay_flag_runs_headless_to_the_last_position(tmp_path, kind):
    game = buttons_game(81, 4) if kind == "buttons" else kopf_game(82)
    path = tmp_path / "watched.json"
    saves.save_game(game, path)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    shots = tmp_path / "shots"
    result = run_replay(tmp_path, path, "--fast", "--screenshots", str(shots), "--quit-when-over")
    assert result.returncode == 0, result.stderr
    last = len(game.state.history())
    names = sorted(p.name for p in shots.glob("*.png"))
    positions = [int(name.rsplit("-", 1)[1].removesuffix(".png")) for name in names]
    assert all("replay-" in name for name in names)
    assert positions[0] == 0 and positions[-1] == last, "from the set-up to the last position"
    gaps = {b - a for a, b in zip(positions, positions[1:])}
    if last <= 200:
        assert positions == list(range(last + 1)), "every position drawn"
    else:
        assert max(gaps) <= -(-last // 200) and len(positions) <= 202
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before, "the save is untouched"


@pytest.mark.parametrize(
    "extra,message",
    [
        (["--seats", "human,bot"], "give one of them"),
        # the app in a child process each: one in the quick tier, the others slow
        pytest.param(["--load", "LOAD"], "give one of them", marks=pytest.mark.slow),
        pytest.param(["--tutorial", "kopf"], "give one of them", marks=pytest.mark.slow),
    ],
)
def test_the_replay_flag_with_another_start_exits_2(tmp_path, extra, message):
    path = tmp_path / "watched.json"
    saves.save_game(kopf_game(91, 10), path)
    extra = [str(path) if value == "LOAD" else value for value in extra]
    result = run_replay(tmp_path, path, *extra)
    assert result.returncode == 2 and message in result.stderr


@pytest.mark.slow  # the app twice in a child process
def test_the_replay_flag_refuses_a_missing_or_broken_file(tmp_path):
    result = run_replay(tmp_path, tmp_path / "nowhere.json")
    assert result.returncode == 2
    assert "cannot replay the game" in result.stderr and "no such file" in result.stderr
    broken = tmp_path / "broken.json"
    saves.save_game(buttons_game(92, 2, 40), broken)
    broken.write_bytes(broken.read_bytes().replace(b'"white"', b'"whyte"', 1))
    text = broken.read_bytes()
    result = run_replay(tmp_path, broken, "--quit-when-over", "--fast")
    assert result.returncode == 2 and "cannot replay the game" in result.stderr
    assert broken.read_bytes() == text, "a bad file is left as it was"


def test_dice_are_shown_as_they_fell(make_app):
    """At a roll's position the side panel shows the faces the save holds, never new ones."""
    game = buttons_game(93, 2, 60)
    app = make_app()
    app.show_menu()
    app.show_replay(game)
    step(app, 2)
    screen = app.top
    history = game.state.history()
    for n, action in enumerate(history, 1):
        press(app, pygame.K_RIGHT)
        if isinstance(action, Dice) and screen.model.state.phase is Phase.PLACING:
            shown = screen.model.dice_shown()
            assert shown[:2] == (("white", action.white), ("gold", action.gold)), n
            assert [face for kind, face in shown if kind == "plain"] == list(action.plain), n
