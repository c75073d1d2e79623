"""A guest's table plays on the host's match through a RemoteMatch: its person's intents go
to the host, what the host applied is shown with the same log as a local game, and a
refusal is said in the guest's own words."""

from __future__ import annotations

import random
from typing import Any

from buttons_game.games.kopf.engine import Move
from buttons_game.ui.games.buttons.session import TableSession
from buttons_game.ui.games.kopf.session import KopfSession

from ..net.test_host_guest import hosted


def test_a_guests_kopf_table_plays_a_whole_game_on_the_hosts_match(make_app):
    make_app()
    table = hosted("kopf", ("easy", None), short=True)
    guest = table.guests["peer-1"]
    session = KopfSession(guest.game, speed=lambda: 0.0, on_change=lambda game: None, match=guest)
    rng = random.Random(6)
    kind = table.kind
    for _ in range(2000):
        if guest.state.is_over():
            break
        if 1 in kind.deciders(guest.state):
            assert session.attempt(1, rng.choice(list(kind.legal_actions(guest.state, 1))))
        table.settle()
        session.update(0.05)
    host = table.host.match
    assert host is not None and host.state.is_over()
    assert session.game.state.history() == host.state.history()
    state = session.game.state
    assert session.model.log == list(kind.narrate_history(state.setup, state.history()))
    session.close()


def test_a_move_the_host_refuses_is_explained_at_the_guests_table(make_app):
    make_app()
    table = hosted("kopf", ("easy", None), short=True)
    guest = table.guests["peer-1"]
    session = KopfSession(guest.game, speed=lambda: 0.0, on_change=lambda game: None, match=guest)
    kind = table.kind
    for _ in range(50):
        if 1 in kind.deciders(guest.state):
            break
        table.settle()
    piece = sorted(guest.state.pieces(1))[0]
    far = Move(piece[0], piece[1], piece[0], piece[1])  # no move goes nowhere
    before = guest.state.history()
    assert session.attempt(1, far)  # sent: only the host decides
    table.settle()
    assert guest.state.history() == before
    assert session.model.passing is not None
    assert session.model.passing.key.startswith("kopf_reason.")
    session.close()


def test_a_guests_buttons_table_rolls_the_dice_every_computer_draws(make_app):
    make_app()
    table = hosted("buttons", ("easy", None, None))
    guests = table.guests
    sessions = {
        peer: TableSession(g.game, speed=lambda: 0.0, on_change=lambda game: None, match=g)
        for peer, g in guests.items()
    }
    rng = random.Random(8)
    kind = table.kind
    for _ in range(3000):
        host = table.host.match
        assert host is not None
        if len(host.state.history()) > 80 or host.state.is_over():
            break
        for peer, guest in guests.items():
            session = sessions[peer]
            if session.model.summary_due is not None:
                session.take_summary()
                session.summary_closed()
            seat = guest.seat
            if seat in kind.deciders(guest.state) and session.model.busted is None:
                session.attempt(seat, rng.choice(list(kind.legal_actions(guest.state, seat))))
        table.settle()
        for session in sessions.values():
            session.update(0.05)
    host = table.host.match
    assert host is not None and len(host.state.history()) > 40
    for peer in guests:
        session = sessions[peer]
        assert session.game.state.history() == host.state.history()
        state = session.game.state
        told = session.model.log + session.model.held  # lines held back for a summary
        assert told == list(kind.narrate_history(state.setup, state.history()))
        session.close()


def test_the_hosts_table_plays_its_own_seat_beside_a_guest(make_app):
    """The host's person plays at the host's table (a Match with a seat played from
    elsewhere); the guest's table follows; the dice come from both computers."""

    make_app()
    table, here = ann_hosts("Bo")
    host, guest = table.host, table.guests["bo"]
    kind = table.kind
    there = TableSession(guest.game, speed=lambda: 0.0, on_change=lambda g: None, match=guest)
    rng = random.Random(2)
    for _ in range(3000):
        if len(host.match.state.history()) > 60 or host.match.state.is_over():
            break
        for session, seat, state in ((here, 0, host.match.state), (there, 1, guest.state)):
            if session.model.summary_due is not None:
                session.take_summary()
                session.summary_closed()
            if seat in kind.deciders(state) and session.model.busted is None:
                session.attempt(seat, rng.choice(list(kind.legal_actions(state, seat))))
        here.update(0.05)
        table.route(host.take_outbox())
        table.settle()
        there.update(0.05)
    assert len(host.match.state.history()) > 30
    assert guest.state.history() == host.match.state.history() == here.game.state.history()
    here.close()
    there.close()


def test_the_dice_drawn_anew_are_said_in_every_tables_log(make_app):
    """Guest 2 leaves and a bot takes its seat: the computers still in the game draw the
    dice anew, and both the host's and guest 1's logs say so, also when guest 1's log is
    told anew from the whole game."""

    make_app()
    table, here = ann_hosts("Bo", "Cy")
    host, bo = table.host, table.guests["bo"]
    there = TableSession(bo.game, speed=lambda: 0.0, on_change=lambda g: None, match=bo)
    del table.guests["cy"]
    host.disconnect("cy")
    table.route(host.hand_to_bot(2, "easy"))
    table.settle()
    key = "net.epoch.seat_to_bot"
    assert [n.key for n in here.model.log].count(key) == 1
    assert [n.key for n in there.model.log].count(key) == 1
    assert [n.key for n in bo.history_notes()].count(key) == 1
    here.close()
    there.close()


def ann_hosts(*guests: str) -> tuple[Any, TableSession]:
    """A game of BUTTONS Ann hosts, playing seat 0 at her table, with ``guests`` joined
    from other computers (in memory) and the game dealt: the harness and Ann's table."""
    from buttons_game.core.control import PERSON_ELSEWHERE, PERSON_HERE
    from buttons_game.core.kind import find_kind
    from buttons_game.core.seats import Seat
    from buttons_game.net.guest import RemoteMatch
    from buttons_game.net.host import GameHost

    from ..net.test_host_guest import Table

    kind = find_kind("buttons")
    assert kind is not None
    game = kind.new_game((Seat("Ann"), *(Seat(name) for name in guests)), seed=3)
    seats = range(1, len(guests) + 1)
    host = GameHost(game, seats, controls=[PERSON_HERE, *(PERSON_ELSEWHERE for _ in guests)])
    remotes = {name.lower(): RemoteMatch(kind, p, name) for p, name in zip(seats, guests)}
    table = Table(host, remotes)
    for remote in remotes.values():
        remote.join()
    table.settle()
    table.route(host.start())
    table.settle()
    assert host.match is not None
    here = TableSession(host.match.game, speed=lambda: 0.0, on_change=lambda g: None,
                        match=host.match)  # fmt: skip
    return table, here
