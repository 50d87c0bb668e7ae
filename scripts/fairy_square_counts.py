#!/usr/bin/env python3
"""Games of the generated Capablanca set in which some position (start and after each move,
main line) has a white rook on i1, and those with any black piece (CQL `a`) on a square of
files i..j: Fairy-Stockfish (pyffish) FENs of every ply. Writes tests/expected/capablanca-squares.txt."""
import json, sys
import pyffish

src = "../shared/data/variants/generated/capablanca.games.jsonl"
def square(board_rows, file, rank):
    row = board_rows[len(board_rows) - rank]
    f = 0
    i = 0
    while i < len(row):
        c = row[i]
        if c.isdigit():
            j = i
            while j < len(row) and row[j].isdigit():
                j += 1
            f += int(row[i:j]); i = j; continue
        if f == file:
            return c
        f += 1; i += 1
    return None

ri1 = 0
a_ij = 0
for line in open(src):
    g = json.loads(line)
    fens = [g["start_fen"]]
    for k in range(len(g["uci"])):
        fens.append(pyffish.get_fen("capablanca", g["start_fen"], g["uci"][:k + 1]))
    rows = [f.split(" ")[0].split("[")[0].split("/") for f in fens]
    if any(square(r, 8, 1) == "R" for r in rows):
        ri1 += 1
    if any((square(r, f, k) or "X").islower() for r in rows for f in (8, 9) for k in range(1, 9)):
        a_ij += 1
print("# Source: pyffish %s, scripts/fairy_square_counts.py over %s" % (".".join(map(str, pyffish.version())), src))
print("Ri1\t%d" % ri1)
print("a[i1..j8]\t%d" % a_ij)
