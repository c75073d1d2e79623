"""A guest's side of a networked game, without sockets: the host's match, followed.

``RemoteMatch`` has the face a table uses of a ``Match`` (``submit``, ``request_undo``,
``advance``, ``subscribe``, ``here`` …), but it decides nothing: what its person does goes
to the host (``outbox``), and what the host applied comes back (``receive``) and is applied
here through the engine's checked path, in order of ply, then told to the table as the
same events a local match tells. A gap in the plies or a stale action brings the whole
game (``Resync``), which is replayed through the checked path and its every roll checked
against the computers' chains (``verify``). Its share of each roll is revealed from its
own chain as soon as the game waits for the dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buttons_game.core.control import BOT, ELSEWHERE, PERSON_HERE, SeatControl
from buttons_game.core.errors import RulesError
from buttons_game.core.events import (
    BY_BOT,
    BY_CHANCE,
    BY_PERSON,
    Event,
    Followed,
    Noted,
    Over,
    Reset,
)
from buttons_game.core.events import Applied as Done
from buttons_game.core.events import Refused as Told
from buttons_game.core.kind import AnyKind
from buttons_game.core.match import CHANCE, FORCED, OVER, PERSON, Step
from buttons_game.core.match import ELSEWHERE as STEP_ELSEWHERE
from buttons_game.core.notes import Note
from buttons_game.core.seats import Seat

from .chain import HashChain
from .dice import DEAL, roll_draw
from .epoch import epoch_note, told_with_epochs
from .messages import (
    Act,
    Applied,
    Commit,
    Drawn,
    Join,
    Joined,
    JoinRefused,
    Lobby,
    Message,
    Refused,
    Resync,
    Reveal,
    Start,
    UndoRequest,
)
from .proofs import Proofs, decode_proofs
from .verify import check_roll, verify


class RemoteRefusal(RulesError):
    """The host refused what this guest sent: the rules' reason code and details."""


class RemoteMatch(Followed):
    """The host's match as a guest sees it and plays its own seat in it."""

    def __init__(self, kind: AnyKind, seat: int, name: str, chain: HashChain | None = None):
        self.kind = kind
        self.seat = seat
        self.name = name
        self.chain = chain if chain is not None else HashChain()
        self.chains: dict[int, HashChain] = {0: self.chain}  # this computer's chain per epoch
        self.credential: str | None = None
        self.seated = True  # the connection has its seat (a link says no while it reconnects)
        self.lobby: Lobby | None = None
        self.refused: str | None = None  # why the host refused the seat
        self.game: Any = None
        self.verified: str | None = None  # the last resync's verdict: "verified" or the fault
        self.proofs: Proofs | None = None  # the dice's proofs of the last resync, verified
        self.outbox: list[Message] = []
        self.job = None  # a table asks: no bot of its own thinks here
        self._listeners: list[Callable[[Event], None]] = []
        self._revealed: set[int] = set()

    # ------------------------------------------------------------------ the lobby
    def join(self, credential: str | None = None) -> None:
        """Ask for the seat (``credential``: the one given before, to come back)."""
        self.outbox.append(Join(self.seat, self.name, credential or self.credential))

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        return self.game.state

    def here(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def control(self, seat: int) -> SeatControl:
        if seat == self.seat:
            return PERSON_HERE
        lobby = self.lobby
        if lobby is not None and lobby.seats[seat].filled_by == "bot":
            return SeatControl(BOT)
        return SeatControl(ELSEWHERE)

    @property
    def controls(self) -> tuple[SeatControl, ...]:
        return tuple(self.control(p) for p in range(len(self.game.seats)))

    def deciders(self) -> tuple[int, ...]:
        return tuple(self.kind.deciders(self.state))

    def next_step(self) -> Step:
        """What the game waits for: the host's match makes every move but this seat's."""
        state = self.state
        if state.is_over():
            return Step(OVER)
        if state.is_chance_node():
            return Step(CHANCE)
        deciders = self.deciders()
        if self.seat in deciders:
            if self.kind.forced_action(state, self.seat) is not None:
                return Step(FORCED, self.seat)  # the host's match makes it
            return Step(PERSON, self.seat)
        return Step(STEP_ELSEWHERE, deciders[0] if deciders else None)

    def think(self) -> Step:
        return self.next_step()

    def advance(self) -> bool:
        """Nothing is the guest's to make: the host's match moves."""
        return False

    def peek_chance(self) -> Any | None:
        return None  # the dice are known only when every computer has revealed

    def can_undo(self) -> bool:
        return self.game is not None and self.game.undo_seat_for({self.seat}) == self.seat

    # ------------------------------------------------------------------ following
    # ------------------------------------------------------------------ the person here
    def submit(self, seat: int, action: Any) -> RulesError | None:
        """Send this seat's action to the host, meant for the game as it is here; the host
        applies it (and it comes back) or refuses it (``Refused``)."""
        if seat != self.seat or self.game is None:
            return RulesError(f"seat {seat} is not played here", code="not_your_seat")
        if not self.seated:
            return RulesError("the connection to the host is being restored", code="reconnecting")
        self.outbox.append(Act(len(self.state.history()), action))
        return None

    def request_undo(self, seat: int | None = None) -> RulesError | None:
        if self.game is None:
            return RulesError("the game has not started", code="nothing_to_undo")
        self.outbox.append(UndoRequest(len(self.state.history())))
        return None

    # ------------------------------------------------------------------ the host's word
    def receive(self, message: Message) -> None:
        """One message from the host."""
        if isinstance(message, Joined):
            self.seat, self.credential = message.seat, message.credential
            if self.game is None:
                self.outbox.append(Commit(0, self.chain.commitment))
                self._revealed.clear()  # a share of the deal sent may have been lost
            else:  # back after a drop: the share of the roll under way told again (the
                # host may have restarted and lost it); the whole game follows
                self._revealed = {d for d in self._revealed if d < self._chance_draw()}
        elif isinstance(message, JoinRefused):
            self.refused = message.code
        elif isinstance(message, Lobby):
            self.lobby = message
        elif isinstance(message, Start):
            self._reveal(DEAL)
        elif isinstance(message, Commit):  # the dice drawn anew: a new chain for the epoch
            chain = self.chains.get(message.epoch)
            if chain is None:
                chain = self.chains[message.epoch] = HashChain(length=self.chain.length)
            self.chain = chain
            self.outbox.append(Commit(message.epoch, chain.commitment))
        elif isinstance(message, Resync):
            self._resync(message)
        elif isinstance(message, Drawn):
            self._drawn(message)
        elif isinstance(message, Applied):
            self._applied(message)
        elif isinstance(message, Refused):
            self.refused = message.code
            self._emit_refusal(message)

    def _seats(self) -> tuple[Seat, ...]:
        lobby = self.lobby
        if lobby is None:
            raise ValueError("a game arrived before its lobby")
        return tuple(
            Seat(s.name or f"Seat {p + 1}", (s.level or "medium") if s.filled_by == "bot" else None)
            for p, s in enumerate(lobby.seats)
        )

    def history_notes(self) -> list[Note]:
        """The whole move log, told anew from the game's history, with a line where the
        dice were drawn anew (a new epoch: a computer left, the host moved)."""
        epochs = self.proofs.epochs if self.proofs is not None else ()
        return told_with_epochs(self.kind, self.state, epochs)

    def _resync(self, resync: Resync) -> None:
        proofs = decode_proofs(resync.proofs)
        known = 0 if self.proofs is None else len(self.proofs.epochs)
        verdict = verify(self.kind, resync.setup, resync.actions, proofs)
        self.verified = str(verdict)
        if not verdict.verified:
            raise ValueError(f"the host's game does not verify: {verdict}")
        before = self.game
        self.game = self.kind.replayed(self._seats(), resync.setup, resync.actions, proofs.game_id)
        self.proofs = proofs
        self._revealed = {d for d in self._revealed if d <= self._chance_draw()}
        if before is None or before.state.history() != self.game.state.history():
            self._emit(Reset(before, self.game, whole=True))
        elif known:
            for epoch in proofs.epochs[known:]:  # the dice drawn anew: said in the log
                self._emit(Noted(epoch_note(epoch)))
        self._reveal_due()

    def _drawn(self, drawn: Drawn) -> None:
        """A roll's reveals: kept with the proofs (checked when the roll is applied)."""
        proofs = self.proofs
        if proofs is not None and drawn.draw == len(proofs.draws):
            draws = (*proofs.draws, drawn.reveals)
            self.proofs = Proofs(proofs.game_id, proofs.epochs, draws)

    def _applied(self, applied: Applied) -> None:
        game = self.game
        if game is None:
            return
        ply = len(game.state.history())
        if applied.ply < ply:
            return  # told before (a resync overtook it)
        if applied.ply > ply:
            self.join()  # a message was missed: the host answers with the whole game
            return
        if self.kind.is_chance_action(applied.action) and not self._roll_checks(applied.action):
            return
        try:
            after = game.apply(applied.action)  # this guest's own checked path
        except RulesError:
            self.join()  # out of step with the host: the whole game again, checked
            return
        self.game = after
        if self._listeners:
            actor = applied.by
            if actor is None:
                by = BY_CHANCE
            elif game.seats[actor].bot is not None:
                by = BY_BOT
            else:
                by = BY_PERSON
            happened = self.kind.happened(game.state, applied.action, after.state)
            self._emit(Done(game, applied.action, after, actor, by, happened))
            if after.state.is_over() and not game.state.is_over():
                result = self.kind.result(after.state)
                if result is not None:
                    self._emit(Over(after, result))
        self._reveal_due()

    def _emit_refusal(self, refused: Refused) -> None:
        """The host refused this seat's action: the table says why, as for its own refusal (a
        stale one needs no word: the whole game follows)."""
        if refused.code == "stale":
            return
        error = RemoteRefusal(
            f"the host refused: {refused.code}", code=refused.code, details=dict(refused.details)
        )
        self._emit(Told(self.seat, error))

    # ------------------------------------------------------------------ the dice
    def _roll_checks(self, action: Any) -> bool:
        """Whether the host's roll is the joint draw's outcome, checked against every
        computer's chain before it is shown; without the draw's reveals, the whole game is
        asked for (False). A roll that does not check is a ValueError: the host cheats."""
        proofs, draw = self.proofs, self._chance_draw()
        if proofs is None or draw >= len(proofs.draws):
            self.join()
            return False
        verdict = check_roll(self.kind, self.state, action, proofs, draw)
        if not verdict.verified:
            self.verified = str(verdict)
            raise ValueError(f"the host's roll does not verify: {verdict}")
        return True

    def _chance_draw(self) -> int:
        if self.game is None:
            return DEAL
        is_chance = self.kind.is_chance_action
        return roll_draw(sum(1 for action in self.state.history() if is_chance(action)))

    def _reveal_due(self) -> None:
        """This computer's share of the roll the game waits for."""
        if self.game is not None and self.state.is_chance_node():
            self._reveal(self._chance_draw())

    def _reveal(self, draw: int) -> None:
        if draw in self._revealed:
            return
        found = self._chain_for(draw)
        if found is None:
            return  # this computer draws no dice now (its seat was handed to a bot)
        chain, start = found
        number = draw - start + 1
        if not 1 <= number <= chain.length:
            return
        self._revealed.add(draw)
        self.outbox.append(Reveal(draw, chain.reveal(number)))

    def _chain_for(self, draw: int) -> tuple[HashChain, int] | None:
        """This computer's chain for ``draw`` and the draw its epoch starts at."""
        proofs = self.proofs
        if proofs is None:
            return self.chains[0], 0
        for index in range(len(proofs.epochs) - 1, -1, -1):
            epoch = proofs.epochs[index]
            if epoch.start > draw:
                continue
            chain = self.chains.get(index)
            if chain is not None and chain.commitment in epoch.commitments:
                return chain, epoch.start
            return None
        return None

    def computer(self) -> str | None:
        """This computer's id among those drawing the dice (the host names it): the one whose
        commitment is this chain's, in the latest epoch of the proofs it holds."""
        if self.proofs is None:
            return None
        heads = {chain.commitment for chain in self.chains.values()}
        for epoch in reversed(self.proofs.epochs):
            for computer, head in zip(epoch.computers, epoch.commitments, strict=True):
                if head in heads:
                    return computer
        return None

    def take(self) -> list[Message]:
        """What to send to the host now."""
        out, self.outbox = self.outbox, []
        return out

    def close(self) -> None:
        """Nothing runs here of its own."""


__all__ = ["RemoteMatch", "RemoteRefusal"]
