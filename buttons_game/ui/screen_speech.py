"""What the screens say: each screen's title when it appears, the focused control with
its state whenever the focus moves ("Bot level, drop-down, medium"), a drop-down's new
value when Left or Right changes it, the notices the window shows, and F1 (the keys of
the screen). The first start decides whether speech is on (``FirstStart``).

The app calls ``watch`` once a frame: whatever moved the focus (Tab, the arrows, a
rebuild after a change), what is said follows what is shown.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core.utility import translate

from buttons_game.i18n import t
from buttons_game.speech.detect import screen_reader_running

from .screen import Screen
from .voice import Voice

KEYS_KEY = pygame.K_F1


@dataclass(frozen=True)
class Control:
    """A focused control as speech names it: where it is on its screen, its name, what
    it is, its value and whether it can be used."""

    place: int
    name: str
    role: str  # "button", "dropdown", "edit"
    value: str = ""
    enabled: bool = True

    def said(self) -> str:
        if self.role == "button":
            text = t("speech.button", name=self.name)
            if self.value:  # a choice among buttons: the chosen one says so
                text = t("speech.chosen", control=text)
        else:
            key = "speech.dropdown" if self.role == "dropdown" else "speech.edit"
            text = t(key, name=self.name, value=self.value or t("speech.blank"))
        return text if self.enabled else t("speech.unavailable", control=text)


def shown_option(menu: pygame_gui.elements.UIDropDownMenu) -> str:
    """The words a drop-down shows for its choice (translated when it holds a key)."""
    return translate(menu.selected_option[0]) if menu.selected_option else ""


def describe(screen: Screen, widget: pygame_gui.core.UIElement) -> Control | None:
    """``widget`` of ``screen`` as speech names it (None: not a control speech knows)."""
    place = next((i for i, w in enumerate(screen.widgets) if w is widget), -1)
    enabled = bool(widget.is_enabled)
    if isinstance(widget, pygame_gui.elements.UIButton):
        shown = translate(widget.text, **widget.text_kwargs)  # the key of a translated text
        chosen = "chosen" if getattr(widget, "is_selected", False) else ""
        return Control(place, screen.control_name(widget) or shown, "button", chosen, enabled)
    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        value = shown_option(widget)
        name = screen.control_name(widget) or ""
        return Control(place, name, "dropdown", value, enabled)
    if isinstance(widget, pygame_gui.elements.UITextEntryLine):
        name = screen.control_name(widget) or ""
        return Control(place, name, "edit", widget.get_text(), enabled)
    return None


class ScreenSpeech:
    """Says what a sighted player sees change on a screen (not at a table's board: the
    table says its own moves)."""

    def __init__(self, voice: Voice, top: Callable[[], Screen | None]) -> None:
        self.voice = voice
        self.top = top
        self.screen: Screen | None = None
        self.control: Control | None = None
        self.widget: object = None
        self.heard = 0  # the voice's count of announcements at the last look
        self.title = ""
        self.quiet = False  # a screen passed through on the way to another says nothing

    def entering(self, screen: Screen) -> None:
        """A screen appears: its title is said first, before anything it says of itself
        as it opens (a table's turn, a summary, a replay's position)."""
        title = screen.speech_title()
        if self.voice.on and title and not self.quiet:
            interrupt = self.voice.said == self.heard
            self.voice.say(title, interrupt=interrupt, kind="screen")
        self.screen, self.title, self.widget, self.control = screen, title, None, None
        self.heard = self.voice.said

    def watch(self) -> None:
        """Once a frame: a new screen says its title, a new focus its control, a changed
        drop-down its value. While speech is off only what is shown is followed, so that
        turning speech on says nothing stale."""
        screen = self.top()
        if screen is None:
            return
        new_screen = screen is not self.screen
        widget = screen.focus if screen.focus is not None and screen.focus.alive() else None
        if not new_screen and widget is self.widget and not self._value_changed(screen):
            return
        old = None if new_screen else self.control
        self.screen, self.widget = screen, widget
        self.control = describe(screen, widget) if widget is not None else None
        # A screen's title may change with what it shows (Rules: the full rules).
        title, self.title = self.title, screen.speech_title()
        if self.voice.on:
            self._say(new_screen or title != self.title, old)
        self.heard = self.voice.said

    def _say(self, new_title: bool, old: Control | None) -> None:
        # What was said since the last look (F12's words, a notice) is not cut short.
        interrupt = self.voice.said == self.heard
        if new_title:
            self.voice.say(self.title, interrupt=interrupt, kind="screen")
            interrupt = False
        control = self.control
        if control is None or control == old:
            return
        if old is not None and (old.place, old.name, old.role) == (
            control.place,
            control.name,
            control.role,
        ):
            text = control.value if control.enabled == old.enabled else control.said()
            self.voice.say(text, interrupt=interrupt, kind="focus")  # Left / Right
        else:
            self.voice.say(control.said(), interrupt=interrupt, kind="focus")

    def _value_changed(self, screen: Screen) -> bool:
        """The focused drop-down shows another value, or the control was enabled or
        disabled (a text field's typing is the screen reader's own echo)."""
        widget, control = self.widget, self.control
        if widget is None or control is None:
            return False
        if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
            if shown_option(widget) != control.value:
                return True
        return bool(getattr(widget, "is_enabled", True)) != control.enabled

    def handle_key(self, event: pygame.event.Event) -> bool:
        """F1 says the keys of the screen on top (when speech is on)."""
        screen = self.top()
        if event.key != KEYS_KEY or screen is None or not self.voice.on:
            return False
        keys = [t("speech.keys_intro", title=screen.speech_title()), *screen.speech_keys()]
        self.voice.say(". ".join(k.rstrip(". ") for k in keys if k) + ".", interrupt=True)
        return True


class FirstStart:
    """The first start (speech not decided yet): a screen reader running turns speech on;
    otherwise the system's voice says, once, which key turns it on, the window shows it
    too, and speech is kept off so that later starts are quiet. The question to the
    system runs on a thread: the first frame never waits for it."""

    def __init__(
        self,
        voice: Voice,
        notify: Callable[[str, str], None],
        detect: Callable[[], bool] = screen_reader_running,
    ) -> None:
        self.voice, self.notify, self.detect = voice, notify, detect
        self._answer: list[bool] = []
        self._thread: threading.Thread | None = None

    def begin(self) -> None:
        """Ask the system whether a screen reader runs (on a thread)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._ask, name="screen-reader", daemon=True)
            self._thread.start()

    def _ask(self) -> None:
        try:
            self._answer.append(bool(self.detect()))
        except Exception:  # noqa: BLE001 — a question the system cannot answer means no
            self._answer.append(False)

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def poll(self) -> bool:
        """Once a frame: True when the answer came and was acted on."""
        if not self._answer:
            return False
        running = self._answer.pop()
        self._thread = None
        if self.voice.decided:  # the player pressed F12 before the system answered
            return False
        if running:
            self.voice.keep(True)
            if self.voice.start():
                self.voice.say(t("speech.on"), interrupt=True)
            else:
                self.voice.keep(False)
            return True
        hint = t("speech.first_start")
        self.voice.hint(hint)
        self.notify(hint, "accent")
        self.voice.keep(False)
        return True


__all__ = ["Control", "FirstStart", "ScreenSpeech", "describe"]
