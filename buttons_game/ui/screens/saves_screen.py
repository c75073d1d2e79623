"""Saved games: the load list (load, replay, delete with confirmation) and Save as."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game import saves
from buttons_game.i18n import t
from buttons_game.names import SAVE_NAME_LIMIT, clean_name
from buttons_game.ui import art, world

from ..play.registry import ui_for
from ..screen import Host, Screen
from ..text import fit
from .common import button, draw_backdrop, draw_title
from .widgets import TextEntry

ROWS_PER_PAGE = 7


def describe(info: saves.SaveInfo) -> tuple[str, str]:
    """Two lines for a save: its name and date, then seats, round and state."""
    title = info.name or t("saves.autosave")
    when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    if info.broken:
        return f"{title} · {when}", t("saves.broken", error=info.error or "")
    seats = ", ".join(
        seat.name if seat.bot is None else f"{seat.name} ({t('saves.bot_' + str(seat.bot))})"
        for seat in info.seats
    )
    try:
        ui = ui_for(info.game)
    except KeyError:  # a game this app does not know (the save was listed by an older index)
        return f"{title} · {when}", t("saves.broken", error=info.game)
    if info.finished:
        state = t("saves.finished")
    else:
        reached = info.round_number if ui.kind.unit == "round" else info.turn_number
        state = ui.position_text(reached or 1)
    if info.networked:  # marked on its first line: a game played across computers
        title = f"{title} · {t('saves.networked_' + str(info.role))}"
    return f"{title} · {when}", f"{ui.title()} · {seats} · {state}"


class LoadScreen(Screen):
    name = "load"

    def speech_title(self) -> str:
        return t("saves.title")

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.page = 0
        self.confirm: saves.SaveInfo | None = None
        self.message = ("", "text_dim")
        self.refresh()

    def refresh(self) -> None:
        self.entries = []
        if self.host.saving_off:
            self.message = (t("errors.saving_off", why=self.host.saving_off), "bad")
        else:
            try:
                self.entries = saves.list_saves()
            except OSError as error:
                self.message = (str(error), "bad")
        pages = max(1, -(-len(self.entries) // ROWS_PER_PAGE))
        self.page = min(self.page, pages - 1)

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        s = self.scale
        self.row_rects: list[pygame.Rect] = []
        self.row_buttons: list[
            tuple[saves.SaveInfo, pygame_gui.elements.UIButton, pygame_gui.elements.UIButton]
        ] = []
        self.replay_buttons: list[tuple[saves.SaveInfo, pygame_gui.elements.UIButton]] = []
        top = int(130 * s)
        row_h = int(66 * s)
        left, width = int(w * 0.1), int(w * 0.8)
        shown = self.entries[self.page * ROWS_PER_PAGE : (self.page + 1) * ROWS_PER_PAGE]
        bw, bh = int(130 * s), int(42 * s)
        for i, info in enumerate(shown):
            rect = pygame.Rect(left, top + i * (row_h + 6), width, row_h)
            self.row_rects.append(rect)
            y = rect.centery - bh // 2
            if self.confirm is not None and self.confirm.path == info.path:
                first = button(
                    self,
                    pygame.Rect(rect.right - 2 * bw - 20, y, bw, bh),
                    "saves.yes_delete",
                    "#danger",
                )
                second = button(self, pygame.Rect(rect.right - bw - 10, y, bw, bh), "saves.no_keep")
            else:
                first = button(
                    self, pygame.Rect(rect.right - 2 * bw - 20, y, bw, bh), "saves.load", "#primary"
                )
                second = button(
                    self, pygame.Rect(rect.right - bw - 10, y, bw, bh), "saves.delete", "#delete"
                )
                replay = button(
                    self,
                    pygame.Rect(rect.right - 3 * bw - 30, y, bw, bh),
                    "replay.open",
                    None,
                    "replay.open_tip",
                )
                self.replay_buttons.append((info, replay))
                if info.broken:
                    first.disable()
                    replay.disable()
            self.row_buttons.append((info, first, second))
        self.shown = shown
        y = h - int(100 * s)
        nav = int(140 * s)
        self.prev = button(self, pygame.Rect(left, y, nav, int(50 * s)), "saves.previous")
        self.next = button(self, pygame.Rect(left + width - nav, y, nav, int(50 * s)), "saves.next")
        if self.page == 0:
            self.prev.disable()
        if (self.page + 1) * ROWS_PER_PAGE >= len(self.entries):
            self.next.disable()
        self.back = button(
            self,
            pygame.Rect(w // 2 - int(110 * s), y, int(220 * s), int(50 * s)),
            "menu.back",
            "#big_button",
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
                return True
            if event.ui_element in (self.prev, self.next):
                self.page += 1 if event.ui_element is self.next else -1
                self.confirm = None
                self.rebuild()
                return True
            for info, replay in self.replay_buttons:
                if event.ui_element is replay:
                    self._replay(info)
                    return True
            for info, first, second in self.row_buttons:
                confirming = self.confirm is not None and self.confirm.path == info.path
                if event.ui_element is first:
                    if confirming:
                        self._delete(info)
                    else:
                        self._load(info)
                    return True
                if event.ui_element is second:
                    self.confirm = None if confirming else info
                    self.rebuild()
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirm is not None:
                self.confirm = None
                self.rebuild()
            else:
                self.host.back()
            return True
        return False

    def _load(self, info: saves.SaveInfo) -> None:
        try:
            saved = saves.read_save(info.path)
        except saves.SaveFileError as error:
            self.message = (str(error), "bad")
            return
        from ..netresume import open_saved

        # a named save plays on as a copy, at this table alone; an autosave of a networked
        # game across computers again where this computer kept what reaches the others
        game = saved.game.fork() if saved.name is not None else saved.game
        open_saved(self.host, game, saved.network)

    def _replay(self, info: saves.SaveInfo) -> None:
        """Watch the save again: the file is only read, never written."""
        try:
            saved = saves.read_save(info.path)
        except saves.SaveFileError as error:  # gone or damaged since the list was read
            self.message = (t("replay.cannot_open", error=str(error)), "bad")
            return
        self.host.show_replay(saved.game, saved.network)

    def _delete(self, info: saves.SaveInfo) -> None:
        try:
            saves.delete_save(info.path)
            self.message = (t("saves.deleted", name=info.name or t("saves.autosave")), "text_dim")
        except (OSError, ValueError) as error:
            self.message = (str(error), "bad")
        self.confirm = None
        self.refresh()
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self, self.row_rects)
        s = self.scale
        draw_title(surface, t("saves.title"), int(40 * s), int(44 * s))
        if not self.entries:
            empty = art.text(t("saves.none"), int(20 * s), "text_dim")
            surface.blit(empty, empty.get_rect(midtop=(surface.get_width() // 2, int(180 * s))))
        for info, rect in zip(self.shown, self.row_rects):
            confirming = self.confirm is not None and self.confirm.path == info.path
            world.draw_mat(surface, rect, 10)
            if confirming:
                pygame.draw.rect(surface, art.colour("bad"), rect, width=3, border_radius=10)
            first, second = describe(info)
            if confirming:
                second = t("saves.confirm_delete")
            width = rect.width - int(460 * s)  # the row's three buttons on the right
            surface.blit(
                art.text(fit(first, int(18 * s), width, True), int(18 * s), "text", True),
                (rect.left + 14, rect.top + int(8 * s)),
            )
            tint = "bad" if info.broken or confirming else "text_dim"
            surface.blit(
                art.text(fit(second, int(15 * s), width), int(15 * s), tint),
                (rect.left + 14, rect.top + int(36 * s)),
            )
        text, tint = self.message
        if text:
            line = art.text(
                fit(text, int(16 * s), int(surface.get_width() * 0.9)), int(16 * s), tint
            )
            surface.blit(
                line,
                line.get_rect(
                    midtop=(surface.get_width() // 2, surface.get_height() - int(150 * s))
                ),
            )


class SaveAsScreen(Screen):
    """Name the current game and save it in a slot (asks before overwriting)."""

    name = "save-as"

    def speech_title(self) -> str:
        return t("saves.save_title")

    def __init__(self, host: Host, game: saves.AnyGame) -> None:
        super().__init__(host)
        self.game = game
        self.overwrite: str | None = None
        self.message = ("", "text_dim")
        self.typed = clean_name(ui_for(game).save_name(game), SAVE_NAME_LIMIT)

    def build(self) -> None:
        w, h = self.host.surface.get_size()
        px = self.px
        self.entry = self.add(
            TextEntry(
                pygame.Rect(w // 2 - px(240), int(h * 0.35), px(480), px(48)),
                manager=self.manager,
            )
        )
        self.name_control(self.entry, t("saves.save_title"))
        self.entry.set_text_length_limit(SAVE_NAME_LIMIT)
        self.entry.set_text(self.typed[:48])
        self.entry.focus()
        y = int(h * 0.35) + px(80)
        key = "saves.overwrite" if self.overwrite else "saves.save"
        self.save = button(self, pygame.Rect(w // 2 - px(230), y, px(220), px(50)), key, "#primary")
        if self.host.saving_off:
            self.save.disable()
            self.message = (t("errors.saving_off", why=self.host.saving_off), "bad")
        self.back = button(self, pygame.Rect(w // 2 + px(10), y, px(220), px(50)), "menu.back")

    def handle_event(self, event: pygame.event.Event) -> bool:
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.save
        entered = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry
        if pressed or entered:
            self._save()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.typed = self.entry.get_text()
            if self.overwrite is not None:
                self.overwrite = None
                self.message = ("", "text_dim")
                self.rebuild()
            return True
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.host.back()
            return True
        return False

    def _save(self) -> None:
        name = clean_name(self.entry.get_text(), SAVE_NAME_LIMIT)
        if not name:
            self.message = (t("saves.need_name"), "bad")
            return
        try:
            saves.save_as(self.game, name, overwrite=self.overwrite == name)
        except saves.SaveExistsError:
            self.overwrite = name
            self.message = (t("saves.exists", name=name), "bad")
            self.rebuild()
            return
        except (OSError, ValueError) as error:
            self.message = (str(error), "bad")
            return
        self.host.back()
        self.host.notify(t("saves.saved", name=name), "good", keep=(name,))

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self)
        draw_title(surface, t("saves.save_title"), int(surface.get_height() * 0.18), self.px(40))
        text, tint = self.message
        if text:
            line = art.text(text, self.px(17), tint, True)
            surface.blit(
                line,
                line.get_rect(midtop=(surface.get_width() // 2, int(surface.get_height() * 0.62))),
            )


__all__ = ["LoadScreen", "SaveAsScreen"]
