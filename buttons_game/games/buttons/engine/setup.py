"""The set-up of a game: seats, layouts and the button card deal."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import COLOURS, LAYOUT_NAMES

SEED_LIMIT = 2**64
"""A seed is None or a whole number with -SEED_LIMIT < seed < SEED_LIMIT, as save files hold."""


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
        problem = _setup_problem(self.players, self.layouts, self.cards) or seed_problem(self.seed)
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


def default_layouts(players: int, rng: random.Random) -> tuple[str, ...]:
    """The default boards: every seat a different physical board (1-4) with a random side."""
    return _distinct_boards(rng.sample(LAYOUT_NAMES, players), rng)


def _distinct_boards(names: list[str], rng: random.Random) -> tuple[str, ...]:
    """Each layout whose board an earlier seat has already taken is replaced by a random
    free board and side. From a uniform sample this gives every assignment of distinct
    boards and sides the same chance (the steps treat all boards and sides alike)."""
    chosen: list[str] = []
    for name in names:
        taken = {c[0] for c in chosen}
        if name[0] in taken:
            free = [b for b in "1234" if b not in taken]
            name = rng.choice(free) + rng.choice("AB")
        chosen.append(name)
    return tuple(chosen)


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot be a set-up's seed (a save could not hold it), or None."""
    if seed is None:
        return None
    if type(seed) is not int:
        return f"the seed must be a whole number (or no seed at all), not {seed!r}"
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        return f"the seed {seed} is out of range: it must lie strictly between -2**64 and 2**64"
    return None


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
    """Resolve the defaults (``default_layouts``, a random deal) from ``seed``."""
    if type(players) is not int or players not in (2, 3, 4):
        raise SetupError(f"BUTTONS is played by 2, 3 or 4 players, not {players!r}")
    problem = seed_problem(seed)
    if problem:
        raise SetupError(problem)
    rng = random.Random(seed)
    # Sampled before and fixed after the deal, so a seed whose sample already gave
    # different boards deals the same set-up as before default_layouts existed.
    sampled = rng.sample(LAYOUT_NAMES, players)
    dealt = deal_cards(players, rng)
    chosen_layouts = _distinct_boards(sampled, rng)
    if layouts is not None:
        chosen_layouts = tuple(layouts)  # type: ignore[arg-type]
    if cards is not None:
        dealt = tuple(tuple(held) for held in cards)  # type: ignore[attr-defined]
    return Setup(players, chosen_layouts, dealt, seed)
