#!/usr/bin/env bash
# Compares `cqlq annotate` of two binaries (ABSOLUTE paths) byte for byte: the annotated
# output, standard error and the exit status, for the themes of queries/ over PGN files,
# under several options. Usage: scripts/compare_annotate.sh OLD NEW [PGN...]
# (default PGN files: ../shared/data's, when present). Prints the runs and the differences.
set -u
old=$1 new=$2
shift 2
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shared=$(dirname "$0")/../../shared/data
  [ -d "$shared" ] || { echo "no PGN files given and $shared absent: skipped"; exit 0; }
  files=("$shared"/*.pgn "$shared"/variants/*.pgn)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
themes=$(cd "$(dirname "$0")/.." && pwd)/queries
runs=0 diffs=0
for f in "${files[@]}"; do
  for opts in "-q" "-q --variations" "-q --tag Motifs -j1" "--no-progress"; do
    for bin in old new; do
      b=${!bin}
      # shellcheck disable=SC2086
      "$b" annotate $opts "$themes" -- "$f" >"$work/$bin.out" 2>"$work/$bin.err"
      echo $? >"$work/$bin.rc"
      # The summary line's time differs from run to run.
      sed -i -E 's/, [0-9.]+ s$//' "$work/$bin.err"
    done
    runs=$((runs + 1))
    for part in out err rc; do
      if ! cmp -s "$work/old.$part" "$work/new.$part"; then
        diffs=$((diffs + 1))
        echo "DIFFERENT $part: annotate $opts $f"
      fi
    done
  done
done
echo "$runs runs, $diffs differences"
[ "$diffs" -eq 0 ]
