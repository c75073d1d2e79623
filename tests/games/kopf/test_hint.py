"""Kopf oder Knopf hints say only what is true: each piece they call out of danger cannot be
taken at the start of the opponent's turn, each they say stays in danger can, each they
say cannot be saved can be taken after every move, and each threat they name is real."""

from __future__ import annotations

import random

from buttons_game.games.kopf.bots import make_bot
from buttons_game.games.kopf.bots.hint import HintClaims, explain
from buttons_game.games.kopf.engine import KopfState, Move, new_game
from buttons_game.games.kopf.engine.state import threats
from buttons_game.i18n import LANGUAGES, install, set_language
from buttons_game.ui.games.kopf.view import hint_words

from .helpers import position


def taken_next(state: KopfState, move: Move) -> set[tuple[int, int]]:
    """The mover's pieces (where they stand after ``move``) the opponent can take at the
    start of its turn, over every choice of what it punishes first: the rules played out
    through the checked ``apply``."""
    me = state.to_move
    start, end = (move.from_row, move.from_col), (move.to_row, move.to_col)
    mine = (state.pieces(me) - {start}) | {end}
    taken: set[tuple[int, int]] = set()
    stack = [state.apply(move)]
    while stack:
        s = stack.pop()
        if s.punishing and not s.is_over():
            stack.extend(s.apply(a) for a in s.legal_actions())
        else:
            taken |= mine - s.pieces(me)
    return taken


def moved(move: Move, square: tuple[int, int]) -> tuple[int, int]:
    return (move.to_row, move.to_col) if square == (move.from_row, move.from_col) else square


def check_claims(state: KopfState, move: Move, claims: HintClaims) -> None:
    me = state.to_move
    taken = taken_next(state, move)
    for square in claims.saves:
        assert square in state.pieces(me)
        assert moved(move, square) not in taken, (state, move, square, "said saved")
    for square in claims.stays | claims.lost:
        assert moved(move, square) in taken, (state, move, square, "said in danger")
    for square in claims.lost:
        for other in state.legal_actions():
            if isinstance(other, Move):
                assert moved(other, square) in taken_next(state, other), (state, other, square)
    if claims.safe:
        assert not taken, (state, move, taken)
    if claims.threatens:
        start, end = (move.from_row, move.from_col), (move.to_row, move.to_col)
        mine = (state.pieces(me) - {start}) | {end}
        sides = (mine, state.pieces(1 - me)) if me == 0 else (state.pieces(1 - me), mine)
        assert claims.threatens <= state.pieces(1 - me)
        assert claims.threatens <= threats(state.setup.board, sides, me)


def test_a_move_that_saves_one_of_two_pieces_says_the_other_stays_in_danger():
    """Red's pair d5-e5 (one hole each, reach 2) threatens blue c5... and h5 both ways:
    moving c5 away saves c5 only, and the hint says h5 stays in danger, never that it is
    out of it (the play-test's "takes b6, h6 out of danger" when h6 was struck at once)."""
    state = position([(5, 5), (5, 6)], [(5, 3), (5, 8)], to_move=1)
    assert state.threatened(1) == {(5, 3), (5, 8)}
    move = Move(5, 3, 4, 3)
    hint = explain(state, move)
    assert hint.why == "save"
    assert hint.claims.saves == {(5, 3)} and hint.claims.stays == {(5, 8)}
    check_claims(state, move, hint.claims)
    install("en")
    assert hint_words(hint) == "Hint: c5–c4 takes c5 out of danger. h5 stays in danger."
    for language in LANGUAGES:  # every language says both, in its own words
        set_language(language)
        words = hint_words(hint)
        assert "c5" in words and "h5" in words and "kopf_hint" not in words, words
    set_language("en")


def test_random_positions_every_claim_of_the_hint_is_true():
    """A few hundred positions from random and easy bots' games, several seeds: the claims
    of the hint for the easy bot's move and for a random move are checked against the
    rules played out. The sample holds every kind of claim."""
    seen: set[str] = set()
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        bots = (make_bot("easy", seed), make_bot("random", seed + 100))
        state = new_game()
        while not state.is_over() and len(state.history()) < 90:
            if not state.punishing:
                moves = [a for a in state.legal_actions() if isinstance(a, Move)]
                if moves:
                    for move in {bots[0].choose(state), rng.choice(moves)}:
                        if not isinstance(move, Move):
                            continue
                        hint = explain(state, move)
                        check_claims(state, move, hint.claims)
                        checked += 1
                        seen |= {k for k in ("saves", "stays", "lost", "threatens")
                                 if getattr(hint.claims, k)}  # fmt: skip
                        seen |= {"safe"} if hint.claims.safe else set()
            state = state.apply(bots[state.to_move].choose(state))
    assert checked >= 250
    assert seen == {"saves", "stays", "lost", "threatens", "safe"}, seen
