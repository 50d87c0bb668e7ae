#!/usr/bin/env python3
"""Truth for `:relation` on real games, from python-chess (not from cqlq).

For each of the first N games of ../shared/data/std-visible-5k.pgn, prints the main-line plies
P1 for which some later main-line position P2 has the same piece placement with
  - the same side to move      (`(position :relation (:samesidetomove))`),
  - the other side to move     (`(position :relation (:changesidetomove))`),
  - the same side to move and the same pieces except one or more missing from P2 (every
    piece of P2 stands on the same square in P1, P1 has more pieces)
                               (`(position :relation (:missingpiececount U >0))`).
Games python-chess reports errors for are written as `skip`.

Usage: python3 scripts/cqls_relation_truth.py 400 > tests/expected/cqls-relation-repeats.tsv
"""
import sys

import chess
import chess.pgn

N = int(sys.argv[1]) if len(sys.argv) > 1 else 400
PATH = "../shared/data/std-visible-5k.pgn"

print(f"# Source: python-chess {chess.__version__}, scripts/cqls_relation_truth.py {N} "
      f"(first {N} games of std-visible-5k.pgn)")
with open(PATH, encoding="utf-8", errors="replace") as f:
    for number in range(1, N + 1):
        game = chess.pgn.read_game(f)
        if game is None:
            break
        if game.errors:
            print(f"{number}\tskip")
            continue
        board = game.board()
        keys = [(board.board_fen(), board.turn, board.piece_map())]
        for move in game.mainline_moves():
            board.push(move)
            keys.append((board.board_fen(), board.turn, board.piece_map()))
        same, change, missing = [], [], []
        for i, (fen, turn, pieces) in enumerate(keys):
            later = keys[i + 1:]
            if any(f == fen and t == turn for f, t, _ in later):
                same.append(i)
            if any(f == fen and t != turn for f, t, _ in later):
                change.append(i)
            if any(t == turn and len(p) < len(pieces)
                   and all(pieces.get(sq) == pc for sq, pc in p.items())
                   for _, t, p in later):
                missing.append(i)
        cols = [same, change, missing]
        print(f"{number}\t" + "\t".join(",".join(map(str, c)) for c in cols))
