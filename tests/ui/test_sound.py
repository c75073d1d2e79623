"""Sound effects: each event plays its sound once, M mutes, no audio device is no problem."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from buttons_game.games.buttons.engine import Dice, OptOut, Phase, Place, PlaceStar, Roll, Status
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import Move, Remove
from buttons_game.games.kopf.game import KopfGame
from buttons_game.i18n import t
from buttons_game.settings import load_settings
from buttons_game.ui.games.buttons import intents as do
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.buttons.session import ROLL_SECONDS, TableSession
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.games.kopf.game_over import KopfOverScreen
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.settings_screen import SettingsScreen
from buttons_game.ui.sound import EFFECTS, MAX_SECONDS, Sounds

from ..soak import quick_twins
from .conftest import cell_centre, choose, click, click_widget, play, press, settle, step

ROOT = Path(__file__).resolve().parents[2]


class Speaker:
    """Stands in for pygame's mixer at the sound layer's boundary: records what is played."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []  # (effect, volume)

    def take(self) -> list[str]:
        """The effects played since the last call."""
        names = [name for name, _ in self.played]
        self.played.clear()
        return names


@pytest.fixture
def speaker(monkeypatch) -> Speaker:
    record = Speaker()

    class FakeSound:
        def __init__(self, path: str) -> None:
            self.name = Path(path).stem
            self.volume = 1.0
            assert Path(path).is_file(), path

        def set_volume(self, volume: float) -> None:
            self.volume = volume

        def stop(self) -> None:
            pass

        def play(self) -> None:
            record.played.append((self.name, self.volume))

    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(pygame.mixer, "stop", lambda: None)
    return record


# ------------------------------------------------------------------ BUTTONS


def buttons_effects(before, after) -> list[str]:
    """What the table must sound for the actions between two states, one effect each."""
    effects = []
    state = before
    for action in after.history()[len(before.history()) :]:
        new = state.apply(action)
        effect = None
        if isinstance(action, Roll):
            effect = "roll"
        elif isinstance(action, Dice):
            a = state.active_player
            busted = new.status(a) is Status.BUSTED and state.status(a) is Status.IN_ROUND
            if busted or new.round_number > state.round_number:  # a bust that ends the round
                effect = "bust"
        elif isinstance(action, Place):
            effect = "place"
        elif isinstance(action, PlaceStar):
            effect = "star"
        elif isinstance(action, OptOut):
            effect = "opt_out"
        if new.is_over() and not state.is_over():
            effect = new.outcome().reason.value  # the winning star: the celebration's sound
        if effect:
            effects.append(effect)
        state = new
    return effects


@pytest.mark.slow
def test_every_buttons_event_plays_its_sound_once(make_app, speaker):
    app = make_app(window=(1280, 800), seed=11)
    app.start_game(Game.new((Seat("Ada"), Seat("Bea")), seed=11))
    settle(app)
    table = app.top
    session = table.session
    heard: list[str] = []
    rolls = 0
    undone = False
    for _ in range(3000):
        top = app.top
        if isinstance(top, GameOverScreen):
            break
        before = session.state
        if isinstance(top, SummaryScreen):
            click_widget(app, top.button)
        elif before.is_over():
            settle(app)
        elif before.phase is Phase.TURN:
            a = before.active_player
            if OptOut() in before.legal_actions() and (
                before.button_mask(a).bit_count() >= 7 or rolls > 14
            ):
                click_widget(app, top.opt_out)
                rolls = 0
            else:
                press(app, pygame.K_r)
                rolls += 1
        elif before.phase is Phase.PLACING:
            p = before.pending_players[0]
            dice = before.dice
            if p == before.active_player:
                target = before.legal_actions(p)[-1]
                click(app, cell_centre(top, p, target.row, target.col))
                if not undone:  # an undo makes no sound; the placement is made again
                    assert speaker.take() == ["place"]
                    press(app, pygame.K_u)
                    assert session.state.history() == before.history() and speaker.take() == []
                    click(app, cell_centre(top, p, target.row, target.col))
                    undone = True
            elif before.problem(Place(p, dice.white, dice.gold)) is None and rolls % 2:
                press(app, pygame.K_p)  # the gold space
            else:
                press(app, pygame.K_s)  # a skip makes no sound
        elif before.phase is Phase.STARS:
            target = before.legal_actions(before.pending_players[0])[0]
            click(app, cell_centre(top, target.player, target.row, target.col))
        else:
            step(app)
        wanted = buttons_effects(before, session.state)
        assert speaker.take() == wanted, session.state.history()[len(before.history()) :]
        heard += wanted
    assert isinstance(app.top, GameOverScreen), "the game did not end"
    ending = app.top.game.state.outcome().reason.value  # five_in_line or twelve_stars
    assert set(heard) == {"roll", "bust", "place", "star", "opt_out", ending}, set(heard)
    assert heard.count(ending) == 1 and heard[-1] == ending
    settle(app)
    assert speaker.take() == [], "the game-over screen is quiet"


def test_sounds_play_at_the_effects_volume(make_app, speaker):
    app = make_app()
    app.apply_settings(replace(app.settings, effects_volume=25))
    app.start_game(Game.new((Seat("Ada"), Seat("Bea")), seed=2))
    settle(app)
    press(app, pygame.K_r)
    assert speaker.played[0] == ("roll", 0.25)


def test_a_session_is_silent_without_a_sound_and_plays_through_one():
    game = Game.new((Seat("Ada"), Seat("Bea")), seed=4)
    quiet = TableSession(game, speed=lambda: 0.0, on_change=lambda _game: None)
    quiet.perform(do.Roll())  # nothing to hear, nothing to fail
    heard: list[str] = []
    session = TableSession(game, speed=lambda: 0.0, on_change=lambda _g: None, sound=heard.append)
    play(session, Roll())
    session.update(0.02)
    assert heard[0] == "roll" and len(heard) <= 2
    quiet.close()
    session.close()


def test_the_buttons_tutorial_has_sound_too(make_app, speaker):
    app = make_app()
    app.show_tutorial("buttons", 0)
    settle(app)
    press(app, pygame.K_h)  # Show me: the first step rolls
    settle(app)
    assert "roll" in speaker.take()


# ------------------------------------------------------------------ Kopf oder Knopf


def kopf_effects(before, after) -> list[str]:
    effects = []
    state = before
    for action in after.history()[len(before.history()) :]:
        new = state.apply(action)
        captured = sum(new.captured(p) for p in (0, 1)) > sum(state.captured(p) for p in (0, 1))
        effect = None
        if new.is_over() and not state.is_over():
            effect = "kopf_draw" if new.outcome().winner is None else "kopf_win"
        elif captured:
            effect = "strike"
        elif isinstance(action, Move):
            effect = "move"
        if effect:
            effects.append(effect)
        state = new
    return effects


@pytest.mark.slow  # a whole game
def test_every_kopf_event_plays_its_sound_once(make_app, speaker):
    app = make_app(window=(1280, 720))
    app.start_game(KopfGame.new((Seat("Ann"), Seat("Bo"))))
    settle(app)
    screen = app.top
    session = screen.session
    rng = random.Random(5)
    heard: list[str] = []

    def centre(row: int, col: int) -> tuple[int, int]:
        return screen.table.square_rect(row, col).center

    for _ in range(1500):
        if isinstance(app.top, KopfOverScreen):
            break
        before = session.state
        if before.is_over():
            settle(app)
        else:
            action = rng.choice(before.legal_actions())
            if isinstance(action, Remove):
                click(app, centre(action.row, action.col))
            elif isinstance(action, Move):
                click(app, centre(action.from_row, action.from_col))
                click(app, centre(action.to_row, action.to_col))
            else:
                step(app, 5)  # a pass goes by itself
        wanted = kopf_effects(before, session.state)
        assert speaker.take() == wanted
        heard += wanted
    assert isinstance(app.top, KopfOverScreen)
    assert {"move", "strike"} <= set(heard)
    winner = app.top.game.state.outcome().winner
    assert heard.count("kopf_win") == (winner is not None)
    assert heard.count("kopf_draw") == (winner is None)


def test_the_kopf_lessons_have_sound_too(make_app, speaker):
    app = make_app()
    app.show_tutorial("kopf")
    settle(app)
    press(app, pygame.K_h)  # Show me
    for _ in range(200):
        step(app)
    assert "move" in speaker.take()


# ------------------------------------------------------------------ mute and settings


def test_m_mutes_and_unmutes_in_a_game_and_is_remembered(make_app, speaker):
    app = make_app()
    app.start_game(Game.new((Seat("Ada"), Seat("Bea")), seed=2))
    settle(app)
    press(app, pygame.K_m, "m")
    assert app.settings.mute and load_settings()[0].mute
    assert app.notices[-1].text == t("sound.muted")
    session = app.top.session
    press(app, pygame.K_r)
    assert len(session.state.history()) == 2 and speaker.take() == [], "muted: nothing plays"
    press(app, pygame.K_m, "m")
    assert not app.settings.mute and not load_settings()[0].mute
    assert app.notices[-1].text == t("sound.unmuted")
    state = session.state
    assert state.phase is Phase.PLACING, "seed 2: the first roll does not bust"
    target = state.legal_actions(state.active_player)[0]
    click(app, cell_centre(app.top, state.active_player, target.row, target.col))
    assert speaker.take() == ["place"]
    press(app, pygame.K_ESCAPE)  # the pause menu is in the game too
    press(app, pygame.K_m, "m")
    assert app.settings.mute
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_CTRL, unicode="")
    )
    settle(app)
    assert app.settings.mute, "Ctrl+M is not M"


def test_m_in_a_text_field_is_a_letter(make_app, speaker):
    app = make_app()
    app.start_game(mid_game(2, humans=2))
    settle(app)
    app.show_save_as(app.top.session.game)
    settle(app)
    entry = app.top.entry
    entry.set_text("")
    app.manager.set_focus_set(entry)
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="m"))
    settle(app)
    assert entry.get_text() == "m" and not app.settings.mute
    app.show_setup("buttons")  # not in a game: M is nobody's key here
    settle(app)
    press(app, pygame.K_m, "m")
    assert not app.settings.mute


def test_the_settings_screen_sets_the_volume_and_sound_off(make_app, speaker, user_home):
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    app.push(SettingsScreen(app))
    settle(app)
    screen = app.top
    keys = [key for key, _ in screen.rows]
    assert keys[-2:] == ["settings.effects_volume", "settings.sound"]
    assert screen.volume.selected_option[1] == "75" and screen.sound.selected_option[1] == "on"
    choose(app, app.top.volume, 2)
    assert app.settings.effects_volume == 50 and load_settings()[0].effects_volume == 50
    assert speaker.played == [("place", 0.5)], "a sample at the new volume"
    speaker.take()
    choose(app, app.top.sound, 1)  # Off
    assert app.settings.mute and load_settings()[0].mute
    assert speaker.take() == [], "off is silent"
    choose(app, app.top.sound, 0)
    assert not app.settings.mute and speaker.take() == ["place"]


@pytest.mark.parametrize(  # the smallest window quick, the others slow
    "window", quick_twins([(960, 600), (1280, 720), (1920, 1080)], (960, 600))
)
def test_the_settings_rows_fit_above_back(make_app, window):
    app = make_app(window=window)
    app.push(SettingsScreen(app))
    settle(app)
    menus = [app.top.language, app.top.coach, app.top.volume, app.top.sound]
    for upper, lower in zip(menus, menus[1:]):
        assert upper.rect.bottom < lower.rect.top
    assert app.top.sound.rect.bottom < app.top.back.rect.top


def test_a_volume_from_the_file_is_offered_too(make_app, user_home):
    (user_home / "config").mkdir(parents=True)
    (user_home / "config" / "settings.json").write_text('{"effects_volume": 60}')
    app = make_app()
    app.push(SettingsScreen(app))
    settle(app)
    assert app.top.volume.selected_option[1] == "60"


# ------------------------------------------------------------------ the real mixer


def test_the_real_mixer_plays_every_effect_with_the_dummy_driver(make_app, capsys):
    pygame.mixer.quit()
    app = make_app()
    app.start_game(Game.new((Seat("Ada"), Seat("Bea")), seed=2))
    settle(app)
    press(app, pygame.K_r)
    sounds = app.sounds
    assert sounds.state == "open" and pygame.mixer.get_init()
    for name in EFFECTS:
        sounds.play(name)
        sound = sounds._loaded[name]
        assert isinstance(sound, pygame.mixer.Sound), name
        assert 0.1 < sound.get_length() <= MAX_SECONDS, name
    assert abs(sounds._loaded["roll"].get_length() - ROLL_SECONDS) < 0.03
    assert pygame.mixer.get_busy()
    assert capsys.readouterr().err == ""


def test_no_audio_device_the_game_plays_on_silent_with_one_line(make_app, monkeypatch, capsys):
    pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(seats=(None, None))
    app.start_game(Game.new((Seat("Ada"), Seat("Bea")), seed=2))
    settle(app)
    for _ in range(3):
        press(app, pygame.K_r)
        settle(app)
        session = app.top.session
        if session.state.phase is Phase.PLACING:
            p = session.state.pending_players[0]
            target = session.state.legal_actions(p)[-1]
            click(app, cell_centre(app.top, p, target.row, target.col))
            while session.state.phase is Phase.PLACING:
                press(app, pygame.K_s)
    assert len(session.state.history()) > 4, "the game went on"
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "sound effects are off" in lines[0], lines
    assert app.sounds.state == "off"


def test_a_broken_sound_never_reaches_the_game(monkeypatch, capsys):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))

    def broken(path: str):
        raise pygame.error("Unrecognized audio format")

    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    sounds = Sounds()
    sounds.play("roll")
    sounds.play("roll")
    sounds.play("nonsense")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and "'roll'" in lines[0], lines


def test_muted_never_opens_the_audio_device(monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "init", lambda **kw: opened.append(kw))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    Sounds(volume=75, muted=True).play("roll")
    Sounds(volume=0).play("roll")
    assert opened == []


# ------------------------------------------------------------------ the files


@pytest.mark.slow  # the check in a child process; the check itself is tested quick below
def test_the_shipped_sounds_pass_the_check_without_numpy_or_soundfile():
    script = ROOT / "scripts" / "make_sounds.py"
    code = (
        "import sys, runpy; sys.modules['numpy'] = None; sys.modules['soundfile'] = None; "
        f"sys.argv = ['make_sounds.py', '--check']; runpy.run_path({str(script)!r}, "
        "run_name='__main__')"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "the shipped sounds are fine" in result.stdout


def test_the_check_finds_a_damaged_file(tmp_path):
    spec = importlib.util.spec_from_file_location(
        "make_sounds", ROOT / "scripts" / "make_sounds.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    data = (ROOT / "assets" / "sounds" / "place.ogg").read_bytes()
    channels, rate, seconds = script.ogg_info(data)
    assert (channels, rate) == (1, 22050) and 0 < seconds <= MAX_SECONDS
    damaged = bytearray(data)
    damaged[len(data) // 2] ^= 0xFF
    with pytest.raises(ValueError, match="checksum"):
        script.ogg_info(bytes(damaged))
    with pytest.raises(ValueError):
        script.ogg_info(b"RIFF" + data[4:])


# ------------------------------------------------------------------ one cue per action
def heard_from_cues(kind, before, after, celebration) -> list[str]:
    """The sounds ``kind.happened``'s cues make for the actions between two states: "over"
    is the game's celebration's own sound, as the table maps it."""
    effects = []
    state = before
    for action in after.history()[len(before.history()) :]:
        new = state.apply(action)
        cue = kind.happened(state, action, new).cue
        if cue == "over":
            cue = celebration(new, ("A", "B", "C", "D")).sound
        if cue is not None:
            effects.append(cue)
        state = new
    return effects


@pytest.mark.parametrize("seed", [3, 8])
def test_each_actions_cue_is_the_sound_its_table_plays(seed):
    from buttons_game.games.buttons.engine import new_game, random_action, sample_dice
    from buttons_game.games.buttons.kind import KIND as BUTTONS
    from buttons_game.games.kopf.kind import KIND as KOPF
    from buttons_game.ui.games.buttons.ending import celebration
    from buttons_game.ui.games.kopf.ending import kopf_celebration

    from ..games.kopf.games import random_game

    rng = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed)
    while not state.is_over():
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        after = state.apply(action)
        assert heard_from_cues(BUTTONS, state, after, celebration) == buttons_effects(state, after)
        state = after
    final = random_game(rng, target=8).state
    state = KOPF.first_state(final.setup)
    for action in final.history():
        after = state.apply(action)
        assert heard_from_cues(KOPF, state, after, kopf_celebration) == kopf_effects(state, after)
        state = after
