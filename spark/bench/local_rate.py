"""Times cqlq-spark in Spark's local mode over some PGN files: the Spark session's start-up
apart, then the job from its submission (the driver's query check, the plan tasks and the
search tasks) to the last row counted. Compare with ``cqlq -j N -q --count QUERY FILES``
timed as a whole process on the same files.

    python3 spark/bench/local_rate.py --master 'local[2]' --cqlq target/release/cqlq \\
        -e mate /tmp/bench/*.pgn
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("inputs", nargs="+")
    p.add_argument("-e", "--expr", required=True)
    p.add_argument("--master", default="local[2]")
    p.add_argument("--cqlq", required=True)
    p.add_argument("--shards-per-file", type=int, default=4)
    p.add_argument("--games", type=int, help="games in the inputs, for the rate")
    opts = p.parse_args()
    from pyspark.sql import SparkSession

    from cqlq_spark import search_all

    t0 = time.time()
    spark = (
        SparkSession.builder.master(opts.master)
        .appName("cqlq-spark-bench")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    spark.sparkContext.parallelize([0], 1).count()  # executors (Python workers) up
    t1 = time.time()
    r = search_all(spark, opts.expr, opts.inputs, cqlq=opts.cqlq, shards_per_file=opts.shards_per_file)
    matched = r.matches.count()
    bad = r.errors.count()
    t2 = time.time()
    games = opts.games or sum(s["games"] or 0 for s in r.shards)
    print(
        "session start-up %.2f s; job %.2f s (planning %.2f s); %d shards; %d positions matched, "
        "%d bad games; %s games/s" % (
            t1 - t0, t2 - t1, r.planning_seconds, len(r.shards), matched, bad,
            ("%.0f" % (games / (t2 - t1))) if games else "?",
        ),
        file=sys.stderr,
    )
    spark.stop()


if __name__ == "__main__":
    main()
