"""The ``host`` and ``join`` commands: a networked game played headless, its guests' people
played by bots (see ``net.headless``). Bad flags exit 2 with a clear message."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from pathlib import Path

from . import __version__
from .arguments import seed_number
from .core.kind import find_kind, kinds
from .core.seats import LEVELS, Seat

REMOTE = "remote"


def host_seats(text: str) -> tuple[str | None, ...]:
    """``bot:easy,remote`` -> ("easy", None): a bot's level, or None for a guest's seat."""
    seats: list[str | None] = []
    for item in text.split(","):
        item = item.strip().lower()
        if item == REMOTE:
            seats.append(None)
        elif item == "bot":
            seats.append("medium")
        elif item.startswith("bot:") and item[4:] in LEVELS:
            seats.append(item[4:])
        else:
            raise argparse.ArgumentTypeError(
                f"unknown seat {item!r}: use remote, bot or bot:LEVEL "
                f"with LEVEL one of {', '.join(LEVELS)}"
            )
    if None not in seats:
        raise argparse.ArgumentTypeError("a hosted game needs at least one remote seat")
    return tuple(seats)


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port lies between 0 and 65535, not {value}")
    return value


def ip_address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected an IP address such as 127.0.0.1, got {text!r}"
        ) from None


def join_code(text: str) -> str:
    if not any(c.isalnum() for c in text):
        raise argparse.ArgumentTypeError("a join code must hold a letter or a digit")
    return text


def bot_level(text: str) -> str:
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"unknown bot level {text!r}: choose from {', '.join(LEVELS)}"
        )
    return text


def wormhole_code(text: str) -> str:
    code = "-".join(text.strip().lower().split())
    head, _, words = code.partition("-")
    if not head.isdigit() or not words:
        raise argparse.ArgumentTypeError(
            f"a wormhole code is a number and words, such as 7-purple-sausages, not {text!r}"
        )
    return code


def server_url(text: str) -> str:
    from .net.internet import ServerAddressError, check_mailbox

    try:
        return check_mailbox(text)
    except ServerAddressError as error:
        raise argparse.ArgumentTypeError(f"the mailbox server: {error}") from None


def relay_address(text: str) -> str:
    from .net.internet import ServerAddressError, check_relay

    try:
        return check_relay(text)
    except ServerAddressError as error:
        raise argparse.ArgumentTypeError(f"the transit relay: {error}") from None


def add_wormhole_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mailbox", type=server_url, default=None, help="the wormhole mailbox server's URL"
    )
    parser.add_argument(
        "--relay", type=relay_address, default=None, help="the transit relay, host:port"
    )
    parser.add_argument(
        "--relay-only", action="store_true", help="never connect directly (tests, benchmarks)"
    )


def wormhole_servers(args: argparse.Namespace) -> object:
    from dataclasses import replace

    from .net.internet import Servers

    servers = Servers.chosen(args.mailbox or "", args.relay)
    return replace(servers, relay_only=True) if args.relay_only else servers


THROUGH = "stop after this round (BUTTONS) or turn (Kopf oder Knopf): tests cut games short"


def add_net_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``host`` and ``join`` to a CLI's subparsers."""
    games = tuple(kind.id for kind in kinds())
    host = subparsers.add_parser(
        "host",
        help="host a networked game headless (its bots here, guests in the remote seats)",
        description="Host a networked game with no window until it is over.",
    )
    host.add_argument("--game", dest="net_game", choices=games, default=games[0])
    host.add_argument(
        "--seats",
        dest="net_seats",
        type=host_seats,
        required=True,
        metavar="SEATS",
        help="e.g. bot:easy,remote,remote (remote = a guest's seat)",
    )
    host.add_argument("--short", dest="net_short", action="store_true")
    host.add_argument("--address", type=ip_address, default="127.0.0.1")
    host.add_argument("--port", type=port_number, required=True)
    host.add_argument("--code", type=join_code, required=True, help="the join code")
    add_wormhole_options(host)
    host.add_argument(
        "--wormhole",
        action="store_true",
        help="offer each remote seat a wormhole code too (play over the internet)",
    )
    host.add_argument(
        "--codes", type=Path, help="write the seats' wormhole codes here (JSON) as they change"
    )
    host.add_argument("--out", type=Path, help="write the finished game here (JSON)")
    host.add_argument("--seed", dest="net_seed", type=seed_number, help="the bots' seed")
    host.add_argument("--timeout", type=float, default=600.0, help="seconds (default 600)")
    host.add_argument("--report", type=Path, help="write what was measured here (JSON)")
    host.add_argument(
        "--state", type=Path, help="keep the game here; started again with it, go on hosting it"
    )
    host.add_argument("--through", type=int, default=None, help=THROUGH)
    host.set_defaults(net_parser=host)
    join = subparsers.add_parser(
        "join",
        help="join a networked game headless, a bot playing the seat",
        description="Join a hosted game with no window, a bot playing the seat.",
    )
    join.add_argument("--game", dest="net_game", choices=games, default=None)
    join.add_argument("--address", type=ip_address, default="127.0.0.1")
    join.add_argument("--port", type=port_number, default=None)
    join.add_argument("--code", type=join_code, default=None, help="the join code")
    join.add_argument(
        "--wormhole",
        type=wormhole_code,
        default=None,
        metavar="CODE",
        help="join by the host's wormhole code instead of its address (over the internet)",
    )
    add_wormhole_options(join)
    join.add_argument(
        "--seat", type=int, default=None, help="the seat, counted from 0 (a wormhole code names it)"
    )
    join.add_argument("--name", required=True)
    join.add_argument("--bot", type=bot_level, default="easy", help="the bot playing here")
    join.add_argument("--out", type=Path, help="write the finished game here (JSON)")
    join.add_argument("--state", type=Path, help="keep the seat's credential here")
    join.add_argument("--seed", dest="net_seed", type=seed_number, help="the bot's seed")
    join.add_argument("--timeout", type=float, default=600.0, help="seconds (default 600)")
    join.add_argument(
        "--think", type=float, default=0.0, help="seconds the bot waits before each action"
    )
    join.add_argument("--report", type=Path, help="write what was measured here (JSON)")
    join.add_argument(
        "--patience",
        type=float,
        default=None,
        help="seconds to wait for the host before giving up (default 30; a wormhole's 60)",
    )
    join.add_argument("--through", type=int, default=None, help=THROUGH)
    join.set_defaults(net_parser=join)


def run_host_command(args: argparse.Namespace) -> int:
    from .net.headless import NetPlayError, run_host, write_json

    parser: argparse.ArgumentParser = args.net_parser
    kind = find_kind(args.net_game)
    assert kind is not None
    told: dict[int, str] = {}  # the wormhole codes said so far
    levels: tuple[str | None, ...] = args.net_seats
    if len(levels) not in kind.seat_counts:
        parser.error(f"{kind.title} is played by {kind.seat_counts} seats, not {len(levels)}")
    if args.net_short and "short" not in kind.options:
        parser.error(f"--short: {kind.title} has no short game")
    seats = tuple(
        Seat(f"Seat {p + 1}" if level is None else f"Bot {p + 1}", level)
        for p, level in enumerate(levels)
    )
    options = {"short": True} if args.net_short else {}
    game = kind.new_game(seats, seed=args.net_seed, **options)
    remote = [p for p, level in enumerate(levels) if level is None]
    try:
        report = run_host(
            game,
            remote,
            args.code,
            args.port,
            address=args.address,
            out=args.out,
            seed=args.net_seed,
            timeout=args.timeout,
            app_version=__version__,
            state_file=args.state,
            on_listening=lambda port: print(f"listening on port {port}", file=sys.stderr),
            wormholes=wormhole_servers(args) if args.wormhole else None,
            on_codes=lambda codes: _tell_codes(codes, args.codes, told),
            through=args.through,
        )
    except (NetPlayError, OSError) as error:
        print(f"buttons-game host: {error}", file=sys.stderr)
        return 1
    if args.report is not None:
        write_json(args.report, report.as_json())
    return 0


def _tell_codes(codes: dict[int, str], path: Path | None, told: dict[int, str]) -> None:
    """The seats' wormhole codes: each new one on stderr (``told``: those said before), and
    all of them (JSON, seat → code) in ``path``."""
    for seat, code in sorted(codes.items()):
        if told.get(seat) != code:
            print(f"seat {seat}: wormhole code {code}", file=sys.stderr)
    told.clear()
    told.update(codes)
    if path is not None:
        from .net.headless import write_json

        write_json(path, {str(seat): code for seat, code in codes.items()})


def run_join_command(args: argparse.Namespace) -> int:
    from .net.headless import NetPlayError, run_guest, write_json

    kind = None if args.net_game is None else find_kind(args.net_game)  # None: the host's
    parser = args.net_parser
    if args.wormhole is None and (args.port is None or args.code is None or args.seat is None):
        parser.error("give --port, --code and --seat, or --wormhole CODE")
    if args.wormhole is not None and (args.port is not None or args.code is not None):
        parser.error("--wormhole CODE joins without --port and --code")
    if args.seat is not None and args.seat < 0:
        args.net_parser.error(f"--seat counts from 0, not {args.seat}")
    if args.patience is not None and not 0.1 <= args.patience <= 600:
        args.net_parser.error(f"--patience is 0.1 to 600 seconds, not {args.patience}")
    if not 0 <= args.think <= 60:
        args.net_parser.error(f"--think is 0 to 60 seconds, not {args.think}")
    try:
        report = run_guest(
            kind,
            args.address,
            args.port or 0,
            args.wormhole or args.code,
            args.seat,
            args.name,
            args.bot,
            out=args.out,
            state_file=args.state,
            seed=args.net_seed,
            timeout=args.timeout,
            think=args.think,
            wormholes=wormhole_servers(args) if args.wormhole else None,
            patience=args.patience,
            through=args.through,
        )
    except (NetPlayError, OSError, ValueError) as error:
        print(f"buttons-game join: {error}", file=sys.stderr)
        return 1
    if args.report is not None:
        write_json(args.report, report.as_json())
    return 0
