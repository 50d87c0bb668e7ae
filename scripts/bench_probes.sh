#!/usr/bin/env bash
# The 77 probes against the real CQL 6.2 (issue 15, item 9): runs every query of
# ../shared/cql/probes on ../shared/data/std-visible-5k.pgn with one thread, output written to a
# file (as CQL 6.2's times were taken: `cql -s -i GAMES -o out.pgn QUERY`), and prints per probe
# cqlq's CPU seconds (user + sys, the median of RUNS runs, from the kernel's rusage), CQL 6.2's
# recorded CPU seconds (user + sys, ../shared/cql/probes-times-cql62.tsv), the ratio CQL 6.2 / cqlq,
# then the totals. Probes under 5x are marked `<5x`.
#
#   scripts/bench_probes.sh [BIN] [RUNS] [OUTDIR]
#
# BIN defaults to target/release/cqlq (built if missing); each probe's output stays in
# OUTDIR/NAME.pgn (default /tmp/bench-probes-PID), so two binaries' answers can be diffed.
#
# When the replay floor is built (FLOOR, default /tmp/floor/release/floor; see
# scripts/bench_floor.sh), it is run on the same file before each probe, and each probe's line
# also shows cqlq's CPU over the floor's (`floor_x`: 1.0 is the floor's speed). CQL 6.2's
# times were taken on another day: the floor's time in this run says how fast the machine is
# now (its README gives 0.024 s for these 5,000 games, 0.24 s for std-visible.pgn, on an idle
# machine of this kind), and 77 times the floor is the least any scan of the probes costs.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/cqlq}
RUNS=${2:-1}
OUTDIR=${3:-/tmp/bench-probes-$$}
SHARED=../shared
PGN=$SHARED/data/std-visible-5k.pgn
TIMES=$SHARED/cql/probes-times-cql62.tsv

[ -d "$SHARED/cql/probes" ] || { echo "no $SHARED/cql/probes: nothing to run" >&2; exit 2; }
if [ "$BIN" = target/release/cqlq ] && ! [ -x "$BIN" ]; then cargo build --release; fi
mkdir -p "$OUTDIR"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $BIN; input: $PGN; runs per probe: $RUNS (median); outputs: $OUTDIR"
printf '%-32s %8s %8s %7s\n' probe cqlq_s cql62_s ratio

# The CPU seconds (user + sys) of a command, to the microsecond: the rusage that /usr/bin/time
# reads too, which prints it to the hundredth only (a probe takes about 0.1 s). The children's
# rusage is read before and after: a `python3` started through a shim (pyenv) already holds the
# shim's own children's time, about 0.07 s, which is not the command's.
cpu_seconds() {
    python3 -c 'import resource, subprocess, sys
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
before = cpu()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(f"{cpu() - before:.4f}")' "$@"
}

FLOOR=${FLOOR:-/tmp/floor/release/floor}
[ -x "$FLOOR" ] || FLOOR=
total_cqlq=0
total_cql=0
total_floor=0
slow=0
for query in "$SHARED"/cql/probes/*.cql; do
    name=$(basename "$query")
    cql=$(awk -F'\t' -v q="$name" '$1 == q { print $2 + $3 }' "$TIMES")
    samples=()
    floors=()
    for _ in $(seq "$RUNS"); do
        rm -f "$OUTDIR/${name%.cql}.pgn"
        if [ -n "$FLOOR" ]; then floors+=("$(cpu_seconds "$FLOOR" replay 1 "$PGN")"); fi
        cpu=$(cpu_seconds "$BIN" --threads 1 --no-summary \
            -o "$OUTDIR/${name%.cql}.pgn" "$query" "$PGN")
        samples+=("$cpu")
    done
    median=$(printf '%s\n' "${samples[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    floor_note=
    if [ -n "$FLOOR" ]; then
        floor=$(printf '%s\n' "${floors[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
        total_floor=$(awk -v a="$total_floor" -v b="$floor" 'BEGIN { print a + b }')
        floor_note=$(awk -v a="$median" -v b="$floor" 'BEGIN { printf "  floor %.3f floor_x %.1f", b, a / b }')
    fi
    ratio=$(awk -v a="$cql" -v b="$median" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "inf" }')
    mark='    '
    if awk -v a="$cql" -v b="$median" 'BEGIN { exit !(a < 5 * b) }'; then mark=' <5x'; slow=$((slow + 1)); fi
    printf '%-32s %8.3f %8.2f %6sx%s%s\n' "${name%.cql}" "$median" "$cql" "$ratio" "$mark" "$floor_note"
    total_cqlq=$(awk -v a="$total_cqlq" -v b="$median" 'BEGIN { print a + b }')
    total_cql=$(awk -v a="$total_cql" -v b="$cql" 'BEGIN { print a + b }')
done
printf '%-32s %8.2f %8.2f %6sx\n' total "$total_cqlq" "$total_cql" \
    "$(awk -v a="$total_cql" -v b="$total_cqlq" 'BEGIN { printf "%.1f", a / b }')"
echo "probes under 5x: $slow"
if [ -n "$FLOOR" ]; then
    awk -v f="$total_floor" -v q="$total_cqlq" -v c="$total_cql" 'BEGIN {
        printf "floor: %.2f s for the 77 replays (%.3f s each), cqlq %.2fx the floor; the floor alone would be %.1fx below CQL 6.2\n", f, f / 77, q / f, c / f }'
fi
