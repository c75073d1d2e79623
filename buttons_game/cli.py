"""Command line: ``buttons-game`` starts the game; ``simulate`` and ``tournament`` play
headless; ``review`` reviews a saved game's decisions; ``stats`` prints the statistics;
``verify`` checks every roll of a networked game's save.

Bad flags print a clear message and exit with code 2 (argparse's convention).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .arguments import (
    SaveNotFound,
    find_save,
    path_error,
    path_problem,
    player_count,
    positive_int,
    seed_number,
    whole_number,
)
from .core.kind import find_kind, kinds
from .core.seats import LEVELS
from .i18n import LANGUAGES
from .names import excerpt
from .netplay import add_net_commands, run_host_command, run_join_command
from .review import add_review_command, run_review_command
from .saves.command import add_verify_command, run_verify_command
from .settings import MAX_WINDOW, MIN_WINDOW, window_fits
from .stats.command import add_stats_command, run_stats_command
from .tournament import add_tournament_command, run_tournament_command

DEFAULT_BOT = "medium"


def game_ids() -> tuple[str, ...]:
    """The games ``--game`` and ``--tutorial`` may name: every registered kind."""
    return tuple(kind.id for kind in kinds())


def counts_text(counts: Sequence[int]) -> str:
    """(2, 3, 4) -> "2, 3 or 4"."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def tutorial_games() -> tuple[str, ...]:
    """The games that have a tutorial (the registry of the Learn to play screen)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.play.registry import tutorials

    return tuple(ui.id for ui in tutorials())


def kind_title(kind_id: str) -> str:
    kind = find_kind(kind_id)
    return kind.title if kind is not None else kind_id


def seat_list(text: str) -> tuple[str | None, ...]:
    """``human,bot,bot:hard`` -> (None, "medium", "hard")."""
    seats: list[str | None] = []
    for item in text.split(","):
        item = item.strip().lower()
        if item == "human":
            seats.append(None)
        elif item == "bot":
            seats.append(DEFAULT_BOT)
        elif item.startswith("bot:") and item[4:] in LEVELS:
            seats.append(item[4:])
        else:
            raise argparse.ArgumentTypeError(
                f"unknown seat {item!r}: use human, bot or bot:LEVEL "
                f"with LEVEL one of {', '.join(LEVELS)}"
            )
    every = sorted({n for kind in kinds() for n in kind.seat_counts})
    if len(seats) not in every:
        played = "; ".join(
            f"{k.title} is played by {counts_text(k.seat_counts)} seats" for k in kinds()
        )
        raise argparse.ArgumentTypeError(f"{played}, not {len(seats)}")
    return tuple(seats)


def window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}"
        ) from None
    if not window_fits(w, h):
        (min_w, min_h), (max_w, max_h) = MIN_WINDOW, MAX_WINDOW
        raise argparse.ArgumentTypeError(
            f"window size {w}x{h} is outside {min_w}x{min_h} ... {max_w}x{max_h}"
        )
    return w, h


def language(text: str) -> str:
    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(
            f"unknown language {text!r}: choose from {', '.join(LANGUAGES)}"
        )
    return text


def screenshot_folder_problem(folder: Path) -> str | None:
    """Why PNGs cannot be written into ``folder`` (made first if missing), or None if they can."""
    problem = path_problem(folder)
    if problem:
        return problem
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return "it exists and is not a folder"
    except OSError as error:
        return f"it cannot be created ({error.strerror or error})"
    except ValueError:  # a NUL character in the name
        return "it is not a valid folder name"
    if not folder.is_dir():
        return "it is not a folder"
    try:
        fd, probe = tempfile.mkstemp(prefix=".buttons-game-", suffix=".png", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return f"nothing can be written in it ({error.strerror or error})"
    return None


def without_terminal() -> bool:
    """Started with no terminal to say a problem in: a double-clicked executable."""
    stream = sys.stderr
    return stream is None or (bool(getattr(sys, "frozen", False)) and not stream.isatty())


def not_opened(parser: argparse.ArgumentParser, message: str) -> str:
    """What --load or --replay could not open: one line on stderr and exit code 2; with no
    terminal (a double-clicked app) the window opens on the menu and says it as well."""
    if not without_terminal():
        path_error(parser, message)
    if sys.stderr is not None:
        print(f"{parser.prog}: error: {message}", file=sys.stderr)
    return message


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="buttons-game",
        description="Buttons Game: the dice game BUTTONS and the tactical game Kopf oder Knopf, "
        "hot-seat and against bots. Without a command it opens the game.",
    )
    games = game_ids()
    parser.add_argument(
        "--game",
        choices=games,
        default=games[0],
        help="the game --seats starts: "
        + ", ".join(f"{k.id} ({k.title})" for k in kinds())
        + f"; default {games[0]}",
    )
    parser.add_argument(
        "--short", action="store_true", help="Kopf oder Knopf: the short game, 8 captures to win"
    )
    parser.add_argument(
        "--seats",
        type=seat_list,
        metavar="SEATS",
        help="start a game at once with these seats, e.g. human,bot,bot:hard (bot = bot:medium)",
    )
    parser.add_argument("--fast", action="store_true", help="no animations or bot delays")
    parser.add_argument(
        "--screenshots", type=Path, metavar="DIR", help="save a PNG of every new screen and phase"
    )
    parser.add_argument(
        "--quit-when-over", action="store_true", help="exit with code 0 when the game ends"
    )
    parser.add_argument(
        "--window",
        type=window_size,
        metavar="WxH",
        help="window size for this run only (the settings keep their own), e.g. 1280x720",
    )
    parser.add_argument(
        "--lang", type=language, metavar="CODE", help=f"language: {', '.join(LANGUAGES)}"
    )
    parser.add_argument("--seed", type=seed_number, help="seed for the deal, the dice and the bots")
    parser.add_argument(
        "--load",
        type=Path,
        metavar="SAVE",
        help="open a saved game: a file, or a save's name in the saves folder",
    )
    parser.add_argument(
        "--replay",
        type=Path,
        metavar="SAVE",
        help="watch a saved game again, action by action (a file, or a save's name)",
    )
    parser.add_argument(
        "--tutorial",
        choices=games,
        help=f"start a game's Learn to play tutorial at once ({' or '.join(games)})",
    )
    parser.add_argument(
        "--show-me", action="store_true", help="the tutorial plays itself, lesson after lesson"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = commands.add_parser(
        "simulate",
        help="play all-random games headless and print a summary",
        description="Play all-random games headless and print a summary.",
    )
    sim.add_argument("--players", type=player_count, default=4, help="2, 3 or 4 (default 4)")
    sim.add_argument("--games", type=positive_int, default=100, help="games to play (default 100)")
    sim.add_argument("--seed", type=whole_number, default=0, help="random seed (default 0)")
    add_tournament_command(commands)
    add_review_command(commands)
    add_stats_command(commands)
    add_net_commands(commands)
    add_verify_command(commands)
    return parser


def _value_options(parser: argparse.ArgumentParser) -> set[str]:
    """The options of ``parser`` and its commands that take exactly one value."""
    found: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                found |= _value_options(command)
        elif action.option_strings and action.nargs is None:
            found.update(action.option_strings)
    return found


def join_dash_values(argv: Sequence[str], parser: argparse.ArgumentParser) -> list[str]:
    """``--window -5x10`` becomes ``--window=-5x10``.

    argparse reads a value such as -5x10 as an unknown option and says "expected
    one argument"; joined, the option's own type names what is wrong with it.
    """
    options = _value_options(parser)
    result: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            result.extend(argv[i:])
            break
        value = argv[i + 1] if i + 1 < len(argv) else ""
        if arg in options and len(value) > 1 and value[0] == "-" and value[1] in "0123456789.":
            result.append(f"{arg}={value}")
            i += 2
        else:
            result.append(arg)
            i += 1
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(join_dash_values(argv, parser))
    if args.command == "simulate":
        from .progress import Progress
        from .simulate import run_simulation

        with Progress(args.games) as progress:  # on stderr, when it is a terminal
            summary = run_simulation(args.players, args.games, args.seed, progress)
        print(summary.report())
        return 0
    if args.command == "tournament":
        return run_tournament_command(args)
    if args.command == "review":
        try:
            args.save = find_save(args.save)
        except SaveNotFound as error:
            path_error(args.review_parser, f"cannot load the game: {error}")
        return run_review_command(args)
    if args.command == "stats":
        return run_stats_command(args)
    if args.command == "host":
        return run_host_command(args)
    if args.command == "join":
        return run_join_command(args)
    if args.command == "verify":
        return run_verify_command(args)
    if args.quit_when_over and not (args.seats or args.load or args.tutorial or args.replay):
        parser.error(
            "--quit-when-over needs --seats, --load, --tutorial or --replay "
            "(something that starts at once)"
        )
    if sum(1 for given in (args.seats, args.load, args.tutorial, args.replay) if given) > 1:
        parser.error(
            "--seats, --load, --tutorial and --replay each start something: give one of them"
        )
    if args.tutorial is not None and args.tutorial not in tutorial_games():
        title = kind_title(args.tutorial)
        parser.error(
            f"--tutorial {args.tutorial}: the {title} tutorial is not "
            f"available yet (there is one for: {', '.join(tutorial_games())})"
        )
    if args.show_me and not args.tutorial:
        parser.error(
            "--show-me plays a tutorial by itself: give --tutorial buttons or --tutorial kopf too"
        )
    kind = find_kind(args.game)
    assert kind is not None, "argparse allows registered games only"
    if args.seats and len(args.seats) not in kind.seat_counts:
        parser.error(
            f"{kind.title} is played by {counts_text(kind.seat_counts)} seats, "
            f"not {len(args.seats)}"
        )
    if args.short and "short" not in kind.options:
        short = [k for k in kinds() if "short" in k.options]
        parser.error(
            f"--short is the short game of {' or '.join(k.title for k in short)}: "
            f"give {' or '.join(f'--game {k.id}' for k in short)} too"
        )
    if args.screenshots is not None:
        problem = screenshot_folder_problem(args.screenshots)
        if problem:
            shown = excerpt(str(args.screenshots), 200, keep_end=True)
            path_error(parser, f"--screenshots {shown}: {problem}")
    problem = None  # said in the window too when there is no terminal
    loaded = None
    if args.load is not None:
        from .saves import SaveFileError, load_game

        try:
            loaded = load_game(find_save(args.load))
        except (SaveNotFound, SaveFileError) as error:
            problem = not_opened(parser, f"cannot load the game: {error}")
    watched = watched_network = None
    if args.replay is not None:
        from .saves import SaveFileError, read_save

        try:
            # only read: the file is never changed
            saved = read_save(find_save(args.replay))
            watched, watched_network = saved.game, saved.network
        except (SaveNotFound, SaveFileError) as error:
            problem = not_opened(parser, f"cannot replay the game: {error}")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.headless import AppOptions
    from .ui.launch import run_app

    options = AppOptions(
        seats=args.seats,
        fast=args.fast,
        screenshots=args.screenshots,
        quit_when_over=args.quit_when_over,
        window=args.window,
        language=args.lang,
        seed=args.seed,
        load=loaded,
        replay=watched,
        replay_network=watched_network,
        game=args.game,
        short=args.short,
        tutorial=args.tutorial,
        show_me=args.show_me,
        problem=problem,
        lan=True,
        internet=True,
    )
    code = run_app(options)
    return 2 if problem else code


if __name__ == "__main__":
    sys.exit(main())
