"""Continue (or Load) on a networked game takes it up again across computers, as it was:

- at the host, its game is hosted again on the same port with the same join code (kept
  privately by ``saves.network_keep``), the dice go on from the save's proofs, and the
  guests, who keep trying, come back by themselves and take their seats again;
- at a guest, the table opens on the saved game at once, saying it is reconnecting, and
  the guest rejoins its host with its seat's credential: the host's whole game follows.

A game played over the internet goes on the same way with new wormhole codes: the host's
table offers a new code for each seat whose guest is not back (its wormholes are new), and
a guest that came by a code opens the Join screen ready to take its seat again: it asks
only for the new code the host gives.

Without what was kept (a save copied from another computer) the game goes on at this
table alone, as it says; a port now busy or a kept file that cannot be read is said in the
window, and nothing is opened in its place (the game is not forked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from buttons_game import __version__
from buttons_game.core.kind import kind_of
from buttons_game.i18n import t
from buttons_game.net.keep import GuestKeep, HostKeep
from buttons_game.net.links import GuestLink, HostLink, Routes
from buttons_game.net.messages import Lobby, LobbySeat
from buttons_game.net.transport import GuestClient, HostServer
from buttons_game.saves.network import GUEST, HOST, NetworkRecord, save_key
from buttons_game.saves.network_keep import read_keep

from .netplay import TABLE_PATIENCE, NetPlay, open_table

if TYPE_CHECKING:
    from .app import App

ALONE, OPENED, REFUSED = "alone", "opened", "refused"


def open_saved(app: Any, game: Any, network: NetworkRecord | None = None) -> None:
    """Open a saved game: a networked one across computers again when this computer kept
    what reaches the others, else at this table alone (and it says so)."""
    if network is not None and resume_networked(app, game, network) != ALONE:
        return
    app.open_game(game)
    if network is not None and not game.state.is_over():
        app.notify(t("saves.networked_here"), "accent")


def resume_networked(app: App, game: Any, network: NetworkRecord) -> str:
    """Take the networked ``game`` up again across computers: OPENED (its table is open),
    REFUSED (why is said in the window; nothing opened) or ALONE (nothing kept here to
    reach the others: the caller opens it at this table alone)."""
    if game.state.is_over():
        return ALONE
    key = save_key(game.game_id, network.computer)
    try:
        keep = read_keep(key)
    except ValueError as error:
        app.notify(t("net.ui.keep_unreadable", reason=str(error)), "bad")
        return ALONE
    if network.role == HOST and isinstance(keep, HostKeep):
        return _host_again(app, game, network, keep)
    if network.role == GUEST and isinstance(keep, GuestKeep):
        return _rejoin(app, game, network, keep)
    return ALONE


def _host_again(app: App, game: Any, network: NetworkRecord, keep: HostKeep) -> str:
    try:
        gamehost = keep.resume(game, network.proofs, worker=True)
    except ValueError as error:
        app.notify(t("net.ui.keep_unreadable", reason=str(error)), "bad")
        return ALONE
    listen = "0.0.0.0" if getattr(app.options, "lan", False) else "127.0.0.1"
    try:
        server = HostServer(listen, keep.port, keep.code)
    except OSError:
        if gamehost.match is not None:
            gamehost.match.close()
        app.notify(t("net.ui.port_busy_again", port=keep.port), "bad")
        return REFUSED
    from .screens.lobby_codes import make_wormholes

    wormholes = make_wormholes(app, gamehost, kind_of(game).id)
    link = HostLink(gamehost, Routes(server, wormholes), app_version=__version__)
    open_table(app, NetPlay(link, code=keep.code, port=keep.port))
    again = "net.ui.hosting_again" if wormholes is None else "net.wh.hosting_again"
    app.notify(t(again, port=keep.port, code=keep.code), "accent")
    return OPENED


class Rejoin:
    """A guest's saved wormhole game waiting for the host's new code: the Join screen asks
    for it and then follows the saved game with the kept seat and credential."""

    def __init__(self, game: Any, network: NetworkRecord, keep: GuestKeep) -> None:
        self.game, self.network, self.keep = game, network, keep
        self.seat, self.name = keep.seat, keep.name

    def link(self, client: Any) -> GuestLink:
        kind = kind_of(self.game)
        remote = self.keep.remote(kind)
        remote.game, remote.proofs = self.game, self.network.proofs
        remote.lobby = _lobby(self.game)
        link = GuestLink(client, kind, self.keep.seat, self.keep.name, chain=remote.chain)
        link.rejoin(remote)
        return link


def _rejoin(app: App, game: Any, network: NetworkRecord, keep: GuestKeep) -> str:
    if keep.wormhole:
        from .screens.join import JoinScreen

        app.show_menu()
        app.push(JoinScreen(app, rejoin=Rejoin(game, network, keep)))
        return OPENED
    kind = kind_of(game)
    remote = keep.remote(kind)
    remote.game, remote.proofs = game, network.proofs
    remote.lobby = _lobby(game)
    try:
        client = GuestClient(keep.address, keep.port, keep.code, patience=TABLE_PATIENCE)
    except (OSError, ValueError) as error:
        app.notify(t("net.ui.error_ended", reason=str(error)), "bad")
        return REFUSED
    link = GuestLink(client, kind, keep.seat, keep.name, chain=remote.chain)
    link.rejoin(remote)
    open_table(app, NetPlay(link, code=keep.code, port=keep.port, address=keep.address))
    return OPENED


def _lobby(game: Any) -> Lobby:
    """The seats as this guest saw them (the host's lobby replaces it once it is back)."""
    return Lobby(
        tuple(
            LobbySeat("bot", s.name, s.bot) if s.bot is not None else LobbySeat("guest", s.name)
            for s in game.seats
        )
    )


__all__ = ["ALONE", "OPENED", "REFUSED", "Rejoin", "open_saved", "resume_networked"]
