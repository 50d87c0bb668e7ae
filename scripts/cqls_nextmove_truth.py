#!/usr/bin/env python3
"""Truth, from python-chess (not from cqlq), for the position list's next-move and counter
keywords that Scidb's help describes ("CQL - The position list", German text), on the main
lines of the first N games of ../shared/data/std-visible-5k.pgn:

  col       query                                          python-chess reading
  ischeck   (position :ischeck)                            "der nächste Zug ist ein Schachgebot":
                                                           the position after the next move is
                                                           in check
  ischeck2  (position :ischeck 2)                          ... and it is the mover's 2nd check of
                                                           the game ("die Anzahl der Schachgebote,
                                                           die die Seite am Zug dem Gegner bot,
                                                           einschließlich des nächsten Zugs")
  iscontact (position :iscontactcheck)                     the next position is a contact check
                                                           (scripts/cqls_five_truth.py's reading)
  isdouble  (position :isdoublecheck)                      the next position has two checkers
  ismate    (position :ismate)                             the next position is mate
  forced    (position :forced)                             there is a next move and it is the only
                                                           legal one ("kein anderer Zug ist
                                                           möglich")
  clock     (position :halfmoveclock <=30)                 the halfmove clock is at most 30
  run       (position :moveto U :repetitioncount >=3)      the next move captures a piece (not en
                                                           passant: its square is empty), within a
                                                           run of at least 3 consecutive such
                                                           positions ("in der aufeinanderfolgend
                                                           mindestens ... Figuren geschlagen
                                                           werden")
  consec    (position :matchconsecutive ((position :check) (position :wtm)))
                                                           here and at the next position the two
                                                           lists match, in either order
  french    (position :line* (1.Pe2-e4 Pe7-e6 2.Pd2-d4 Pd7-d5))
                                                           the help's equivalent: the position of
                                                           :fen "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/
                                                           PPP2PPP/RNBQKBNR w KQkq" (placement, side,
                                                           castling)
  matchgame (position :match ((position :mate) (position :ischeck 3)))
                                                           a game-level fact: some position is
                                                           mate and some next move is its mover's
                                                           third check; then every position

One line per game: game number, then per column the matching plies (0 = start position).
A game python-chess reports an error in is written `skip` (`scripts/pgn_games.py`).

Usage: python3 scripts/cqls_nextmove_truth.py 300 > tests/expected/cqls-nextmove.tsv
"""
import sys

import chess
import chess.pgn

import pgn_games

N = int(sys.argv[1]) if len(sys.argv) > 1 else 300
COLS = ("ischeck", "ischeck2", "iscontact", "isdouble", "ismate", "forced", "clock", "run",
        "consec", "french", "matchgame")
FRENCH = "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq"


def contact_check(board):
    if not board.is_check():
        return False
    king = board.king(board.turn)
    checkers = list(board.checkers())
    return (len(checkers) >= 2 or board.piece_type_at(checkers[0]) == chess.KNIGHT
            or chess.square_distance(checkers[0], king) == 1)


def columns(game):
    moves = list(game.mainline_moves())
    boards = [game.board()]
    for m in moves:
        b = boards[-1].copy(stack=False)
        b.push(m)
        boards.append(b)
    n = len(boards)
    # Checks given so far by each colour, at each ply.
    given = []
    counts = {chess.WHITE: 0, chess.BLACK: 0}
    for ply, b in enumerate(boards):
        if ply > 0 and b.is_check():
            counts[not b.turn] += 1
        given.append(dict(counts))
    capture = [ply < len(moves) and boards[ply].piece_at(moves[ply].to_square) is not None
               for ply in range(n)]
    run_len = [0] * n
    ply = 0
    while ply < n:
        if not capture[ply]:
            ply += 1
            continue
        end = ply
        while end + 1 < n and capture[end + 1]:
            end += 1
        for p in range(ply, end + 1):
            run_len[p] = end - ply + 1
        ply = end + 1
    cols = {k: [] for k in COLS}
    for ply, b in enumerate(boards):
        nxt = boards[ply + 1] if ply + 1 < n else None
        if nxt is not None and nxt.is_check():
            cols["ischeck"].append(ply)
            if given[ply + 1][b.turn] == 2:
                cols["ischeck2"].append(ply)
        if nxt is not None and contact_check(nxt):
            cols["iscontact"].append(ply)
        if nxt is not None and nxt.is_check() and len(nxt.checkers()) >= 2:
            cols["isdouble"].append(ply)
        if nxt is not None and nxt.is_checkmate():
            cols["ismate"].append(ply)
        if nxt is not None and b.legal_moves.count() == 1:
            cols["forced"].append(ply)
        if b.halfmove_clock <= 30:
            cols["clock"].append(ply)
        if run_len[ply] >= 3:
            cols["run"].append(ply)
        if nxt is not None and ((b.is_check() and nxt.turn == chess.WHITE)
                                or (b.turn == chess.WHITE and nxt.is_check())):
            cols["consec"].append(ply)
        if " ".join(b.fen().split()[:3]) == FRENCH:
            cols["french"].append(ply)
    third = any(ply + 1 < n and boards[ply + 1].is_check()
                and given[ply + 1][boards[ply].turn] == 3 for ply in range(n))
    if any(b.is_checkmate() for b in boards) and third:
        cols["matchgame"] = list(range(n))
    return cols


print(f"# Source: python-chess {chess.__version__}, scripts/cqls_nextmove_truth.py {N} (game, "
      "plies of " + ", ".join(COLS) + ")")
for number, text in enumerate(pgn_games.games("../shared/data/std-visible-5k.pgn"), 1):
    if number > N:
        break
    game = pgn_games.read_strict(text)
    if game.errors:
        print(f"{number}\tskip")
        continue
    cols = columns(game)
    print(f"{number}\t" + "\t".join(",".join(map(str, cols[k])) for k in COLS))
