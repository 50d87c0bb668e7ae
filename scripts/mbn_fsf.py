#!/usr/bin/env python3
"""Truth for cqlq's MBN movements: Fairy-Stockfish (pyffish) lists the legal moves of a custom
piece defined in Betza notation, the hand-written equivalent of each MBN definition, on a few
positions (white and black to move). Writes tests/expected/mbn-fsf.txt:

    mbn <TAB> betza <TAB> fen <TAB> the sorted UCI moves of the piece on d4 (or b2, g7, d5)

Run: pip install pyffish; python3 scripts/mbn_fsf.py > tests/expected/mbn-fsf.txt
"""
import pyffish as sf

# MBN definition -> the same piece in Fairy-Stockfish's Betza (riders doubled or with a range).
# Only pieces whose directions are left-right symmetric: Fairy-Stockfish turns black's moves by
# 180 degrees, FBR mirrors them at the horizontal bisector (seed 001, `mirror`); the two agree
# exactly for these.
PIECES = [
    ("W0", "WW"),
    ("F0", "FF"),
    ("N", "N"),
    ("mfW+cfF", "mfWcfF"),
    ("fW0", "fWW"),
    ("W3", "W3"),
    ("fsN", "fsN"),
    ("vN", "vN"),
    ("(fl)F+(fr)F", "flFfrF"),
    ("mN+cA", "mNcA"),
    ("Q", "Q"),
    ("K", "K"),
    ("vW0+sN", "vWWsN"),
    ("bW2+fF", "bW2fF"),
    ("sW0+vW", "sWWvW"),
    ("C+Z", "CZ"),
    ("H+G", "HG"),
    ("A+D", "AD"),
    ("fF0", "fFF"),
    ("cW0+mF", "cWWmF"),
    ("vN0", "vNN"),
    # Compound letters with a step count: lines limited to n squares (the seed's `G=K2`).
    ("K2", "K2"),
    ("Q2", "Q2"),
    ("R3", "R3"),
    ("B2", "B2"),
    # Two-leg move sequences (`-`): a first leg that moves to an empty square, then a leap
    # from there; Fairy-Stockfish's lame leapers (`n`) are blocked on the same squares.
    ("(mfW-fF)+(mbW-bF)+(mlW-lF)+(mrW-rF)", "nN"),
    ("(mfW-fF)+(mbW-bF)", "nvN"),
    ("(mlW-lF)+(mrW-rF)", "nsN"),
    ("(m(fl)F-(fl)F)+(m(fr)F-(fr)F)+(m(bl)F-(bl)F)+(m(br)F-(br)F)", "nA"),
    ("(mfW-fW)+(mbW-bW)+(mlW-lW)+(mrW-rW)", "nD"),
]

# The piece is `A` (white) / `a` (black); kings where none of the pieces reaches them.
POSITIONS = [
    ("k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
    ("k7/3p4/1p3P2/2P5/1n1A2r1/8/3P1p2/7K w - - 0 1", "d4"),
    ("7k/8/8/2p5/8/2P5/1A6/K7 w - - 0 1", "b2"),
    ("k7/8/8/8/3a4/8/8/7K b - - 0 1", "d4"),
    ("k7/3P4/1P3p2/2p5/1N1a2R1/8/3p1P2/7K b - - 0 1", "d4"),
    ("k7/6a1/8/5p2/8/5P2/8/7K b - - 0 1", "g7"),
    # Pieces on the first squares of two-leg moves (lame leapers): white, then mirrored.
    ("k7/8/8/3P4/3Ap3/2p5/8/7K w - - 0 1", "d4"),
    ("k7/8/2P5/3aP3/3p4/8/8/7K b - - 0 1", "d5"),
]

print("# Source: Fairy-Stockfish via pyffish %s (custom pieces in Betza); scripts/mbn_fsf.py"
      % ".".join(map(str, sf.version())))
print("# mbn\tbetza\tfen\tmoves of the piece")
for i, (mbn, betza) in enumerate(PIECES):
    name = "mbn%d" % i
    sf.load_variant_config("[%s:chess]\ncustomPiece1 = a:%s\n" % (name, betza))
    for fen, sq in POSITIONS:
        moves = sorted(m for m in sf.legal_moves(name, fen, []) if m.startswith(sq))
        print("%s\t%s\t%s\t%s" % (mbn, betza, fen, " ".join(moves)))
