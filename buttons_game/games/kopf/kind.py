"""Kopf oder Knopf as the app's shared code sees it: set-up, save codec, narration, bots,
the figures a finished game adds to the statistics, and a replay's captures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from buttons_game.core.control import Thinker
from buttons_game.core.events import Result
from buttons_game.core.kind import GameKind, SeatFigures, StatColumn
from buttons_game.core.notes import Note
from buttons_game.core.seats import Seat
from buttons_game.core.tournament import Tournament

from . import engine
from .engine import PASS, Action, KopfState, Move, Pass, Reason
from .game import KopfGame

if TYPE_CHECKING:
    from .happened import KopfHappened


class KopfKind(GameKind[KopfState, KopfGame]):
    id = "kopf"
    title = "Kopf oder Knopf"
    seat_counts = (2,)
    game_class = KopfGame
    setup_name = "Kopf oder Knopf set-up"
    log_section = "kopf_log"
    unit = "turn"
    options = ("short",)
    figures = ("captures", "turns")
    stat_columns = (
        StatColumn("draws", "draws", head="draws"),
        StatColumn("captures", "captures"),
        StatColumn("captures_per_game", "captures", per="games", head="captures/game", places=1),
        StatColumn("turns", "turns"),
        StatColumn("turns_per_game", "turns", per="games", head="turns/game", places=1),
    )

    def new_game(
        self, seats: Sequence[Seat], *, seed: int | None = None, **options: Any
    ) -> KopfGame:
        """``short``: the short game, 8 captures instead of 10."""
        first, second = seats
        return KopfGame.new((first, second), target=8 if options.get("short") else 10)

    # ------------------------------------------------------------------ saves
    def encode_setup(self, setup: Any) -> Any:
        return engine.encode_setup(setup)

    def decode_setup(self, data: Any) -> Any:
        return engine.decode_setup(data)

    def encode_action(self, action: Any) -> Any:
        return engine.encode_action(action)

    def decode_action(self, data: Any) -> Any:
        return engine.decode_action(data)

    # ------------------------------------------------------------------ narration
    def forced_action(self, state: KopfState, seat: int) -> Any | None:
        """A seat that cannot move passes (rule: no move, no choice)."""
        if seat != state.current_player or state.punishing:
            return None
        return PASS if state.legal_actions() == [PASS] else None

    def result(self, state: KopfState) -> Result | None:
        outcome = state.outcome()
        if outcome is None:
            return None
        winners = () if outcome.winner is None else (outcome.winner,)
        return Result(winners, outcome.winner is None, outcome.reason.value)

    def narrate(self, before: KopfState, action: Action, after: KopfState) -> tuple[Note, ...]:
        from .narration import narrate

        return narrate(before, action, after)

    def happened(self, before: KopfState, action: Action, after: KopfState) -> KopfHappened:
        """The notes, the sound and the pieces captured, in the order the table flies them."""
        from .happened import happened

        return happened(before, action, after)

    def opening_notes(self, first: KopfState) -> tuple[Note, ...]:
        from .narration import narrate_start

        return narrate_start(first)

    def narrate_history(self, setup: Any, actions: Sequence[Any]) -> list[Note]:
        from .narration import narrate_history

        return narrate_history(setup, actions)

    # ------------------------------------------------------------------ lists, bots
    def progress(self, game: KopfGame) -> int:
        return int(game.turn_number)

    def make_bot(self, level: str, seed: int | None = None) -> Thinker:
        from .bots import make_bot

        return make_bot(level, seed)

    def tournament(self) -> Tournament:
        from .bots.arena import KopfTournament

        return KopfTournament()

    # ------------------------------------------------------------------ statistics
    def seat_figures(self, game: KopfGame) -> tuple[SeatFigures, ...]:
        state = game.state
        result = self.result(state)
        if result is None:
            raise ValueError("only a finished game is counted")
        turns = game.turn_number
        return tuple(
            SeatFigures(
                won=p in result.winners,
                drew=result.drawn,
                figures=(("captures", state.captured(p)), ("turns", turns)),
            )
            for p in range(2)
        )

    # ------------------------------------------------------------------ replay
    def sections(self, actions: Sequence[Any], states: Sequence[KopfState]) -> tuple[int, ...]:
        """The turn of each position, as ``KopfGame.turn_number`` counts."""
        turns = []
        moves = 0
        for n, state in enumerate(states):
            if n and type(actions[n - 1]) in (Move, Pass):
                moves += 1
            outcome = state.outcome()
            drawn = outcome is not None and outcome.reason is Reason.NO_CAPTURES
            turns.append(moves + (0 if drawn else 1))
        return tuple(turns)

    def landmarks(self, actions: Sequence[Any], states: Sequence[KopfState]) -> list[int]:
        """Each capture."""
        taken = [state.captured(0) + state.captured(1) for state in states]
        return [n for n in range(1, len(states)) if taken[n] > taken[n - 1]]


KIND = KopfKind()
