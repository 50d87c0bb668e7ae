#!/usr/bin/env python3
"""Truth for cqlq's FBR `royal=evasefacing` (seed 001): Fairy-Stockfish (pyffish) with its
`flyingGeneral` option (xiangqi's rule: two kings on one file with nothing between may not
stand so after a move) on chess. Writes tests/expected/fbr-facing-fsf.txt:

    case <TAB> fen <TAB> the sorted UCI moves

A position of the list whose kings already face gives a `facing` row only.

- `chess`: a position without facing kings, Fairy-Stockfish's plain chess moves: under
  `evasefacing` a move may bring the facing about, so these are cqlq's moves.
- `flying`: the same position, Fairy-Stockfish's `flyingGeneral` moves: cqlq's moves after
  which the kings do not face (the moves missing here are the ones that bring it about).
- `facing`: the position after each move `chess` has and `flying` has not (the kings face),
  Fairy-Stockfish's `flyingGeneral` moves there: the moves that break the facing, which are
  all the seed leaves the side to move ("make a move that breaks the position"); a fourth
  column holds Fairy-Stockfish's game result where there is none (0: a draw, the seed's
  draw call being all that is left), else `-`. Moves after which the kings do not face
  (castling across the other king's file, which `flyingGeneral` counts as crossing an
  attacked square) are left out.

Run: pip install pyffish; python3 scripts/fbr_facing_fsf.py > tests/expected/fbr-facing-fsf.txt
"""
import pyffish as sf

INI = """
[flying:chess]
flyingGeneral = true
"""

FENS = [
    "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/3K4 w - - 0 1",
    "3k4/8/8/8/8/8/8/4K3 b - - 0 1",
    "4k3/4r3/8/8/8/8/3R4/3K4 w - - 0 1",
    "3k4/8/3n4/8/8/8/4P3/3RK3 w - - 0 1",
    "r2k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "4k3/8/8/8/8/8/4B3/4K3 w - - 0 1",
    "2k5/8/8/8/8/8/1R1R4/4K3 w - - 0 1",
    "k7/8/1K6/8/8/8/8/8 w - - 0 1",
    "3qk3/3p4/8/8/8/8/3P4/3QK3 w - - 0 1",
    "3rkr2/3p1p2/8/8/1B2N3/8/8/4K3 w - - 0 1",
]


def kings_face(fen):
    """Whether the two kings stand on one file with no piece between."""
    rows = []
    for row in fen.split()[0].split("/"):
        cells = ""
        for ch in row:
            cells += "." * int(ch) if ch.isdigit() else ch
        rows.append(cells)
    where = {ch: (r, f) for r, cells in enumerate(rows) for f, ch in enumerate(cells) if ch in "Kk"}
    (r1, f1), (r2, f2) = where["K"], where["k"]
    if f1 != f2:
        return False
    lo, hi = sorted((r1, r2))
    return all(rows[r][f1] == "." for r in range(lo + 1, hi))

sf.load_variant_config(INI)
print("# Source: Fairy-Stockfish via pyffish %s; scripts/fbr_facing_fsf.py" % ".".join(map(str, sf.version())))
print("# case\tfen\tlegal moves")
def facing_row(fen):
    answers = sorted(sf.legal_moves("flying", fen, []))
    result = sf.game_result("flying", fen, []) if not answers else "-"
    print(f"facing\t{fen}\t{' '.join(answers)}\t{result}")


for fen in FENS:
    if kings_face(fen):
        facing_row(fen)
        continue
    plain = sorted(sf.legal_moves("chess", fen, []))
    flying = sorted(sf.legal_moves("flying", fen, []))
    print(f"chess\t{fen}\t{' '.join(plain)}")
    print(f"flying\t{fen}\t{' '.join(flying)}")
    for m in plain:
        if m in flying:
            continue
        after = sf.get_fen("chess", fen, [m])
        if not kings_face(after):
            # Castling across the file of the other king (`flyingGeneral` counts the square
            # crossed as attacked): no facing after it.
            continue
        facing_row(after)
