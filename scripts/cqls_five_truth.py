#!/usr/bin/env python3
"""Truth, from python-chess (not from cqlq), for the five CQL-S keywords issue 37 found
silently wrong, on the main lines of real games of ../shared/data/std-visible-5k.pgn:

  col  query                                              python-chess reading (seed 004)
  cond (position :cond (position :check) (position :mate))
                                                          "the first matching clause's association
                                                          decides ... a position cannot match if
                                                          none of the clauses is matching":
                                                          check and mate = board.is_checkmate()
  condd (position :cond (position :check) (position :mate) (position :wtm))
                                                          an odd last list is the default: if
                                                          check then mate else white to move
  contact (position :contactcheck)                        in check, and two checkers, or a checker
                                                          a king's step from the king, or a
                                                          knight (seed: "not possible to place a
                                                          piece between the checker and the king
                                                          ... includes knight checks and double
                                                          checks")
  nopromo (position :promote [])                          there is a next main-line move and it is
                                                          not a promotion (seed: "the next move is
                                                          not a promotion (because the piecetype
                                                          designator is empty)")
  tripled (position :reset acc Pe2 :flipcolor :accumulate* acc :sumrange acc 3 :shiftvertical
           :shifthorizontal)                              the seed's "Tripled pawns can be found by
                                                          the query": some file holds exactly 3
                                                          pawns of one colour (range 3 = exactly 3)
  fifty (position :fiftymoverule)                         "First position in game where no capture
                                                          has been made and no pawn has been moved
                                                          in previous fifty consecutive moves":
                                                          the first ply whose halfmove clock is at
                                                          least 100, once per game

Section `main`: the first N games, one line each: game number, then per column the plies
(0 = the start position) that match, comma-separated. Section `fifty`: every game of the file
whose main line reaches a halfmove clock of 100 (they are rare), with the `fifty` column only.
A game python-chess reports an error in is written `skip` (`scripts/pgn_games.py`).

Usage: python3 scripts/cqls_five_truth.py 500 > tests/expected/cqls-five.tsv
"""
import sys

import chess
import chess.pgn

import pgn_games

N = int(sys.argv[1]) if len(sys.argv) > 1 else 500
PATH = "../shared/data/std-visible-5k.pgn"


def contact_check(board):
    if not board.is_check():
        return False
    king = board.king(board.turn)
    checkers = list(board.checkers())
    if len(checkers) >= 2:
        return True
    sq = checkers[0]
    return (board.piece_type_at(sq) == chess.KNIGHT
            or chess.square_distance(sq, king) == 1)


def tripled(board):
    for color in (chess.WHITE, chess.BLACK):
        for file in range(8):
            n = sum(1 for sq in board.pieces(chess.PAWN, color)
                    if chess.square_file(sq) == file)
            if n == 3:
                return True
    return False


def columns(game):
    board = game.board()
    moves = list(game.mainline_moves())
    cols = {k: [] for k in ("cond", "condd", "contact", "nopromo", "tripled", "fifty")}
    fifty_seen = False
    for ply in range(len(moves) + 1):
        if ply > 0:
            board.push(moves[ply - 1])
        check = board.is_check()
        if check and board.is_checkmate():
            cols["cond"].append(ply)
        if (board.is_checkmate() if check else board.turn == chess.WHITE):
            cols["condd"].append(ply)
        if contact_check(board):
            cols["contact"].append(ply)
        if ply < len(moves) and moves[ply].promotion is None:
            cols["nopromo"].append(ply)
        if tripled(board):
            cols["tripled"].append(ply)
        if board.halfmove_clock >= 100 and not fifty_seen:
            fifty_seen = True
            cols["fifty"].append(ply)
    return cols


def fmt(plies):
    return ",".join(map(str, plies))


print(f"# Source: python-chess {chess.__version__}, scripts/cqls_five_truth.py {N} (main: game, "
      "plies of cond, condd, contact, nopromo, tripled, fifty; fifty: game, plies of fifty)")
fifty_lines = []
for number, text in enumerate(pgn_games.games(PATH), 1):
    game = pgn_games.read_strict(text)
    if game.errors:
        if number <= N:
            print(f"main\t{number}\tskip")
        continue
    if number <= N:
        cols = columns(game)
        print(f"main\t{number}\t" + "\t".join(fmt(cols[k]) for k in
                                                 ("cond", "condd", "contact", "nopromo",
                                                  "tripled", "fifty")))
    else:
        # Beyond N only the halfmove clocks are needed: a cheap pass.
        board = game.board()
        reaches = board.halfmove_clock >= 100
        for move in game.mainline_moves():
            board.push(move)
            reaches |= board.halfmove_clock >= 100
        if not reaches:
            continue
        cols = columns(game)
    if cols["fifty"]:
        fifty_lines.append(f"fifty\t{number}\t{fmt(cols['fifty'])}")
for line in fifty_lines:
    print(line)
