"""The set-up of a game: seats, layouts and the button card deal."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import COLOURS, LAYOUT_NAMES


class SetupError(ValueError):
    """A set-up the rules do not allow (player count, layouts, cards)."""


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a game; with the list of actions it rebuilds any state."""

    players: int
    layouts: tuple[str, ...]
    cards: tuple[tuple[str, ...], ...]
    seed: int | None = None

    def __post_init__(self) -> None:
        problem = _setup_problem(self.players, self.layouts, self.cards)
        if problem:
            raise SetupError(problem)

    @property
    def start_player(self) -> int:
        """The holder of the red card starts the first round."""
        return self.start_of(self.cards)

    @staticmethod
    def start_of(cards: tuple[tuple[str, ...], ...]) -> int:
        for p, held in enumerate(cards):
            if "red" in held:
                return p
        raise SetupError("nobody holds the red card")


def cards_per_player(players: int) -> int:
    return 2 if players == 2 else 1


def deal_cards(players: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Deal the button cards: 2 each with two players; with three, one non-red card is removed."""
    deck = list(COLOURS)
    if players == 3:
        deck.remove(rng.choice(deck[1:]))
    rng.shuffle(deck)
    k = cards_per_player(players)
    return tuple(tuple(deck[p * k : p * k + k]) for p in range(players))


def _setup_problem(players: object, layouts: object, cards: object) -> str | None:
    if type(players) is not int or players not in (2, 3, 4):
        return f"BUTTONS is played by 2, 3 or 4 players, not {players!r}"
    if not isinstance(layouts, tuple) or len(layouts) != players:
        return f"need one layout per player ({players}), got {layouts!r}"
    for name in layouts:
        if name not in LAYOUT_NAMES:
            return f"unknown layout {name!r}: layouts are {', '.join(LAYOUT_NAMES)}"
    if not isinstance(cards, tuple) or len(cards) != players:
        return f"need the button cards of each of the {players} players, got {cards!r}"
    k = cards_per_player(players)
    dealt: list[str] = []
    for held in cards:
        if not isinstance(held, tuple) or len(held) != k:
            return f"with {players} players each holds {k} button card(s), not {held!r}"
        dealt.extend(held)
    for colour in dealt:
        if colour not in COLOURS:
            return f"unknown card colour {colour!r}: colours are {', '.join(COLOURS)}"
    if len(set(dealt)) != len(dealt):
        return f"a button card is dealt twice: {cards!r}"
    if "red" not in dealt:
        return "the red card must be dealt: it marks the start player"
    return None


def make_setup(
    players: int,
    *,
    layouts: object = None,
    cards: object = None,
    seed: int | None = None,
) -> Setup:
    """Resolve the defaults (distinct random layouts, a random deal) from ``seed``."""
    if type(players) is not int or players not in (2, 3, 4):
        raise SetupError(f"BUTTONS is played by 2, 3 or 4 players, not {players!r}")
    rng = random.Random(seed)
    chosen_layouts = rng.sample(LAYOUT_NAMES, players)
    dealt = deal_cards(players, rng)
    if layouts is not None:
        chosen_layouts = list(layouts)  # type: ignore[call-overload]
    if cards is not None:
        dealt = tuple(tuple(held) for held in cards)  # type: ignore[attr-defined]
    return Setup(players, tuple(chosen_layouts), dealt, seed)
