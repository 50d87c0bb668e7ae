#!/usr/bin/env bash
# cqlq against the replay floor (../shared/floor: mmap + pgn-reader + shakmaty, every main-line
# SAN played, is_check at each position), side by side in the same minute on the same file.
# Per query: the median CPU seconds (user + system, /usr/bin/time) of RUNS runs of
# `cqlq --threads 1 -q --count`, games/s, and the ratio to the floor's games/s (measured
# between the queries, so each ratio compares runs made within seconds of each other); then
# `check` on 2 threads against 1 (wall seconds); then `true`, `check` and `mate` on the same games
# in the shape of a lichess dump (LICHESS=FILE, made when absent).
#
#   scripts/bench_floor.sh [CQLQ_BINARY] [PGN]     (RUNS=5 by default)
#
# Build the floor first (../shared is read-only):
#   CARGO_TARGET_DIR=/tmp/floor cargo build --release --locked --manifest-path ../shared/floor/Cargo.toml
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
cqlq=${1:-$here/target/release/cqlq}
pgn=${2:-$here/../shared/data/std-visible.pgn}
floor=${FLOOR:-/tmp/floor/release/floor}
runs=${RUNS:-5}
[ -x "$floor" ] || { echo "no floor at $floor (see the comment at the top)"; exit 2; }
[ -x "$cqlq" ] || { echo "no cqlq at $cqlq (cargo build --release)"; exit 2; }
games=$("$cqlq" --threads 1 -q --count -e true "$pgn")

# The median of `runs` runs' CPU seconds (or wall seconds with WALL=1) of a command.
median() {
    local field='%U %S' t
    [ "${WALL:-0}" = 1 ] && field='%e'
    t=$(mktemp)
    for _ in $(seq "$runs"); do
        /usr/bin/time -o "$t" -f "$field" "$@" >/dev/null 2>&1
        tail -1 "$t" | awk '{ print $1 + ($2 == "" ? 0 : $2) }'
    done | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
    rm -f "$t"
}

rate() { awk -v g="$games" -v s="$1" 'BEGIN { printf "%.0f", (s > 0 ? g / s : 0) }'; }

echo "file: $pgn ($games games); $runs runs each, medians of CPU seconds, 1 thread"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%F %T UTC')"
printf '%-48s %8s %10s %8s\n' query cpu_s games/s vs_floor
while IFS='|' read -r label opts query; do
    [ -n "$label" ] || continue
    f=$(median "$floor" replay 1 "$pgn")
    # shellcheck disable=SC2086
    c=$(median "$cqlq" --threads 1 -q --count $opts -e "$query" "$pgn")
    printf '%-48s %8.3f %10s %8.2f\n' "$label" "$c" "$(rate "$c")" \
        "$(awk -v f="$f" -v c="$c" 'BEGIN { print (c > 0 ? f / c : 0) }')"
done <<'QUERIES'
true||true
check||check
mate||mate
move pseudolegal count >= 50 (heaviest probe)||move pseudolegal count >= 50
line --> check{2,} --> mate||line --> check{2,} --> mate
find check||find check
echo (s t) { s:check t:check }||echo (s t) { s:check t:check }
path K-- --(check)||path K-- --(check)
check, fairy engine (--rules hill[d-e4-5])|--rules hill[d-e4-5]|check
QUERIES
f=$(median "$floor" replay 1 "$pgn")
printf '%-48s %8.3f %10s %8s\n' "(floor: replay, is_check)" "$f" "$(rate "$f")" 1.00
one=$(WALL=1 median "$cqlq" --threads 1 -q --count -e check "$pgn")
two=$(WALL=1 median "$cqlq" --threads 2 -q --count -e check "$pgn")
echo "check, wall seconds: 1 thread $one, 2 threads $two, speed-up $(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')x"

# The same games in the shape of a lichess dump (a clock comment after every move, `N...`,
# ~17 tags with `[Variant "Standard"]`): made once by ../shared/data/make-lichess-like.py
# into $LICHESS (default /tmp/lichess.pgn, 133 MB from std-visible.pgn).
maker=$here/../shared/data/make-lichess-like.py
lichess=${LICHESS:-/tmp/lichess.pgn}
if [ ! -s "$lichess" ]; then
    if [ -f "$maker" ] && [ -f "$here/../shared/data/std-visible.pgn" ]; then
        python3 "$maker" "$here/../shared/data/std-visible.pgn" "$lichess.tmp" && mv "$lichess.tmp" "$lichess"
    else
        echo "lichess-shaped games: skipped (no ../shared/data/make-lichess-like.py)"
        exit 0
    fi
fi
games=$("$cqlq" --threads 1 -q --count -e true "$lichess")
echo "lichess-shaped: $lichess ($games games)"
printf '%-48s %8s %10s %8s\n' query cpu_s games/s vs_floor
for query in true check mate; do
    f=$(median "$floor" replay 1 "$lichess")
    c=$(median "$cqlq" --threads 1 -q --count -e "$query" "$lichess")
    printf '%-48s %8.3f %10s %8.2f\n' "$query (lichess-shaped)" "$c" "$(rate "$c")" \
        "$(awk -v f="$f" -v c="$c" 'BEGIN { print (c > 0 ? f / c : 0) }')"
done
