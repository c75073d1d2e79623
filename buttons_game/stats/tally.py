"""What finished games add up to: per person and game, and the faces of every die rolled.

``tally_game`` reads one finished game (of either kind) into a ``GameTally``: a pure
function of the game's seats, set-up and history. ``Statistics`` adds tallies up,
once per game_id, so counting a game twice changes nothing. Only people get a row
(a bot's name says nothing across games); the bot levels at the table are what each
person's row counts their games against. Pure: no files, no pygame.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from buttons_game.games.buttons import tutorial
from buttons_game.games.buttons.bots import LEVELS
from buttons_game.games.buttons.engine import Dice, Status
from buttons_game.games.buttons.game import Game
from buttons_game.games.kopf.game import KopfGame

from .fairness import FACES, DieFairness

GAMES: tuple[str, ...] = (Game.kind, KopfGame.kind)
DIE_KINDS: tuple[str, ...] = ("white", "gold", "plain")


@dataclass(frozen=True)
class SeatTally:
    """One person's part in one finished game. BUTTONS fills rounds to opt_outs; Kopf oder
    Knopf captures and turns (the game's length)."""

    name: str
    won: bool
    drew: bool = False
    rounds: int = 0
    stars: int = 0
    busts: int = 0
    opt_outs: int = 0
    captures: int = 0
    turns: int = 0


@dataclass(frozen=True)
class GameTally:
    """One finished game: its id and kind, its people, the bot levels at its table, and
    for BUTTONS how often each face came up on each kind of die (``dice[kind][face - 1]``)."""

    game_id: str
    game: str
    people: tuple[SeatTally, ...]
    levels: frozenset[str]
    dice: dict[str, tuple[int, ...]] = field(default_factory=dict)


def name_key(name: str) -> str:
    """Names that differ only in case or Unicode form are the same person."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def tally_game(game: Game | KopfGame) -> GameTally:
    """The tally of a finished game; ValueError for a game that is not over."""
    if not game.state.is_over():
        raise ValueError("only a finished game is counted")
    levels = frozenset(seat.bot for seat in game.seats if seat.bot is not None)
    if isinstance(game, KopfGame):
        return GameTally(game.game_id, game.kind, _kopf_people(game), levels)
    return GameTally(game.game_id, game.kind, _buttons_people(game), levels, dice_counts(game))


def _buttons_people(game: Game) -> tuple[SeatTally, ...]:
    state = game.state
    outcome = state.outcome()
    assert outcome is not None
    scores = state.round_scores()
    people = []
    for p, seat in enumerate(game.seats):
        if not seat.is_human:
            continue
        mine = [score.seats[p] for score in scores]
        people.append(
            SeatTally(
                seat.name,
                won=p in outcome.winners,
                rounds=len(mine),
                stars=sum(s.total for s in mine),
                busts=sum(1 for s in mine if s.status is Status.BUSTED),
                opt_outs=sum(1 for s in mine if s.status is Status.OPTED_OUT),
            )
        )
    return tuple(people)


def _kopf_people(game: KopfGame) -> tuple[SeatTally, ...]:
    outcome = game.state.outcome()
    assert outcome is not None
    turns = game.turn_number
    return tuple(
        SeatTally(
            seat.name,
            won=outcome.winner == p,
            drew=outcome.winner is None,
            captures=outcome.captured[p],
            turns=turns,
        )
        for p, seat in enumerate(game.seats)
        if seat.is_human
    )


def dice_counts(game: Game) -> dict[str, tuple[int, ...]]:
    """How often each face came up on the white, the gold and the plain black dice: every
    die of every roll, except the tutorial's scripted rolls."""
    counts = {kind: [0] * FACES for kind in DIE_KINDS}
    white, gold, plain = counts["white"], counts["gold"], counts["plain"]
    rolls = [action for action in game.state.history() if type(action) is Dice]
    for dice in rolls[_scripted_rolls(game, rolls) :]:
        white[dice.white - 1] += 1
        gold[dice.gold - 1] += 1
        for face in dice.plain:
            plain[face - 1] += 1
    return {kind: tuple(faces) for kind, faces in counts.items()}


def _scripted_rolls(game: Game, rolls: list[Dice]) -> int:
    """How many of the first rolls the tutorial chose (none, for any other game)."""
    scripted = tutorial.DICE
    if game.state.setup != tutorial.setup() or tuple(rolls[: len(scripted)]) != scripted:
        return 0
    return len(scripted)


@dataclass
class PlayerRecord:
    """One person's figures in one game, added up over their finished games.

    ``vs[level]`` is (games, wins) over the games where a bot of that level sat at the
    table. A shared win (BUTTONS, equal stars) counts as a win; a Kopf oder Knopf draw
    counts in ``draws``, not as a win.
    """

    name: str
    game: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    vs: dict[str, tuple[int, int]] = field(default_factory=lambda: {k: (0, 0) for k in LEVELS})
    rounds: int = 0
    stars: int = 0
    busts: int = 0
    opt_outs: int = 0
    captures: int = 0
    turns: int = 0

    @property
    def key(self) -> tuple[str, str]:
        return (self.game, name_key(self.name))

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.games)

    def win_rate_vs(self, level: str) -> float | None:
        games, wins = self.vs[level]
        return _rate(wins, games)

    @property
    def stars_per_round(self) -> float | None:
        return _rate(self.stars, self.rounds)

    @property
    def captures_per_game(self) -> float | None:
        return _rate(self.captures, self.games)

    @property
    def turns_per_game(self) -> float | None:
        return _rate(self.turns, self.games)

    def add(self, seat: SeatTally, levels: Iterable[str]) -> None:
        self.games += 1
        self.wins += seat.won
        self.draws += seat.drew
        for level in set(levels):
            games, wins = self.vs[level]
            self.vs[level] = (games + 1, wins + seat.won)
        self.rounds += seat.rounds
        self.stars += seat.stars
        self.busts += seat.busts
        self.opt_outs += seat.opt_outs
        self.captures += seat.captures
        self.turns += seat.turns


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


class Statistics:
    """Every counted game added up: the players' records, the dice, and the game ids
    counted (oldest first), so no game is ever counted twice."""

    def __init__(
        self,
        players: Iterable[PlayerRecord] = (),
        dice: dict[str, tuple[int, ...]] | None = None,
        counted: Iterable[str] = (),
        totals: dict[str, int] | None = None,
    ) -> None:
        self.records: dict[tuple[str, str], PlayerRecord] = {r.key: r for r in players}
        zero = (0,) * FACES
        self.dice: dict[str, tuple[int, ...]] = {k: (dice or {}).get(k, zero) for k in DIE_KINDS}
        self.counted: dict[str, None] = dict.fromkeys(counted)
        # Finished games of each kind added up (since the last reset), people or not.
        self.totals: dict[str, int] = {game: (totals or {}).get(game, 0) for game in GAMES}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Statistics):
            return NotImplemented
        return (self.records, self.dice, list(self.counted), self.totals) == (
            other.records,
            other.dice,
            list(other.counted),
            other.totals,
        )

    def __repr__(self) -> str:
        return (
            f"<Statistics games={self.totals} players={len(self.records)} "
            f"counted={len(self.counted)}>"
        )

    def has_counted(self, game_id: str) -> bool:
        return game_id in self.counted

    def add(self, tally: GameTally) -> bool:
        """Count a finished game; False (and nothing changes) if its id was counted before."""
        if tally.game_id in self.counted:
            return False
        self.counted[tally.game_id] = None
        self.totals[tally.game] += 1
        for seat in merged(tally.people):
            record = PlayerRecord(seat.name, tally.game)
            record = self.records.setdefault(record.key, record)
            record.add(seat, tally.levels)
        for kind, faces in tally.dice.items():
            self.dice[kind] = tuple(a + b for a, b in zip(self.dice[kind], faces))
        return True

    def reset(self) -> None:
        """Every figure back to zero; the games counted so far stay known, so a later
        look through the saves does not count them again."""
        self.records.clear()
        self.dice = {kind: (0,) * FACES for kind in DIE_KINDS}
        self.totals = dict.fromkeys(GAMES, 0)

    def players(self, game: str | None = None) -> list[PlayerRecord]:
        """The records of ``game`` (or all), most games first, then by name."""
        chosen = [r for r in self.records.values() if game is None or r.game == game]
        return sorted(chosen, key=lambda r: (GAMES.index(r.game), -r.games, name_key(r.name)))

    def fairness(self) -> dict[str, DieFairness]:
        return {kind: DieFairness(self.dice[kind]) for kind in DIE_KINDS}

    @property
    def games(self) -> int:
        """Finished games of both kinds added up (since the last reset)."""
        return sum(self.totals.values())
