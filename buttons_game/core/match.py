"""A game being played, headless: the one authority that every way of playing follows.

A ``Match`` owns the ``Game`` and how each seat is played (``SeatControl``). A person's
action comes in through ``submit``, which checks once that the seat may act and, through
the engine's checked path, that the action is legal (a refusal is a ``RulesError`` with
its code and details). Chance (the dice), a seat's forced action and the bots' decisions
are the match's own: it makes them when its driver calls ``advance`` — the table when its
pacing allows, headless play at once. Undo is a request it grants by the game's rule.
Whoever follows the game subscribes to one stream of events (``core.events``), built only
when someone listens (boardgame.io's master; OpenSpiel's state interface).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Protocol

from .background import Background
from .control import SeatControl, Thinker, seat_controls, thinking_copy
from .errors import RulesError
from .events import (
    BY_BOT,
    BY_CHANCE,
    BY_FORCED,
    BY_PERSON,
    Applied,
    Event,
    Followed,
    Noted,
    Over,
    Reset,
    Undone,
    Waiting,
)
from .kind import AnyKind, kind_of
from .notes import Note

# What the match would do next (``Step.kind``).
CHANCE = "chance"  # draw a chance outcome (ready once the chance source has it)
FORCED = "forced"  # make a person's only action for them
BOT = "bot"  # a bot decides (ready once it has answered)
PERSON = "person"  # a person here decides: nothing to do until they submit
ELSEWHERE = "elsewhere"  # a person at another computer decides
OVER = "over"


def _due(thinker: Any, state: Any) -> bool:
    """Whether a bot has a decision to make now: always, unless it is a script that says
    otherwise (a lesson's replies, ``due(state)``)."""
    due = getattr(thinker, "due", None)
    return due is None or bool(due(state))


class ChanceSource(Protocol):
    """Where a match's chance outcomes come from: the game's ``draw``-th outcome, or None
    while it has not arrived (the dice made together by networked computers)."""

    def value(self, game: Any, draw: int) -> Any | None: ...


class GameStream:
    """The game's own seeded stream (``GameKind.chance_action``)."""

    def __init__(self, kind: AnyKind) -> None:
        self.kind = kind

    def value(self, game: Any, draw: int) -> Any | None:
        return self.kind.chance_action(game, draw)


class Scripted:
    """Chance outcomes from a script (a tutorial's dice): ``dice(game)``."""

    def __init__(self, dice: Callable[[Any], Any]) -> None:
        self.dice = dice

    def value(self, game: Any, draw: int) -> Any | None:
        return self.dice(game)


Gate = Callable[[Any, Any, Any], "str | None"]
"""A tutorial's judge of a legal action (the state before, the action, the state after):
the translation key of why it refuses it, or None."""


class SeatRefusal(RulesError):
    """An action refused for the seat that sent it (a bot's seat, not its turn)."""


class ScriptRefusal(RulesError):
    """A legal action a tutorial does not want now: ``code`` is the key of its reason."""


@dataclass(frozen=True)
class Step:
    """What the match would do next: ``kind`` (``CHANCE``, ``FORCED``, ``BOT``,
    ``PERSON``, ``ELSEWHERE`` or ``OVER``), for ``seat``, and whether ``advance`` can do
    it now."""

    kind: str
    seat: int | None = None
    ready: bool = False


@dataclass
class BotJob:
    """A bot's decision being thought about (on the worker), for the state it was asked."""

    seat: int
    state: Any
    future: Future[Any]
    thinker: Thinker  # the copy that thinks: it replaces the bot only if its answer is played
    asked: float  # time.monotonic() when asked


class Match(Followed):
    """One game being played: its seats' controls, chance, bots, undo and its events."""

    def __init__(
        self,
        game: Any,
        controls: Sequence[SeatControl] | None = None,
        *,
        kind: AnyKind | None = None,
        chance: ChanceSource | None = None,
        gate: Gate | None = None,
        worker: bool = False,
        strict_bots: bool = False,
        seed: int | None = None,
    ) -> None:
        """``controls``: one per seat (by default as the save says, bots seeded from
        ``seed``); ``chance``: where chance outcomes come from (the game's own stream);
        ``gate``: a tutorial's refusal of legal actions; ``worker``: bots think on a worker
        thread (a window never waits) instead of at once; ``strict_bots``: a bot breaking
        a rule raises the game's RulesError (tournaments) instead of playing a random legal
        action for it (a table: a bot must never stop the game)."""
        self.kind = kind if kind is not None else kind_of(game)
        self._game = game
        if controls is None:
            controls = seat_controls(game.seats, self.kind.make_bot, seed)
        if len(controls) != len(game.seats):
            raise ValueError(f"{len(controls)} controls for {len(game.seats)} seats")
        self.controls: tuple[SeatControl, ...] = tuple(controls)
        self.chance: ChanceSource = chance if chance is not None else GameStream(self.kind)
        self.gate = gate
        self.strict_bots = strict_bots
        self._worker = Background("bot") if worker else None
        self._listeners: list[Callable[[Event], None]] = []
        self._draws = self._count_draws(game)
        self._drawn: tuple[Any, Any] | None = None  # (state, chance value) peeked
        self.job: BotJob | None = None
        self._waiting: tuple[Any, Waiting] | None = None

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Any:
        return self._game

    @property
    def state(self) -> Any:
        return self._game.state

    def control(self, seat: int) -> SeatControl:
        return self.controls[seat]

    def here(self, seat: int | None) -> bool:
        """A person at this screen plays ``seat``."""
        return seat is not None and self.controls[seat].here

    @property
    def people(self) -> frozenset[int]:
        """The seats persons play, here or elsewhere: undo serves their decisions."""
        return frozenset(p for p, c in enumerate(self.controls) if c.is_person)

    def deciders(self) -> tuple[int, ...]:
        return self.kind.deciders(self._game.state)

    def next_step(self) -> Step:
        """What ``advance`` would do now (a bot first, where bots and persons decide at once)."""
        state = self._game.state
        if state.is_over():
            return Step(OVER)
        if state.is_chance_node():
            return Step(CHANCE, None, self.peek_chance() is not None)
        deciders = self.kind.deciders(state)
        controls = self.controls
        idle = None  # a scripted seat with nothing due now
        for seat in deciders:
            control = controls[seat]
            if control.is_bot:
                if not _due(control.thinker, state):
                    idle = seat
                    continue
                job = self.job
                ready = self._worker is None or (
                    job is not None
                    and job.state is state
                    and job.seat == seat
                    and job.future.done()
                )
                return Step(BOT, seat, ready)
        forced = self.kind.forced_action
        for seat in deciders:
            if controls[seat].is_person and forced(state, seat) is not None:
                return Step(FORCED, seat, True)
        for seat in deciders:
            if controls[seat].here:
                return Step(PERSON, seat)
        for seat in deciders:
            if controls[seat].is_person:
                return Step(ELSEWHERE, seat)
        return Step(BOT, idle)

    def peek_chance(self) -> Any | None:
        """The chance outcome the next ``advance`` applies at a chance node (known ahead,
        so dice can land on their faces), or None while it has not arrived."""
        state = self._game.state
        drawn = self._drawn
        if drawn is not None and drawn[0] is state:
            return drawn[1]
        value = self.chance.value(self._game, self._draws)
        if value is not None:
            self._drawn = (state, value)
        return value

    def can_undo(self) -> bool:
        """A person here may take back a decision now."""
        return self.here(self._game.undo_seat_for(self.people))

    def undo_seat(self) -> int | None:
        """The seat whose decision an undo would take back, or None."""
        return self._game.undo_seat_for(self.people)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ following
    # ------------------------------------------------------------------ persons
    def submit(self, seat: int, action: Any) -> RulesError | None:
        """A person's ``action`` for ``seat``: applied, or the reason it is refused (the
        engine's RulesError, a ``SeatRefusal`` or a tutorial's ``ScriptRefusal``)."""
        game = self._game
        before = game.state
        if self.controls[seat].is_bot:
            return SeatRefusal(f"seat {seat} is a bot's", code="bot_seat", details={"seat": seat})
        if not before.is_over():
            actor = None if before.is_chance_node() else game.actor(before, action)
            if actor != seat:
                return SeatRefusal(
                    f"seat {seat} cannot decide {action!r} now",
                    code="not_your_turn",
                    details={"seat": seat},
                )
        try:
            after = game.apply(action)
        except RulesError as error:
            return error
        refused = self.gate(before, action, after.state) if self.gate is not None else None
        if refused is not None:
            return ScriptRefusal(f"refused by the script: {refused}", code=refused)
        self._commit(after, action, seat, BY_PERSON)
        return None

    def request_undo(self, seat: int | None = None) -> RulesError | None:
        """Take back a person's latest decision (``seat``'s, or any person's here), and
        the bots' replies after it; the reason when the game's undo rule says no."""
        game = self._game
        people = self.people
        target = game.undo_seat_for(people)
        if target is None or (seat is None and not self.here(target)):
            return RulesError(game.nothing_to_undo, code="nothing_to_undo")
        if seat is not None and target != seat:
            return RulesError(game.nothing_to_undo, code="nothing_to_undo", details={"seat": seat})
        undone = game.undo_for(people)
        while self._bot_decides(undone.state) and undone.undo_seat_for(people) is not None:
            undone = undone.undo_for(people)  # back to the person's own decision
        self._set(undone)
        if self._listeners:
            self._emit(Undone(game, undone, target))
        return None

    def reset(self, game: Any) -> None:
        """Replace the game as a whole (a tutorial's step started again)."""
        before = self._game
        self._set(game)
        if self._listeners:
            self._emit(Reset(before, game))

    def set_control(self, seat: int, control: SeatControl) -> None:
        """Play ``seat`` another way from now on (a tutorial's scripted bot; a person who
        left, handed to a bot); a bot's question still open is dropped."""
        self.controls = (*self.controls[:seat], control, *self.controls[seat + 1 :])
        self.job = None

    def tell(self, note: Note) -> None:
        """A line for everyone's move log that no action brought (``Noted``)."""
        if self._listeners:
            self._emit(Noted(note))

    def history_notes(self) -> list[Note]:
        """The whole move log of the game, told anew from its history."""
        state = self._game.state
        return list(self.kind.narrate_history(state.setup, state.history()))

    def set_chance(self, chance: ChanceSource) -> None:
        """Draw chance outcomes from ``chance`` from now on (a value peeked is forgotten)."""
        self.chance = chance
        self._drawn = None

    def _bot_decides(self, state: Any) -> bool:
        return any(self.controls[s].is_bot for s in self.kind.deciders(state))

    # ------------------------------------------------------------------ the match's own
    def think(self) -> Step:
        """The next step, with a bot's thinking begun on the worker if it is a bot's."""
        step = self.next_step()
        if step.kind == BOT and not step.ready and self._worker is not None:
            job = self.job
            state = self._game.state
            seat = step.seat
            if seat is None:
                return step  # a scripted seat with nothing due
            if job is None or job.state is not state:
                self._ask(seat)
        elif step.kind in (ELSEWHERE, CHANCE) and not step.ready:
            self._tell_waiting(Waiting(ELSEWHERE if step.kind == ELSEWHERE else CHANCE, step.seat))
        return step

    def advance(self) -> bool:
        """Make the next step if it is the match's own and ready (a chance outcome, a
        forced action, a bot's answer); True when an action was applied."""
        step = self.think()
        if not step.ready:
            return False
        state = self._game.state
        if step.kind == CHANCE:
            value = self.peek_chance()
            self._commit(self._game.apply(value), value, None, BY_CHANCE)
        elif step.kind == FORCED:
            seat = step.seat
            assert seat is not None
            action = self.kind.forced_action(state, seat)
            self._commit(self._game.apply(action), action, seat, BY_FORCED)
        elif step.kind == BOT:
            if step.seat is None:
                return False
            self._play_bot(step.seat, state)
        else:
            return False
        return True

    def run(self, limit: int | None = None) -> int:
        """Advance until a person must decide, something must arrive or the game is over
        (or ``limit`` actions); the number of actions applied. Headless play's loop."""
        if self._worker is None and not self._listeners and not self.people:
            return self._run_bots(limit)
        applied = 0
        while (limit is None or applied < limit) and self.advance():
            applied += 1
        return applied

    def _run_bots(self, limit: int | None) -> int:
        """``run`` for a game of bots only that nobody follows (tournaments, ``simulate``):
        the same steps as ``advance`` — each action through the checked path once — with
        nothing kept that only a person's undo or a follower would read."""
        kind, chance = self.kind, self.chance
        deciders = kind.deciders
        thinkers = [control.thinker for control in self.controls]
        game = self._game
        state = game.state
        draws = self._draws
        applied = 0
        left = -1 if limit is None else max(limit, 0)
        try:
            while applied != left and not state.is_over():
                if state.is_chance_node():
                    if game.state is not state:
                        game = game._with(state=state, undo_stack=())
                    value = chance.value(game, draws)
                    if value is None:
                        break
                    state = state.apply(value)
                    draws += 1
                else:
                    seats = deciders(state)
                    if not seats:
                        break
                    seat = seats[0]
                    thinker = thinkers[seat]
                    assert thinker is not None
                    action = thinker.choose(state, seat)
                    try:
                        state = state.apply(action)
                    except RulesError:
                        if self.strict_bots:
                            raise
                        print(f"buttons-game: bot of seat {seat} made an illegal move")
                        action = random.choice(list(kind.legal_actions(state, seat)))
                        state = state.apply(action)
                applied += 1
        finally:
            self._game = game._with(state=state, undo_stack=())
            self._draws = draws
        return applied

    def _play_bot(self, seat: int, state: Any) -> None:
        control = self.controls[seat]
        job, self.job = self.job, None
        thinker = control.thinker
        assert thinker is not None
        failed = False
        try:
            if job is not None:
                thinker = job.thinker
                action = job.future.result()
            else:
                action = thinker.choose(state, seat)
            after = self._game.apply(action)
        except Exception as error:  # a bot must never stop a table's game
            if self.strict_bots:
                raise
            print(f"buttons-game: bot of seat {seat} failed: {error!r}")
            action = random.choice(list(self.kind.legal_actions(state, seat)))
            after = self._game.apply(action)
            failed = True
        if job is not None:
            self.controls = (
                *self.controls[:seat],
                SeatControl(control.how, thinker),
                *self.controls[seat + 1 :],
            )  # its draws are used up only now
        self._commit(after, action, seat, BY_BOT, failed)

    def _ask(self, seat: int) -> None:
        worker = self._worker
        assert worker is not None
        control = self.controls[seat]
        assert control.thinker is not None
        thinker = thinking_copy(control.thinker)
        if hasattr(thinker, "stop"):  # a bot that can stop early does when the match closes
            thinker.stop = worker.cancelled.is_set
        state = self._game.state
        future = worker.submit(thinker.choose, state, seat)
        self.job = BotJob(seat, state, future, thinker, time.monotonic())

    def _commit(
        self, after: Any, action: Any, actor: int | None, by: str, failed: bool = False
    ) -> None:
        before = self._game
        self._game = after
        if by == BY_CHANCE:
            self._draws += 1
        job = self.job
        if job is not None and job.state is not after.state:
            self.job = None  # a bot's answer for an older state is dropped
        if self._listeners:
            happened = self.kind.happened(before.state, action, after.state)
            self._emit(Applied(before, action, after, actor, by, happened, failed))
            if after.state.is_over() and not before.state.is_over():
                result = self.kind.result(after.state)
                if result is not None:
                    self._emit(Over(after, result))

    def _set(self, game: Any) -> None:
        self._game = game
        self.job = None
        self._drawn = None
        self._waiting = None
        self._draws = self._count_draws(game)

    def _count_draws(self, game: Any) -> int:
        is_chance = self.kind.is_chance_action
        return sum(1 for action in game.state.history() if is_chance(action))

    def _tell_waiting(self, waiting: Waiting) -> None:
        state = self._game.state
        told = self._waiting
        if told is not None and told[0] is state and told[1] == waiting:
            return
        self._waiting = (state, waiting)
        if self._listeners:
            self._emit(waiting)

    def close(self) -> None:
        """Stop the bots' worker (the table closes)."""
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)


__all__ = [
    "BOT",
    "CHANCE",
    "ELSEWHERE",
    "FORCED",
    "OVER",
    "PERSON",
    "BotJob",
    "ChanceSource",
    "GameStream",
    "Gate",
    "Match",
    "ScriptRefusal",
    "Scripted",
    "SeatRefusal",
    "Step",
]
