"""What finished games add up to: per person and game, and the faces of every die rolled.

``tally_game`` reads one finished game of any kind into a ``GameTally``: what its kind
(``GameKind.seat_figures``, ``chance_counts``) says of each seat and of its dice, a pure
function of the game's seats, set-up and history. ``Statistics`` adds tallies up, once
per game_id, so counting a game twice changes nothing. Only people get a row (a bot's
name says nothing across games); the bot levels at the table are what each person's row
counts their games against. Pure: no files, no pygame.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from buttons_game.core.kind import kind_of, kinds
from buttons_game.core.seats import LEVELS
from buttons_game.saves.network import NetworkRecord, computer_of, save_key

from .fairness import FACES, DieFairness


def game_ids() -> tuple[str, ...]:
    """The games the statistics count: every registered kind, in menu order."""
    return tuple(kind.id for kind in kinds())


def die_kinds() -> tuple[str, ...]:
    """Every kind of die the registered games roll, in their order."""
    return tuple(dict.fromkeys(die for kind in kinds() for die in kind.die_kinds))


def figure_names() -> tuple[str, ...]:
    """Every figure the registered games count per seat, in the file's order."""
    return tuple(dict.fromkeys(name for kind in kinds() for name in kind.figures))


def __getattr__(name: str) -> Any:
    # GAMES and DIE_KINDS follow the registry, so a game registered later counts too.
    if name == "GAMES":
        return game_ids()
    if name == "DIE_KINDS":
        return die_kinds()
    raise AttributeError(name)


@dataclass(frozen=True)
class SeatTally:
    """One person's part in one finished game: won or drew, and the game's own figures
    by name (BUTTONS: rounds, stars, busts, opt_outs; Kopf oder Knopf: captures, turns)."""

    name: str
    won: bool
    drew: bool = False
    figures: tuple[tuple[str, int], ...] = ()

    def figure(self, name: str) -> int:
        return dict(self.figures).get(name, 0)


@dataclass(frozen=True)
class GameTally:
    """One finished game: its id and kind, its people, the bot levels at its table, and
    how often each face came up on each kind of die it rolled (``dice[kind][face - 1]``)."""

    game_id: str
    game: str
    people: tuple[SeatTally, ...]
    levels: frozenset[str]
    dice: dict[str, tuple[int, ...]] = field(default_factory=dict)


def name_key(name: str) -> str:
    """Names that differ only in case or Unicode form are the same person."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def tally_game(game: Any, network: NetworkRecord | None = None) -> GameTally:
    """The tally of a finished game of any registered kind; ValueError for a game that is
    not over. A networked game (``network``: its save's ``NetworkRecord``) is counted under
    its save's key (its id and this computer's), for the people at this computer's seats."""
    if not game.state.is_over():
        raise ValueError("only a finished game is counted")
    kind = kind_of(game)
    result = kind.result(game.state)
    if result is None:
        raise ValueError("only a finished game is counted")
    levels = frozenset(seat.bot for seat in game.seats if seat.bot is not None)
    people = tuple(
        SeatTally(seat.name, p in result.winners, result.drawn, figures.figures)
        for p, (seat, figures) in enumerate(zip(game.seats, kind.seat_figures(game)))
        if seat.is_human and (network is None or p in network.local_seats)
    )
    dice = {die: tuple(faces) for die, faces in kind.chance_counts(game).items()}
    key = save_key(game.game_id, computer_of(network))
    return GameTally(key, kind.id, people, levels, dice)


@dataclass
class PlayerRecord:
    """One person's figures in one game, added up over their finished games.

    ``vs[level]`` is (games, wins) over the games where a bot of that level sat at the
    table. A shared win (BUTTONS, equal stars) counts as a win; a draw (Kopf oder Knopf)
    counts in ``draws``, not as a win. ``figures`` holds the games' own figures by name.
    """

    name: str
    game: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    vs: dict[str, tuple[int, int]] = field(default_factory=lambda: {k: (0, 0) for k in LEVELS})
    figures: dict[str, int] = field(default_factory=lambda: dict.fromkeys(figure_names(), 0))

    @property
    def key(self) -> tuple[str, str]:
        return (self.game, name_key(self.name))

    def figure(self, name: str) -> int:
        """A figure by name: "games", "wins", "draws" or one of the game's own."""
        if name in ("games", "wins", "draws"):
            return int(getattr(self, name))
        return self.figures.get(name, 0)

    def rate(self, figure: str, per: str = "games") -> float | None:
        """``figure`` per ``per`` (games, or another figure); None when there is none."""
        return _rate(self.figure(figure), self.figure(per))

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.games)

    def win_rate_vs(self, level: str) -> float | None:
        games, wins = self.vs[level]
        return _rate(wins, games)

    # The shipped games' figures by name, as the statistics screen reads them.
    rounds = property(lambda self: self.figure("rounds"))
    stars = property(lambda self: self.figure("stars"))
    busts = property(lambda self: self.figure("busts"))
    opt_outs = property(lambda self: self.figure("opt_outs"))
    captures = property(lambda self: self.figure("captures"))
    turns = property(lambda self: self.figure("turns"))
    stars_per_round = property(lambda self: self.rate("stars", "rounds"))
    captures_per_game = property(lambda self: self.rate("captures"))
    turns_per_game = property(lambda self: self.rate("turns"))

    def add(self, seat: SeatTally, levels: Iterable[str], sign: int = 1) -> None:
        """Add one game's part (``sign`` -1: take it out again, never below zero)."""
        self.games = max(0, self.games + sign)
        self.wins = max(0, self.wins + sign * seat.won)
        self.draws = max(0, self.draws + sign * seat.drew)
        for level in set(levels):
            games, wins = self.vs[level]
            self.vs[level] = (max(0, games + sign), max(0, wins + sign * seat.won))
        for name, count in seat.figures:
            self.figures[name] = max(0, self.figures.get(name, 0) + sign * count)


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def merged(people: Iterable[SeatTally]) -> list[SeatTally]:
    """One entry per person: of two seats of a game under the same name the first counts,
    and it won if either seat did."""
    by_key: dict[str, SeatTally] = {}
    for seat in people:
        key = name_key(seat.name)
        old = by_key.get(key)
        if old is None:
            by_key[key] = seat
        elif seat.won and not old.won:
            by_key[key] = replace(old, won=True)
    return list(by_key.values())


MAX_RECENT = 64  # the newest games' tallies kept, so a count can be taken back


class Statistics:
    """Every counted game added up: the players' records, the dice, and the game ids
    counted (oldest first), so no game is ever counted twice; and the tallies of the
    newest ``MAX_RECENT`` games (``recent``), so a count the saves no longer bear out
    (the game's save is not finished, or ended otherwise) can be taken back or put right."""

    def __init__(
        self,
        players: Iterable[PlayerRecord] = (),
        dice: dict[str, tuple[int, ...]] | None = None,
        counted: Iterable[str] = (),
        totals: dict[str, int] | None = None,
        recent: Iterable[GameTally] = (),
    ) -> None:
        self.records: dict[tuple[str, str], PlayerRecord] = {r.key: r for r in players}
        zero = (0,) * FACES
        self.dice: dict[str, tuple[int, ...]] = {k: (dice or {}).get(k, zero) for k in die_kinds()}
        self.counted: dict[str, None] = dict.fromkeys(counted)
        # Finished games of each kind added up (since the last reset), people or not.
        self.totals: dict[str, int] = {game: (totals or {}).get(game, 0) for game in game_ids()}
        self.recent: dict[str, GameTally] = {t.game_id: t for t in recent}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Statistics):
            return NotImplemented
        return (self.records, self.dice, list(self.counted), self.totals, self.recent) == (
            other.records,
            other.dice,
            list(other.counted),
            other.totals,
            other.recent,
        )

    def __repr__(self) -> str:
        return (
            f"<Statistics games={self.totals} players={len(self.records)} "
            f"counted={len(self.counted)}>"
        )

    def has_counted(self, game_id: str) -> bool:
        return game_id in self.counted

    def add(self, tally: GameTally) -> bool:
        """Count a finished game; False (and nothing changes) if its id was counted before
        with the same tally. A recent game counted with another ending (it was taken back
        and played on) is put right: the old tally out, the new one in."""
        if tally.game_id in self.counted:
            old = self.recent.get(tally.game_id)
            if old is None or old == tally:
                return False
            self._apply(old, -1)
        else:
            self.counted[tally.game_id] = None
        self._apply(tally, 1)
        self.recent.pop(tally.game_id, None)
        self.recent[tally.game_id] = tally
        while len(self.recent) > MAX_RECENT:
            del self.recent[next(iter(self.recent))]
        return True

    def uncount(self, game_id: str) -> bool:
        """Take a recent game's count back (its save is not finished after all); False if
        it is not one of the recent games, so its figures are not known."""
        tally = self.recent.pop(game_id, None)
        if tally is None:
            return False
        self._apply(tally, -1)
        self.counted.pop(game_id, None)
        return True

    def _apply(self, tally: GameTally, sign: int) -> None:
        self.totals[tally.game] = max(0, self.totals.get(tally.game, 0) + sign)
        for seat in merged(tally.people):
            record = PlayerRecord(seat.name, tally.game)
            record = self.records.setdefault(record.key, record)
            record.add(seat, tally.levels, sign)
            if record.games == 0:
                del self.records[record.key]
        zero = (0,) * FACES
        for kind, faces in tally.dice.items():
            self.dice[kind] = tuple(
                max(0, a + sign * b) for a, b in zip(self.dice.get(kind, zero), faces)
            )

    def reset(self) -> None:
        """Every figure back to zero; the games counted so far stay known, so a later
        look through the saves does not count them again."""
        self.records.clear()
        self.dice = {kind: (0,) * FACES for kind in die_kinds()}
        self.totals = dict.fromkeys(game_ids(), 0)
        self.recent.clear()  # their figures are gone: none is taken back from zero

    def players(self, game: str | None = None) -> list[PlayerRecord]:
        """The records of ``game`` (or all), in menu order, most games first, then by name."""
        order = {game_id: i for i, game_id in enumerate(self.totals)}
        chosen = [r for r in self.records.values() if game is None or r.game == game]
        return sorted(
            chosen, key=lambda r: (order.get(r.game, len(order)), -r.games, name_key(r.name))
        )

    def fairness(self) -> dict[str, DieFairness]:
        return {kind: DieFairness(faces) for kind, faces in self.dice.items()}

    @property
    def games(self) -> int:
        """Finished games of every kind added up (since the last reset)."""
        return sum(self.totals.values())
