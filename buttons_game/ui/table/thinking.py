"""Bots and hints think on worker threads, so the window never freezes while they do."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from buttons_game.bots import Bot, make_bot
from buttons_game.bots.hint import Hint, hint
from buttons_game.engine import Action, GameState, Phase
from buttons_game.game import Game


@dataclass
class BotJob:
    """One bot decision being thought about, for the state it was asked about."""

    player: int
    state: GameState
    future: Future[Action]
    waited: float = 0.0


class BotSeats:
    """The bots at the table, each seeded from the game's seed, asked one at a time."""

    def __init__(self, game: Game) -> None:
        seed = game.state.setup.seed
        self.bots: dict[int, Bot] = {
            p: make_bot(seat.bot, None if seed is None else seed * 10 + p)
            for p, seat in enumerate(game.seats)
            if seat.bot is not None
        }
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.job: BotJob | None = None

    def __getitem__(self, seat: int) -> Bot:
        return self.bots[seat]

    def __setitem__(self, seat: int, bot: Bot) -> None:
        self.bots[seat] = bot

    def next_seat(self, state: GameState) -> int | None:
        """The bot seat that decides next: the roller's turn, else a pending decision."""
        if state.phase is Phase.TURN:
            return state.active_player if state.active_player in self.bots else None
        for p in state.pending_players:
            if p in self.bots:
                return p
        return None

    def ask(self, state: GameState, player: int) -> None:
        bot = self.bots[player]
        self.job = BotJob(player, state, self.executor.submit(bot.choose, state, player))

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class HintDesk:
    """The hard bot's advice for a person, asked for with H."""

    def __init__(self) -> None:
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.adviser = make_bot("hard", 0)
        self.job: tuple[GameState, Future[Hint]] | None = None

    def ask(self, state: GameState, seat: int) -> None:
        if self.job is None:
            self.job = (state, self.executor.submit(hint, state, seat, self.adviser))  # type: ignore[arg-type]

    def collect(self, state: GameState) -> tuple[bool, Hint | None]:
        """(done, hint): the hint once ready, None when it is about an older state or failed."""
        if self.job is None:
            return True, None
        asked, future = self.job
        if not future.done():
            return False, None
        self.job = None
        if asked is not state:
            return True, None
        try:
            return True, future.result()
        except Exception as error:  # advice must never stop the game
            print(f"buttons-game: hint failed: {error!r}")
            return True, None

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
