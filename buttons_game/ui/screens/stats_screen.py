"""Statistics: a table of people per registered game, a tab each, and the dice chart.

The statistics are brought up to date with the saves in a thread when the screen
opens (a first look through many saves can take a while), so the menu never waits
and the screen says it is counting meanwhile. Reset asks first.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame
import pygame_gui

from buttons_game import stats
from buttons_game.i18n import t
from buttons_game.ui import art, world
from buttons_game.ui.background import Background

from ..play.plugin import GameUI
from ..play.registry import uis
from ..screen import Host, Screen
from ..stats_view import dice_panels, draw_die_panel, draw_players, rows_fitting, verdict_text
from ..text import draw_lines, fit, wrap
from .common import HEADING_GAP, below_title, button, draw_backdrop, draw_title

DICE = "dice"  # the tab of the dice chart, after the games' tabs


class StatsScreen(Screen):
    name = "stats"

    def speech_title(self) -> str:
        return t("stats.title")

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.games: dict[str, GameUI] = {ui.id: ui for ui in uis()}
        self.tabs = (*self.games, DICE)
        self.tab = self.tabs[0]
        self.tab_chosen = False
        self.page = 0
        self.confirm = False
        self.stats: stats.Statistics | None = None
        self.message = ("", "text_dim")
        self.read_only: str | None = None  # why: a newer version wrote the file
        self.pool = Background("stats")
        self.future: Future[stats.Refreshed] | None = None
        # The count starts once the screen is drawn, so its first frame never waits.
        self.to_count = not host.saving_off
        self.drawn = False
        if host.saving_off:
            self.message = (t("errors.saving_off", why=host.saving_off), "bad")

    # ------------------------------------------------------------------ model
    @property
    def loading(self) -> bool:
        return self.to_count or self.future is not None

    def records(self) -> list[stats.PlayerRecord]:
        return [] if self.stats is None or self.tab == DICE else self.stats.players(self.tab)

    def pages(self) -> int:
        return max(1, -(-len(self.records()) // self.rows))

    def _newer(self, error: stats.StatsNewer) -> None:
        """A newer version's file: its figures shown read-only with why, or why alone."""
        version = error.app_version or t("stats.format_version", n=error.format_version)
        self.read_only = t("stats.newer", name=stats.FILE_NAME, version=version)
        self.stats = error.stats
        if self.stats is not None:
            self.message = (self.read_only, "bad")

    def _loaded(self, refreshed: stats.Refreshed) -> None:
        self.stats = refreshed.stats
        if refreshed.broken:
            why = t("stats.rebuilt", error=refreshed.broken, name=refreshed.kept_as)
            self.message = (why, "bad")
        played = [game for game in self.games if self.stats.players(game)]
        if not self.tab_chosen and played and not self.stats.players(self.tab):
            self.tab = played[0]  # the first game played yet

    # ----------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        px = self.px
        margin = max(px(36), (w - px(1500)) // 2)
        below = below_title(w, t("stats.title"), px(22), px(42), px(HEADING_GAP))
        self.tabs_top = max(px(84), below)  # the tabs keep their distance from the title
        top = max(px(150), self.tabs_top + px(44) + px(12))
        self.content = pygame.Rect(margin, top, w - 2 * margin, h - top - px(132))
        self.rows = rows_fitting(self.content.height - px(26), self.scale)
        self.page = min(self.page, self.pages() - 1)  # fewer pages in a smaller window
        self.bottom = h - px(78)

    def build(self) -> None:
        w, _ = self.host.surface.get_size()
        px = self.px
        tab_w, tab_h, gap = px(230), px(44), px(14)
        tabs = self.tabs
        tab_w = min(tab_w, (w - px(72)) // len(tabs) - gap)  # every tab fits
        left = w // 2 - (len(tabs) * tab_w + (len(tabs) - 1) * gap) // 2
        self.tab_buttons = {}
        for i, tab in enumerate(tabs):
            rect = pygame.Rect(left + i * (tab_w + gap), self.tabs_top, tab_w, tab_h)
            chosen = "#primary" if tab == self.tab else None
            words = t("stats.dice") if tab == DICE else self.games[tab].title()
            self.tab_buttons[tab] = self.add(
                pygame_gui.elements.UIButton(rect, words, manager=self.manager, object_id=chosen)
            )
        c = self.content
        bh, nav = px(50), px(150)
        self.prev = button(self, pygame.Rect(c.left, self.bottom, nav, bh), "saves.previous")
        self.next = button(
            self, pygame.Rect(c.left + nav + px(12), self.bottom, nav, bh), "saves.next"
        )
        paged = self.tab != DICE and not self.loading
        if not paged or self.page == 0:
            self.prev.disable()
        if not paged or self.page + 1 >= self.pages():
            self.next.disable()
        bw = px(200)
        back = pygame.Rect(c.right - bw, self.bottom, bw, bh)
        second = back.move(-bw - px(14), 0)
        self.keep = self.yes_reset = self.reset = None
        if self.confirm:
            self.yes_reset = button(
                self, second.move(-bw - px(14), 0), "stats.yes_reset", "#danger"
            )
            self.keep = button(self, second, "stats.keep")
        else:
            self.reset = button(self, second, "stats.reset")
            if self.stats is None:
                self.reset.disable()
        self.back = button(self, back, "menu.back", "#big_button")

    # ----------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = event.ui_element
            for tab, widget in self.tab_buttons.items():
                if pressed is widget:
                    self.show_tab(tab)
                    return True
            if pressed is self.back:
                self.host.back()
            elif pressed is self.prev or pressed is self.next:
                self.turn_page(1 if pressed is self.next else -1)
            elif pressed is self.reset:
                self.ask_reset()
            elif pressed is self.keep:
                self.confirm = False
                self.rebuild()
            elif pressed is self.yes_reset:
                self.do_reset()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.confirm:
                    self.confirm = False
                    self.rebuild()
                else:
                    self.host.back()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.show_tab(self.tabs[(self.tabs.index(self.tab) + step) % len(self.tabs)])
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
                return True
        return False

    def show_tab(self, tab: str) -> None:
        self.tab_chosen = True
        if tab != self.tab:
            self.tab = tab
            self.page = 0
            self.rebuild()
            self.read_out()

    def turn_page(self, step: int) -> None:
        page = min(max(0, self.page + step), self.pages() - 1)
        if page != self.page:
            self.page = page
            self.rebuild()
            self.read_out()

    def read_out(self) -> None:
        """Speech: the figures shown, read as a table row by row (each cell with its
        column's heading), or each die's verdict."""
        voice = getattr(self.host, "voice", None)
        if voice is None or not voice.on:
            return
        text = self.spoken_table()
        if text:
            voice.say(text, interrupt=True, kind="table")

    def spoken_table(self) -> str:
        if self.stats is None:
            return self.read_only or ""
        if self.tab == DICE:
            fairness = self.stats.fairness()
            parts = [t("stats.dice_note")]
            parts += [
                f"{t(f'stats.die_{kind}')}: {verdict_text(die)[0]}"
                for kind, die in fairness.items()
            ]
            return " ".join(p if p.endswith(".") else f"{p}." for p in parts)
        counted = t("stats.counted", n=self.stats.totals.get(self.tab, 0))
        records = self.records()
        if not records:
            return f"{counted} {t('stats.no_games')}"
        columns = self.games[self.tab].stat_columns()
        shown = records[self.page * self.rows : (self.page + 1) * self.rows]
        rows = [
            t(
                "speech.table_row",
                n=self.page * self.rows + i + 1,
                cells=", ".join(f"{t(column.head)} {column.cell(record)}" for column in columns),
            )
            for i, record in enumerate(shown)
        ]
        if self.pages() > 1:
            counted += " · " + t("stats.page", n=self.page + 1, total=self.pages())
        return " ".join([counted, *rows])

    def ask_reset(self) -> None:
        if self.stats is None:
            return
        if self.read_only:  # refused: the file is never written over
            self.message = (self.read_only, "bad")
            self.rebuild()
            return
        keyboard = self.focus is not None
        self.confirm = True
        self.rebuild()
        if keyboard:
            self.focus = self.keep  # the safe answer is the one Enter gives

    def do_reset(self) -> None:
        self.confirm = False
        try:
            # the window's thread: another copy holding the file is said, not waited for
            self.stats = stats.reset(wait=0.0)
        except OSError as error:
            self.message = (t("stats.not_updated", error=str(error)), "bad")
        else:
            self.message = (t("stats.reset_done"), "good")
            self.page = 0
        self.rebuild()

    def update(self, dt: float) -> bool:
        if self.to_count and self.drawn:
            self.to_count = False
            self.future = self.pool.submit(stats.refresh, self.pool.cancelled.is_set)
        future = self.future
        if future is None or not future.done():
            return self.loading
        self.future = None
        try:
            self._loaded(future.result())
        except stats.StatsNewer as error:
            self._newer(error)
        except Exception as error:  # a folder that cannot be read, or anything unforeseen
            self.message = (t("stats.failed", error=str(error)), "bad")
        self.rebuild()
        self.read_out()
        return True

    def exit(self) -> None:
        super().exit()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def screenshot_key(self) -> str:
        state = "loading" if self.loading else self.tab
        return f"stats-{state}{'-confirm' if self.confirm else ''}"

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = True
        px = self.px
        mat = self.content.inflate(px(28), px(20))
        draw_backdrop(surface, self, [mat])
        world.draw_mat(surface, mat, px(14))
        self.heading = draw_title(surface, t("stats.title"), px(22), px(42))
        c = self.content
        if self.read_only and self.stats is None:  # only why, in the figures' place
            lines = wrap(self.read_only, px(20), c.width - px(80))
            box = pygame.Rect(c.left + px(40), c.centery - px(45), c.width - px(80), px(90))
            draw_lines(surface, lines, box, px(20), "bad", centre=True)
        elif self.loading or self.stats is None:
            key = "stats.counting" if self.loading else "stats.unavailable"
            note = art.text(fit(t(key), px(20), c.width), px(20), "text_dim")
            surface.blit(note, note.get_rect(center=c.center))
        elif self.tab == DICE:
            self._draw_dice(surface)
        else:
            self._draw_players(surface)
        self._draw_message(surface)

    def _draw_players(self, surface: pygame.Surface) -> None:
        px, c = self.px, self.content
        assert self.stats is not None
        records = self.records()
        counted = t("stats.counted", n=self.stats.totals.get(self.tab, 0))
        if self.pages() > 1:
            counted += " · " + t("stats.page", n=self.page + 1, total=self.pages())
        line = art.text(fit(counted, px(16), c.width), px(16), "text_dim")
        surface.blit(line, (c.left, c.top))
        table = pygame.Rect(c.left, c.top + px(26), c.width, c.height - px(26))
        if not records:
            lines = wrap(t("stats.no_games"), px(20), c.width - px(80))
            box = pygame.Rect(c.left + px(40), c.centery - px(30), c.width - px(80), px(90))
            draw_lines(surface, lines, box, px(20), "text_dim", centre=True)
            return
        shown = records[self.page * self.rows : (self.page + 1) * self.rows]
        draw_players(surface, table, self.games[self.tab].stat_columns(), shown, self.scale)
        note = art.text(fit(t("stats.vs_note"), px(15), c.width), px(15), "text_dim")
        surface.blit(note, (c.left, c.bottom - note.get_height()))

    def _draw_dice(self, surface: pygame.Surface) -> None:
        px, c = self.px, self.content
        assert self.stats is not None
        line = art.text(fit(t("stats.dice_note"), px(16), c.width), px(16), "text_dim")
        surface.blit(line, (c.left, c.top))
        area = pygame.Rect(c.left, c.top + px(32), c.width, c.height - px(32))
        fairness = self.stats.fairness()
        for panel, kind in zip(dice_panels(area, len(fairness), self.scale), fairness):
            draw_die_panel(surface, panel, kind, fairness[kind], self.scale)

    def _draw_message(self, surface: pygame.Surface) -> None:
        px = self.px
        text, tint = (t("stats.confirm_reset"), "bad") if self.confirm else self.message
        if not text:
            return
        w = surface.get_width()
        lines = wrap(text, px(16), int(w * 0.9), True)[:2]
        box = pygame.Rect(int(w * 0.05), self.bottom - px(48), int(w * 0.9), px(44))
        draw_lines(surface, lines, box, px(16), tint, True, bottom=True, centre=True)


__all__ = ["StatsScreen"]
