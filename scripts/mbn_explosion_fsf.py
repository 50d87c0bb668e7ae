#!/usr/bin/env python3
"""Truth for MBN's predefined move `X` (the explosion) as seed 001's atomic expansion writes it
(`Q=mQ+(cQ--X)`, ...): Fairy-Stockfish's atomic chess removes the capturer, the captured piece
and the non-pawns around the capture square, which is what `X` does after a capture. Random
atomic games from the start position (seeded), and at each position every legal capture by a
queen, rook, bishop or knight, with the board Fairy-Stockfish gives after it. Writes
tests/expected/mbn-explosion-fsf.txt:

    fen ; uci ; the board field of the FEN after the move

Run: pip install pyffish; python3 scripts/mbn_explosion_fsf.py 7 240 > tests/expected/mbn-explosion-fsf.txt
"""
import random
import sys

import pyffish as sf


def board_of(fen):
    """The pieces of a FEN's board field by (file, rank), both from 0."""
    b = {}
    for i, row in enumerate(fen.split()[0].split('/')):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                b[(f, 7 - i)] = ch
                f += 1
    return b


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    start = sf.start_fen('atomic')
    rows = []
    for _game in range(40):
        moves = []
        for _ply in range(120):
            fen = sf.get_fen('atomic', start, moves)
            legal = sf.legal_moves('atomic', start, moves)
            if not legal:
                break
            b = board_of(fen)
            for m in legal:
                if len(m) != 4:
                    continue
                pc = b.get((ord(m[0]) - 97, int(m[1]) - 1))
                cap = b.get((ord(m[2]) - 97, int(m[3]) - 1))
                if pc and cap and pc.lower() in 'qrbn':
                    rows.append((fen, m, sf.get_fen('atomic', fen, [m]).split()[0]))
            moves.append(rng.choice(legal))
    rng.shuffle(rows)
    print(f"# Source: Fairy-Stockfish via pyffish {'.'.join(map(str, sf.version()))} (variant atomic); "
          f"scripts/mbn_explosion_fsf.py {seed} {count}")
    for fen, m, after in rows[:count]:
        print(f"{fen} ; {m} ; {after}")


if __name__ == '__main__':
    main()
