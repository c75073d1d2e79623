"""Settings in two sections: General (language, window size, fullscreen, animation speed,
colour symbols, the coach, the effects volume and sound on or off) and Speech (on or off,
the system voice's rate, how much is said).

Saved per user."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import LANGUAGES, t, tk
from buttons_game.settings import ANIMATION_SPEEDS, COACH_MODES, SPEECH_DETAILS, WINDOW_SIZES
from buttons_game.ui import art, world
from buttons_game.ui.text import draw_lines, wrap

from ..screen import Screen
from ..sound import VOLUME_STEPS
from .common import HEADING_GAP, below_title, button, draw_backdrop, draw_title, tray, widgets_above
from .network_settings import NETWORK_ROWS, NetworkSection
from .widgets import DropDown

ROWS = (
    "settings.language",
    "settings.window",
    "settings.fullscreen",
    "settings.animation",
    "settings.symbols",
    "settings.coach",
    "settings.effects_volume",
    "settings.sound",
)
SPEECH_ROWS = ("settings.speech", "settings.speech_rate", "settings.speech_detail")
SPEECH_RATE_STEPS = (50, 75, 100, 125, 150, 200, 250, 300)  # percent of the normal speed


TITLE_AT, TITLE_SIZE = 0.07, 44  # the title's top (a share of the height) and its size
TAB_WIDTH, TAB_HEIGHT = 200, 36  # a section's tab (before scaling)


class SettingsScreen(Screen):
    name = "settings"
    section = "general"  # or "speech", "network"
    SECTIONS = ("general", "speech", "network")

    def speech_title(self) -> str:
        return f"{t('settings.title')}: {t(f'settings.section_{self.section}')}"

    def screenshot_key(self) -> str:
        return self.name if self.section == "general" else f"{self.name}-{self.section}"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.x = w // 2 + self.px(10)
        # The sections' tabs under the title, then the rows: they share the room between
        # the tabs and Back, a little apart at the most; the tabs keep their distance from
        # the title (a tall script's title is taller).
        title_y, gap = int(h * TITLE_AT), self.px(HEADING_GAP)
        self.tabs_y = below_title(w, t("settings.title"), title_y, self.px(TITLE_SIZE), gap)
        below = self.tabs_y + self.px(TAB_HEIGHT) + gap
        y, bottom = max(int(h * 0.19), below), h - self.px(130)
        step = min(self.px(70), (bottom - y - self.px(46)) // (len(ROWS) - 1))
        rows = {"general": ROWS, "speech": SPEECH_ROWS, "network": NETWORK_ROWS}[self.section]
        self.rows = [(key, y + i * step) for i, key in enumerate(rows)]

    def _menu(
        self,
        row: int,
        options: list[Any],
        chosen: tuple[str, str],
        object_id: str | None = None,
    ) -> DropDown:
        rect = pygame.Rect(self.x, self.rows[row][1], self.px(300), self.px(46))
        menu = DropDown(options, chosen, rect, manager=self.manager, object_id=object_id)
        return self.name_control(self.add(menu), t(self.rows[row][0]))

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        tw, th = self.px(TAB_WIDTH), self.px(TAB_HEIGHT)
        self.tabs = {}
        first = w // 2 - (len(self.SECTIONS) * tw + (len(self.SECTIONS) - 1) * self.px(12)) // 2
        for i, section in enumerate(self.SECTIONS):
            left = first + i * (tw + self.px(12))
            rect = pygame.Rect(left, self.tabs_y, tw, th)
            self.tabs[section] = button(self, rect, f"settings.section_{section}")
            if section == self.section:
                self.tabs[section].select()
        if self.section == "general":
            self._build_general()
        elif self.section == "network":
            if getattr(self, "network", None) is None:
                self.network = NetworkSection(self)
            self.network.build(self.rows)
        else:
            self._build_speech()
        bw, bh = self.px(220), self.px(52)
        self.back = button(
            self,
            pygame.Rect(w // 2 - bw // 2, h - self.px(110), bw, bh),
            "menu.back",
            "#big_button",
        )

    def _build_speech(self) -> None:
        current = self.host.settings
        on_off = [(tk("settings.on"), "on"), (tk("settings.off"), "off")]
        self.speech = self._menu(0, on_off, on_off[0] if current.speech else on_off[1])
        steps = sorted({*SPEECH_RATE_STEPS, current.speech_rate})
        rates = [(t("settings.percent", n=v), str(v)) for v in steps]
        self.rate = self._menu(1, rates, rates[steps.index(current.speech_rate)])
        details = [(tk(f"settings.detail_{d}"), d) for d in SPEECH_DETAILS]
        self.detail = self._menu(
            2, details, (tk(f"settings.detail_{current.speech_detail}"), current.speech_detail)
        )

    def _build_general(self) -> None:
        current = self.host.settings
        # Each language in its own name and script: this list uses a font with every glyph.
        self.language = self._menu(
            0,
            [(name, code) for code, name in LANGUAGES.items()],
            (LANGUAGES[current.language], current.language),
            "#languages",
        )
        sizes = [(f"{a} × {b}", f"{a}x{b}") for a, b in WINDOW_SIZES]
        cw, ch = self.host.surface.get_size()
        start = (f"{cw} × {ch}", f"{cw}x{ch}")
        if start not in sizes:
            sizes.append(start)
        self.window = self._menu(1, sizes, start)
        modes = [(tk("settings.windowed"), "windowed"), (tk("settings.fullscreen"), "fullscreen")]
        self.mode = self._menu(2, modes, modes[1] if current.fullscreen else modes[0])
        speeds = [(tk(f"settings.{name}"), name) for name in ANIMATION_SPEEDS]
        self.speed = self._menu(3, speeds, (tk(f"settings.{current.animation}"), current.animation))
        on_off = [(tk("settings.on"), "on"), (tk("settings.off"), "off")]
        self.symbols = self._menu(4, on_off, on_off[0] if current.symbols else on_off[1])
        coach = {
            mode: tk("settings.off" if mode == "off" else f"settings.coach_{mode}")
            for mode in COACH_MODES
        }
        self.coach = self._menu(
            5, [(coach[m], m) for m in COACH_MODES], (coach[current.coach], current.coach)
        )
        steps = sorted({*VOLUME_STEPS, current.effects_volume})  # a value set in the file too
        volumes = [(t("settings.percent", n=v), str(v)) for v in steps]
        self.volume = self._menu(6, volumes, volumes[steps.index(current.effects_volume)])
        self.sound = self._menu(7, on_off, on_off[1] if current.mute else on_off[0])

    def show_section(self, section: str) -> None:
        """Show the General or the Speech section (the focus stays on its tab)."""
        if section == self.section:
            return
        where = self.focus_index()
        self.section = section
        self.layout()
        self.rebuild()
        self.restore_focus(where)

    def _speech_changed(self, event: pygame.event.Event) -> bool:
        """A choice of the Speech section: speech on or off (with F12's words), its rate,
        how much is said."""
        current, value = self.host.settings, event.selected_option_id
        if event.ui_element is self.speech:
            if (value == "on") != self.host.voice.on:
                self.host.voice.toggle()
            self.rebuild()  # off again when this computer has no voice
            return True
        if event.ui_element is self.rate:
            self.host.apply_settings(replace(current, speech_rate=int(value)))
        elif event.ui_element is self.detail:
            self.host.apply_settings(replace(current, speech_detail=value))
        else:
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for section, tab in self.tabs.items():
                if event.ui_element is tab:
                    self.show_section(section)
                    return True
        if self.section == "network" and event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.network.pressed(event.ui_element):
                return True
        if self.section == "network" and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.network.apply()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.section == "speech":
            return self._speech_changed(event)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            current = self.host.settings
            value = event.selected_option_id
            if event.ui_element is self.language:
                new = replace(current, language=value)
            elif event.ui_element is self.window:
                a, b = value.split("x")
                new = replace(current, window=(int(a), int(b)))
            elif event.ui_element is self.mode:
                new = replace(current, fullscreen=value == "fullscreen")
            elif event.ui_element is self.speed:
                new = replace(current, animation=value)
            elif event.ui_element is self.symbols:
                new = replace(current, symbols=value == "on")
            elif event.ui_element is self.coach:
                new = replace(current, coach=value)
            elif event.ui_element is self.volume:
                new = replace(current, effects_volume=int(value))
            elif event.ui_element is self.sound:
                new = replace(current, mute=value == "off")
            else:
                return False
            sound = event.ui_element is self.volume or event.ui_element is self.sound
            self.host.apply_settings(new)  # rebuilds this screen in the new language and size
            if sound:
                self.host.play_sound("place")  # how loud it is now
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.host.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        labels = []
        for key, y in self.rows:
            if key == "settings.network_actions":
                continue
            label = art.text(t(key), self.px(20), "text", True)
            x = surface.get_width() // 2 - self.px(20) - label.get_width()
            if self.section == "network":
                x -= self.network.shift
            labels.append((label, label.get_rect(topleft=(x, y + self.px(8)))))
        last = self.rows[-1][1] + self.px(46)
        note: list[str] = []
        tint = "text"
        if self.section in ("speech", "network"):  # what the rows mean, under them
            room = pygame.Rect(0, 0, min(surface.get_width() - self.px(80), self.px(720)), 0)
            text = t("settings.speech_note")
            if self.section == "network":
                text, tint = self.network.message
                text = text or t("settings.network_note")
                tint = tint if self.network.message[0] else "text"
            note = wrap(text, self.px(17), room.width)
            room.midtop = (surface.get_width() // 2, last + self.px(24))
            room.height = len(note) * self.px(24)
            labels.append((pygame.Surface((0, 0)), room))
        mat = tray([r for _, r in labels] + widgets_above(self, last), self.px(18))
        mat.height -= self.px(6)  # a little clear of Back under it
        draw_backdrop(surface, self, [mat])
        world.draw_mat(surface, mat, self.px(16))
        title_y = int(surface.get_height() * TITLE_AT)
        self.heading = draw_title(surface, t("settings.title"), title_y, self.px(TITLE_SIZE))
        for label, rect in labels:
            surface.blit(label, rect)
        if note:
            draw_lines(surface, note, labels[-1][1], self.px(17), tint, centre=True)
