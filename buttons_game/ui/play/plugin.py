"""The screen side of a game: what the app and the shared screens ask of a game's UI.

Each game's package under ``ui/games/<id>/`` registers one ``GameUI`` for its
``GameKind``. The app and the shared screens (menu, choose game, load, stats, rules,
replay) only ever call these; a game that registers no UI of its own is played on the
shared kit's plain table (``ui_for`` then gives ``GameUI`` itself), so a new game needs
nothing from the shared files.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from buttons_game.core.game import Game, State
from buttons_game.core.kind import AnyKind
from buttons_game.core.seats import Seat
from buttons_game.i18n import t, text_or
from buttons_game.names import bot_name

if TYPE_CHECKING:
    from buttons_game.settings import Settings
    from buttons_game.ui.screen import Host, Screen
    from buttons_game.ui.stats_view import Column

PRACTICE_LEVEL = "easy"  # the bot of the first real game after a tutorial


class GameUI:
    """A game's screens and words. ``generic.GenericUI`` gives any game the kit's plain
    screens; a game with screens of its own overrides ``setup``, ``table``, ``game_over``
    and ``replay``."""

    def __init__(self, kind: AnyKind) -> None:
        self.kind = kind

    @property
    def id(self) -> str:
        return self.kind.id

    # ------------------------------------------------------------------ words and pictures
    def title(self) -> str:
        """The game's name on cards, tabs and lists (its proper name without a translation)."""
        return text_or(f"choose.{self.id}_title", self.kind.title)

    def about(self) -> str:
        """A line about the game on its New game card."""
        counts = "/".join(str(n) for n in self.kind.seat_counts)
        return text_or(f"choose.{self.id}_about", t("choose.generic_about", seats=counts))

    def play_label(self) -> str:
        return text_or(f"choose.{self.id}", t("choose.play", game=self.title()))

    def picture(self, size: int) -> pygame.Surface:
        """A small picture of the game for its card: a plain tile with its initial."""
        from buttons_game.ui import art

        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surface, art.colour("panel"), surface.get_rect(), border_radius=size // 8)
        letter = art.text(self.kind.title[:1], size // 2, "accent", True)
        surface.blit(letter, letter.get_rect(center=surface.get_rect().center))
        return surface

    def position_text(self, number: int) -> str:
        """Where an unfinished game stands, in the kind's unit: "round 3", "turn 12"."""
        return t("saves.round" if self.kind.unit == "round" else "saves.turn", n=number)

    def save_name(self, game: Any) -> str:
        """The name Save as offers: the seats and where the game stands."""
        names = ", ".join(seat.name for seat in game.seats)
        return t("saves.default_name_at", names=names, at=self.position_text(self.progress(game)))

    def progress(self, game: Any) -> int:
        return int(self.kind.progress(game))

    # ------------------------------------------------------------------ rules
    def rules_key(self) -> str | None:
        """The translation key of the game's rules (None: it has none to show)."""
        return None

    def rules_width(self) -> tuple[float, float]:
        """The rules' text box: its left edge and width as shares of the window's width."""
        return 0.12, 0.76

    def rules_pictures(self) -> int:
        """How many pictures go beside the rules (right of the text, one above another)."""
        return 0

    def draw_rules_pictures(
        self, surface: pygame.Surface, rects: list[pygame.Rect], scale: float
    ) -> None:
        """The pictures beside the rules, one in each of ``rects``."""

    # ------------------------------------------------------------------ statistics
    def stat_columns(self) -> tuple[Column, ...]:
        """The columns of the game's table in the statistics."""
        from buttons_game.ui.stats_view import generic_columns

        return generic_columns(self.kind)

    # ------------------------------------------------------------------ the table
    def seat_to_move(self, state: State) -> int | None:
        """The seat that decides next, or None (the game is over or chance decides)."""
        if state.is_over() or state.is_chance_node():
            return None
        return state.current_player

    def action_label(self, action: Any) -> str:
        """The words on the button of a legal action (the kind's ``action_label`` if it
        has one, else the action's repr)."""
        label = getattr(self.kind, "action_label", None)
        return str(label(action)) if callable(label) else repr(action)

    def winners(self, game: Game[Any]) -> tuple[int, ...]:
        """The seats that won a finished ``game`` (none: a draw; none while it goes on)."""
        result = self.kind.result(game.state)
        return () if result is None else result.winners

    # ------------------------------------------------------------------ screens
    def setup(self, host: Host) -> Screen:
        """The set-up of a new game (seats and the game's own options)."""
        raise NotImplementedError

    def table(self, host: Host, game: Any, match: Any = None) -> Screen:
        """The table where ``game`` is played (``match``: one played across computers, a
        host's ``GameHost.match`` or a guest's ``RemoteMatch``; None: a match of its own)."""
        raise NotImplementedError

    def table_modules(self) -> tuple[str, ...]:
        """The modules the table imports when it first opens: the app imports them on an
        idle frame of the menu beforehand, so Continue's frame does not."""
        return ()

    def game_over(self, host: Host, game: Any) -> Screen:
        """The screen of a finished ``game``."""
        raise NotImplementedError

    def replay(self, host: Host, game: Any) -> Screen:
        """Watching ``game`` again; ValueError when its history cannot be replayed."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the tutorial
    def tutorial(self, host: Host, lesson: int) -> Screen | None:
        """The game's tutorial at ``lesson`` (None: the game has none)."""
        return None

    def lessons(self) -> int:
        """How many lessons (or steps) its tutorial has (0: none)."""
        return 0

    def lesson_reached(self, settings: Settings) -> int:
        """The lesson its tutorial opens at (kept in the settings as ``<id>_lesson``)."""
        return int(getattr(settings, f"{self.id}_lesson", 0))

    def learn_about(self) -> str:
        return text_or(f"learn.{self.id}_about", self.about())

    def resume_key(self) -> str:
        """The words "goes on with lesson n of N" on the tutorial's card."""
        return "learn.resume"

    def practice_game(self, host: Host) -> Any:
        """A first real game after the tutorial: the person (by the name last given)
        against an easy bot."""
        humans = [seat["name"] for seat in host.settings.last_seats if seat["kind"] == "human"]
        person = Seat(humans[0] if humans else t("setup.default_name", n=1))
        count = 2 if 2 in self.kind.seat_counts else min(self.kind.seat_counts)
        bots = [Seat(bot_name(p), PRACTICE_LEVEL) for p in range(1, count)]
        return self.kind.new_game((person, *bots), seed=host.options.seed)


def networked_autosave(host: Host) -> Callable[[Any], None]:
    """A networked table's ``on_change``: each move autosaved with this computer's part in
    the game (``ui.netplay.kept``, imported only when such a game is played)."""
    from buttons_game.ui.netplay import kept

    return kept(host)
