#!/usr/bin/env python3
"""Truth for CQL-S tagging (`:forany`, `$tag`, `:tagmatch`) and for the match list's logical
keywords over sub-match lists, from python-chess (not from cqlq).

The meaning of each query is written out below as Python, from the Scidb help pages ("CQL -
Tagging", "CQL - The match list", "CQL - Examples" / tagging) and seed 004:
  - a mark is a piece of the game's first position; it keeps its identity when it moves and
    when it promotes; a tag ranges over the marks of pieces that are, or (by promotion) become,
    a piece of its designator in some main-line position; two tags never share a mark;
  - a match list matches a game when each of its position lists matches some main-line
    position (the start position included); the positions it marks are those where one of its
    position lists matches (for every binding of its tags under which the game matches);
  - `$t[sq]` holds where the tagged piece stands on sq; `:tagmatch t D` where the tagged piece
    and its square match D; `:attackcount X Y n` counts (piece on X, square of Y it attacks)
    pairs, a piece attacking every square it could move to were it empty (own pieces too);
  - a sub-match list of `:and :or :xor :not :cond` is true of the game when its keywords hold
    and each of its position lists matches somewhere; the positions its position lists match
    are marked (a sub-match list of keywords only marks none); a game matched with no marked
    position has its first position marked.

For each of the first N games of ../shared/data/std-visible-5k.pgn it prints the game number
and, per query, the marked plies (comma-separated; empty: the game does not match). The
queries are printed first as `# query K: TEXT`, which tests/cqls/cqls_tagging.rs reads.

Usage: python3 scripts/cqls_tagging_truth.py 400 > tests/expected/cqls-tagging.tsv
"""
import sys

import chess
import chess.pgn

N = int(sys.argv[1]) if len(sys.argv) > 1 else 400
PATH = "../shared/data/std-visible-5k.pgn"


class Game:
    """The main line: boards per ply, piece identities per ply, moves, the Result tag."""

    def __init__(self, game):
        board = game.board()
        self.boards = [board.copy()]
        ids = {sq: i + 1 for i, sq in enumerate(sorted(board.piece_map()))}
        self.ids = [dict(ids)]
        self.moves = []
        self.result = game.headers.get("Result", "*")
        for move in game.mainline_moves():
            ids = dict(ids)
            mover = ids.pop(move.from_square)
            if board.is_en_passant(move):
                ids.pop(move.to_square + (-8 if board.turn == chess.WHITE else 8), None)
            elif board.is_castling(move):
                rank = chess.square_rank(move.from_square)
                kingside = board.is_kingside_castling(move)
                rook_from = chess.square(7 if kingside else 0, rank)
                rook_to = chess.square(5 if kingside else 3, rank)
                ids[rook_to] = ids.pop(rook_from)
            ids.pop(move.to_square, None)
            ids[move.to_square] = mover
            self.moves.append(move)
            board.push(move)
            self.boards.append(board.copy())
            self.ids.append(ids)

    def plies(self):
        return range(len(self.boards))

    def square_of(self, ply, mark):
        """The square of the piece with this mark at ply, or None once captured."""
        for sq, i in self.ids[ply].items():
            if i == mark:
                return sq
        return None

    def piece_of(self, ply, mark):
        sq = self.square_of(ply, mark)
        return None if sq is None else self.boards[ply].piece_at(sq)

    def marks(self, admits):
        """Marks of pieces that are or become a piece admitted by `admits(piece)`."""
        out = set()
        for ply in self.plies():
            for sq, i in self.ids[ply].items():
                if admits(self.boards[ply].piece_at(sq)):
                    out.add(i)
        return sorted(out)

    def next_move(self, ply):
        return self.moves[ply] if ply < len(self.moves) else None


def is_(symbols):
    return lambda p: p is not None and p.symbol() in symbols


def run(g, tags, lists):
    """A match list: `tags` are admission predicates (one or two tags), `lists` are position
    lists as (ply, binding) -> bool, or (predicate, count test) for a list with :matchcount.
    Returns the marked plies (empty if no binding matches)."""
    domains = [g.marks(t) for t in tags]
    bindings = [()]
    for d in domains:
        bindings = [b + (m,) for b in bindings for m in d if m not in b]
    marked = set()
    for b in bindings:
        per_list = []
        ok = True
        for lst in lists:
            pred, count_ok = lst if isinstance(lst, tuple) else (lst, lambda n: n >= 1)
            hits = [p for p in g.plies() if pred(p, b)]
            if not count_ok(len(hits)):
                ok = False
                break
            per_list.append(hits)
        if ok:
            for hits in per_list:
                marked.update(hits)
    return sorted(marked)


def on(g, ply, mark, squares):
    sq = g.square_of(ply, mark)
    return sq is not None and chess.square_name(sq) in squares


def attacks_king(g, ply, mark, king_color):
    sq = g.square_of(ply, mark)
    board = g.boards[ply]
    king = board.king(king_color)
    return sq is not None and king is not None and king in board.attacks(sq)


def moves_from(g, ply, mark):
    m = g.next_move(ply)
    return m is not None and m.from_square == g.square_of(ply, mark)


def promotes(g, ply, mark):
    m = g.next_move(ply)
    return m is not None and m.promotion is not None and moves_from(g, ply, mark)


def rank_of(g, ply, mark, ranks, symbols):
    sq = g.square_of(ply, mark)
    p = g.piece_of(ply, mark)
    return (sq is not None and p is not None and p.symbol() in symbols
            and chess.square_rank(sq) + 1 in ranks)


def gapped_from(g, ply, step):
    return any(step(q) for q in range(ply, len(g.boards)))


def mate(g, ply):
    return g.boards[ply].is_checkmate()


def stalemate(g, ply):
    return g.boards[ply].is_stalemate()


def check(g, ply):
    return g.boards[ply].is_check()


def initial(ply):
    return ply == 0


def xor_truth(g):
    mates = [p for p in g.plies() if mate(g, p)]
    draw = g.result == "1/2-1/2"
    if bool(mates) == draw:
        return []
    return mates if mates else [0]


QUERIES = [
    # Scidb's first tagging example: the same rook visits all four corners.
    ("(match :forany rook [rR] (position $rook[a1]) (position $rook[h1]) "
     "(position $rook[h8]) (position $rook[a8]))",
     lambda g: run(g, [is_("rR")], [
         lambda p, b: on(g, p, b[0], {"a1"}), lambda p, b: on(g, p, b[0], {"h1"}),
         lambda p, b: on(g, p, b[0], {"h8"}), lambda p, b: on(g, p, b[0], {"a8"})])),
    # The same white rook stands on a1 and, at some time, on h1 (or the reverse).
    ("(match :forany rook R (position $rook[a1]) (position $rook[h1]))",
     lambda g: run(g, [is_("R")], [
         lambda p, b: on(g, p, b[0], {"a1"}), lambda p, b: on(g, p, b[0], {"h1"})])),
    # Two different white rooks each stand on d1 at some time.
    ("(match :forany a R :forany b R (position $a[d1]) (position $b[d1]))",
     lambda g: run(g, [is_("R"), is_("R")], [
         lambda p, b: on(g, p, b[0], {"d1"}), lambda p, b: on(g, p, b[1], {"d1"})])),
    # The excelsior example as the snippet writes it: a pawn on its second rank at the start
    # promotes later.
    ("(match :forany pawn [Pp] (position :initial :tagmatch pawn [Pp]?[27] "
     ":gappedsequence ((position :movefrom $pawn :promote U))))",
     lambda g: run(g, [is_("Pp")], [
         lambda p, b: initial(p) and rank_of(g, p, b[0], {2, 7}, "Pp")
         and gapped_from(g, p, lambda q: promotes(g, q, b[0]))])),
    # As the help page writes it, with :flipcolor; a queen-side white pawn (a-d files).
    ("(match :forany pawn [Pp] (position :initial :tagmatch pawn P[a-d]2 "
     ":gappedsequence ((position :movefrom $pawn :promote U)) :flipcolor))",
     lambda g: run(g, [is_("Pp")], [
         lambda p, b: initial(p) and (
             (rank_of(g, p, b[0], {2}, "P") and chess.square_file(g.square_of(p, b[0])) < 4)
             or (rank_of(g, p, b[0], {7}, "p") and chess.square_file(g.square_of(p, b[0])) < 4))
         and gapped_from(g, p, lambda q: promotes(g, q, b[0]))])),
    # The "same piece gives many checks" example with 4 instead of 30, without :flipcolor:
    # positions with Black to move where the tagged white piece attacks the black king.
    ("(match :forany checker A (position :btm :attackcount $checker k 1 :matchcount >=4))",
     lambda g: run(g, [is_("PNBRQK")], [(
         lambda p, b: g.boards[p].turn == chess.BLACK and attacks_king(g, p, b[0], chess.BLACK),
         lambda n: n >= 4)])),
    # With :flipcolor, $checker keeps its colour: the image counts White-to-move positions
    # where the white piece "attacks" (could move to, were it empty) its own king's square.
    ("(match :forany checker A (position :btm :attackcount $checker k 1 :matchcount >=40 "
     ":flipcolor))",
     lambda g: run(g, [is_("PNBRQK")], [(
         lambda p, b: (g.boards[p].turn == chess.BLACK and attacks_king(g, p, b[0], chess.BLACK))
         or (g.boards[p].turn == chess.WHITE and attacks_king(g, p, b[0], chess.WHITE)),
         lambda n: n >= 40)])),
    # The knight example: it moves once in the game, and attacks the black king at a mate.
    ("(match :forany knight N (position :movefrom $knight :matchcount 1) "
     "(position :mate :attackcount $knight k 1))",
     lambda g: run(g, [is_("N")], [
         (lambda p, b: moves_from(g, p, b[0]), lambda n: n == 1),
         lambda p, b: mate(g, p) and attacks_king(g, p, b[0], chess.BLACK)])),
    # The same with at most three moves of it and a check by it (Black to move) instead.
    ("(match :forany knight N (position :movefrom $knight :matchcount 1 3) "
     "(position :btm :attackcount $knight k 1))",
     lambda g: run(g, [is_("N")], [
         (lambda p, b: moves_from(g, p, b[0]), lambda n: 1 <= n <= 3),
         lambda p, b: g.boards[p].turn == chess.BLACK and attacks_king(g, p, b[0], chess.BLACK)])),
    # A tag over white queens includes pawns that become queens: where it is still a pawn.
    ("(match :forany x Q (position :tagmatch x P))",
     lambda g: run(g, [is_("Q")], [
         lambda p, b: (g.piece_of(p, b[0]) is not None and g.piece_of(p, b[0]).symbol() == "P")])),
    # Match-level logic over sub-match lists.
    ("(match :or ((match (position :mate)) (match (position :stalemate))))",
     lambda g: sorted(p for p in g.plies() if mate(g, p) or stalemate(g, p))),
    ("(match :and ((match :result 1-0) (match (position :check :btm))))",
     lambda g: sorted(p for p in g.plies() if check(g, p) and g.boards[p].turn == chess.BLACK)
     if g.result == "1-0" else []),
    ("(match :not (match (position :check)) (position :terminal))",
     lambda g: [] if any(check(g, p) for p in g.plies()) else [len(g.boards) - 1]),
    # Exactly one: a mate somewhere, or a draw. A keyword-only sub-match list marks nothing;
    # a game matched without a marked position has its first position marked.
    ("(match :xor ((position :mate) (match :result 1/2)))",
     lambda g: xor_truth(g)),
    # :cond: after a White win, a mate somewhere (marked); otherwise, checks (marked).
    ("(match :cond (match :result 1-0) (match (position :mate)) (match (position :check)))",
     lambda g: (sorted(p for p in g.plies() if mate(g, p)) if g.result == "1-0"
                else sorted(p for p in g.plies() if check(g, p)))),
]


def main():
    print(f"# Source: python-chess {chess.__version__}, scripts/cqls_tagging_truth.py {N} "
          f"(first {N} games of std-visible-5k.pgn)")
    for k, (text, _) in enumerate(QUERIES):
        print(f"# query {k + 1}: {text}")
    with open(PATH, encoding="utf-8", errors="replace") as f:
        for number in range(1, N + 1):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            if game.errors:
                print(f"{number}\tskip")
                continue
            g = Game(game)
            cols = [",".join(map(str, truth(g))) for _, truth in QUERIES]
            print(f"{number}\t" + "\t".join(cols))


if __name__ == "__main__":
    main()
