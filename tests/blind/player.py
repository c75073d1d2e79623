"""A blind player: it knows only what the game says and may only press keys.

``BlindPlayer`` is given two things and nothing else (by construction: this module imports
nothing of ``buttons_game``, and the player holds no app, screen, widget, model or state):

- ``listen()``: the announcements said since the last call, in order (time passes while it
  listens: the bots move, and each announcement is heard to its end);
- ``press(key, unicode)``: one key pressed and released (a pygame key code; ``unicode`` the
  character it types, "" for none).

It turns speech on with F12, finds its way through the menus by Tab (hearing each control's
announcement), Enter, Left / Right on drop-downs and typing, and plays by asking: L says its
legal moves (a count, a colon, the moves separated by semicolons, each naming the keys that
play it), it picks one with its own seeded random and plays it by those keys; where a move
is played with the arrows and Enter, it steers the board cursor by what the cursor says.
The words it looks for are in ``Words``, one set per language it plays in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

Listen = Callable[[], list[str]]
Press = Callable[[int, str], None]

COLUMN_LETTERS = "abcdefghij"  # Kopf oder Knopf's squares: "c7" is column 3, row 7 (row 1 on top)
# A counted list of moves: "3 moves: roll, key R; opt out, key O." (any language's words)
MOVES = re.compile(r"^(\d+) [^:]{1,20}: (.+)\.$")
KOPF_SQUARE = re.compile(r"\b([a-j])(10|[1-9])\b")


class DeadEnd(AssertionError):
    """The game left the player with nothing said, or no way to know what to press."""


@dataclass(frozen=True)
class Words:
    """What the player listens for in one language: the controls it looks for and the few
    words of the table that it must tell apart."""

    new_game: str  # the main menu's button
    play: str  # the choice of game's button, with {game}
    players: str  # the set-up's button of a number of players, with {n}
    seat_name: str  # a seat's name box, with {n}
    seat_player: str  # a seat's drop-down of who plays it, with {n}
    length: str  # Kopf oder Knopf's drop-down of the length of the game
    start: str
    random_bot: str
    easy_bot: str
    short_game: str
    row: str  # BUTTONS' cursor: "Row 3, column 4, ..."
    column: str
    scoring: str  # the round summary's title, with {n}
    new_round: str  # the opening of a round after the first, with {n}
    game_over: str  # the game-over screen's title begins so
    continue_words: tuple[str, ...]  # a summary's button on to the next round


WORDS = {
    "en": Words(
        new_game="New game",
        play="Play {game}",
        players="{n} players, button",
        seat_name="Seat {n}, Name",
        seat_player="Seat {n}, Player",
        length="Length of the game",
        start="Start",
        random_bot="Bot: random",
        easy_bot="Bot: easy",
        short_game="Short game: eight",
        row="Row",
        column="column",
        scoring="Round {n}: scoring",
        new_round="Round {n}: the cards pass on.",
        game_over="Game over",
        continue_words=("Next round", "Continue", "OK"),
    ),
    "de": Words(
        new_game="Neues Spiel",
        play="{game} spielen",
        players="{n} Spieler, Schalter",
        seat_name="Platz {n}, Name",
        seat_player="Platz {n}, Spielt",
        length="Spiellänge",
        start="Los geht's",
        random_bot="Bot: Zufall",
        easy_bot="Bot: leicht",
        short_game="Kurzes Spiel: acht",
        row="Reihe",
        column="Spalte",
        scoring="Runde {n}: Wertung",
        new_round="Runde {n}: Die Karten wandern weiter.",
        game_over="Spielende",
        continue_words=("Nächste Runde", "Weiter", "OK"),
    ),
}

# The keys a move names: a letter or a digit (its character is what the key types).
ARROWS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}
TAB_LIMIT = 40  # Tab presses round a screen before the control looked for counts as missing
WAIT_LIMIT = 12  # listens with nothing new before the player calls it a dead end


def parse_moves(answer: str) -> list[str] | None:
    """The moves of a spoken list ("3 moves: a; b; c."), checked against its count; None
    when ``answer`` is not such a list."""
    found = MOVES.match(answer.strip())
    if found is None:
        return None
    items = [item.strip() for item in found.group(2).split(";")]
    if len(items) != int(found.group(1)):
        raise DeadEnd(f"the list says {found.group(1)} moves and names {len(items)}: {answer!r}")
    return items


def key_of(item: str) -> tuple[int, str] | None:
    """The key a move names last ("row 3, column 2, key 2": the 2 key), or None when it is
    played with the arrows and Enter."""
    last = item.split()[-1]
    if len(last) != 1 or not last.isalnum():
        return None
    char = last.lower()
    return pygame.key.key_code(char), char


def kopf_squares(text: str) -> list[tuple[int, int]]:
    """The squares a sentence names, as (row, column)."""
    return [(int(num), COLUMN_LETTERS.index(col) + 1) for col, num in KOPF_SQUARE.findall(text)]


class BlindPlayer:
    """Plays from the main menu by ear (see the module's docstring)."""

    def __init__(self, listen: Listen, press: Press, rng: random.Random, words: Words) -> None:
        self._listen = listen
        self._press = press
        self.rng = rng
        self.words = words
        self.heard: list[str] = []  # everything heard, in order (for the test's asserts)
        self.moves_played = 0

    # ------------------------------------------------------------------ ears and hands
    def listen(self) -> list[str]:
        new = self._listen()
        self.heard += new
        return new

    def press(self, key: int, unicode: str = "") -> list[str]:
        """Press ``key`` and return what was said after it."""
        self._press(key, unicode)
        return self.listen()

    # ------------------------------------------------------------------ menus
    def speech_on(self) -> None:
        said = self.press(pygame.K_F12)
        if not said:
            raise DeadEnd("F12 said nothing")

    def tab_to(self, name: str) -> str:
        """Tab until the focused control's announcement begins with ``name``; returns it."""
        for _ in range(TAB_LIMIT):
            for said in self.press(pygame.K_TAB):
                if said.startswith(name):
                    return said
        raise DeadEnd(f"no control {name!r} heard by Tab; heard last {self.heard[-5:]!r}")

    def choose(self, name: str, value: str) -> None:
        """Tab to the drop-down ``name`` and turn it with Right until it says ``value``."""
        if self.tab_to(name).endswith(f", {value}"):
            return
        for _ in range(12):
            if value in self.press(pygame.K_RIGHT):
                return
        raise DeadEnd(f"the drop-down {name!r} never said {value!r}")

    def type_name(self, box: str, name: str) -> None:
        """Tab to the name box ``box``, clear what it holds (as many Backspaces as the
        characters heard) and type ``name``."""
        said = self.tab_to(box)
        held = said.rsplit(", ", 1)[-1]
        self.press(pygame.K_END)
        for _ in held:
            self.press(pygame.K_BACKSPACE)
        for char in name:
            self.press(pygame.key.key_code(char.lower()), char)

    def enter(self, name: str) -> list[str]:
        self.tab_to(name)
        return self.press(pygame.K_RETURN)

    def new_buttons_game(self, me: str) -> None:
        """New game, BUTTONS, three players: me and two random bots, Start."""
        w = self.words
        self.enter(w.new_game)
        self.enter(w.play.format(game="BUTTONS"))
        self.enter(w.players.format(n=3))
        self.type_name(w.seat_name.format(n=1), me)
        self.choose(w.seat_player.format(n=2), w.random_bot)
        self.choose(w.seat_player.format(n=3), w.random_bot)
        self.enter(w.start)

    def new_kopf_game(self, me: str) -> None:
        """New game, Kopf oder Knopf, me against the easy bot, the short game, Start."""
        w = self.words
        self.enter(w.new_game)
        self.enter(w.play.format(game="Kopf oder Knopf"))
        self.type_name(w.seat_name.format(n=1), me)
        self.choose(w.seat_player.format(n=2), w.easy_bot)
        self.choose(w.length, w.short_game)
        self.enter(w.start)

    # ------------------------------------------------------------------ the table
    def legal_moves(self) -> list[str] | None:
        """Ask (L) and parse the spoken list; None when the answer is no list (not my turn,
        the game is over, or no table is in front of the player)."""
        for said in reversed(self.press(pygame.K_l)):
            moves = parse_moves(said)
            if moves is not None:
                return moves
        return None

    def play(self, until: Callable[[Sequence[str]], bool], most: int = 2000) -> None:
        """Play by ear until ``until(everything heard)`` holds: ask for the legal moves and
        play one; when there are none, go on from a screen between rounds, or wait."""
        quiet = 0
        for _ in range(most):
            if until(self.heard):
                return
            moves = self.legal_moves()
            if moves:
                quiet = 0
                move = self.rng.choice(moves)
                if not self.play_move(move):
                    raise DeadEnd(f"{move!r} played and nothing said")
                self.moves_played += 1
                continue
            if self.leave_interlude():
                quiet = 0
                continue
            quiet = 0 if self.listen() else quiet + 1
            if quiet > WAIT_LIMIT:
                raise DeadEnd(f"nothing to do and nothing said; heard last {self.heard[-6:]!r}")
        raise AssertionError(f"not done after {most} turns; heard last {self.heard[-6:]!r}")

    def leave_interlude(self) -> bool:
        """A screen between rounds (the scoring): Tab to its button on and press it."""
        for said in self.press(pygame.K_TAB):
            if said.startswith(self.words.continue_words):
                self.press(pygame.K_RETURN)
                return True
        return False

    def play_move(self, item: str) -> list[str]:
        """Play a move as it was said: by the key it names last, else by the squares it
        names (Kopf oder Knopf: the piece, then where it goes), else at the space it names
        (BUTTONS: "star on row 4, column 3, arrows and Enter"). Returns what was said
        after the last key."""
        key = key_of(item)
        if key is not None:
            return self.press(*key)
        squares = kopf_squares(item)
        if squares:
            said: list[str] = []
            for square in squares:
                self.steer(square, kopf_squares)
                said = self.press(pygame.K_RETURN)
            return said
        numbers = [int(n) for n in re.findall(r"\d+", item)]
        if len(numbers) != 2:
            raise DeadEnd(f"a move that names no key, square or space: {item!r}")
        self.steer((numbers[0], numbers[1]), self.buttons_space)
        return self.press(pygame.K_RETURN)

    def buttons_space(self, text: str) -> list[tuple[int, int]]:
        """BUTTONS' cursor: "Row 3, column 4, ..." as (3, 4)."""
        w = self.words
        found = re.match(rf"{w.row} (\d+), {w.column} (\d+),", text)
        return [(int(found.group(1)), int(found.group(2)))] if found else []

    def steer(self, target: tuple[int, int], read: Callable[[str], list[tuple[int, int]]]) -> None:
        """Move the board cursor to ``target`` by the square it says at each step (the first
        arrow puts it on the board where it is not yet)."""
        at = None
        said = self.press(pygame.K_UP)
        for _ in range(40):
            spots = [spot[0] for text in said if (spot := read(text))]
            if spots:
                at = spots[-1]
            if at is None:
                raise DeadEnd(f"the cursor said no square: {said!r}")
            if at == target:
                return
            row, col = at
            if row != target[0]:
                said = self.press(ARROWS["down" if target[0] > row else "up"])
            else:
                said = self.press(ARROWS["right" if target[1] > col else "left"])
        raise DeadEnd(f"the cursor never reached {target}")


__all__ = ["WORDS", "BlindPlayer", "DeadEnd", "Words", "key_of", "kopf_squares", "parse_moves"]
