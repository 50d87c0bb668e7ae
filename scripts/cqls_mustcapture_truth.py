#!/usr/bin/env python3
"""Truth for CQL-S's `:mustcapture` (seed 004: "the side to move has the obligation to capture
a piece (this also means that a capture is possible) ... provided for chess variant Antichess,
and cannot be successful in all other chess variants"), not from cqlq.

The legal moves are Fairy-Stockfish's, recorded by the oracle in
../shared/data/variants/generated/NAME.positions.jsonl.gz (every position of games 0..19 of
NAME.pgn); whether a move captures is python-chess's `is_capture` on the recorded FEN. Prints,
per set, the positions (1-based game number, ply) where there is a legal move and every
legal move is a capture: in Antichess and Giveaway (captures compulsory) these are the
positions `:mustcapture` marks; in standard chess such positions exist too (every way out of
a check captures), where `:mustcapture` must still fail.

Usage: python3 scripts/cqls_mustcapture_truth.py > tests/expected/cqls-mustcapture.tsv
"""
import gzip
import json

import chess
import chess.variant

DIR = "../shared/data/variants/generated"
SETS = [("antichess", chess.variant.AntichessBoard), ("giveaway", chess.variant.AntichessBoard),
        ("chess", chess.Board)]


def main():
    print(f"# Source: Fairy-Stockfish legal moves recorded in {DIR}/NAME.positions.jsonl.gz "
          f"(ffish_oracle.py), captures by python-chess {chess.__version__}; "
          f"scripts/cqls_mustcapture_truth.py")
    print("# set\tgame\tply (a legal move exists and every legal move captures)")
    for name, board_type in SETS:
        games = set()
        with gzip.open(f"{DIR}/{name}.positions.jsonl.gz", "rt") as f:
            for line in f:
                p = json.loads(line)
                games.add(p["game"])
                board = board_type(p["fen"])
                legal = [chess.Move.from_uci(u) for u in p["legal"]]
                if legal and all(board.is_capture(m) for m in legal):
                    print(f"{name}\t{p['game'] + 1}\t{p['ply']}")
        print(f"# {name}: games 1..{max(games) + 1}")


if __name__ == "__main__":
    main()
