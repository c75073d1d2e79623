"""A host and its guests, without sockets: every message through the wire's encoder and
decoder, the host's match the one authority, the dice drawn by every computer together."""

from __future__ import annotations

import random
from typing import Any

import pytest

from buttons_game.core.control import PERSON_ELSEWHERE, bot_control
from buttons_game.core.kind import find_kind
from buttons_game.core.seats import Seat
from buttons_game.net.guest import RemoteMatch
from buttons_game.net.host import GameHost
from buttons_game.net.messages import (
    Act,
    Applied,
    Commit,
    Join,
    Joined,
    JoinRefused,
    Refused,
    Resync,
)
from buttons_game.net.protocol import decode, encode
from buttons_game.net.secure import Channel, Handshake
from buttons_game.net.verify import verify


class Table:
    """A host and guests joined by frames: each message encoded, then decoded."""

    def __init__(
        self, host: GameHost, guests: dict[str, RemoteMatch], code: str | None = None
    ) -> None:
        """``code``: every frame sealed on a channel from the join code's handshake."""
        self.host = host
        self.guests = guests
        self.kind = host.kind
        self.sent: list[tuple[str | None, Any]] = []
        self.channels: dict[str, tuple[Channel, Channel]] = {}  # (host's end, guest's end)
        for peer in guests:
            if code is not None:
                host_side, guest_side = Handshake(code, "host"), Handshake(code, "guest")
                to_guest, to_host = host_side.start(), guest_side.start()
                self.channels[peer] = (host_side.finish(to_host), guest_side.finish(to_guest))
            host.connect(peer)

    def wire(self, message: Any, peer: str | None = None, to_host: bool = True) -> Any:
        frame = encode(message, self.kind)
        if peer in self.channels:
            host_end, guest_end = self.channels[peer]
            sender, receiver = (guest_end, host_end) if to_host else (host_end, guest_end)
            frame = receiver.open(sender.seal(frame))
        return decode(frame, self.kind)

    def route(self, out: list[tuple[str | None, Any]]) -> None:
        for peer, message in out:
            self.sent.append((peer, message))
            for target in self.guests if peer is None else (peer,):
                self.guests[target].receive(self.wire(message, target, to_host=False))

    def settle(self) -> None:
        """Deliver until nobody has anything more to say."""
        for _ in range(10_000):
            moved = False
            for peer, guest in self.guests.items():
                for message in guest.take():
                    moved = True
                    self.route(self.host.receive(peer, self.wire(message, peer)))
            out = self.host.pump()
            if out:
                moved = True
                self.route(out)
            if not moved:
                return
        raise AssertionError("the computers never fell quiet")


def hosted(
    kind_id: str,
    levels: tuple[str | None, ...],
    seed: int = 4,
    code: str | None = None,
    **options: Any,
) -> Table:
    """Seat 0 a bot at the host, the others guests; everyone joined and the game dealt."""
    kind = find_kind(kind_id)
    assert kind is not None
    seats = tuple(Seat(f"Seat {p + 1}", level) for p, level in enumerate(levels))
    game = kind.new_game(seats, seed=seed, **options)
    remote = [p for p, level in enumerate(levels) if level is None]
    controls = [
        PERSON_ELSEWHERE if level is None else bot_control(kind.make_bot(level, seed + p))
        for p, level in enumerate(levels)
    ]
    host = GameHost(game, remote, controls=controls)
    guests = {f"peer-{p}": RemoteMatch(kind, p, f"Guest {p}") for p in remote}
    table = Table(host, guests, code)
    for guest in guests.values():
        guest.join()
    table.settle()
    assert host.ready
    table.route(host.start())
    table.settle()
    assert host.match is not None
    return table


def play_out(table: Table, seed: int, limit: int = 5000) -> None:
    """Every guest plays a random legal action whenever its seat decides."""
    rng = random.Random(seed)
    kind = table.kind
    for _ in range(limit):
        match = table.host.match
        assert match is not None
        if match.state.is_over():
            return
        acted = False
        for guest in table.guests.values():
            state = guest.state
            if not state.is_over() and guest.seat in kind.deciders(state):
                guest.submit(guest.seat, rng.choice(list(kind.legal_actions(state, guest.seat))))
                acted = True
        table.settle()
        assert acted or match.state.is_over(), "nobody could move"
    raise AssertionError("the game never ended")


def same_everywhere(table: Table) -> None:
    match = table.host.match
    assert match is not None
    history = match.state.history()
    for guest in table.guests.values():
        assert guest.state.history() == history
        assert guest.state.setup == match.state.setup


def test_a_host_and_two_guests_play_a_whole_game_of_buttons_with_joint_dice() -> None:
    """Every frame sealed on the channel of the join code's handshake, too."""
    table = hosted("buttons", ("easy", None, None), code="tiger-42-plum")
    play_out(table, seed=1)
    same_everywhere(table)
    match, dice = table.host.match, table.host.dice
    assert match is not None and dice is not None and match.state.is_over()
    verdict = verify(table.kind, match.state.setup, match.state.history(), dice.proofs())
    assert verdict.verified, str(verdict)
    for guest in table.guests.values():
        assert guest.verified == "verified"  # the resync it got at the start checked out


def test_a_host_and_a_guest_play_a_whole_short_game_of_kopf_oder_knopf() -> None:
    table = hosted("kopf", ("easy", None), short=True)
    play_out(table, seed=2)
    same_everywhere(table)
    assert table.host.match is not None and table.host.match.state.is_over()


def test_the_deal_comes_from_every_computer_together() -> None:
    """The host's own seed does not deal: two hosted games of the same seed deal apart."""
    first = hosted("buttons", ("easy", None), seed=9)
    second = hosted("buttons", ("easy", None), seed=9)
    assert first.host.match is not None and second.host.match is not None
    assert first.host.match.state.setup.cards != second.host.match.state.setup.cards or (
        first.host.match.state.setup.seed != second.host.match.state.setup.seed
    )


def test_a_stale_action_is_refused_and_answered_with_the_whole_game() -> None:
    table = hosted("kopf", ("easy", None), short=True)
    guest = table.guests["peer-1"]
    for _ in range(50):
        if guest.seat in table.kind.deciders(guest.state):
            break
        table.settle()
    state = guest.state
    action = table.kind.legal_actions(state, 1)[0]
    stale = Act(len(state.history()) - 1, action)
    out = table.host.receive("peer-1", table.wire(stale))
    assert isinstance(out[0][1], Refused) and out[0][1].code == "stale"
    assert isinstance(out[1][1], Resync)
    before = table.host.match.state.history() if table.host.match else None
    table.route(out)
    assert table.host.match is not None and table.host.match.state.history() == before
    same_everywhere(table)


def test_a_guest_acts_only_for_its_own_seat() -> None:
    """Guest 1 sends a roll while guest 2 holds the dice: refused, nothing changes."""
    from buttons_game.games.buttons.engine import ROLL, Phase

    table = hosted("buttons", ("easy", None, None))
    rng = random.Random(3)
    match = table.host.match
    assert match is not None
    for _ in range(2000):
        state = match.state
        if state.phase is Phase.TURN and state.active_player == 2:
            break
        for guest in table.guests.values():
            if guest.seat in table.kind.deciders(guest.state):
                legal = list(table.kind.legal_actions(guest.state, guest.seat))
                guest.submit(guest.seat, rng.choice(legal))
        table.settle()
    else:
        raise AssertionError("seat 2 never held the dice")
    before = match.state.history()
    out = table.host.receive("peer-1", table.wire(Act(len(before), ROLL)))
    assert [(peer, type(m).__name__) for peer, m in out] == [("peer-1", "Refused")]
    assert out[0][1].code == "not_your_turn"
    assert match.state.history() == before


def test_a_seat_and_a_name_are_taken_once() -> None:
    kind = find_kind("kopf")
    assert kind is not None
    game = kind.new_game((Seat("Ann"), Seat("Bo", "easy")), short=True)
    host = GameHost(game, [0], controls=[PERSON_ELSEWHERE, bot_control(kind.make_bot("easy", 1))])
    first, second, third = (RemoteMatch(kind, 0, name) for name in ("Zoë", "Yann", "bo"))
    table = Table(host, {"a": first, "b": second, "c": third})
    first.join()
    table.settle()
    second.join()
    third.seat = 1
    third.join()
    table.settle()
    refusals = [m.code for peer, m in table.sent if isinstance(m, JoinRefused)]
    assert sorted(refusals) == ["no_such_seat", "seat_taken"]


def test_a_seat_whose_guest_dropped_before_its_joined_arrived_can_be_joined_again() -> None:
    """Under load a connection was cut after the host seated a guest and before its Joined
    (with the credential) arrived: the guest, with no credential, asked again and was
    refused "seat_taken" for good. Before it commits to the dice the seat is open again;
    after, it is its seat (it holds the credential)."""
    kind = find_kind("kopf")
    assert kind is not None
    game = kind.new_game((Seat("Ann"), Seat("Bo", "easy")), short=True)
    host = GameHost(game, [0], controls=[PERSON_ELSEWHERE, bot_control(kind.make_bot("easy", 1))])
    host.connect("first")
    joined = host.receive("first", Join(0, "Zoë"))
    assert isinstance(joined[0][1], Joined)
    host.disconnect("first")  # the Joined is lost with the connection
    host.connect("again")
    again = host.receive("again", Join(0, "Zoë"))
    assert isinstance(again[0][1], Joined) and again[0][0] == "again"
    assert [g.peer for g in host.guests.values() if g.seat == 0] == ["again"]

    host.receive("again", Commit(0, RemoteMatch(kind, 0, "Zoë").chain.commitment))
    assert host.guests["again"].head is not None
    host.disconnect("again")  # committed: the seat is its own now, kept for its credential
    host.connect("someone")
    assert host.receive("someone", Join(0, "Yann")) == [("someone", JoinRefused("seat_taken"))]


@pytest.mark.parametrize("heard_start", [False, True])
def test_a_guest_cut_off_as_the_game_starts_is_asked_for_its_share_of_the_deal_again(
    heard_start: bool,
) -> None:
    """Under load a connection was cut just after the host sent Start and before the guest's
    share of the deal reached it: back by its credential, the guest was told only Joined
    and the lobby, sent its commitment again, was refused "not_now", and the game never got
    dealt. Back now, it is asked for its share again (and gives it, even when the one it
    sent was lost on the way), its commitment told twice is no error, and the game is dealt
    the same everywhere."""
    kind = find_kind("kopf")
    assert kind is not None
    game = kind.new_game((Seat("Ann", "easy"), Seat("Bo")), seed=5, short=True)
    host = GameHost(game, [1], controls=[bot_control(kind.make_bot("easy", 1)), PERSON_ELSEWHERE])
    guest = RemoteMatch(kind, 1, "Bo")
    table = Table(host, {"first": guest})
    guest.join()
    table.settle()
    assert host.ready
    started = host.start()
    if heard_start:  # the guest hears Start, and its share is lost with the connection
        guest.receive(table.wire(started[0][1], "first", to_host=False))
        assert [type(m).__name__ for m in guest.take()] == ["Reveal"]
    host.disconnect("first")  # (or the Start itself is lost with it)
    assert host.match is None

    del table.guests["first"]
    table.guests["again"] = guest
    host.connect("again")
    guest.join()  # back after the drop: its seat by its credential
    table.settle()
    assert not [m for _, m in table.sent if isinstance(m, Refused)]
    assert host.match is not None and guest.game is not None
    assert guest.game.state.history() == host.match.state.history()
    assert guest.game.state.setup == host.match.state.setup


def test_a_guest_that_drops_comes_back_with_its_credential_and_gets_the_whole_game() -> None:
    table = hosted("kopf", ("easy", None), short=True)
    play_steps = 0
    guest = table.guests["peer-1"]
    rng = random.Random(5)
    while play_steps < 6 and not guest.state.is_over():
        if guest.seat in table.kind.deciders(guest.state):
            guest.submit(1, rng.choice(list(table.kind.legal_actions(guest.state, 1))))
            play_steps += 1
        table.settle()
    table.host.disconnect("peer-1")
    again = RemoteMatch(table.kind, 1, "Guest 1", chain=guest.chain)
    again._revealed = set(guest._revealed)
    table.guests = {"peer-9": again}
    table.host.connect("peer-9")
    again.join(guest.credential)
    table.settle()
    assert again.game is not None
    same_everywhere(table)


@pytest.mark.parametrize("bad", [b"\x00", b"{}", b'{"type": "act", "ply": -1, "action": 1}'])
def test_a_bad_frame_never_reaches_the_host(bad: bytes) -> None:
    from buttons_game.net.protocol import ProtocolError

    table = hosted("kopf", ("easy", None), short=True)
    with pytest.raises(ProtocolError):
        decode(bad, table.kind)
    same_everywhere(table)


def test_a_guest_follows_with_the_same_events_a_local_match_tells() -> None:
    from buttons_game.core.events import Applied as Done

    table = hosted("kopf", ("easy", None), short=True)
    guest = table.guests["peer-1"]
    told: list[Any] = []
    guest.subscribe(told.append)
    rng = random.Random(4)
    for _ in range(6):
        if guest.seat in table.kind.deciders(guest.state):
            guest.submit(1, rng.choice(list(table.kind.legal_actions(guest.state, 1))))
        table.settle()
    applied = [e for e in told if isinstance(e, Done)]
    assert applied and all(e.happened.notes for e in applied)
    assert [e.action for e in applied] == guest.state.history()[-len(applied) :]


def test_an_action_the_guests_rules_refuse_is_not_applied_and_the_whole_game_is_asked() -> None:
    from buttons_game.games.kopf.engine import PASS
    from buttons_game.net.messages import Applied, Join

    table = hosted("kopf", ("easy", None), short=True)
    guest = table.guests["peer-1"]
    before = guest.state.history()
    guest.receive(Applied(len(before), PASS, 0))  # passing is not legal at the start
    assert guest.state.history() == before
    assert any(isinstance(m, Join) for m in guest.take())


def test_buttons_placements_of_one_roll_are_taken_in_any_order_not_refused_as_stale() -> None:
    """Two guests owing a decision after the same roll both answer the same ply: the second
    is applied all the same (the rules take those decisions in any order), no resync."""
    from buttons_game.games.buttons.engine import Phase

    table = hosted("buttons", ("easy", None, None))
    rng = random.Random(11)
    kind = table.kind
    match = table.host.match
    assert match is not None
    both = None
    for _ in range(3000):
        state = match.state
        if state.phase is Phase.PLACING and {1, 2} <= set(state.pending_players):
            both = state
            break
        for guest in table.guests.values():
            if guest.seat in kind.deciders(guest.state):
                guest.submit(
                    guest.seat, rng.choice(list(kind.legal_actions(guest.state, guest.seat)))
                )
        table.settle()
    assert both is not None, "no roll left two guests to decide"
    ply = len(both.history())
    sent_before = len(table.sent)
    for guest in table.guests.values():
        guest.submit(guest.seat, kind.legal_actions(guest.state, guest.seat)[0])
    first, second = (table.guests[p].take() for p in ("peer-1", "peer-2"))
    assert first[0].ply == second[0].ply == ply
    table.route(table.host.receive("peer-1", table.wire(first[0], "peer-1")))
    answer = table.host.receive("peer-2", table.wire(second[0], "peer-2"))
    assert [type(m).__name__ for _, m in answer] == ["Applied"]
    table.route(answer)
    table.settle()
    after = [type(m).__name__ for _, m in table.sent[sent_before:]]
    assert "Resync" not in after and "Refused" not in after, after
    same_everywhere(table)


def test_only_decisions_of_other_seats_after_the_same_roll_leave_an_action_as_meant() -> None:
    from buttons_game.games.buttons.engine import ROLL, Dice, Place, PlaceStar, Skip

    buttons, kopf = find_kind("buttons"), find_kind("kopf")
    assert buttons is not None and kopf is not None
    mine = Place(1, 3, 4)
    assert buttons.unaffected_by(mine, [Place(2, 3, 4), Skip(0)])
    assert buttons.unaffected_by(Skip(1), [Place(0, 2, 2)])
    assert buttons.unaffected_by(PlaceStar(1, 2, 2), [PlaceStar(0, 1, 1)])
    assert not buttons.unaffected_by(mine, [Place(1, 3, 5)]), "its own seat decided since"
    assert not buttons.unaffected_by(mine, [Skip(2), ROLL]), "a roll since"
    assert not buttons.unaffected_by(mine, [Dice(3, 4, (1, 2))])
    assert not buttons.unaffected_by(mine, [PlaceStar(2, 1, 1)]), "another moment"
    assert not buttons.unaffected_by(ROLL, [])
    assert not kopf.unaffected_by(kopf.first_state(kopf.new_game(
        (Seat("A"), Seat("B")), short=True).state.setup).legal_actions()[0], [])  # fmt: skip


def test_a_guest_who_must_pass_waits_for_the_host_to_make_the_pass() -> None:
    """Kopf oder Knopf: a guest's seat with no move is passed by the host's match; the
    guest's match says so (a forced step it does not make itself) and sends nothing."""
    from buttons_game.core.match import FORCED
    from buttons_game.games.kopf.engine import PASS, new_game

    from ..games.kopf.helpers import board

    red = [(1, 1)]
    blue = [(1, 4), (4, 1), (4, 4), (7, 1), (7, 4), (10, 10), (10, 7), (7, 10), (4, 10)]
    stuck = new_game(board=board({(1, 1): 3}), pieces=(red, blue), to_move=0, target=14)
    kind = find_kind("kopf")
    assert kind is not None
    guest = RemoteMatch(kind, 0, "Ann")
    game = kind.game_class((Seat("Ann"), Seat("Bo", "easy")), stuck)
    guest.game = game
    step = guest.next_step()
    assert (step.kind, step.seat) == (FORCED, 0)
    assert not guest.advance() and guest.take() == []
    assert kind.forced_action(stuck, 0) == PASS


def test_a_gone_persons_seat_goes_to_a_bot_the_others_draw_anew_and_the_person_takes_it_back():
    """Guest 2 drops; the host hands its seat to a bot; host and guest 1 commit to new
    dice (a second epoch, its reason recorded); the game goes on, guest 2 comes back with
    its credential and plays its seat again; every roll verifies and all agree."""
    from buttons_game.net.epoch import SEAT_TO_BOT

    table = hosted("buttons", ("easy", None, None))
    rng = random.Random(21)
    kind = table.kind
    match = table.host.match
    assert match is not None

    def play(steps: int) -> None:
        for _ in range(steps):
            if match.state.is_over():
                return
            for guest in table.guests.values():
                if guest.seat in kind.deciders(guest.state):
                    legal = list(kind.legal_actions(guest.state, guest.seat))
                    guest.submit(guest.seat, rng.choice(legal))
            table.settle()

    play(15)
    gone = table.guests.pop("peer-2")
    table.host.disconnect("peer-2")
    table.route(table.host.hand_to_bot(2, "easy"))
    table.settle()
    dice = table.host.dice
    assert dice is not None and [e.reason for e in dice.epochs] == ["start", SEAT_TO_BOT]
    assert "guest-2" not in dice.epoch.computers
    assert not match.here(2) and match.control(2).is_bot
    played = len(match.state.history())
    play(15)
    assert len(match.state.history()) > played, "the game went on without guest 2"
    back = RemoteMatch(kind, 2, "Guest 2", chain=gone.chain)
    back.chains, back._revealed = dict(gone.chains), set(gone._revealed)
    table.guests["peer-7"] = back
    table.host.connect("peer-7")
    back.join(gone.credential)
    table.settle()
    assert match.control(2).is_person and back.game is not None
    play(4000)
    assert match.state.is_over()
    same_everywhere(table)
    verdict = verify(kind, match.state.setup, match.state.history(), dice.proofs())
    assert verdict.verified, str(verdict)


def test_a_guest_sees_each_bot_at_its_own_level() -> None:
    table = hosted("buttons", ("hard", None, None))
    for guest in table.guests.values():
        assert guest.game.seats[0].bot == "hard"
        assert guest.game.seats[guest.seat].bot is None


def _play_some(table: Table, rolls: int, seed: int) -> None:
    """Every guest plays at random until ``rolls`` dice have been rolled (no game over)."""
    rng = random.Random(seed)
    kind = table.kind
    match = table.host.match
    assert match is not None
    while sum(1 for a in match.state.history() if kind.is_chance_action(a)) < rolls:
        assert not match.state.is_over()
        for guest in table.guests.values():
            state = guest.state
            if guest.seat in kind.deciders(state):
                guest.submit(guest.seat, rng.choice(list(kind.legal_actions(state, guest.seat))))
        table.settle()


def test_a_guests_record_in_mid_game_verifies_every_roll_so_far() -> None:
    """Each roll's reveals come with it: a guest's save verifies up to the last roll, not only
    up to the last time it got the whole game."""
    table = hosted("buttons", ("easy", None, None), seed=6)
    _play_some(table, rolls=12, seed=3)
    kind = table.kind
    for guest in table.guests.values():
        assert guest.proofs is not None
        rolls = sum(1 for a in guest.state.history() if kind.is_chance_action(a))
        assert rolls >= 12 and len(guest.proofs.draws) == rolls + 1  # the deal and each roll
        verdict = verify(kind, guest.state.setup, guest.state.history(), guest.proofs)
        assert verdict.verified, str(verdict)
    assert not any(isinstance(m, Resync) for _, m in table.sent[-40:])  # no resync needed


def test_a_roll_that_is_not_the_joint_draws_outcome_is_caught_as_it_lands() -> None:
    """A host that rigs a roll (the right reveals, another outcome) is caught by every guest
    before the roll is shown."""
    table = hosted("buttons", ("easy", None), seed=8)
    guest = table.guests["peer-1"]
    kind = table.kind
    original = guest.receive
    rigged: list[tuple[Any, ...]] = []  # (the history before the rigged roll, its ply)

    def swap(message: Any) -> None:
        if isinstance(message, Applied) and kind.is_chance_action(message.action):
            others = [o for o, _ in guest.state.chance_outcomes() if o != message.action]
            rigged.append(tuple(guest.state.history()))
            message = Applied(message.ply, others[0], message.by)
        original(message)

    guest.receive = swap  # type: ignore[method-assign]
    rng = random.Random(2)
    with pytest.raises(ValueError, match="does not verify"):
        for _ in range(200):
            if guest.seat in kind.deciders(guest.state):
                guest.submit(guest.seat, rng.choice(list(kind.legal_actions(guest.state, 1))))
            table.settle()
    assert rigged and tuple(guest.state.history()) == rigged[-1]  # the roll was never shown
    assert guest.verified is not None and "roll" in guest.verified


def test_a_host_started_again_from_its_save_and_kept_state_plays_on_with_the_same_guests() -> None:
    """What the host keeps (through its file's JSON) and its save's game and proofs are
    enough to host the game on: the guests come back with their credentials, every roll
    under way is revealed again, and the game ends the same everywhere, verified."""
    from buttons_game.net.keep import HostKeep, decode_keep, encode_keep, host_keep
    from buttons_game.net.proofs import decode_proofs, encode_proofs

    table = hosted("buttons", ("easy", None, None), seed=5)
    _play_some(table, rolls=6, seed=4)
    old = table.host
    assert old.match is not None and old.dice is not None
    keep = decode_keep(encode_keep(host_keep(old, "tiger-42-plum", 47474)))
    proofs = decode_proofs(encode_proofs(old.dice.proofs()))
    state = old.match.state
    game = table.kind.replayed(old.match.game.seats, state.setup, state.history(), proofs.game_id)
    assert isinstance(keep, HostKeep)
    resumed = keep.resume(game, proofs)
    assert resumed.match is not None and not any(g.connected for g in resumed.guests.values())
    table.host = resumed
    for peer, guest in table.guests.items():
        resumed.connect(peer)
        guest.join()
    table.settle()
    assert all(g.connected for g in resumed.guests.values())
    play_out(table, seed=9)
    same_everywhere(table)
    dice = resumed.dice
    assert dice is not None and resumed.match.state.is_over()
    assert len(dice.epochs) == 1  # the same dice went on: nobody committed anew
    verdict = verify(
        table.kind, resumed.match.state.setup, resumed.match.state.history(), dice.proofs()
    )
    assert verdict.verified, str(verdict)


def test_a_host_resumed_with_another_secret_is_refused() -> None:
    from buttons_game.net.keep import host_keep

    table = hosted("kopf", ("easy", None), short=True)
    old = table.host
    assert old.match is not None and old.dice is not None
    keep = host_keep(old, "tiger-42-plum", 47474)
    with pytest.raises(ValueError, match="secret"):
        GameHost.resume(old.match.game, old.dice.proofs(), b"\1" * 32, [])
    assert keep.secret == old.chain.secret


def test_a_guest_hosts_the_game_on_when_its_host_is_gone_and_the_other_joins_it_anew() -> None:
    """The host never comes back: the guest at seat 1 hosts the game on from its own copy
    (its save's game and proofs), the guest at seat 2 joins it with a new code, every
    computer commits anew (the log says the game moved) and the game ends the same on
    both, every roll verified across the move."""
    from buttons_game.net.epoch import HOST_MOVED

    table = hosted("buttons", ("easy", None, None), seed=12)
    _play_some(table, rolls=5, seed=6)
    mover, other = table.guests["peer-1"], table.guests["peer-2"]
    assert mover.proofs is not None
    before = mover.state.history()
    moved = GameHost.moved(mover.game, mover.proofs, here=[1])
    assert moved.remote == frozenset({2}) and not moved.ready
    joiner = RemoteMatch(table.kind, 2, other.name)  # a fresh window's Join screen
    again = Table(moved, {"peer-9": joiner}, code="plum-7-tiger")
    joiner.join()
    again.settle()
    assert moved.ready and moved.match is None  # nothing moves before the host starts
    again.route(moved.start())
    again.settle()
    match = moved.match
    assert match is not None and match.state.history() == before
    assert joiner.state.history() == before
    rng = random.Random(8)
    kind = table.kind
    for _ in range(5000):
        if match.state.is_over():
            break
        for seat, state in ((1, match.state), (2, joiner.state)):
            if not state.is_over() and seat in kind.deciders(state):
                choice = rng.choice(list(kind.legal_actions(state, seat)))
                (match.submit if seat == 1 else joiner.submit)(seat, choice)
        again.settle()
    assert match.state.is_over() and joiner.state.history() == match.state.history()
    dice = moved.dice
    assert dice is not None and dice.epochs[-1].reason == HOST_MOVED
    verdict = verify(kind, match.state.setup, match.state.history(), dice.proofs())
    assert verdict.verified, str(verdict)
    assert joiner.proofs is not None and joiner.proofs.epochs[-1].reason == HOST_MOVED
    notes = [n.key for n in joiner.history_notes()]
    assert any("host_moved" in key for key in notes)


def test_a_game_with_no_other_person_is_not_hosted_on() -> None:
    """With the host gone and only bots left, there is no one to host for."""
    table = hosted("kopf", ("easy", None), short=True)
    guest = table.guests["peer-1"]
    assert guest.proofs is not None
    with pytest.raises(ValueError, match="remote seat"):
        GameHost.moved(guest.game, guest.proofs, here=[1])


def test_a_roll_under_way_when_the_host_stops_is_revealed_again_to_the_host_started_again() -> None:
    """The guests' shares of a roll were on their way when the host stopped: lost with the
    connection. Back at the host started again, each guest reveals its share once more,
    and the roll lands."""
    from buttons_game.net.keep import host_keep
    from buttons_game.net.messages import Reveal

    table = hosted("buttons", ("easy", None, None), seed=14)
    kind, host = table.kind, table.host
    match = host.match
    assert match is not None
    rng = random.Random(5)
    lost: list[Any] = []
    for _ in range(500):  # play until the guests' reveals of a roll are on their way
        for guest in table.guests.values():
            if guest.seat in kind.deciders(guest.state):
                guest.submit(
                    guest.seat, rng.choice(list(kind.legal_actions(guest.state, guest.seat)))
                )
        for peer, guest in table.guests.items():
            for message in guest.take():
                table.route(host.receive(peer, table.wire(message, peer)))
        table.route(host.pump())
        pending = {
            p: [m for m in g.outbox if isinstance(m, Reveal)] for p, g in table.guests.items()
        }
        if match.state.is_chance_node() and all(pending.values()):
            lost = [m for ms in pending.values() for m in ms]
            for guest in table.guests.values():
                guest.take()  # lost with the connection
            break
    assert lost, "no roll was ever waiting on the guests"
    history = match.state.history()
    assert host.dice is not None
    resumed = host_keep(host, "plum-7", 47474).resume(match.game, host.dice.proofs())
    table.host = resumed
    for peer, guest in table.guests.items():
        resumed.connect(peer)
        guest.join()
    table.settle()
    assert resumed.match is not None
    assert len(resumed.match.state.history()) > len(history)  # the roll landed
    play_out(table, seed=2)
    same_everywhere(table)
