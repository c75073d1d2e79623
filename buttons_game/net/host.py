"""The host's side of a networked game, without sockets: its ``Match`` is the one authority.

``GameHost`` takes one decoded message from a guest at a time (``receive``) and answers
with the messages to send (an ``Outbox``: each to one guest, or to every guest). Guests
join remote seats in a lobby (a name each, a credential to come back with after a drop)
and commit to their dice chains; at the start every computer reveals the deal's share,
the game is dealt from the joint value and everyone gets it whole (``Resync``). Then a
guest's ``Act`` meant for the current ply goes to ``Match.submit`` for its own seat —
checked once; a stale one is refused and answered with the whole game — and everything
the match applies goes to every guest numbered by its ply. The dice are ``JointDice``:
each roll waits for every computer's reveal. The transport (the network thread) only
moves frames; the host's table, or ``pump`` headless, drives the match.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from buttons_game.core.control import PERSON_ELSEWHERE, SeatControl, bot_control, seat_controls
from buttons_game.core.errors import RulesError
from buttons_game.core.events import Applied as Done
from buttons_game.core.events import Event, Reset, Undone
from buttons_game.core.kind import AnyKind, kind_of
from buttons_game.core.match import Match

from .chain import HashChain
from .dice import DEAL, DiceError, JointDice, roll_draw
from .epoch import HOST_MOVED, SEAT_TO_BOT, START, Epoch, epoch_note
from .messages import (
    Act,
    Applied,
    Commit,
    Drawn,
    Join,
    Joined,
    JoinRefused,
    Leave,
    Lobby,
    LobbySeat,
    Message,
    Ping,
    Pong,
    Refused,
    Resync,
    Reveal,
    Start,
    UndoRequest,
)
from .proofs import Proofs, encode_proofs

HOST = "host"  # the host computer's id among the computers drawing the dice

Outbox = list[tuple[str | None, Message]]
"""Messages to send: each to one guest (its peer id), or to every guest (None)."""


@dataclass
class Guest:
    """One guest computer: its connection (``peer``), its id in the dice, the seat it
    took, its name, the credential it comes back with, its chain's commitment."""

    peer: str
    computer: str
    seat: int | None = None
    name: str | None = None
    credential: str | None = None
    head: bytes | None = None
    connected: bool = True
    gone: bool = False  # its seat was handed to a bot: it draws no dice until it is back
    level: str | None = None  # the level of the bot playing its seat while it is gone
    only_seat: int | None = None  # came by a code for this seat (play over the internet)


class GameHost:
    """A hosted game: the lobby, then the match, for guests that play its remote seats."""

    def __init__(
        self,
        game: Any,
        remote: Iterable[int],
        *,
        controls: Sequence[SeatControl] | None = None,
        seed: int | None = None,
        worker: bool = False,
        chain: HashChain | None = None,
    ) -> None:
        """``game``: the game as set at the host (its deal is drawn anew, together);
        ``remote``: the seats guests join; ``controls``: how the others are played (by
        default as the save says: persons here, bots); ``worker``: bots think on the
        match's worker (a table) rather than at once (``pump``)."""
        self.kind: AnyKind = kind_of(game)
        self.lobby_game = game
        self.remote = frozenset(remote)
        if not self.remote or not all(0 <= s < len(game.seats) for s in self.remote):
            raise ValueError("a hosted game has at least one remote seat of its own")
        base = (
            list(controls)
            if controls is not None
            else list(seat_controls(game.seats, self.kind.make_bot, seed))
        )
        for seat in self.remote:
            base[seat] = PERSON_ELSEWHERE
        self.controls = tuple(base)
        self.worker = worker
        self.chain = chain if chain is not None else HashChain()
        self.guests: dict[str, Guest] = {}
        self.pending: _NewEpoch | None = None  # the computers committing anew, and why
        self.match: Match | None = None
        self.dice: JointDice | None = None
        self.numbered = 0  # guest computers named so far
        self.moving = False  # a game under way moved here: its people join it anew
        self._outbox: Outbox = []  # what the match did, for the guests

    @classmethod
    def resume(
        cls,
        game: Any,
        proofs: Proofs,
        secret: bytes,
        guests: Iterable[Guest],
        *,
        numbered: int = 0,
        seed: int | None = None,
        worker: bool = False,
    ) -> GameHost:
        """The hosted ``game`` taken up again where a save left it (after the host's window
        closed or crashed): its dice from the save's proofs (each reveal checked again), its
        own chain from ``secret``, its ``guests`` (each disconnected, coming back with its
        credential), a gone guest's seat played by its bot. A ValueError when these do not
        belong together."""
        kind = kind_of(game)
        dice = JointDice.from_proofs(kind, proofs)
        if proofs.game_id != game.game_id:
            raise ValueError("the proofs are of another game")
        epoch = dice.epoch
        chain = HashChain(secret, length=epoch.length)
        if (
            HOST in epoch.computers
            and chain.commitment != epoch.commitments[epoch.computers.index(HOST)]
        ):
            raise ValueError("the host's kept secret is not its chain's in the dice")
        kept = list(guests)
        host = cls(game, (g.seat for g in kept if g.seat is not None), seed=seed, worker=worker)
        host.chain, host.dice, host.numbered = chain, dice, numbered
        controls = list(host.controls)
        for guest in kept:
            guest.peer, guest.connected = f"kept-{guest.computer}", False
            host.guests[guest.peer] = guest
            if guest.gone and guest.seat is not None:
                controls[guest.seat] = bot_control(kind.make_bot(guest.level or "medium", None))
        host.controls = tuple(controls)
        host.match = Match(game, host.controls, chance=_HostShare(host), worker=worker)
        host.match.subscribe(host._follow)
        host._outbox = []
        if any(g.gone and g.computer in epoch.computers for g in kept):
            host._renew(SEAT_TO_BOT)  # a commitment anew was under way: asked again
        return host

    @classmethod
    def moved(
        cls, game: Any, proofs: Proofs, here: Iterable[int], *, worker: bool = False
    ) -> GameHost:
        """A game under way hosted on from this computer's copy (its host is gone for
        good): its bots play here, the persons at ``here`` too, and every other person's
        seat waits in a lobby for its person to join with a new code. Once all are back,
        every computer commits anew (``HOST_MOVED``, said in the log) and play goes on."""
        kind = kind_of(game)
        dice = JointDice.from_proofs(kind, proofs)
        local = set(here)
        remote = [p for p, s in enumerate(game.seats) if s.bot is None and p not in local]
        host = cls(game, remote, worker=worker)
        host.dice, host.moving = dice, True
        host.pending = _NewEpoch(
            len(dice.epochs), HOST_MOVED, host.chain, {HOST: host.chain.commitment}
        )
        return host

    # ------------------------------------------------------------------ reading
    @property
    def started(self) -> bool:
        return self.dice is not None

    def seat_guest(self, seat: int) -> Guest | None:
        return next((g for g in self.guests.values() if g.seat == seat), None)

    @property
    def ready(self) -> bool:
        """Every remote seat is taken by a guest that has committed to its dice."""
        if self.moving:
            pending = self.pending
            return (
                pending is not None
                and all(self.seat_guest(seat) is not None for seat in self.remote)
                and all(head is not None for head in pending.heads.values())
            )
        return all(
            (guest := self.seat_guest(seat)) is not None and guest.head is not None
            for seat in self.remote
        )

    def lobby(self) -> Lobby:
        seats = []
        for p, seat in enumerate(self.lobby_game.seats):
            guest = self.seat_guest(p)
            if p in self.remote:
                filled = LobbySeat("open") if guest is None else LobbySeat("guest", guest.name)
            elif self.controls[p].is_bot:
                filled = LobbySeat("bot", seat.name, seat.bot or "medium")
            else:
                filled = LobbySeat("host", seat.name)
            seats.append(filled)
        return Lobby(tuple(seats))

    # ------------------------------------------------------------------ guests
    def connect(self, peer: str, only_seat: int | None = None) -> None:
        """A guest's computer connected (its handshake done); ``only_seat``: the seat
        whose code it typed (a wormhole's), the one seat it may take unless it comes back
        to its own by its credential."""
        self.numbered += 1
        self.guests[peer] = Guest(peer, f"guest-{self.numbered}", only_seat=only_seat)

    def wanting(self) -> set[int]:
        """The remote seats that wait for a person's computer: open, or their guest's
        connection dropped (a code brings them, or the guest comes back)."""
        if self.match is not None and self.match.state.is_over():
            return set()
        here = {g.seat for g in self.guests.values() if g.connected and g.seat is not None}
        return {seat for seat in self.remote if seat not in here}

    def disconnect(self, peer: str) -> None:
        """A guest's connection dropped: its seat waits for it to come back."""
        guest = self.guests.get(peer)
        if guest is not None:
            guest.connected = False

    def receive(self, peer: str, message: Message) -> Outbox:
        """One message from the guest at ``peer``: what to send because of it."""
        guest = self.guests.get(peer)
        if guest is None:
            return []
        if isinstance(message, Ping):
            return [(peer, Pong(message.nonce))]
        if isinstance(message, Join):
            return self._join(guest, message)
        if isinstance(message, Commit):
            return self._commit(guest, message)
        if isinstance(message, Leave):
            return self._leave(guest)
        if isinstance(message, Reveal):
            return self._reveal(guest, message)
        if isinstance(message, Act):
            return self._act(guest, message)
        if isinstance(message, UndoRequest):
            return self._undo(guest, message)
        return []

    def _join(self, guest: Guest, join: Join) -> Outbox:
        peer = guest.peer
        back = next(
            (
                g
                for g in self.guests.values()
                if join.credential is not None and g.credential == join.credential
            ),
            None,
        )
        if back is not None:  # a guest coming back after a drop: its seat, its chain
            del self.guests[back.peer]
            back.peer, back.connected = peer, True
            self.guests[peer] = back
            if back.gone and back.seat is not None and self.match is not None:
                back.gone, back.level = False, None  # its person takes the seat back
                self.match.set_control(back.seat, PERSON_ELSEWHERE)
            out: Outbox = [
                (peer, Joined(back.seat or 0, back.credential or "")),
                (peer, self.lobby()),
            ]
            pending = self.pending
            if pending is not None and pending.heads.get(back.computer, b"") is None:
                out.append((peer, Commit(pending.epoch, pending.chain.commitment)))
            if self.started and self.match is None and not self.moving:
                out.append((peer, Start()))  # the deal waits for shares: its own asked again
            return out + ([(peer, self.resync())] if self.match is not None else [])
        if self.started and not self.moving:
            return [(peer, JoinRefused("started"))]
        if join.seat not in self.remote or guest.only_seat not in (None, join.seat):
            return [(peer, JoinRefused("no_such_seat"))]
        holder = self.seat_guest(join.seat)
        if holder is not None and not holder.connected and holder.head is None:
            # its connection dropped before it committed to the dice: most likely before
            # its Joined (and credential) reached it, so it asks again: the seat is open
            del self.guests[holder.peer]
        elif holder is not None:
            return [(peer, JoinRefused("seat_taken"))]
        seats = self.lobby_game.seats
        taken = {s.name.casefold() for p, s in enumerate(seats) if p not in self.remote}
        taken |= {g.name.casefold() for g in self.guests.values() if g.name is not None}
        if join.name.casefold() in taken:
            return [(peer, JoinRefused("name_taken"))]
        guest.seat, guest.name = join.seat, join.name
        guest.credential = secrets.token_urlsafe(24)
        joined: Outbox = [(peer, Joined(join.seat, guest.credential)), (None, self.lobby())]
        if self.moving and self.pending is not None:  # its chain for the epoch to come
            self.pending.heads[guest.computer] = None
            joined.append((peer, Commit(self.pending.epoch, self.pending.chain.commitment)))
        return joined

    def _commit(self, guest: Guest, commit: Commit) -> Outbox:
        """A guest's commitment: to the first epoch in the lobby, or to the new one the
        computers still in the game draw with (``hand_to_bot``)."""
        pending = self.pending
        if not self.started and guest.seat is not None and commit.epoch == 0:
            guest.head = commit.head
            return []
        if self.moving and commit.epoch == 0:
            return []  # a new guest's first chain: the moved game's epoch is asked for
        if self.started and commit.epoch == 0 and commit.head == guest.head:
            return []  # back after a drop, it tells its commitment again: known already
        if pending is None or commit.epoch != pending.epoch or guest.computer not in pending.heads:
            return [(guest.peer, Refused(0, "not_now"))]
        pending.heads[guest.computer] = commit.head
        if self.moving or any(head is None for head in pending.heads.values()):
            return []  # (a moved game's epoch begins when its host starts it again)
        return self._new_epoch()

    def _new_epoch(self) -> Outbox:
        """Every commitment to the pending epoch is in: the dice go on with it."""
        pending = self.pending
        assert pending is not None
        dice = self.dice
        assert dice is not None
        computers = tuple(pending.heads)
        heads = tuple(head or b"" for head in pending.heads.values())
        epoch = dice.new_epoch(computers, heads, pending.reason, pending.chain.length)
        self.chain, self.pending = pending.chain, None
        if self.match is not None:
            self.match.tell(epoch_note(epoch))  # the host's log says it as the guests' do
        return [(None, self.resync())]

    def hand_to_bot(self, seat: int, level: str, reason: str = SEAT_TO_BOT) -> Outbox:
        """A gone person's seat played by a bot of ``level`` from now on (until the person
        is back), and the computers still in the game asked to commit anew: a roll can no
        longer wait on a computer that left, nor be drawn without the others."""
        match, dice = self.match, self.dice
        guest = self.seat_guest(seat)
        if match is None or dice is None or guest is None:
            raise ValueError(f"seat {seat} is not a guest's seat in a game under way")
        guest.gone, guest.level = True, level
        match.set_control(seat, bot_control(self.kind.make_bot(level, None)))
        return self._renew(reason)

    def _renew(self, reason: str) -> Outbox:
        """The computers still in the game (the host and every guest not gone) asked to
        commit to a new epoch of the dice."""
        dice = self.dice
        assert dice is not None
        staying = [g for g in self.guests.values() if g.seat is not None and not g.gone]
        chain = HashChain(length=self.chain.length)
        heads: dict[str, bytes | None] = {HOST: chain.commitment}
        heads.update({g.computer: None for g in staying})
        epoch = len(dice.epochs)
        self.pending = _NewEpoch(epoch, reason, chain, heads)
        if not staying:
            return self._commit(Guest("", HOST), Commit(epoch, chain.commitment))
        return [(g.peer, Commit(epoch, chain.commitment)) for g in staying if g.connected]

    def _leave(self, guest: Guest) -> Outbox:
        if self.moving and self.pending is not None:
            self.pending.heads.pop(guest.computer, None)
            del self.guests[guest.peer]
            return [(None, self.lobby())]
        if self.started:
            guest.connected = False  # its seat waits (or the host hands it to a bot)
            return []
        del self.guests[guest.peer]
        return [(None, self.lobby())]

    # ------------------------------------------------------------------ the start
    def start(self) -> Outbox:
        """Close the lobby: the dice's first epoch from every computer's commitment, and
        every computer's share of the deal asked for (``Start``)."""
        if self.moving:
            return self._start_moved()
        if self.started:
            raise ValueError("the game has started already")
        if not self.ready:
            raise ValueError("a remote seat is not taken yet")
        guests = sorted(
            (g for g in self.guests.values() if g.seat is not None), key=lambda g: g.computer
        )
        computers = (HOST, *(g.computer for g in guests))
        heads = (self.chain.commitment, *(g.head or b"" for g in guests))
        epoch = Epoch(computers, heads, DEAL, START, self.chain.length)
        self.dice = JointDice(self.kind, self.lobby_game.game_id, epoch)
        self.dice.reveal(HOST, DEAL, self.chain.reveal(epoch.reveal_number(DEAL)))
        return [(None, Start())]

    def _start_moved(self) -> Outbox:
        """A moved game's people are all back: every computer's new commitment begins the
        dice's next epoch, the match goes on here and everyone gets the whole game."""
        if not self.ready:
            raise ValueError("a remote seat is not taken yet")
        self.moving = False
        game = self.lobby_game
        self.match = Match(game, self.controls, chance=_HostShare(self), worker=self.worker)
        self.match.subscribe(self._follow)
        self._outbox = []
        return self._new_epoch()

    def _deal(self) -> Outbox:
        """Every share of the deal is in: the game dealt from it, the match begun, and the
        whole game to every guest."""
        dice = self.dice
        assert dice is not None
        dealt = dice.deal(self.lobby_game.state.setup)
        if dealt is None:
            return []
        seats = tuple(self._seat_names())
        game = self.kind.game_at(seats, self.kind.first_state(dealt), self.lobby_game.game_id)
        self.match = Match(game, self.controls, chance=_HostShare(self), worker=self.worker)
        self.match.subscribe(self._follow)
        self._outbox = []
        return [(None, self.resync())]

    def _seat_names(self) -> Iterable[Any]:
        for p, seat in enumerate(self.lobby_game.seats):
            guest = self.seat_guest(p)
            if guest is not None and guest.name is not None:
                yield type(seat)(guest.name)
            else:
                yield seat

    def resync(self) -> Resync:
        """The whole game so far, for a guest to rebuild it (and check every roll)."""
        match, dice = self.match, self.dice
        assert match is not None and dice is not None
        actions = tuple(match.state.history())
        proofs = encode_proofs(dice.proofs())
        return Resync(match.state.setup, actions, proofs, len(actions))

    # ------------------------------------------------------------------ play
    def _reveal(self, guest: Guest, reveal: Reveal) -> Outbox:
        dice = self.dice
        if dice is None or guest.seat is None:
            return [(guest.peer, Refused(0, "not_now"))]
        try:
            dice.reveal(guest.computer, reveal.draw, reveal.value)
        except DiceError as error:
            return [(guest.peer, Refused(reveal.draw, error.code, tuple(error.details.items())))]
        if self.match is None:
            return self._deal()
        return []

    def _act(self, guest: Guest, act: Act) -> Outbox:
        match = self.match
        peer = guest.peer
        if match is None or guest.seat is None:
            return [(peer, Refused(act.ply, "not_started"))]
        history = match.state.history()
        ply = len(history)
        if act.ply != ply and not (
            0 <= act.ply < ply and self.kind.unaffected_by(act.action, history[act.ply :])
        ):  # meant for another moment: refused, and the game as it is now sent
            return [(peer, Refused(act.ply, "stale")), (peer, self.resync())]
        refused = match.submit(guest.seat, act.action)
        if refused is not None:
            return [(peer, _refused(act.ply, refused))]
        return self.take_outbox()

    def _undo(self, guest: Guest, request: UndoRequest) -> Outbox:
        match = self.match
        peer = guest.peer
        if match is None or guest.seat is None:
            return [(peer, Refused(request.ply, "not_started"))]
        if request.ply != len(match.state.history()):
            return [(peer, Refused(request.ply, "stale")), (peer, self.resync())]
        refused = match.request_undo(guest.seat)
        if refused is not None:
            return [(peer, _refused(request.ply, refused))]
        return self.take_outbox()

    def _follow(self, event: Event) -> None:
        """What the match applied goes to every guest, numbered by its ply; an undo or a
        game replaced goes as the whole game."""
        if isinstance(event, Done):
            history = event.before.state.history()
            ply = len(history)
            if self.kind.is_chance_action(event.action) and self.dice is not None:
                # the roll's reveals first: each guest checks the roll as it lands
                draw = roll_draw(sum(1 for a in history if self.kind.is_chance_action(a)))
                self._outbox.append((None, Drawn(draw, self.dice.reveals(draw))))
            self._outbox.append((None, Applied(ply, event.action, event.actor)))
            if event.after.state.is_over() and self.dice is not None:
                # the whole game once more: every guest's save then holds every roll's proof
                history = tuple(event.after.state.history())
                proofs = encode_proofs(self.dice.proofs())
                self._outbox.append(
                    (None, Resync(event.after.state.setup, history, proofs, len(history)))
                )
        elif isinstance(event, (Undone, Reset)):
            self._outbox.append((None, self.resync()))

    def take_outbox(self) -> Outbox:
        """What the match did since the last look, to send to every guest."""
        out, self._outbox = self._outbox, []
        return out

    def reveal_due(self) -> None:
        """The host's own share of a roll the match waits for (the match asks for it by
        itself; a driver may call this to reveal it before the match looks)."""
        match = self.match
        if match is not None and match.state.is_chance_node():
            match.peek_chance()

    def pump(self) -> Outbox:
        """Headless: the match makes every move of its own it can (bots, forced actions,
        rolls whose shares are all in), then what it did goes to the guests. A table drives
        the match itself, at its own pace, and sends ``take_outbox``."""
        if self.match is None:
            return []
        self.match.run()
        return self.take_outbox()


@dataclass
class _NewEpoch:
    """The computers committing to a new epoch of the dice: its index, why, the host's new
    chain and each computer's commitment as it arrives."""

    epoch: int
    reason: str
    chain: HashChain
    heads: dict[str, bytes | None]


class _HostShare:
    """The host match's chance source: the joint dice, with the host's own share of a roll
    revealed as soon as the match asks for it (the guests reveal theirs as they see the
    game wait for the dice)."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    def value(self, game: Any, draw: int) -> Any | None:
        host, dice = self.host, self.host.dice
        assert dice is not None
        joint = roll_draw(draw)
        if HOST in dice.missing(joint) and dice.epoch.covers(joint):
            dice.reveal(HOST, joint, host.chain.reveal(dice.epoch.reveal_number(joint)))
        return dice.value(game, draw)


def _refused(ply: int, error: RulesError) -> Refused:
    return Refused(ply, error.code, tuple(sorted(error.details.items())))


__all__ = ["HOST", "GameHost", "Guest", "Outbox"]
