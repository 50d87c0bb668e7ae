#!/usr/bin/env python3
"""Extract Fairy-Stockfish's recorded truth for the fairy variants cqlq bundles.

Reads ../shared/data/variants/generated/V.positions.jsonl.gz (made by ffish_oracle.py with
Fairy-Stockfish 11.1 / pyffish 0.0.90, see that directory's SOURCES.md) and writes
tests/expected/fsf-positions.txt: variant, FEN, in_check, perft 1..3 (p3 '-' when not recorded)
for every 7th position of the first games, so tests need neither Python nor gzip.

Usage (from the repository root): python3 scripts/fsf_positions.py [--every 7] [--games 5]
Grand chess (tests/variants/fairy_fen.rs): python3 scripts/fsf_positions.py --variants grand --every 5 \
    --out tests/expected/fsf-grand.txt
"""
import argparse
import gzip
import json

VARIANTS = ["chess", "capablanca", "gothic", "shatranj", "makruk", "courier", "xiangqi", "shogi",
            "seirawan"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="../shared/data/variants/generated")
    ap.add_argument("--every", type=int, default=7)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--out", default="tests/expected/fsf-positions.txt")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    a = ap.parse_args()
    with open(a.out, "w", encoding="utf-8") as out:
        out.write("# Source: Fairy-Stockfish 11.1 via pyffish 0.0.90 (../shared/oracle/ffish_oracle.py), "
                  "recorded in ../shared/data/variants/generated/*.positions.jsonl.gz; extracted by "
                  "scripts/fsf_positions.py --every %d --games %d%s\n"
                  % (a.every, a.games,
                     "" if a.variants == ",".join(VARIANTS) else " --variants " + a.variants))
        out.write("# variant\tfen\tin_check\tperft_1..3\n")
        for v in a.variants.split(","):
            with gzip.open("%s/%s.positions.jsonl.gz" % (a.data, v), "rt", encoding="utf-8") as f:
                for line in f:
                    r = json.loads(line)
                    if r["game"] >= a.games or r["ply"] % a.every:
                        continue
                    perft = " ".join("-" if x is None else str(x) for x in r["perft"])
                    out.write("%s\t%s\t%d\t%s\n" % (v, r["fen"], 1 if r["in_check"] else 0, perft))


if __name__ == "__main__":
    main()
