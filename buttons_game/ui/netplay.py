"""A game played across computers, in the window: its link polled every frame (the app's
loop does it, also while the pause menu covers the table), the line that says who waits
for whom, and what the lobby and the Join screen share (a join code, this computer's
address, the table opened on the network's match).

The link is a ``net.links.HostLink`` (this computer hosts) or ``GuestLink`` (it joined);
leaving the table closes it (``PlayScreen.exit``).
"""

from __future__ import annotations

import queue
import random
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from buttons_game.core.control import ELSEWHERE
from buttons_game.core.kind import kind_of
from buttons_game.core.match import ELSEWHERE as STEP_ELSEWHERE
from buttons_game.i18n import t
from buttons_game.net.epoch import told_with_epochs
from buttons_game.net.links import GuestLink, HostLink
from buttons_game.saves.network import NetworkRecord, guest_record, host_record, save_key

from .notices import Notice

if TYPE_CHECKING:
    from .app import App
    from .screen import Host

DEFAULT_PORT = 47474
CODE_LETTERS = "ACDEFHJKLMNPRTUVWXY"  # no look-alikes (B/8, I/1, O/0, S/5, G/6, Q, Z/2)


def join_code(rng: random.Random | None = None) -> str:
    """A new join code: three groups of three letters, "KTF-RWA-MEX"."""
    pick = (rng or random.SystemRandom()).choice
    return "-".join("".join(pick(CODE_LETTERS) for _ in range(3)) for _ in range(3))


def this_address() -> str:
    """This computer's address on the local network (127.0.0.1 when it has none): the
    one a packet to another network would leave from (nothing is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only the route is looked up
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


TABLE_PATIENCE = 600.0  # seconds a guest's table keeps looking for a host that is gone


class NetPlay:
    """The link of the game this window plays across computers, and how it was reached
    (the host's address, port and join code: kept privately to take the game up again)."""

    def __init__(
        self, link: HostLink | GuestLink, *, code: str = "", port: int = 0, address: str = ""
    ) -> None:
        self.link = link
        self.shown: str | None = None  # the status line as last polled
        self.code, self.port, self.address = code, port, address
        self.wormhole = False  # a guest that came by a wormhole code (its code is spent)
        self._kept_mark: Any = None
        if isinstance(link, GuestLink):  # at the table a host restarting is waited for long
            client = link.client
            if hasattr(client, "patience"):
                client.patience = max(client.patience, TABLE_PATIENCE)

    def keep(self) -> Any:
        """What this computer keeps privately to take the game up again (``net.keep``), or
        None when there is nothing (yet)."""
        from buttons_game.net.keep import guest_keep, host_keep

        link = self.link
        if isinstance(link, GuestLink) and self.wormhole:
            if link.remote is None or link.remote.credential is None:
                return None
            return guest_keep(link.remote, "", 0, self.code, wormhole=True)
        if not self.code or not self.port:
            return None
        if isinstance(link, HostLink):
            return host_keep(link.host, self.code, self.port) if link.host.started else None
        if link.remote is None or link.remote.credential is None:
            return None
        return guest_keep(link.remote, self.address, self.port, self.code)

    def keep_changed(self, key: str, over: bool) -> None:
        """Keep (or, the game over, forget) what takes the game up again, when it changed."""
        from buttons_game.saves.network_keep import forget_keep, write_keep

        if over:
            forget_keep(key)
            return
        keep = self.keep()
        if keep is None or keep == self._kept_mark:
            return
        try:
            write_keep(key, keep)
        except OSError:
            return  # the save itself says the folder cannot be written
        self._kept_mark = keep

    @property
    def closed(self) -> bool:
        return self.link.closed

    def poll(self) -> bool:
        """The link's frames; True when anything happened, also when the status line
        changed with time alone (a guest gone a minute), so the window draws it."""
        changed = self.link.poll()
        text = self.status()
        if text != self.shown:
            self.shown, changed = text, True
        return changed

    def close(self) -> None:
        self.link.close()

    def match(self) -> Any:
        """The match the table plays: the host's ``Match`` or the guest's ``RemoteMatch``."""
        link = self.link
        return link.host.match if isinstance(link, HostLink) else link.remote

    def record(self) -> NetworkRecord:
        """This computer's part in the game, to save with it (ValueError before the deal)."""
        link = self.link
        if isinstance(link, HostLink):
            return host_record(link.host)
        if link.remote is None:
            raise ValueError("the game has not started: there is nothing networked to save")
        return guest_record(link.remote)

    def history_notes(self) -> list[Any]:
        """The game's whole move log as every computer tells it: with a line where the dice
        were drawn anew (the host moved, a computer left), which the table's own log, told
        from the actions alone, would miss."""
        link, match = self.link, self.match()
        if isinstance(link, GuestLink):
            return list(match.history_notes())
        dice = link.host.dice
        return told_with_epochs(match.kind, match.state, dice.epochs if dice is not None else ())

    def away(self) -> list[tuple[int, str]]:
        """At the host: the seats (and names) of guests gone long enough for a bot to take
        over; none at a guest."""
        link = self.link
        return link.away() if isinstance(link, HostLink) and self.match() is not None else []

    def host_gone(self) -> bool:
        """At a guest: its host has been gone a minute, or for good, and another person
        plays in the game: this computer may host the game on from its own copy."""
        link = self.link
        if not isinstance(link, GuestLink) or not link.host_gone() or link.remote is None:
            return False
        game, seat = link.remote.game, link.remote.seat
        return any(s.bot is None and p != seat for p, s in enumerate(game.seats))

    def host_on(self, app: Any) -> None:
        """Host the game on from this guest's copy: the link to the old host closed, a lobby
        where the others join with a new code (``GameHost.moved``)."""
        from buttons_game.net.host import GameHost

        from .screens.lobby import LobbyScreen

        link = self.link
        assert isinstance(link, GuestLink) and link.remote is not None
        remote = link.remote
        if remote.game is None or remote.proofs is None:
            return
        moved = GameHost.moved(remote.game, remote.proofs, here=[remote.seat], worker=True)
        self.close()
        app.show_menu()
        app.push(LobbyScreen(app, remote.game, sorted(moved.remote), gamehost=moved))

    def can_rejoin_by_code(self) -> bool:
        """At a guest that came by a wormhole code, while the host cannot be reached: the
        host may have started again, with a new code for this seat."""
        link = self.link
        return (
            isinstance(link, GuestLink)
            and self.wormhole
            and not link.connected
            and self.keep() is not None
        )

    def rejoin_by_code(self, app: Any) -> None:
        """Leave the wormhole that no longer reaches the host and ask for the new code: the
        Join screen takes the seat back with this computer's credential and its game."""
        from .netresume import Rejoin
        from .screens.join import JoinScreen

        link, keep = self.link, self.keep()
        if not isinstance(link, GuestLink) or link.remote is None or keep is None:
            return
        game, network = link.remote.game, self.record()
        self.close()
        app.show_menu()
        app.push(JoinScreen(app, rejoin=Rejoin(game, network, keep)))

    def hand_to_bot(self, seat: int) -> None:
        """At the host: a bot plays the gone guest's seat until the guest is back."""
        link = self.link
        if isinstance(link, HostLink):
            link.hand_to_bot(seat)

    def status(self) -> str | None:
        """Who waits for whom across the network, or a dropped connection (None: nothing)."""
        link, match = self.link, self.match()
        if isinstance(link, HostLink):
            away = self.away()
            if away:
                return t("net.ui.away_long", name=", ".join(name for _, name in away))
            new_codes = self.new_codes()
            if new_codes:
                return " · ".join(t("net.wh.gone_code", name=n, code=c) for n, c in new_codes)
            dropped = link.dropped()
            if dropped:
                return t("net.ui.reconnecting_guest", name=", ".join(dropped))
        elif self.host_gone():
            return t("net.ui.host_gone")
        elif link.error is not None:
            return t("net.ui.host_lost")
        elif not link.connected:  # a host started again gives a wormhole guest a new code
            return t("net.wh.reconnecting_host" if self.wormhole else "net.ui.reconnecting_host")
        if match is None or match.game is None:
            return None
        state = match.state
        if state.is_over():
            return None
        if isinstance(link, GuestLink):
            step = match.next_step()
            away = [step.seat] if step.kind == STEP_ELSEWHERE and step.seat is not None else []
            away = [p for p in away if match.control(p).how == ELSEWHERE]
        else:
            if state.is_chance_node():
                return None
            deciders = match.kind.deciders(state)
            away = [p for p in deciders if match.controls[p].how == ELSEWHERE]
        if not away:
            return None
        names = ", ".join(match.game.seats[p].name for p in away)
        return t("net.ui.waiting_for", name=names)

    def new_codes(self) -> list[tuple[str, str]]:
        """At the host: each gone guest's name and the wormhole code to give them (the
        code of its seat, when the host offers codes over the internet)."""
        link = self.link
        wormholes = getattr(getattr(link, "server", None), "wormholes", None)
        if not isinstance(link, HostLink) or wormholes is None:
            return []
        offers = wormholes.offers()
        found = []
        for guest in sorted(link.host.guests.values(), key=lambda g: g.seat or 0):
            offer = offers.get(guest.seat) if guest.seat is not None else None
            if guest.connected or guest.name is None or offer is None or not offer.code:
                continue
            if offer.state == "ready":
                found.append((guest.name, offer.code))
        return found

    def with_status(self, notices: list[Notice]) -> list[Notice]:
        """The window's notes and, newest, the status line (placed like a note: never over
        a table's boards)."""
        text = self.status()
        return notices if not text else [*notices, Notice(text, "accent", 0.0)]


class Announcing:
    """A lobby's announcement on the local network, on a thread of its own: registering
    waits on the network for a second or two, and the window never does. ``make`` builds
    the ``net.discovery.Announcer``; ``error`` says why it could not (None: it runs)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.error: str | None = None
        self._orders: queue.SimpleQueue[int | None] = queue.SimpleQueue()
        threading.Thread(target=self._run, args=(make,), name="announcer", daemon=True).start()

    def update(self, open_seats: int) -> None:
        self._orders.put(open_seats)

    def close(self) -> None:
        self._orders.put(None)

    def _run(self, make: Callable[[], Any]) -> None:
        try:
            announcer = make()
        except Exception as error:  # noqa: BLE001 — no multicast here: the address still works
            self.error = str(error) or type(error).__name__
            return
        try:
            while (order := self._orders.get()) is not None:
                announcer.update(order)
        finally:
            announcer.close()


def kept(host: Host) -> Callable[[Any], None]:
    """A networked table's autosave: each move kept with this computer's part in the game
    (host or guest) and under its own key, so a host and a guest on one laptop never share
    a save; nothing before the game is dealt."""

    def changed(game: Any) -> None:
        net = getattr(host, "net", None)
        if net is None:
            return
        try:
            record = net.record()
        except ValueError:
            return
        host.game_changed(game, network=record)
        net.keep_changed(save_key(game.game_id, record.computer), game.state.is_over())

    return changed


def open_table(app: App, net: NetPlay) -> None:
    """The table of the network's game over the main menu, its link polled by the app."""
    from .play.registry import ui_for

    match = net.match()
    game = match.game
    screen = ui_for(game).table(app, game, match=match)
    screen.game_title = kind_of(game).title
    screen.net = net  # type: ignore[attr-defined]
    session = getattr(screen, "session", None)
    if session is not None:  # the dice drawn anew before the table was open: said too
        session.model.log = net.history_notes()
    app.net = net
    app.show_menu()
    app.push(screen)
    # kept at once, not at the first move: a window closed before it takes up this game
    # (a guest that joined a moved game must not find its old, gone game newest)
    kept(app)(game)


__all__ = [
    "DEFAULT_PORT",
    "Announcing",
    "NetPlay",
    "join_code",
    "kept",
    "open_table",
    "this_address",
]
