#!/usr/bin/env bash
# Proves a refactor or speed-up changed no answer: runs two cqlq binaries on every query of
# queries/, ../shared/cql/examples and ../shared/cql/probes over ../shared/data/cql-sample.pgn,
# std-visible-5k.pgn and the latter in the shape of a lichess dump, in three formats (default PGN, --json, and -q --count, which lets the
# one-pass search stop a game at its first match), and compares stdout, stderr (the summary
# line's timing removed) and the exit status byte for byte.
#
#   scripts/compare_outputs.sh OLD_BINARY NEW_BINARY [QUERY_FILE...]
#   FORMATS="count pgn" scripts/compare_outputs.sh ...   (a subset of the formats: pgn json count)
#   GAMES="/abs/a.pgn /abs/b.pgn" scripts/compare_outputs.sh ...   (other game files)
#
# Prints one line per difference and a total; exits 1 when anything differs.
set -u
old=${1:?usage: compare_outputs.sh OLD NEW [QUERY...]}
new=${2:?usage: compare_outputs.sh OLD NEW [QUERY...]}
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$here/../shared}
if [ $# -gt 0 ]; then
    queries=()
    for q in "$@"; do queries+=("$(cd "$(dirname "$q")" && pwd)/$(basename "$q")"); done
else
    queries=("$here"/queries/*.cql "$shared"/cql/examples/*.cql "$shared"/cql/probes/*.cql)
fi
# GAMES="a.pgn b.pgn" compares on other game files (Chess960, variations, bad input).
if [ -n "${GAMES:-}" ]; then
    read -r -a games <<<"$GAMES"
else
    games=("$shared/data/cql-sample.pgn" "$shared/data/std-visible-5k.pgn")
    # The 5,000 games again in the shape of a lichess dump (clock comments, `N...`,
    # `[Variant "Standard"]`), made once into $LICHESS_5K when the maker is there.
    lichess=${LICHESS_5K:-/tmp/lichess-5k.pgn}
    if [ ! -s "$lichess" ] && [ -f "$shared/data/make-lichess-like.py" ]; then
        python3 "$shared/data/make-lichess-like.py" "$shared/data/std-visible-5k.pgn" "$lichess.tmp" &&
            mv "$lichess.tmp" "$lichess"
    fi
    [ -s "$lichess" ] && games+=("$lichess")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
limit=${TIMEOUT:-300}

# Runs one binary; writes out, err (timing stripped) and the status to $work/$2.*
run_one() {
    local bin=$1 tag=$2
    shift 2
    (cd "$work" && timeout "$limit" "$bin" "$@" >"$work/$tag.out" 2>"$work/$tag.err.raw")
    echo $? >"$work/$tag.status"
    sed -E 's/, [0-9.]+ s, [0-9]+ games\/s$//' "$work/$tag.err.raw" >"$work/$tag.err"
}

runs=0
diffs=0
for q in "${queries[@]}"; do
    [ -f "$q" ] || { echo "missing (not compared): $q"; continue; }
    for g in "${games[@]}"; do
        for format in ${FORMATS:-pgn json count}; do
            case $format in
                pgn) opts=() ;;
                json) opts=(--json) ;;
                count) opts=(-q --count) ;;
            esac
            run_one "$old" old "${opts[@]}" "$q" "$g"
            run_one "$new" new "${opts[@]}" "$q" "$g"
            runs=$((runs + 1))
            if [ "$(cat "$work/old.status")" = 124 ] || [ "$(cat "$work/new.status")" = 124 ]; then
                echo "timed out (not compared): $(basename "$q") $(basename "$g") $format"
                continue
            fi
            for part in out err status; do
                if ! cmp -s "$work/old.$part" "$work/new.$part"; then
                    echo "DIFFERS ($part): $(basename "$q") $(basename "$g") $format"
                    diffs=$((diffs + 1))
                    break
                fi
            done
        done
    done
done
echo "compare_outputs: $runs runs, $diffs differ"
[ "$diffs" -eq 0 ]
