#!/usr/bin/env bash
# Issue 35's benchmark of the game index, on a copy of ../shared/data/std-visible.pgn in a
# temporary folder (../shared is read-only and the index is written beside the file):
# 1. the build: median CPU seconds (user + system) of `cqlq index -q -j1`
#    against the floor's `replay 1` (../shared/floor: SAN replay, is_check), run in turn;
# 2. the index's size against the PGN's; then (KEYS=1, the default) the index made again with
#    `--keys` (positions' Zobrist keys: docs/index.md), its build CPU and size, and the
#    queries below run with it (KEYS=0: with the index without keys);
# 3. per query (the selective ones below, then the 77 probes of ../shared/cql/probes): the
#    median CPU seconds of `cqlq --threads 1 -q Q copy.pgn` with the index and with
#    `--no-index` (run in turn), their ratio, and whether both printed the same bytes (and exit status);
#    each probe also with `--count` (which games match, none written: a game's search stops
#    at its first match), its total with and without the index; and for the probes' total
#    in PGN, the least it could be if the index skipped every game a probe does not match at
#    no cost and each matched game cost the scan's mean a game (its matched share of the
#    scan's time);
#    then `true --count` (every game decided at its first position: its place and tags read,
#    no move played) and `terminal --count` (the same count, decided at each game's last
#    position: every move of every game played from its packed moves) against the floor;
#    for each selective query, the floor's replay of only the games it matches (a search
#    that replays those games at the floor's speed takes at least that: the most its ratio
#    to the scan could then be);
#    probes slower with the index by CPU time are counted again by instructions (valgrind's
#    callgrind, when installed) on the first 5,000 games, which the load does not sway;
# 4. issue 35's goals, each "met" or "NOT met".
# Exits 1 when an output differs (a wrong answer), 2 when a tool is missing, else 0.
#
#   scripts/bench_index.sh [CQLQ_BINARY] [PGN]     (RUNS=3 by default; PROBES=0 skips the probes;
#                                                   KEYS=0 searches without positions' keys)
#
# Build cqlq and the floor first:
#   cargo build --release
#   CARGO_TARGET_DIR=/tmp/floor cargo build --release --locked --manifest-path ../shared/floor/Cargo.toml
# The exact `fen` and `zobristkey` queries are made by python-chess (the oracle's library)
# from game 1000's position after 30 plies; without it they are left out, with a message.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
cqlq=${1:-$here/target/release/cqlq}
source_pgn=${2:-$here/../shared/data/std-visible.pgn}
floor=${FLOOR:-/tmp/floor/release/floor}
probes=${PROBES_DIR:-$here/../shared/cql/probes}
runs=${RUNS:-3}
[ -x "$floor" ] || { echo "no floor at $floor (see the comment at the top)"; exit 2; }
[ -x "$cqlq" ] || { echo "no cqlq at $cqlq (cargo build --release)"; exit 2; }
[ -f "$source_pgn" ] || { echo "no PGN at $source_pgn"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pgn=$work/games.pgn
cp "$source_pgn" "$pgn"
index=$pgn.cqlqi

# The CPU seconds (user + system, in microseconds: wait4's rusage of that one child) of one
# run of a command, its output thrown away.
cpu() {
    python3 -c 'import os, sys
null = os.open(os.devnull, os.O_WRONLY)
to_null = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ, file_actions=to_null)
_, _, usage = os.wait4(pid, 0)
print(f"{usage.ru_utime + usage.ru_stime:.4f}")' "$@"
}

# The median of `runs` runs' CPU seconds of a command.
median() {
    for _ in $(seq "$runs"); do cpu "$@"; done |
        sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# The medians of `runs` runs each of two commands (separated by `--`), run in turn (one of
# each, then again), so that a drift of the machine's speed weighs on both alike: "A B".
paired() {
    python3 - "$runs" "$@" <<'PY'
import os, statistics, sys
runs = int(sys.argv[1])
split = sys.argv.index("--")
commands = [sys.argv[2:split], sys.argv[split + 1:]]
def cpu(argv):
    null = os.open(os.devnull, os.O_WRONLY)
    to_null = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=to_null)
    _, _, usage = os.wait4(pid, 0)
    os.close(null)
    return usage.ru_utime + usage.ru_stime
times = [[], []]
for i in range(runs):
    for j in ([0, 1] if i % 2 == 0 else [1, 0]):
        times[j].append(cpu(commands[j]))
print(" ".join(f"{statistics.median(t):.4f}" for t in times))
PY
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# A build from nothing: the index removed before each run (else only new games are read).
build=(sh -c 'rm -f "$1.cqlqi" && exec "$2" index -q -j1 "$1"' build "$pgn" "$cqlq")

games=$("$cqlq" --no-index --threads 1 -q --count -e true "$pgn")
echo "file: $source_pgn ($games games, $(stat -c %s "$pgn") bytes); $runs runs each, medians of CPU seconds, 1 thread"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%F %T UTC'); cqlq: $cqlq"
read -r floor_s build_s < <(paired "$floor" replay 1 "$pgn" -- "${build[@]}")
"${build[@]}" >/dev/null 2>&1
[ -s "$index" ] || { echo "cqlq index wrote no $index"; exit 2; }
build_ratio=$(ratio "$build_s" "$floor_s")
echo "build: cqlq index ${build_s}s, floor replay ${floor_s}s: ${build_ratio}x the floor's CPU"
size_pct=$(awk -v i="$(stat -c %s "$index")" -v p="$(stat -c %s "$pgn")" 'BEGIN { printf "%.1f", 100 * i / p }')
echo "index: $(stat -c %s "$index") bytes, ${size_pct} % of the PGN"
if [ "${KEYS:-1}" != 0 ]; then
    keyed=(sh -c 'rm -f "$1.cqlqi" && exec "$2" index -q -j1 --keys "$1"' build "$pgn" "$cqlq")
    keyed_s=$(median "${keyed[@]}")
    "${keyed[@]}" >/dev/null 2>&1
    keyed_pct=$(awk -v i="$(stat -c %s "$index")" -v p="$(stat -c %s "$pgn")" 'BEGIN { printf "%.1f", 100 * i / p }')
    echo "index --keys: ${keyed_s}s ($(ratio "$keyed_s" "$floor_s")x the floor's CPU), $(stat -c %s "$index") bytes, ${keyed_pct} % of the PGN; the queries below use it"
fi

queries=$work/queries
mkdir -p "$queries"
n=0
add() { n=$((n + 1)); printf '%s\n' "$2" >"$queries/$(printf '%03d' "$n")-$1.cql"; }
add true 'true'
add mate 'mate'
add stalemate 'stalemate'
add promote-RBN 'move promote [RBN]'
add no-pieces '#[QqRrBbNn] == 0'
add ooo-no-queens 'move o-o-o and #[Qq] == 0'
if fen_key=$(python3 - "$pgn" 2>/dev/null <<'PY'
import sys, chess.pgn, chess.polyglot
with open(sys.argv[1]) as f:
    for _ in range(1000):
        game = chess.pgn.read_game(f)
board = game.board()
for move in list(game.mainline_moves())[:30]:
    board.push(move)
print(board.board_fen(), format(chess.polyglot.zobrist_hash(board), "016x"))
PY
); then
    add fen "fen \"${fen_key% *}\""
    add zobristkey "zobristkey == \"${fen_key#* }\""
else
    echo "exact fen and zobristkey: left out (python-chess not found)"
fi
selective=$n
if [ "${PROBES:-1}" != 0 ]; then
    for q in "$probes"/*.cql; do
        n=$((n + 1))
        cp "$q" "$queries/$(printf '%03d' "$n")-probe-$(basename "$q")"
    done
fi

printf '%-44s %8s %8s %8s %8s %s\n' query matched with_s scan_s ratio same_bytes
differ=0
sum_with=0 sum_scan=0 min_probe=999999 min_selective=999999
sum_count_with=0 sum_count_scan=0 sum_matched_share=0
slower=() floor_matched=()
for q in "$queries"/*.cql; do
    label=$(basename "$q" .cql)
    label=${label#*-}
    "$cqlq" --threads 1 -q "$q" "$pgn" >"$work/with.out" 2>/dev/null
    with_rc=$?
    "$cqlq" --no-index --threads 1 -q "$q" "$pgn" >"$work/scan.out" 2>/dev/null
    scan_rc=$?
    same=yes
    if ! cmp -s "$work/with.out" "$work/scan.out" || [ "$with_rc" != "$scan_rc" ]; then
        same="NO (exit $with_rc / $scan_rc)"
        differ=$((differ + 1))
    fi
    matched=$("$cqlq" --threads 1 -q --count "$q" "$pgn" 2>/dev/null | tail -1)
    read -r with_s scan_s < <(paired "$cqlq" --threads 1 -q "$q" "$pgn" -- "$cqlq" --no-index --threads 1 -q "$q" "$pgn")
    r=$(ratio "$scan_s" "$with_s")
    printf '%-44s %8s %8.3f %8.3f %8s %s\n' "${label:0:44}" "$matched" "$with_s" "$scan_s" "$r" "$same"
    case $label in
        probe-*)
            sum_with=$(awk -v a="$sum_with" -v b="$with_s" 'BEGIN { print a + b }')
            sum_scan=$(awk -v a="$sum_scan" -v b="$scan_s" 'BEGIN { print a + b }')
            sum_matched_share=$(awk -v a="$sum_matched_share" -v t="$scan_s" -v m="$matched" -v g="$games" 'BEGIN { print a + t * m / g }')
            read -r count_with count_scan < <(paired "$cqlq" --threads 1 -q --count "$q" "$pgn" -- "$cqlq" --no-index --threads 1 -q --count "$q" "$pgn")
            sum_count_with=$(awk -v a="$sum_count_with" -v b="$count_with" 'BEGIN { print a + b }')
            sum_count_scan=$(awk -v a="$sum_count_scan" -v b="$count_scan" 'BEGIN { print a + b }')
            min_probe=$(awk -v a="$min_probe" -v b="$r" 'BEGIN { print (b < a ? b : a) }')
            if awk -v r="$r" 'BEGIN { exit !(r < 1) }'; then slower+=("$q"); fi ;;
        true) ;;
        *)
            # The floor replaying only the games this query matches (the scan's output with
            # `--silent`: those games, their moves, no comments): a search that replays the
            # games it matches at the floor's speed takes at least that.
            "$cqlq" --no-index --threads 1 -q --silent "$q" "$pgn" >"$work/matched.pgn" 2>/dev/null
            floor_matched_s=$(median "$floor" replay 1 "$work/matched.pgn")
            floor_matched+=("$(printf '  %-42s %8s games: floor %8.3fs, with the index %8.3fs (%sx the floor), scan %8.3fs: at most %sx' \
                "${label:0:42}" "$matched" "$floor_matched_s" "$with_s" "$(ratio "$with_s" "$floor_matched_s")" "$scan_s" "$(ratio "$scan_s" "$floor_matched_s")")")
            if awk -v a="$min_selective" -v b="$r" 'BEGIN { exit !(b < a) }'; then
                min_selective=$r
                least_selective="$label: the floor's replay of its $matched games alone ${floor_matched_s}s, at most $(ratio "$scan_s" "$floor_matched_s")x"
            fi ;;
    esac
done
if [ "${#floor_matched[@]}" -gt 0 ]; then
    echo "selective queries: the floor's replay of only the games each matches (a search that replays them at the floor's speed takes at least that; its ratio to the scan at most the last figure):"
    printf '%s\n' "${floor_matched[@]}"
fi

# The probes slower with the index by CPU time, counted again by instructions (callgrind,
# user space: the same work whatever the machine's load, where CPU seconds of one command
# vary by a third on a shared machine) on the first 5,000 games (../shared's
# std-visible-5k.pgn, or that many cut from the PGN) with their own index: a probe slower
# by instructions too is slower.
slower_by_instructions=0
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected/ { print $4 }'
}
if [ "${#slower[@]}" -gt 0 ] && command -v valgrind >/dev/null; then
    small=$work/small.pgn
    if [ -f "$here/../shared/data/std-visible-5k.pgn" ]; then
        cp "$here/../shared/data/std-visible-5k.pgn" "$small"
    else
        awk '/^\[Event / { n++ } n <= 5000' "$pgn" >"$small"
    fi
    "$cqlq" index -q "$small" >/dev/null 2>&1
    echo "probes slower by CPU time, counted by instructions on $(basename "$small") (with, without the index):"
    for q in "${slower[@]}"; do
        label=$(basename "$q" .cql)
        label=${label#*-}
        with_i=$(instructions "$cqlq" --threads 1 -q "$q" "$small")
        scan_i=$(instructions "$cqlq" --no-index --threads 1 -q "$q" "$small")
        printf '  %-42s %12s %12s %6s\n' "${label:0:42}" "$with_i" "$scan_i" "$(ratio "$scan_i" "$with_i")"
        if [ "${with_i:-0}" -gt "${scan_i:-0}" ]; then
            slower_by_instructions=$((slower_by_instructions + 1))
        fi
    done
fi

# Each goal of issue 35, with the figure it is judged on.
goal() { if awk "BEGIN { exit !($2) }"; then echo "  met:     $1"; else echo "  NOT met: $1"; fi; }
echo "goals (issue 35):"
goal "same bytes with and without the index on every query ($differ differ)" "$differ == 0"
if [ "$n" -gt "$selective" ]; then
    probe_ratio=$(ratio "$sum_scan" "$sum_with")
    goal "the probes' total CPU >= 5x lower with the index (${sum_with}s against ${sum_scan}s: ${probe_ratio}x)" "$probe_ratio >= 5"
    echo "           the least it could be, every game a probe does not match skipped at no cost and each matched game at the scan's mean cost: $(printf '%.3f' "$sum_matched_share")s ($(ratio "$sum_scan" "$sum_matched_share")x)"
    echo "           with --count (which games match, none written): ${sum_count_with}s against ${sum_count_scan}s ($(ratio "$sum_count_scan" "$sum_count_with")x)"
    if [ "${#slower[@]}" -gt 0 ] && command -v valgrind >/dev/null; then
        goal "no probe slower than the scan (${#slower[@]} slower by CPU time, the slowest ${min_probe}x; by instructions ${slower_by_instructions})" "$slower_by_instructions == 0"
    else
        goal "no probe slower than the scan (the slowest ratio ${min_probe}x, noise included)" "$min_probe >= 1"
    fi
fi
goal "each selective query >= 20x faster (the least ${min_selective}x)" "$min_selective >= 20"
[ -z "${least_selective:-}" ] || echo "           $least_selective"
# `true` over every game in --count: each game decided at its first position (its place and
# tags read, no move played: `docs/index.md`, "Replay from packed moves"; the table's `true`
# row writes every game); `terminal` gives the same count at each game's last position, so
# every move of every game is played from its packed moves (no SAN), each checked legal.
read -r true_count_s true_floor_s < <(paired "$cqlq" --threads 1 -q --count -e true "$pgn" -- "$floor" replay 1 "$pgn")
true_scan_s=$(median "$cqlq" --no-index --threads 1 -q --count -e true "$pgn")
echo "true --count: ${true_count_s}s with the index, ${true_scan_s}s without, the floor ${true_floor_s}s"
read -r last_count_s last_floor_s < <(paired "$cqlq" --threads 1 -q --count -e terminal "$pgn" -- "$floor" replay 1 "$pgn")
echo "terminal --count (every move played from the packed moves): ${last_count_s}s, the floor ${last_floor_s}s ($(ratio "$last_floor_s" "$last_count_s")x the floor's games/s)"
true_ratio=$(ratio "$true_floor_s" "$true_count_s")
goal "true --count over every game >= 2x the floor's games/s (${true_ratio}x)" "$true_ratio >= 2"
goal "build <= 1.25x the floor's CPU (${build_ratio}x)" "$build_ratio <= 1.25"
goal "index <= 30 % of the PGN (${size_pct} %)" "$size_pct <= 30"
[ "$differ" = 0 ] || exit 1
