#!/usr/bin/env python3
"""Extract Fairy-Stockfish's per-position truth of its fairy-variant games for cqlq's tests.

Reads ../shared/data/variants/generated/V.games.jsonl and V.positions.jsonl.gz (made by
ffish_oracle.py with Fairy-Stockfish 11.1 / pyffish 0.0.90; see that directory's SOURCES.md) and
writes tests/expected/fsf-games.txt, one line per game with recorded positions:
  variant  start_fen  uci_moves  per-ply "legal_count:check" (ply 0..end)

Usage (from the repository root): python3 scripts/fsf_games.py [--games 10]
"""
import argparse
import gzip
import json

VARIANTS = ["chess", "capablanca", "gothic", "shatranj", "makruk", "courier", "xiangqi", "shogi",
            "seirawan"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="../shared/data/variants/generated")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--out", default="tests/expected/fsf-games.txt")
    a = ap.parse_args()
    with open(a.out, "w", encoding="utf-8") as out:
        out.write("# Source: Fairy-Stockfish 11.1 via pyffish 0.0.90 (../shared/oracle/ffish_oracle.py), "
                  "recorded in ../shared/data/variants/generated/; extracted by scripts/fsf_games.py "
                  "--games %d\n" % a.games)
        out.write("# variant\tstart_fen\tuci_moves\tlegal_count:in_check per ply\n")
        for v in VARIANTS:
            pos = {}
            with gzip.open("%s/%s.positions.jsonl.gz" % (a.data, v), "rt", encoding="utf-8") as f:
                for line in f:
                    r = json.loads(line)
                    if r["game"] < a.games:
                        pos[(r["game"], r["ply"])] = r
            with open("%s/%s.games.jsonl" % (a.data, v), encoding="utf-8") as f:
                for line in f:
                    g = json.loads(line)
                    if g["game"] >= a.games:
                        continue
                    counts = []
                    for ply in range(len(g["uci"]) + 1):
                        r = pos.get((g["game"], ply))
                        if r is None:
                            break
                        counts.append("%d:%d" % (len(r["legal"]), 1 if r["in_check"] else 0))
                    out.write("%s\t%s\t%s\t%s\n" % (v, g["start_fen"], " ".join(g["uci"][:len(counts) - 1]),
                                                    " ".join(counts)))


if __name__ == "__main__":
    main()
