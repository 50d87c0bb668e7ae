#!/usr/bin/env python3
"""Truth for cqlq's MBN initial moves (`i`) and en passant (`e`): Fairy-Stockfish (pyffish)
lists every legal move after each ply of short games, for a piece written in its XBetza (whose
`i` and `e` mean what MBN's do: an initial move, an en passant capture; its initial double
step lets the opponent take en passant). Writes tests/expected/mbn-initial-fsf.txt:

    mbn rules <TAB> fsf betza <TAB> start fen <TAB> UCI moves played <TAB> sorted legal moves

FSF's `i` holds on a piece's second rank (its double-step region), MBN's for a piece that has
not moved: the games keep the two apart by never bringing a piece back to its second rank, and
the start positions put the `i` pieces on it.

Run: pip install pyffish; python3 scripts/mbn_initial_fsf.py > tests/expected/mbn-initial-fsf.txt
"""
import pyffish as sf

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# (cqlq --rules, FSF variant lines, start FEN, games as UCI moves)
CASES = [
    # The MBN page's pawn with its initial double step (`[1-2]mefW02` written `imefW02`).
    ("P=mfW+cefF+imefW02", "pawn = -\ncustomPiece1 = p:mfWcfeFifmnD", START, [
        "e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 d2d4 c7c5 d4c5 b7b5 c5b6 a7b6 c2c4 b6b5 c4b5",
        "e2e4 g8f6 e4e5 d7d5 a2a3 d5d4 c2c4 d4c3 b2c3 f6e4 f2f3 e4d2",
        "d2d4 e7e5 d4e5 d7d6 e5d6 c7d6 h2h4 g7g5 h4g5 h7h5 g5h6",
        "b1c3 b7b5 c3b5 a7a5 b5a3 a5a4 b2b4 a4b3",
    ]),
    # A king that may leap as a knight on its first move (moves only).
    ("A=K+imN", "customPiece1 = a:KimN", "4k3/p2a4/8/8/8/8/P2A4/4K3 w - - 0 1", [
        "d2c4 d7e5 c4d5 e8d8 a2a4 e5f4",
        "d2d3 d7d6 d3e4 d6c5 e4d4",
    ]),
    # A forward stepper with an initial move of up to three steps.
    ("A=mfW+cF+imfW3", "customPiece1 = a:mfWcFifmW3", "4k3/3a4/8/8/8/3p4/3A4/4K3 w - - 0 1", [
        "e1f1 d7d5 f1e1 d5d4",
        "e1f2 d7d6 f2g3 d6d5",
    ]),
]

print("# Source: Fairy-Stockfish via pyffish %s (custom pieces in XBetza, `i` and `e`); "
      "scripts/mbn_initial_fsf.py" % ".".join(map(str, sf.version())))
print("# rules\tbetza\tfen\tmoves played\tlegal moves")
n = 0
for rules, ini, fen, games in CASES:
    for game in games:
        n += 1
        name = "mbninit%d" % n
        sf.load_variant_config("[%s:chess]\n%s\n" % (name, ini))
        played = game.split()
        for i in range(len(played) + 1):
            moves = sorted(sf.legal_moves(name, fen, played[:i]))
            print("%s\t%s\t%s\t%s\t%s" % (rules, ini.replace("\n", "; "), fen,
                                          " ".join(played[:i]), " ".join(moves)))
