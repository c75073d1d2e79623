"""One object per game that the app knows, and the registry of them.

A ``GameKind`` is everything the shared services and screens may ask of a game: its
id and title, how a new game is set up, how its set-up and actions go into a save
file, how its moves are narrated, how far a game has come, its bots and hints, what a
finished game adds to the statistics (and how the report shows it), where a replay may
jump to, whether a coach reviews it, and how its bots play a tournament.
A game registers its kind when its package is imported (OpenSpiel's
``register_game``); the services loop over ``kinds()`` and never test which game they
hold.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from .control import Thinker
from .events import Happened, Result
from .game import Game, State
from .notes import Note
from .seats import LEVELS, Seat
from .tournament import Tournament

GAME_PACKAGES: tuple[str, ...] = ("buttons_game.games.buttons", "buttons_game.games.kopf")
"""The games that ship with the app, in the order the menus list them."""


@dataclass(frozen=True)
class SeatFigures:
    """What one finished game says of one seat, for the statistics: won or drew, and the
    game's own figures by name (stars, busts, captures, turns …)."""

    won: bool
    drew: bool = False
    figures: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class StatColumn:
    """One of a game's own columns in the statistics report: a figure added up over a
    person's games, or that figure per another (``per``: a figure's name or "games")."""

    key: str  # its name in ``stats --json``: "busts", "stars_per_round"
    figure: str  # a figure of ``GameKind.figures``, or "draws"
    per: str | None = None
    head: str | None = None  # its head in the plain-text table; None: in the JSON only
    places: int = 2  # decimal places of a ratio in the plain-text table


S = TypeVar("S", bound=State)
G = TypeVar("G", bound="Game[Any]")


class GameKind(Generic[S, G]):
    """A game, as the shared code sees it. Each game subclasses it in its ``kind.py``, named
    with its state and its game: ``class KopfKind(GameKind[KopfState, KopfGame])``. Set-ups,
    actions and their save-file data are the game's own (``Any`` here)."""

    id: str = ""
    title: str = ""  # the game's proper name, never translated
    seat_counts: tuple[int, ...] = (2,)
    bot_levels: tuple[str, ...] = LEVELS
    game_class: type[Game[Any]] = Game
    setup_name: str = "set-up"  # how save-file messages call its set-up
    log_section: str = "log"  # the translation section of its move log's notes
    unit: str = "turn"  # what ``progress`` counts: "round" or "turn"
    options: tuple[str, ...] = ()  # the options ``new_game`` takes (e.g. "short", "layouts")
    # The statistics: the figures ``seat_figures`` gives, in the file's order; the kinds
    # of die ``chance_counts`` counts; and the game's own columns of the report.
    figures: tuple[str, ...] = ()
    die_kinds: tuple[str, ...] = ()
    stat_columns: tuple[StatColumn, ...] = ()
    has_review: bool = False  # whether ``review`` judges a seat's decisions (a coach)

    # ------------------------------------------------------------------ set-up
    def new_game(self, seats: Sequence[Seat], *, seed: int | None = None, **options: Any) -> G:
        """A new game for ``seats`` (options: the game's own, e.g. BUTTONS' layouts)."""
        raise NotImplementedError

    def deal(self, setup: Any, seed: int) -> Any:
        """A set-up like ``setup`` (its players and options) with its random part, the deal,
        drawn from ``seed`` (the seed computers draw together). A game whose start holds
        nothing random keeps ``setup``."""
        return setup

    def first_state(self, setup: Any) -> S:
        """The state a game with ``setup`` begins in."""
        return cast(S, self.game_class.start_state(setup))

    def game_at(self, seats: tuple[Seat, ...], state: S, game_id: str) -> G:
        """A game of these seats standing at ``state`` (a replay's position)."""
        return cast(G, self.game_class(seats, state, game_id))

    # ------------------------------------------------------------------ saves
    def encode_setup(self, setup: Any) -> Any:
        raise NotImplementedError

    def decode_setup(self, data: Any) -> Any:
        """The set-up a save file holds; ValueError naming what is wrong."""
        raise NotImplementedError

    def encode_action(self, action: Any) -> Any:
        raise NotImplementedError

    def decode_action(self, data: Any) -> Any:
        """An action a save file holds; ValueError naming what is wrong."""
        raise NotImplementedError

    def setup_problem(self, data: Any) -> str | None:
        """What a save's set-up holds that no set-up may (before decoding it), or None."""
        return None

    def seats_problem(self, seats: int, setup: Any) -> str | None:
        """Why ``seats`` seats cannot play ``setup``, or None."""
        if seats not in self.seat_counts:
            return f"{seats} seats for a game of {self.title}"
        return None

    def replayed(
        self, seats: tuple[Seat, ...], setup: Any, actions: Sequence[Any], game_id: str | None
    ) -> G:
        return cast(G, self.game_class.replayed(seats, setup, actions, game_id))

    # ------------------------------------------------------------------ play
    def deciders(self, state: S) -> tuple[int, ...]:
        """The seats that may decide now (several when their decisions are independent,
        as BUTTONS' placements are); none at a chance node or once the game is over."""
        if state.is_over() or state.is_chance_node():
            return ()
        seat = state.current_player
        return () if seat is None else (seat,)

    def legal_actions(self, state: S, seat: int) -> Sequence[Any]:
        """What ``seat`` may do now (nothing when it is not among the ``deciders``)."""
        return list(state.legal_actions(seat))

    def is_chance_action(self, action: Any) -> bool:
        """Whether ``action`` is a chance outcome (a roll of the dice), not a decision."""
        return False

    def chance_action(self, game: G, draw: int) -> Any:
        """The game's ``draw``-th chance outcome, from its own seeded stream
        (``Game.chance_rng``)."""
        return self.chance_from(game.state, game.chance_rng(draw))

    def chance_from(self, state: S, rng: random.Random) -> Any:
        """A chance outcome of ``state`` drawn with ``rng`` (the game's own stream, or the
        dice computers draw together): an outcome of ``chance_outcomes`` by its probability."""
        outcomes = list(state.chance_outcomes())
        pick = rng.random()
        for outcome, probability in outcomes:
            pick -= probability
            if pick < 0:
                return outcome
        return outcomes[-1][0]

    def unaffected_by(self, action: Any, since: Sequence[Any]) -> bool:
        """Whether ``action``, decided on the game as it was before ``since`` were played,
        means the same after them: decisions the rules take in any order, each of its own
        seat (BUTTONS' placements after one roll). A networked game's host applies such an
        action instead of refusing it as stale. No, by default."""
        return False

    def forced_action(self, state: S, seat: int) -> Any | None:
        """The action a person's seat must take because it is its only one and the rules
        make it (Kopf oder Knopf's pass), or None: the match makes it for them."""
        return None

    def result(self, state: S) -> Result | None:
        """How the game in ``state`` ended, or None while it goes on."""
        raise NotImplementedError

    def happened(self, before: S, action: Any, after: S) -> Happened:
        """What ``action`` did (``before`` to ``after``): the log's notes, the sound, and
        the game's own marks. Worked out once per action, for everyone who follows."""
        return Happened(tuple(self.narrate(before, action, after)))

    # ------------------------------------------------------------------ narration
    def narrate(self, before: S, action: Any, after: S) -> tuple[Note, ...]:
        raise NotImplementedError

    def opening_notes(self, first: S) -> tuple[Note, ...]:
        """What the log says before the first action (nothing, for most games)."""
        return ()

    def narrate_history(self, setup: Any, actions: Sequence[Any]) -> list[Note]:
        """The whole move log of a game, rebuilt from its set-up and actions."""
        state = self.first_state(setup)
        notes = list(self.opening_notes(state))
        for action in actions:
            after = cast(S, state.apply(action))
            notes.extend(self.narrate(state, action, after))
            state = after
        return notes

    # ------------------------------------------------------------------ lists
    def progress(self, game: G) -> int:
        """The round or turn (``unit``) the game has reached."""
        raise NotImplementedError

    # ------------------------------------------------------------------ bots
    def make_bot(self, level: str, seed: int | None = None) -> Thinker:
        raise NotImplementedError

    # ------------------------------------------------------------------ statistics
    def seat_figures(self, game: G) -> tuple[SeatFigures, ...]:
        """Per seat, what the finished ``game`` counts for in the statistics."""
        raise NotImplementedError

    def chance_counts(self, game: G) -> Mapping[str, tuple[int, ...]]:
        """Per kind of die (``die_kinds``), how often each face came up in ``game``."""
        return {}

    # ------------------------------------------------------------------ the coach
    def review(
        self,
        game: G,
        seat: int,
        *,
        cancel: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Any | None:
        """The coach's review of ``seat``'s decisions in ``game`` (``has_review``), or None
        for a game without a coach. A long review asks ``cancel`` now and then (and stops
        with an exception once it says True) and tells ``progress`` (done, of all)."""
        return None

    def review_to_json(self, review: Any) -> dict[str, Any]:
        raise NotImplementedError

    # ------------------------------------------------------------------ tournaments
    def tournament(self) -> Tournament | None:
        """How bots of this game play each other headless, or None (no tournament)."""
        return None

    # ------------------------------------------------------------------ replay
    def sections(self, actions: Sequence[Any], states: Sequence[S]) -> tuple[int, ...]:
        """Per position of a replay (``states[n]``: after ``n`` actions), its round or turn."""
        raise NotImplementedError

    def landmarks(self, actions: Sequence[Any], states: Sequence[S]) -> list[int]:
        """The positions a replay jumps between (0 and the end are added)."""
        return []


AnyKind = GameKind[Any, Any]
"""A kind of any game, as the registry and the services hold it."""

K = TypeVar("K", bound=AnyKind)

_REGISTRY: dict[str, AnyKind] = {}


def register(kind: K) -> K:
    """Make ``kind`` known to the app (a game's package calls this once on import)."""
    if not kind.id:
        raise ValueError("a game kind needs an id")
    _REGISTRY[kind.id] = kind
    return kind


def unregister(kind_id: str) -> None:
    """Forget the game ``kind_id`` (a test registers a game of its own for a while)."""
    _REGISTRY.pop(kind_id, None)


def _load_shipped() -> None:
    for package in GAME_PACKAGES:
        importlib.import_module(package)


def kinds() -> tuple[AnyKind, ...]:
    """Every registered game: the shipped ones first, in menu order, then any others."""
    _load_shipped()
    return tuple(_REGISTRY.values())


def find_kind(kind_id: str) -> AnyKind | None:
    _load_shipped()
    return _REGISTRY.get(kind_id)


def kind_of(game: Game[Any]) -> AnyKind:
    """The kind of ``game`` (a ``Game`` of any registered game); KeyError when unknown."""
    kind = find_kind(getattr(game, "kind", ""))
    if kind is None:
        raise KeyError(f"no game of kind {getattr(game, 'kind', None)!r} is registered")
    return kind
