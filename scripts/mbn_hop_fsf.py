#!/usr/bin/env python3
"""Truth for cqlq's MBN hops (`p`, `pp`: fbr::mbn::hops, fairy::leg_hops): Fairy-Stockfish
(pyffish) lists the legal moves of a custom piece defined in Betza notation, the same movement
as each MBN definition (its `p` is the MBN page's: "Must hop over any single hurdle, the hurdle
can be anywhere in the path"; the visits `jy...-c...` of the cannon are the same captures).
Writes tests/expected/mbn-hop-fsf.txt, tab-separated:

    moves <TAB> mbn <TAB> betza <TAB> fen <TAB> sorted UCI moves of the piece on d4 (white to
                                               move) or d5 (black)
    all   <TAB> mbn <TAB> betza <TAB> fen <TAB> every legal move (the side to move in check
                                               from a hopper, or not)
    small <TAB> mbn <TAB> betza <TAB> fen <TAB> sorted UCI moves of the piece on a1 / a4 of
                                               a 4x4 board (`g`: leapers there)
    game  <TAB> mbn <TAB> betza <TAB> fen <TAB> SAN moves <TAB> positions in check <TAB> end FEN

Run: pip install pyffish; python3 scripts/mbn_hop_fsf.py > tests/expected/mbn-hop-fsf.txt
"""
import random

import pyffish as sf

# MBN definition -> the same piece in Fairy-Stockfish's Betza. Only left-right symmetric
# pieces: Fairy-Stockfish turns black's moves by 180 degrees, FBR mirrors them at the
# horizontal bisector; the two agree for these.
CANNON_BY_VISITS = "mR+(jyfR-cfR)+(jybR-cbR)+(jylR-clR)+(jyrR-crR)"
PIECES = [
    ("pR", "pR"),
    ("mR+cpR", "mRcpR"),
    ("mpR+cR", "mpRcR"),
    ("pB", "pB"),
    ("mB+cpB", "mBcpB"),
    ("pQ", "pQ"),
    ("fpR", "fpR"),
    ("vpR+sR", "vpRsR"),
    ("pW3", "pW3"),
    (CANNON_BY_VISITS, "mRcpR"),
    ("cR+(jyfR-mfR)+(jybR-mbR)+(jylR-mlR)+(jyrR-mrR)", "cRmpR"),
]


def mirrored(fen):
    """The position with colours swapped and ranks turned over, the other side to move."""
    board, side = fen.split()[:2]
    ranks = [r.swapcase() for r in board.split("/")][::-1]
    return "%s %s - - 0 1" % ("/".join(ranks), "b" if side == "w" else "w")


# The piece `A` (white) on d4; screens and victims of both sides on its lines; mirrored: `a`
# on d5, black to move.
POSITIONS = [
    "k7/8/3p4/8/1P1A1p1P/8/3P4/7K w - - 0 1",
    "k7/3r4/1p1p4/8/nP1A1pq1/8/1P1P1N2/b2b3K w - - 0 1",
    "k7/8/8/8/3A4/8/8/7K w - - 0 1",
    "k7/3P4/3p4/3P4/PpPA1ppP/8/3p4/3P3K w - - 0 1",
]
POSITIONS += [mirrored(f) for f in POSITIONS]

# Every legal move: a king in check from a hopper on e7 through the screen on e2 (moving the
# screen, or putting a second piece between, ends the check), a pinned screen, no check.
CHECKS = [
    "4k3/4a3/8/8/8/2N5/4P3/4K3 w - - 0 1",
    "4k3/4a3/8/8/4N3/8/4P3/4K3 w - - 0 1",
    "4k3/4a3/8/8/8/8/3NP3/4K3 w - - 0 1",
    "4k3/8/4a3/8/8/8/3B4/4K2R w K - 0 1",
]
CHECKS += [mirrored(f) for f in CHECKS]

# The MBN page's `g` (a leaping slider: every square of its lines, whatever stands between) is
# no Betza modifier (Betza's `g` is the grasshopper), but on a 4x4 board a leaping rook is the
# leapers W, D and H together, a leaping bishop F, A and G: Fairy-Stockfish's leapers are the
# truth there. The piece on a1 (white to move) or a4 (black).
SMALL_VARIANT = """[%s:chess]
maxRank = 4
maxFile = d
startFen = 4/1K2/3k/A3 w - - 0 1
promotionRank = 4
castling = false
doubleStep = false
customPiece1 = a:%s
"""
SMALL_PIECES = [("gR", "WDH"), ("gB", "FAG"), ("gQ", "WDHFAG")]
SMALL_POSITIONS = ["4/1K2/3k/A3 w - - 0 1", "4/RKn1/nN1k/AB1r w - - 0 1"]
SMALL_POSITIONS += [mirrored(f) for f in SMALL_POSITIONS]

# Games: the chess start with each side's queen-side knight a hopper; random legal moves
# (seeded), the hopper's preferred.
GAME_START = "rabqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RABQKBNR w KQkq - 0 1"


def load(name, betza):
    sf.load_variant_config("[%s:chess]\ncustomPiece1 = a:%s\n" % (name, betza))


def game(name, seed, plies):
    rng = random.Random(seed)
    moves, checks = [], 0
    for _ in range(plies):
        legal = sf.legal_moves(name, GAME_START, moves)
        if not legal:
            break
        fen = sf.get_fen(name, GAME_START, moves)
        board = fen.split()[0].replace("/", "")
        hopper = [m for m in legal if piece_on(fen, m[:2]) in "Aa"]
        pick = rng.choice(hopper if hopper and rng.random() < 0.6 else legal)
        moves.append(pick)
        if sf.gives_check(name, GAME_START, moves):
            checks += 1
    san = sf.get_san_moves(name, GAME_START, moves)
    return san, checks, sf.get_fen(name, GAME_START, moves)


def piece_on(fen, sq):
    rows = fen.split()[0].split("/")
    row = rows[8 - int(sq[1])]
    x = 0
    for c in row:
        if c.isdigit():
            x += int(c)
        else:
            if x == ord(sq[0]) - ord("a"):
                return c
            x += 1
    return "."


print("# Source: Fairy-Stockfish via pyffish %s (custom pieces in Betza); scripts/mbn_hop_fsf.py"
      % ".".join(map(str, sf.version())))
for i, (mbn, betza) in enumerate(PIECES):
    name = "hop%d" % i
    load(name, betza)
    for fen in POSITIONS:
        sq = "d4" if " w " in fen else "d5"
        moves = sorted(m for m in sf.legal_moves(name, fen, []) if m.startswith(sq))
        print("moves\t%s\t%s\t%s\t%s" % (mbn, betza, fen, " ".join(moves)))
    for fen in CHECKS:
        moves = sorted(sf.legal_moves(name, fen, []))
        print("all\t%s\t%s\t%s\t%s" % (mbn, betza, fen, " ".join(moves)))
for i, (mbn, betza) in enumerate(SMALL_PIECES):
    name = "leap%d" % i
    sf.load_variant_config(SMALL_VARIANT % (name, betza))
    for fen in SMALL_POSITIONS:
        sq = "a1" if " w " in fen else "a4"
        moves = sorted(m for m in sf.legal_moves(name, fen, []) if m.startswith(sq))
        print("small\t%s\t%s\t%s\t%s" % (mbn, betza, fen, " ".join(moves)))
for i, (mbn, betza) in enumerate([("mR+cpR", "mRcpR"), (CANNON_BY_VISITS, "mRcpR"), ("pQ", "pQ")]):
    name = "hopgame%d" % i
    load(name, betza)
    san, checks, end = game(name, 7 + i, 60)
    print("game\t%s\t%s\t%s\t%s\t%d\t%s" % (mbn, betza, GAME_START, " ".join(san), checks, end))
