"""Times cqlq-spark in Spark's local mode over some PGN files. The Spark session's start-up
is reported apart (the JVM, the Python workers and Spark SQL's first DataFrame, all once per
session); then the job: from its submission (the driver's query check, shipping, the plan
tasks) and from the first shard task's start to the last row counted. CPU seconds are those
of this process and all its descendants (the JVM, Python workers, cqlq), read from /proc, so
the overhead shows even on a busy machine. Compare with ``cqlq -j N -q --count QUERY FILES``
timed as a whole process on the same files (``perf stat -e task-clock`` for its CPU).

    python3 spark/bench/local_rate.py --master 'local[2]' --cqlq target/release/cqlq \\
        --games 500000 -e mate /tmp/bench/*.pgn
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: Clock ticks per second of /proc's CPU times.
TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(root):
    """CPU seconds (user and system) used so far by process ``root`` and its live
    descendants, with the children each has waited for (Linux /proc)."""
    children = {}
    times = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(pid))
        times[int(pid)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0)
        todo += children.get(pid, [])
    return total / TICKS


def main():
    p = argparse.ArgumentParser()
    p.add_argument("inputs", nargs="+")
    p.add_argument("-e", "--expr", required=True)
    p.add_argument("--master", default="local[2]")
    p.add_argument("--cqlq", required=True)
    p.add_argument("--shards-per-file", type=int, help="default: cqlq-spark's choice")
    p.add_argument("--games", type=int, help="games in the inputs, for the rate")
    opts = p.parse_args()
    from pyspark.sql import SparkSession

    from cqlq_spark import search_all

    me = os.getpid()
    t0 = time.time()
    spark = (
        SparkSession.builder.master(opts.master)
        .appName("cqlq-spark-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    sc = spark.sparkContext
    sc.setLogLevel("ERROR")
    # The session's start-up: executors' Python workers up, Spark SQL's first DataFrame made
    # from a Python RDD, persisted and counted (what every job's first DataFrame pays once).
    sc.parallelize([0], 1).count()
    warm = spark.createDataFrame(sc.parallelize([(1,)], 1), "a int").persist()
    warm.count()
    warm.unpersist()
    t1 = time.time()
    c1 = tree_cpu_seconds(me)
    r = search_all(spark, opts.expr, opts.inputs, cqlq=opts.cqlq, shards_per_file=opts.shards_per_file)
    t_planned = time.time()
    matched = r.matches.count()
    t_searched = time.time()
    bad = r.errors.count()
    t2 = time.time()
    c2 = tree_cpu_seconds(me)
    first = r.timings["first_task_start"].value
    games = opts.games or sum(s["games"] or 0 for s in r.shards)
    rate = lambda seconds: ("%.0f" % (games / seconds)) if games else "?"
    print(
        "session start-up %.2f s; job %.2f s from submission, %.2f s from the first task's start "
        "(driver before it %.2f s, of it plan tasks %.2f s; search %.2f s; errors read back %.2f s); "
        "%d shards; tasks %.2f s summed, their cqlq CPU %.2f s; job CPU (all processes) %.2f s; "
        "%d positions matched, %d bad games; %s games/s from submission, %s from the first task"
        % (
            t1 - t0, t2 - t1, t2 - first, first - t1, r.planning_seconds,
            t_searched - t_planned, t2 - t_searched, len(r.shards),
            r.timings["task_seconds"].value, r.timings["cqlq_cpu_seconds"].value, c2 - c1,
            matched, bad, rate(t2 - t1), rate(t2 - first),
        ),
        file=sys.stderr,
    )
    spark.stop()


if __name__ == "__main__":
    main()
