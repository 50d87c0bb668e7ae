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
# reads too, which prints it to the hundredth only (a probe takes about 0.1 s).
cpu_seconds() {
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{r.ru_utime + r.ru_stime:.4f}")' "$@"
}

total_cqlq=0
total_cql=0
slow=0
for query in "$SHARED"/cql/probes/*.cql; do
    name=$(basename "$query")
    cql=$(awk -F'\t' -v q="$name" '$1 == q { print $2 + $3 }' "$TIMES")
    samples=()
    for _ in $(seq "$RUNS"); do
        rm -f "$OUTDIR/${name%.cql}.pgn"
        cpu=$(cpu_seconds "$BIN" --threads 1 --no-summary \
            -o "$OUTDIR/${name%.cql}.pgn" "$query" "$PGN")
        samples+=("$cpu")
    done
    median=$(printf '%s\n' "${samples[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    ratio=$(awk -v a="$cql" -v b="$median" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "inf" }')
    mark=
    if awk -v a="$cql" -v b="$median" 'BEGIN { exit !(a < 5 * b) }'; then mark=' <5x'; slow=$((slow + 1)); fi
    printf '%-32s %8.3f %8.2f %6sx%s\n' "${name%.cql}" "$median" "$cql" "$ratio" "$mark"
    total_cqlq=$(awk -v a="$total_cqlq" -v b="$median" 'BEGIN { print a + b }')
    total_cql=$(awk -v a="$total_cql" -v b="$cql" 'BEGIN { print a + b }')
done
printf '%-32s %8.2f %8.2f %6sx\n' total "$total_cqlq" "$total_cql" \
    "$(awk -v a="$total_cql" -v b="$total_cqlq" 'BEGIN { printf "%.1f", a / b }')"
echo "probes under 5x: $slow"
