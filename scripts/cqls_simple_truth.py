#!/usr/bin/env python3
"""Truth for CQL-S keywords of seed 004 whose CQL 6 counterpart CQL 6.2 cannot be asked
about, from python-chess (not from cqlq):

  main line, first N games of ../shared/data/std-visible-5k.pgn (plies marked):
    (position :threefoldrepetition)  a main-line position occurring for the third time, same
                                     side to move, castling and en passant rights (the seed)
    (position :fiftymoverule)        the halfmove clock is 100 (none of these games reaches it:
                                     scripts/cqls_five_truth.py checks the first position only)
    (position :halfmoveclocklimit 3) the halfmove clock is at most 3
  game tree, first M games of ../shared/data/annotated.pgn (numbers of positions):
    (position :variationsonly)       positions inside variations (not on the main line)
    (position :insidevariation)      the same ("a position found inside a sub-variation")
    (position :null)                 positions whose next move (in any line) is a null move
    (position)                       every position of the game tree

Games are split as PGN defines them and non-SAN moves count as errors (`scripts/pgn_games.py`);
a game python-chess reports an error in is written `skip`.

Usage: python3 scripts/cqls_simple_truth.py 400 300 > tests/expected/cqls-simple.tsv
"""
import sys

import chess
import chess.pgn

import pgn_games

N = int(sys.argv[1]) if len(sys.argv) > 1 else 400
M = int(sys.argv[2]) if len(sys.argv) > 2 else 300


def mainline_section():
    for number, text in enumerate(pgn_games.games("../shared/data/std-visible-5k.pgn"), 1):
        if number > N:
            break
        game = pgn_games.read_strict(text)
        if game.errors:
            print(f"main\t{number}\tskip")
            continue
        board = game.board()
        seen = {}
        third, fifty, clock3 = [], [], []
        for ply in range(len(list(game.mainline_moves())) + 1):
            if ply > 0:
                board.push(moves[ply - 1])
            else:
                moves = list(game.mainline_moves())
            key = board._transposition_key()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 3:
                third.append(ply)
            if board.halfmove_clock == 100:
                fifty.append(ply)
            if board.halfmove_clock <= 3:
                clock3.append(ply)
        cols = [third, fifty, clock3]
        print(f"main\t{number}\t" + "\t".join(",".join(map(str, c)) for c in cols))


def tree_section():
    for number, text in enumerate(pgn_games.games("../shared/data/annotated.pgn"), 1):
        if number > M:
            break
        game = pgn_games.read_strict(text)
        if game.errors:
            print(f"tree\t{number}\tskip")
            continue
        inside = null = total = 0
        stack = [(game, True)]
        while stack:
            node, main = stack.pop()
            total += 1
            inside += not main
            null += any(not child.move for child in node.variations)
            for i, child in enumerate(node.variations):
                stack.append((child, main and i == 0))
        print(f"tree\t{number}\t{inside}\t{null}\t{total}")


print(f"# Source: python-chess {chess.__version__}, scripts/cqls_simple_truth.py {N} {M} (main: "
      "game, plies of :threefoldrepetition, :fiftymoverule, :halfmoveclocklimit 3; tree: game, "
      "positions in variations, positions before a null move, all positions)")
mainline_section()
tree_section()
