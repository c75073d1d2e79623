"""Play across computers, with no pygame: the dice no computer can choose (each computer's
hash chain, the joint value of every draw, the ``JointDice`` chance source, the proof
record a save keeps and ``verify``), the wire protocol (``messages``, ``protocol``), the
secure channel under it (``secure``), and the host's and a guest's sides of a game
(``host``, ``guest``)."""

from __future__ import annotations

from .chain import CHAIN_LENGTH, HashChain, link
from .dice import DEAL, DiceError, JointDice, roll_draw
from .epoch import REASONS, Epoch, deal_seed, epoch_note, joint_value, roll_rng
from .proofs import Proofs, decode_proofs, encode_proofs
from .verify import Verdict, verify

__all__ = [
    "CHAIN_LENGTH",
    "DEAL",
    "REASONS",
    "DiceError",
    "Epoch",
    "HashChain",
    "JointDice",
    "Proofs",
    "Verdict",
    "deal_seed",
    "decode_proofs",
    "encode_proofs",
    "epoch_note",
    "joint_value",
    "link",
    "roll_draw",
    "roll_rng",
    "verify",
]
