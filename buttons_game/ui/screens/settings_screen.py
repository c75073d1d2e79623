"""Settings: language, window size, fullscreen, animation speed, colour symbols, the coach,
the effects volume and sound on or off.

Saved per user."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import LANGUAGES, t, tk
from buttons_game.settings import ANIMATION_SPEEDS, COACH_MODES, WINDOW_SIZES
from buttons_game.ui import art, world

from ..screen import Screen
from ..sound import VOLUME_STEPS
from .common import HEADING_GAP, below_title, button, draw_backdrop, draw_title, tray, widgets_above
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


TITLE_AT, TITLE_SIZE = 0.07, 44  # the title's top (a share of the height) and its size


class SettingsScreen(Screen):
    name = "settings"

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.x = w // 2 + self.px(10)
        # The rows share the room between the title and Back, a little apart at the most;
        # the first keeps its distance from the title (a tall script's title is taller).
        title_y, gap = int(h * TITLE_AT), self.px(HEADING_GAP)
        below = below_title(w, t("settings.title"), title_y, self.px(TITLE_SIZE), gap)
        y, bottom = max(int(h * 0.19), below), h - self.px(130)
        step = min(self.px(70), (bottom - y - self.px(46)) // (len(ROWS) - 1))
        self.rows = [(key, y + i * step) for i, key in enumerate(ROWS)]

    def _menu(
        self,
        row: int,
        options: list[Any],
        chosen: tuple[str, str],
        object_id: str | None = None,
    ) -> DropDown:
        rect = pygame.Rect(self.x, self.rows[row][1], self.px(300), self.px(46))
        return self.add(DropDown(options, chosen, rect, manager=self.manager, object_id=object_id))

    def build(self) -> None:
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
        w, h = self.host.surface.get_size()
        bw, bh = self.px(220), self.px(52)
        self.back = button(
            self,
            pygame.Rect(w // 2 - bw // 2, h - self.px(110), bw, bh),
            "menu.back",
            "#big_button",
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
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
            label = art.text(t(key), self.px(20), "text", True)
            x = surface.get_width() // 2 - self.px(20) - label.get_width()
            labels.append((label, label.get_rect(topleft=(x, y + self.px(8)))))
        last = self.rows[-1][1] + self.px(46)
        mat = tray([r for _, r in labels] + widgets_above(self, last), self.px(18))
        mat.height -= self.px(6)  # a little clear of Back under it
        draw_backdrop(surface, self, [mat])
        world.draw_mat(surface, mat, self.px(16))
        title_y = int(surface.get_height() * TITLE_AT)
        self.heading = draw_title(surface, t("settings.title"), title_y, self.px(TITLE_SIZE))
        for label, rect in labels:
            surface.blit(label, rect)
