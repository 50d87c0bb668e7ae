#!/usr/bin/env python3
"""Truth for cqlq's FBR `loss=perpetualcheck(3) draw=repetition(3)`: Fairy-Stockfish (pyffish)
plays chess with `perpetualCheckIllegal = true` (its three-fold rule kept): at each ply of a few
hand-written games, whether the game has ended there and for whom. Writes
tests/expected/fbr-perpetual-fsf.txt:

    fen <TAB> uci moves <TAB> per ply from the start: - (going on), w / b (that side wins), =

A game's list stops at the first end. Kings start without castling rights and no pawn can be
taken en passant, so Fairy-Stockfish's position keys and cqlq's `layer_key` see the same
repetitions.

Run: pip install pyffish; python3 scripts/fbr_perpetual_fsf.py > tests/expected/fbr-perpetual-fsf.txt
"""
import pyffish as sf

sf.load_variant_config("[perpetual:chess]\nperpetualCheckIllegal = true\n")

GAMES = [
    # White checks at every move (Qe8+ / Qe4+): the third Qe8+ repeats a position.
    ("7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1",
     "e1e8 h8h7 e8e4 h7h8 e4e8 h8h7 e8e4 h7h8 e4e8"),
    # Black checks at every move (mirror image): black loses.
    ("4q1k1/6pp/8/8/8/7P/6P1/7K b - - 0 1",
     "e8e1 h1h2 e1e5 h2h1 e5e1 h1h2 e1e5 h2h1 e5e1"),
    # White checks, then retreats quietly: the start position comes back a third time, a draw.
    ("7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1",
     "e1e8 h8h7 e8e1 h7h8 e1e8 h8h7 e8e1 h7h8"),
    # Knights come and go without a check: a draw by repetition.
    ("4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1",
     "b1c3 g8f6 c3b1 f6g8 b1c3 g8f6 c3b1 f6g8"),
]


def verdict(fen, moves):
    ended, value = sf.is_optional_game_end("perpetual", fen, moves)
    if not ended:
        return "-"
    if value == 0:
        return "="
    to_move = sf.get_fen("perpetual", fen, moves).split()[1]
    other = "b" if to_move == "w" else "w"
    return to_move if value > 0 else other


print("# Source: Fairy-Stockfish via pyffish %s, chess with perpetualCheckIllegal = true; "
      "scripts/fbr_perpetual_fsf.py" % ".".join(map(str, sf.version())))
print("# fen\tmoves\tper ply: - going on, w / b wins, = draw")
for fen, line in GAMES:
    moves = line.split()
    marks = []
    for i in range(len(moves) + 1):
        if i > 0:
            assert moves[i - 1] in sf.legal_moves("perpetual", fen, moves[: i - 1]), moves[i - 1]
        marks.append(verdict(fen, moves[:i]))
        if marks[-1] != "-":
            break
    print("%s\t%s\t%s" % (fen, line, " ".join(marks)))
