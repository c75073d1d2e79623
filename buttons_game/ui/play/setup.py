"""A new game's set-up, whatever the game: a row per seat (a name, a person or a bot
level), Back and Start, and the seats of the last game to start from.

Every game starts from the seats last played (``settings.last_seats``: the first two
for a two-seat game) and remembers its seats when it starts. A game's set-up adds its
own parts: more widgets in a seat's row (``build_row``), its own options and events
(``build_own``, ``handle_own``), its drawing and the game it starts (``new_game``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pygame
import pygame_gui

from buttons_game.core.seats import Seat
from buttons_game.i18n import t, tk
from buttons_game.names import SEAT_NAME_LIMIT, bot_name, clean_name, is_old_bot_name
from buttons_game.settings import SEAT_KINDS
from buttons_game.ui import art
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button
from buttons_game.ui.screens.widgets import DropDown, TextEntry

DEFAULT_LEVEL = "medium"  # the level a bot seat gets in a set-up that has no last seats
REMOTE = "remote"  # a seat's kind: a person joins it from another computer
KINDS = (*SEAT_KINDS, REMOTE)  # what a seat's drop-down offers


def kind_key(kind: str) -> str:
    if kind == REMOTE:
        return "net.ui.remote_seat"
    return "setup.human" if kind == "human" else f"setup.bot_{kind}"


def default_name(kind: str, seat: int) -> str:
    if kind == REMOTE:
        return t("net.ui.guest_name", n=seat + 1)
    return t("setup.default_name", n=seat + 1) if kind == "human" else bot_name(seat)


@dataclass
class SeatChoice:
    """One seat as chosen so far; ``named_by_default`` while its name follows its kind."""

    name: str
    kind: str
    named_by_default: bool = True

    @property
    def seat(self) -> Seat:
        return Seat(self.name, None if self.kind in ("human", REMOTE) else self.kind)


class SetupBase(Screen):
    """The seats of a new game; ``seats`` is how many (``SEATS``: the most there can be)."""

    SEATS: ClassVar[int] = 4
    NAME_X: ClassVar[tuple[int, int]] = (120, 280)  # design x and width of a seat's name
    KIND_X: ClassVar[tuple[int, int]] = (420, 230)  # ... and of its kind

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        kinds = ["human"] + [DEFAULT_LEVEL] * (self.SEATS - 1)
        self.choices = [SeatChoice(default_name(k, p), k) for p, k in enumerate(kinds)]
        last = host.settings.last_seats
        for p, seat in enumerate(last[: self.SEATS]):
            named = seat["name"] == default_name(seat["kind"], p)
            if seat["kind"] != "human" and is_old_bot_name(seat["name"], p):
                named = True  # remembered from before bots had names: it gets its own
            name = default_name(seat["kind"], p) if named else seat["name"]
            self.choices[p] = SeatChoice(name, seat["kind"], named)
        self.count = min(self.SEATS, len(last)) if len(last) >= 2 else 2
        self.error = ""
        self.rows: list[dict[str, Any]] = []
        self.x0 = self.top = self.row_h = 0

    # ------------------------------------------------------------------ widgets
    def seat_rows(self) -> list[int]:
        """The top of each seat's row."""
        raise NotImplementedError

    def build(self) -> None:
        px, x0, row_h = self.px, self.x0, self.row_h
        self.rows = []
        for p, y in enumerate(self.seat_rows()[: self.count]):
            c = self.choices[p]
            (nx, nw), (kx, kw) = self.NAME_X, self.KIND_X
            name = self.add(
                TextEntry(pygame.Rect(x0 + px(nx), y, px(nw), row_h), manager=self.manager)
            )
            name.set_text_length_limit(SEAT_NAME_LIMIT)
            name.set_text(c.name)
            kind = self.add(
                DropDown(
                    [(tk(kind_key(k)), k) for k in KINDS],
                    (tk(kind_key(c.kind)), c.kind),
                    pygame.Rect(x0 + px(kx), y, px(kw), row_h),
                    manager=self.manager,
                )
            )
            seat = t("setup.seat", n=p + 1)
            self.name_control(name, t("speech.seat_field", seat=seat, field=t("setup.name")))
            self.name_control(kind, t("speech.seat_field", seat=seat, field=t("setup.kind")))
            row = {"name": name, "kind": kind}
            self.build_row(p, y, row)
            self.rows.append(row)
        self.build_own()
        w, h = self.host.surface.get_size()
        bw, bh = px(220), px(54)
        self.back = button(
            self, pygame.Rect(w // 2 - bw - 10, h - px(110), bw, bh), "menu.back", "#big_button"
        )
        self.start = button(
            self, pygame.Rect(w // 2 + 10, h - px(110), bw, bh), "setup.start", "#primary"
        )
        self._name_start()

    def _remote(self) -> list[int]:
        """The seats a person joins from another computer."""
        return [p for p, c in enumerate(self.choices[: self.count]) if c.kind == REMOTE]

    def _name_start(self) -> None:
        """Start says it opens the lobby when a seat is played from another computer."""
        self.start.set_text(t("net.ui.host_start") if self._remote() else t("setup.start"))

    def build_row(self, seat: int, y: int, row: dict[str, Any]) -> None:
        """A game's own widgets in a seat's row (put in ``row`` by name)."""

    def build_own(self) -> None:
        """A game's own widgets under the seats."""

    # ------------------------------------------------------------------ input
    def _collect(self) -> None:
        """Read the widgets back into the choices (before a rebuild or a start)."""
        for p, row in enumerate(self.rows):
            c = self.choices[p]
            name = clean_name(row["name"].get_text(), SEAT_NAME_LIMIT)
            if name != c.name:
                c.named_by_default = False
            c.name = name

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.host.back()
            elif event.ui_element is self.start:
                self._start()
            else:
                self.handle_own(event)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._collect()
            for p, row in enumerate(self.rows):
                c = self.choices[p]
                if event.ui_element is row["kind"]:
                    c.kind = event.selected_option_id
                    if c.named_by_default:
                        c.name = default_name(c.kind, p)
                        row["name"].set_text(c.name)
            self._name_start()
            self.handle_own(event)
            if self.refocus is not None:
                self.rebuild()  # a keyboard change: show the new choice
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.host.back()
                return True
            if (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and not self.manager.get_focus_set()
            ):
                self._start()
                return True
        return False

    def handle_own(self, event: pygame.event.Event) -> None:
        """A game's own buttons and drop-downs (the seats are read back already)."""

    def _start(self) -> None:
        self._collect()
        chosen = self.choices[: self.count]
        if any(not c.name for c in chosen):
            self.error = t("setup.empty_name")
            return
        game = self.new_game(tuple(c.seat for c in chosen))
        remembered = [{"name": c.name, "kind": c.kind} for c in chosen]
        for p, seat in enumerate(remembered):  # a guest's seat is remembered as a person's
            if seat["kind"] == REMOTE:
                named = self.choices[p].named_by_default
                seat.update(kind="human", name=default_name("human", p) if named else seat["name"])
        last = self.host.settings.last_seats
        if len(last) > self.SEATS:  # a game of fewer seats keeps the others for the next
            remembered += [dict(seat) for seat in last[self.SEATS :]]
        self.host.remember_seats(remembered)
        remote = self._remote()
        if remote:
            from buttons_game.ui.screens.lobby import LobbyScreen

            self.host.push(LobbyScreen(self.host, game, remote))
            return
        self.host.start_game(game)

    def new_game(self, seats: tuple[Seat, ...]) -> Any:
        """The game these seats start."""
        raise NotImplementedError

    # ------------------------------------------------------------------ drawing
    def draw_foot(self, surface: pygame.Surface, hint: str) -> None:
        """The hint over Back and Start, and what stops the start (an empty name)."""
        px = self.px
        w, h = surface.get_size()
        note = art.text(t(hint), px(16), "text_dim")
        surface.blit(note, note.get_rect(midtop=(w // 2, h - px(160))))
        if self.error:
            err = art.text(self.error, px(18), "bad", True)
            surface.blit(err, err.get_rect(midtop=(w // 2, h - px(190))))


__all__ = ["DEFAULT_LEVEL", "SeatChoice", "SetupBase", "default_name", "kind_key"]
