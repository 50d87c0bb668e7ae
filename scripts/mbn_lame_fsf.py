#!/usr/bin/env python3
"""Truth for cqlq's lame leapers (MBN `n` on the straight leapers D and A): Fairy-Stockfish
(pyffish) lists the legal moves of a custom piece defined in Betza with its own `n` (its
lame leapers: the squares between origin and destination must be empty), on positions with
pieces on and beside those squares, white and black to move. Writes
tests/expected/mbn-lame-fsf.txt in the format of scripts/mbn_fsf.py:

    mbn <TAB> betza <TAB> fen <TAB> the sorted UCI moves of the piece

Run: pip install pyffish; python3 scripts/mbn_lame_fsf.py > tests/expected/mbn-lame-fsf.txt
"""
import random

import pyffish as sf

# MBN definition -> the same piece in Fairy-Stockfish's Betza. Only left-right symmetric
# directions (Fairy-Stockfish turns black's moves by 180 degrees, FBR mirrors them at the
# horizontal bisector; the two agree for these). pyffish 0.0.90 lists no move at all for `nH` and
# `nG` (its lame leapers are N, A, Z and D, variants.ini says), so the three-square lame leaps
# are counted by hand in tests/variants/fbr_mbn_lame.rs.
PIECES = [
    ("nD", "nD"),
    ("nA", "nA"),
    ("nvD", "nvD"),
    ("nfA", "nfA"),
    ("mnD+cnA", "mnDcnA"),
    ("nD+nA+K", "nDnAK"),
    ("nW+nF", "K"),
]

# The piece is `A` (white) / `a` (black) on d4; kings on a8 / h1.
FIXED = [
    "k7/8/8/8/3A4/8/8/7K w - - 0 1",
    "k7/8/8/8/3a4/8/8/7K b - - 0 1",
    # every square next to d4 taken: nothing lame moves
    "k7/8/8/2pPp3/2PAP3/2pPp3/8/7K w - - 0 1",
    # the squares two away taken, those next to it empty
    "k7/8/1p1P1p2/8/1P1A1p2/8/1P1p1P2/7K w - - 0 1",
    "k7/8/1P1p1P2/8/1p1a1P2/8/1p1P1p2/7K b - - 0 1",
]


def random_positions(count, seed):
    """Pawns of both sides scattered on ranks 2-7 (never where they would check a king)."""
    rnd = random.Random(seed)
    out = []
    banned = {"a7", "b7", "g2", "h2", "d4"}
    squares = [f + r for f in "abcdefgh" for r in "234567" if f + r not in banned]
    for i in range(count):
        board = {}
        for sq in rnd.sample(squares, rnd.randint(4, 14)):
            board[sq] = rnd.choice("Pp")
        white = i % 2 == 0
        board["d4"] = "A" if white else "a"
        board["a8"], board["h1"] = "k", "K"
        rows = []
        for r in "87654321":
            row, empty = "", 0
            for f in "abcdefgh":
                p = board.get(f + r)
                if p is None:
                    empty += 1
                else:
                    row += (str(empty) if empty else "") + p
                    empty = 0
            rows.append(row + (str(empty) if empty else ""))
        out.append("/".join(rows) + (" w" if white else " b") + " - - 0 1")
    return out


POSITIONS = FIXED + random_positions(12, 34)

print("# Source: Fairy-Stockfish via pyffish %s (custom pieces in Betza, its lame leapers `n`); "
      "scripts/mbn_lame_fsf.py" % ".".join(map(str, sf.version())))
print("# mbn\tbetza\tfen\tmoves of the piece")
for i, (mbn, betza) in enumerate(PIECES):
    name = "lame%d" % i
    sf.load_variant_config("[%s:chess]\ncustomPiece1 = a:%s\n" % (name, betza))
    for fen in POSITIONS:
        moves = sorted(m for m in sf.legal_moves(name, fen, []) if m.startswith("d4"))
        print("%s\t%s\t%s\t%s" % (mbn, betza, fen, " ".join(moves)))
