"""Speech in the window: F12 turns it on and off from any screen (and the settings keep
it), Ctrl stops a sentence, F8-F10 step through what was said; with no voice on the
computer the window says so and speech stays off."""

from __future__ import annotations

import pygame

from buttons_game.i18n import t
from buttons_game.speech.backends import Recording
from buttons_game.ui.screens.menu import MainMenu

from .conftest import press, settle


def spoken(app) -> list[str]:
    speaker = app.voice.speaker
    assert speaker is not None
    backend = speaker.backend
    assert isinstance(backend, Recording)
    return [said.text for said in speaker.history]


def test_f12_turns_speech_on_and_off_and_the_settings_keep_it(make_app):
    app = make_app()
    app.push(MainMenu(app))
    settle(app)
    assert not app.voice.on and not app.settings.speech
    press(app, pygame.K_F12)
    assert app.voice.on and app.settings.speech is True
    assert spoken(app)[-1] == t("speech.on")
    press(app, pygame.K_F12)
    assert not app.voice.on and app.settings.speech is False
    assert spoken(app)[-1] == t("speech.off")
    again = make_app()  # the next start keeps what the player chose
    assert again.settings.speech is False


def test_speech_chosen_before_is_on_at_the_next_start(make_app):
    app = make_app()
    press(app, pygame.K_F12)
    assert app.settings.speech is True
    again = make_app()
    assert again.voice.on


def test_with_no_voice_on_the_computer_the_window_says_so(make_app):
    app = make_app()
    app.voice._make_backend = lambda: None
    press(app, pygame.K_F12)
    assert not app.voice.on and not app.settings.speech
    assert any(n.text == t("speech.missing") for n in app.notices)


def test_ctrl_stops_and_f9_f10_f8_step_through_what_was_said(make_app):
    app = make_app()
    press(app, pygame.K_F12)
    app.voice.say("Red rolls a five.")
    app.voice.say("Blue places a button.")
    backend = app.voice.speaker.backend
    press(app, pygame.K_LCTRL)
    assert backend.stops >= 1 and not app.voice.busy()
    press(app, pygame.K_F9)
    assert app.voice.speaker.cursor == 2  # the newest
    press(app, pygame.K_F9)
    assert app.voice.speaker.cursor == 1
    press(app, pygame.K_F10)
    assert app.voice.speaker.cursor == 2
    press(app, pygame.K_F8)
    assert [s.text for s in app.voice.speaker.history][-1] == "Blue places a button."
