#!/usr/bin/env python3
"""Truth for cqlq's MBN castling definitions on the standard board: python-chess lists every
legal move (UCI, castling as the king's move e1g1) of FIDE chess on positions where castling
is possible, forbidden by check (out of, through, into) or blocked, white and black to move.
The rule list `royal K Q R B N P +P O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]` must give
exactly these moves (tests/variants/fbr_mbn_castling.rs). Writes
tests/expected/fbr-castling-pychess.txt:

    fen <TAB> the sorted legal UCI moves

Run: pip install chess; python3 scripts/fbr_castling_pychess.py > tests/expected/fbr-castling-pychess.txt
"""
import chess

FENS = [
    # Both castlings free.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    # Out of check: a rook on e4 checks e1.
    "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",
    # Through check: f1 attacked (no O-O), d1 attacked (no O-O-O).
    "r3k2r/8/8/8/5r2/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/3r4/8/8/R3K2R w KQkq - 0 1",
    # Into check: g1 attacked.
    "r3k2r/8/8/8/6r1/8/8/R3K2R w KQkq - 0 1",
    # b1 attacked: the king does not cross it, O-O-O stays legal.
    "r3k2r/8/8/8/1r6/8/8/R3K2R w KQkq - 0 1",
    # Black: f8 attacked by a white rook on f5, c8 by a bishop on a6.
    "r3k2r/8/B7/5R2/8/8/8/4K3 b kq - 0 1",
    # Blocked: a knight on b1, a bishop on f1; rights lost on one side.
    "r3k2r/8/8/8/8/8/8/RN2KB1R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
    # The start position after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5.
    "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
]

print("# Source: python-chess %s (FIDE legal moves); scripts/fbr_castling_pychess.py" % chess.__version__)
print("# fen\tsorted legal UCI moves")
for fen in FENS:
    board = chess.Board(fen)
    moves = sorted(m.uci() for m in board.legal_moves)
    print("%s\t%s" % (fen, " ".join(moves)))
