"""The dice sound ends as the dice land, at every animation speed: the roll asks for a
sound as long as its time in the air, and the sound layer makes one (the rattle looped
or cut, then the landing), with the real mixer under the dummy audio driver."""

from __future__ import annotations

import importlib.util
from array import array
from pathlib import Path

import pygame
import pytest

from buttons_game.games.buttons.engine import Roll
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.settings import ANIMATION_SPEEDS
from buttons_game.ui.games.buttons.session import ROLL_SECONDS, TableSession
from buttons_game.ui.sound import ENDINGS, MIXER, Sounds, Timed, effect_file, fitted

from .conftest import play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def mixer():
    pygame.mixer.quit()
    pygame.mixer.init(**MIXER)
    yield pygame.mixer.get_init()
    pygame.mixer.quit()


def samples(sound: pygame.mixer.Sound) -> array:
    raw = array("h")
    raw.frombytes(sound.get_raw())
    return raw


@pytest.mark.parametrize("speed", sorted(ANIMATION_SPEEDS))
def test_the_roll_sound_lasts_as_long_as_the_dice_are_in_the_air(mixer, speed):
    factor = ANIMATION_SPEEDS[speed]
    heard: list[str] = []
    game = Game.new((Seat("Ada"), Seat("Bea")), seed=4)
    session = TableSession(
        game, speed=lambda: factor, on_change=lambda _g: None, sound=heard.append
    )
    play(session, Roll())
    (cue,) = heard
    in_the_air = session.model.timers.left("roll")
    assert cue == "roll" and cue.seconds == pytest.approx(in_the_air)
    assert in_the_air == pytest.approx(ROLL_SECONDS * factor)
    played = Sounds().prepared(cue)
    assert played is not None
    assert played.get_length() == pytest.approx(max(in_the_air, ENDINGS["roll"]), abs=0.002)
    session.close()


def test_a_longer_roll_repeats_the_rattle_and_ends_with_the_whole_landing(mixer):
    rate, _, channels = mixer
    shipped = pygame.mixer.Sound(effect_file("roll"))
    whole = samples(shipped)
    landing = round(ENDINGS["roll"] * rate) * channels
    loop = len(whole) - landing
    slow = samples(fitted(shipped, ROLL_SECONDS * 1.6, ENDINGS["roll"]))
    assert slow[-landing:] == whole[-landing:], "the landing, whole, at the end"
    again = len(slow) - landing - loop - 2000  # the rattle again, but for its faded cut
    assert slow[:loop] == whole[:loop] and slow[loop : loop + again] == whole[:again]
    quick = samples(fitted(shipped, ROLL_SECONDS * 0.5, ENDINGS["roll"]))
    cut = len(quick) - landing
    assert quick[-landing:] == whole[-landing:] and quick[: cut - 1000] == whole[: cut - 1000]
    assert abs(quick[cut - 1]) <= abs(whole[cut - 1]) // 10 + 1, "the cut rattle fades out"


def test_a_roll_cut_short_stops_its_rattle_for_the_landing(mixer):
    sounds = Sounds()
    sounds.play(Timed("roll", 1.12))
    long_one = sounds._playing["roll"]
    assert long_one.get_length() == pytest.approx(1.12, abs=0.002)
    assert long_one.get_num_channels() == 1
    sounds.play(Timed("roll", 0.0))
    assert long_one.get_num_channels() == 0, "the rattle stopped"
    assert sounds._playing["roll"].get_length() == pytest.approx(ENDINGS["roll"], abs=0.002)


def test_the_check_hears_a_rattle_that_clicks_where_it_loops(mixer):
    spec = importlib.util.spec_from_file_location(
        "make_sounds", ROOT / "scripts" / "make_sounds.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shipped = pygame.mixer.Sound(effect_file("roll"))
    assert script.seam_level(shipped, ENDINGS["roll"]) <= script.SEAM_LEVEL
    rate, _, channels = mixer
    clicking = samples(shipped)
    seam = len(clicking) - round(ENDINGS["roll"] * rate) * channels
    clicking[seam - 4 : seam] = array("h", [9000] * 4)  # loud at the loop's end
    bad = pygame.mixer.Sound(buffer=clicking.tobytes())
    assert script.seam_level(bad, ENDINGS["roll"]) > script.SEAM_LEVEL
