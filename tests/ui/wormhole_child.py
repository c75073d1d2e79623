"""Run inside a network namespace by ``test_wormhole_real``: the app's lobby with real
wormholes on the namespace's own mailbox server; a wrong guess at seat 2's code, then a
guest by the new code. Prints what it saw as JSON."""

from __future__ import annotations

import json
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from buttons_game.core.kind import find_kind  # noqa: E402
from buttons_game.core.seats import Seat  # noqa: E402
from buttons_game.i18n import t  # noqa: E402
from buttons_game.net.internet import Servers, WormholeGuest  # noqa: E402
from buttons_game.net.links import GuestLink  # noqa: E402
from buttons_game.ui.app import App, AppOptions  # noqa: E402
from buttons_game.ui.screens.lobby import LobbyScreen  # noqa: E402


def until(app, condition, seconds: float, *polls) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        for poll in polls:
            poll()
        app.step(0.02)
        time.sleep(0.01)
    return bool(condition())


def main() -> None:
    app = App(AppOptions(internet=True, net_port=0, fast=True, window=(1280, 720)))
    game = find_kind("kopf").new_game((Seat("Ann"), Seat("Guest")), seed=3, short=True)
    lobby = LobbyScreen(app, game, [1])
    app.push(lobby)
    report: dict[str, object] = {}
    start = time.monotonic()
    ready = until(app, lambda: lobby.codes.code_line(1)[1] == t("net.wh.ready"), 15)
    report["code_seconds"] = round(time.monotonic() - start, 2)
    first = lobby.codes.offers[1].code if ready else None
    report["first"] = first
    wrong = WormholeGuest(Servers.chosen(), f"{first.split('-')[0]}-wrong-guess", patience=10)
    bad = GuestLink(wrong, None, None, "Eve")
    until(app, lambda: bad.error is not None, 20, bad.poll)
    report["wrong_error"] = bad.error
    until(app, lambda: lobby.message()[0] == t("net.wh.word_wrong_code", n=2), 20)
    report["host_says"] = lobby.message()[0]
    code = lobby.codes.offers[1].code
    report["second"] = code
    guest = GuestLink(WormholeGuest(Servers.chosen(), code, patience=20), None, None, "Bo")
    start = time.monotonic()
    until(app, lambda: lobby.start.is_enabled, 30, guest.poll)
    report["seat_seconds"] = round(time.monotonic() - start, 2)
    report["guest_seat"] = guest.seat
    report["seat_line"] = lobby.seat_lines()[1]
    report["route"] = lobby.codes.code_line(1)[1]
    guest.close()
    app.back()
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
