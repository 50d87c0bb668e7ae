#!/bin/sh
# Side-by-side pairs: `cqlq -j 2` then the Spark job (spark/bench/local_rate.py) on the same
# files, ROUNDS times, each run preceded by the load average. Extra arguments go to
# local_rate.py (e.g. --task-runner python --java-options=).
#   spark/bench/pairs.sh CQLQ ROUNDS [local_rate.py options...]   (inputs: /tmp/bench/*.pgn)
set -u
cqlq=$1 rounds=$2
shift 2
here=$(dirname "$0")
games=${GAMES:-500000}
i=1
while [ "$i" -le "$rounds" ]; do
    echo "== round $i: cqlq -j 2; load $(cut -d' ' -f1-3 /proc/loadavg)"
    perf stat -e task-clock "$cqlq" -j 2 -q --count -e mate /tmp/bench/*.pgn 2>&1 \
        | grep -E 'task-clock|elapsed' | tr -s ' ' | tr '\n' ' '
    echo
    echo "== round $i: spark local[2] $*; load $(cut -d' ' -f1-3 /proc/loadavg)"
    python3 "$here/local_rate.py" --master 'local[2]' --cqlq "$cqlq" --games "$games" "$@" \
        -e mate /tmp/bench/*.pgn 2>&1 | grep -E '^(session|JVM threads)'
    i=$((i + 1))
done
