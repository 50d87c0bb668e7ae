#!/usr/bin/env bash
# Regenerates the online-variant golden files under tests/expected/ from the oracles in
# ../shared/oracle (read tests/variants/online_variants.rs for how they are used):
#   online-lichess-NAME.pychess.jsonl.gz  python-chess 1.11.2 (pychess_oracle.py --no-attacks) on
#                                         the real lichess games ../shared/data/variants/NAME.pgn
#   online-NAME.games.jsonl               Fairy-Stockfish games of FICS Losers and Suicide
#   online-NAME.positions.jsonl.gz        (ffish_oracle.py, seeds 201 and 202, UCI binary
#                                         /usr/games/fairy-stockfish 11.1)
# Each file's first (decompressed) line is "# Source: ...".
# Needs: python3 with chess==1.11.2 and pyffish==0.0.90; apt fairy-stockfish.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared
out=tests/expected
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

slim='import sys, json
keep = ["game", "ply", "fen", "polyglot", "is_check", "is_checkmate", "is_stalemate",
        "legal_moves", "is_variant_end"]
print(sys.argv[1])
for line in sys.stdin:
    if line.strip():
        row = json.loads(line)
        print(json.dumps({k: row[k] for k in keep if k in row}))'

for name in antichess atomic crazyhouse horde; do
    python3 "$shared/oracle/pychess_oracle.py" --no-attacks "$shared/data/variants/$name.pgn" \
        | python3 -c "$slim" "# Source: python-chess $(python3 -c 'import chess; print(chess.__version__)'), ../shared/oracle/pychess_oracle.py --no-attacks ../shared/data/variants/$name.pgn (scripts/online_goldens.sh)" \
        | gzip -9n > "$out/online-lichess-$name.pychess.jsonl.gz"
done

# Fairy-Stockfish sets for the FICS variants the shared data lacks: NAME SEED.
fsf_set() {
    local name=$1 seed=$2
    python3 "$shared/oracle/ffish_oracle.py" random --variant "$name" --count 40 --seed "$seed" \
        --backend uci --engine /usr/games/fairy-stockfish --mode mixed --max-plies 200 \
        --pgn "$tmp/$name.pgn" --games-jsonl "$tmp/$name.games.jsonl" \
        --positions-jsonl "$tmp/$name.positions.jsonl.gz" --positions-games 10 \
        --perft-depth 3 --perft3-cap 20000 >/dev/null
    local src="# Source: Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish) + pyffish $(python3 -c 'import pyffish; print(".".join(map(str, pyffish.version())))'), ../shared/oracle/ffish_oracle.py random --variant $name --count 40 --seed $seed --mode mixed --max-plies 200 --positions-games 10 --perft-depth 3 (scripts/online_goldens.sh)"
    { echo "$src"; cat "$tmp/$name.games.jsonl"; } > "$out/online-$name.games.jsonl"
    { echo "$src"; zcat "$tmp/$name.positions.jsonl.gz"; } | gzip -9n > "$out/online-$name.positions.jsonl.gz"
}
fsf_set losers 201
fsf_set suicide 202
