"""The speaker never blocks its caller, drops what an interrupt or a stop makes stale,
keeps a history to step through, and estimates how long an announcement takes."""

from __future__ import annotations

import threading

from buttons_game.speech.backends import Recording
from buttons_game.speech.speaker import Speaker, speaking_seconds

WAIT = 5.0


class Held(Recording):
    """A voice whose first announcement takes until ``release`` is set (a slow voice)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.first = threading.Event()

    def speak(self, text: str, language: str, rate: float, interrupt: bool) -> None:
        super().speak(text, language, rate, interrupt)
        if not self.first.is_set():
            self.first.set()
            self.release.wait(WAIT)


def heard(backend: Recording, count: int) -> list[str]:
    with backend.heard:
        backend.heard.wait_for(lambda: len(backend.spoken) >= count, timeout=WAIT)
    return backend.texts()


def test_saying_never_waits_for_the_voice() -> None:
    backend = Held()
    speaker = Speaker(backend)
    speaker.say("Red rolls a five.")
    assert backend.first.wait(WAIT)
    for n in range(50):  # the voice is busy: every call returns at once all the same
        speaker.say(f"line {n}")
    assert backend.texts() == ["Red rolls a five."]
    backend.release.set()
    assert heard(backend, 51)[-1] == "line 49"
    speaker.close()


def test_an_interrupt_drops_what_waits_and_cuts_what_is_said() -> None:
    backend = Held()
    speaker = Speaker(backend)
    speaker.say("a long summary of the round")
    assert backend.first.wait(WAIT)
    speaker.say("stale one")
    speaker.say("stale two")
    speaker.say("Your turn.", interrupt=True)
    assert backend.stops >= 1  # cut at once, from the caller
    backend.release.set()
    assert heard(backend, 2) == ["a long summary of the round", "Your turn."]
    speaker.close()


def test_stop_silences_at_once_and_nothing_queued_follows() -> None:
    backend = Held()
    speaker = Speaker(backend)
    speaker.say("one")
    assert backend.first.wait(WAIT)
    speaker.say("two")
    speaker.stop()
    assert backend.stops == 1 and not speaker.busy()
    backend.release.set()
    speaker.say("three")
    assert heard(backend, 2) == ["one", "three"]
    speaker.close()


def test_the_history_steps_back_and_forward_and_repeats() -> None:
    backend = Recording()
    speaker = Speaker(backend)
    for text in ("first", "second", "third"):
        speaker.say(text)
    heard(backend, 3)
    steps = [speaker.older, speaker.older, speaker.older, speaker.older]
    steps += [speaker.newer, speaker.repeat]
    said = []
    for count, step in enumerate(steps, start=4):
        said.append(step().text)
        heard(backend, count)  # each is said before the next key
    assert said == ["third", "second", "first", "first", "second", "third"]
    assert backend.texts()[3:] == said
    assert [s.text for s in speaker.history] == ["first", "second", "third"]  # not re-added
    speaker.close()


def test_stepping_quickly_says_only_where_the_player_stopped() -> None:
    backend = Held()
    speaker = Speaker(backend)
    for text in ("first", "second", "third"):
        speaker.say(text)
    assert backend.first.wait(WAIT)
    speaker.older(), speaker.older(), speaker.older()
    backend.release.set()
    assert heard(backend, 2) == ["first", "first"]  # the stale steps were dropped
    speaker.close()


def test_speaking_time_grows_with_words_and_shrinks_with_rate() -> None:
    short, long = "Your turn.", "Blue places a button on the red square of row three, column four."
    assert speaking_seconds(long) > speaking_seconds(short) > 0
    assert speaking_seconds(long, rate=2.0) < speaking_seconds(long)
    assert speaking_seconds("赤のさいころは五です。青が置きます。") > speaking_seconds("五")


def test_the_speaker_is_busy_for_about_the_speaking_time() -> None:
    now = [100.0]
    speaker = Speaker(Recording(), clock=lambda: now[0])
    speaker.say("Blue places a button on the red square.")
    assert speaker.busy()
    now[0] += speaking_seconds("Blue places a button on the red square.") + 0.01
    assert not speaker.busy()
    speaker.close()


def test_a_voice_that_fails_does_not_end_the_game() -> None:
    class Broken(Recording):
        def speak(self, text: str, language: str, rate: float, interrupt: bool) -> None:
            raise OSError("no audio device")

    backend = Broken()
    speaker = Speaker(backend)
    speaker.say("hello")
    for _ in range(500):
        if speaker.errors:
            break
        threading.Event().wait(0.01)
    speaker.say("again")  # it goes on taking announcements
    assert speaker.errors >= 1
    speaker.close()
