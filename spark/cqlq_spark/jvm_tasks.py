"""Shard tasks run in the JVM, with no Python worker: Spark's own ``RDD.pipe`` (reached from
PySpark through ``sc._jsc``) starts a small shell script per shard, which runs cqlq on the
local file exactly as :func:`cqlq_spark.task.run_shard` does and prints cqlq's ``--json``
lines, then the lines of its standard error that look like a bad game's report, each after
``"E "``. The lines come back
as JVM strings and become the same records as the Python tasks' (``kind``, ``file_index``,
``shard``, ``seq``, ``data``) with Spark SQL alone: the partition number says which shard (one
shard per partition, in order), the row's place in its partition gives ``seq``, and a bad
game's report is read with :data:`cqlq_spark.task.BAD_GAME_PATTERN`.

Only for JSON output over shards cqlq can read as local files (:func:`eligible`): PGN output
is bytes, not lines, and a remote or compressed input needs fsspec, so those stay Python
tasks. A task fails (and Spark retries it) when cqlq exits with trouble; the script then
writes cqlq's last messages, naming the shard, on the JVM's standard error (the task's log),
and a retried task makes the same lines."""

import atexit
import os
import shlex
import shutil
import tempfile

from pyspark.sql import functions as F

from .binary import executor_binary
from .task import BAD_GAME_PATTERN, cqlq_options, local_input, shard_args

#: The script each task runs (``sh -c``). Standard input: the shard's file index and number,
#: then cqlq's arguments that place the shard, as shell words. Environment: ``CQLQ_SPARK_COMMAND``
#: (the binary, the job's options and the query's arguments, as shell words; ``$query_file``
#: in it is the query's file, written from ``CQLQ_SPARK_QUERY``), and for the tests'
#: failure hook ``CQLQ_SPARK_FAIL_SHARD`` (``"FILE_INDEX SHARD"``) and
#: ``CQLQ_SPARK_FAIL_MARKER`` (a folder made by the first attempt, which then fails after
#: printing all its lines).
TASK_SCRIPT = r"""
shard=$(cat)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cqlq-task-XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
query_file="$tmp/query.cql"
printf '%s' "$CQLQ_SPARK_QUERY" > "$query_file" || exit 2
eval "set -- $shard"
key="$1 $2"
shift 2
eval "$CQLQ_SPARK_COMMAND"' "$@"' 2> "$tmp/err"
status=$?
# The input refused as a whole (exit status 2, a message naming it: not PGN): one report of
# the input, at the shard's first byte (after --byte-range, else 0), as the Python task's.
for input; do :; done
start=0
case "$1" in --byte-range) start=${2%%-*} ;; esac
refused=$(grep -F -- "$input" "$tmp/err" | grep -v ': game [0-9]' | head -n 1)
if [ "$status" -eq 2 ] && [ -n "$refused" ]; then
    echo "E $input: input (byte $start): ${refused#cqlq: }"
    exit 0
fi
if [ "$status" -gt 1 ]; then
    echo "cqlq failed on shard $key ($*), exit status $status:" >&2
    tail -n 20 "$tmp/err" >&2
    exit "$status"
fi
# The lines that look like a bad game's report (the records keep those naming the input).
sed -n 's/^\(.*: game [0-9][0-9]* (\(decompressed \)\{0,1\}byte [0-9][0-9]*): .*\)$/E \1/p' "$tmp/err" \
    || exit 2
if [ -n "${CQLQ_SPARK_FAIL_SHARD:-}" ] && [ "$key" = "$CQLQ_SPARK_FAIL_SHARD" ] \
        && mkdir "$CQLQ_SPARK_FAIL_MARKER" 2> /dev/null; then
    echo "cqlq-spark test hook: the first attempt of shard $key fails" >&2
    exit 3
fi
exit 0
"""


def eligible(shard, output):
    """Whether a shard can be a JVM task: JSON output, and a shard of a plain file cqlq reads
    as a local file here (see :func:`cqlq_spark.task.local_input`) whose path is one line."""
    if output != "json" or not shard["plain"]:
        return False
    local = local_input(shard)
    return local is not None and "\n" not in local


def _dataframe(jdf, spark):
    """A Python DataFrame over a JVM one (PySpark 4's classic DataFrame, or 3.5's)."""
    try:
        from pyspark.sql.classic.dataframe import DataFrame
    except ImportError:
        from pyspark.sql import DataFrame
    return DataFrame(jdf, spark)


def records(spark, shards, spec, binary):
    """The records of ``shards`` (all :func:`eligible`) searched by JVM tasks, one partition
    per shard in the given order: a DataFrame of the schema of the Python tasks' records, and
    the JVM RDD of the tasks' lines under it, persisted (``MEMORY_AND_DISK``: the first action
    runs cqlq, later ones read the lines back; persisting the lines rather than the DataFrame
    spares the JVM Spark SQL's columnar cache, about a fifth of its work for a small job).
    ``binary``: the cqlq the tasks run (a path valid where they run). ``spec``: as for
    :func:`cqlq_spark.task.run_shard`."""
    sc = spark.sparkContext
    query_words = ['"$query_file"'] if spec["query_is_file_text"] else ['-e "$CQLQ_SPARK_QUERY"']
    env = {
        "CQLQ_SPARK_COMMAND": " ".join([shlex.join(cqlq_options(binary, spec))] + query_words),
        "CQLQ_SPARK_QUERY": spec["query"],
    }
    fail = spec.get("fail_first_attempt_of_shard")
    if fail is not None:
        env["CQLQ_SPARK_FAIL_SHARD"] = "%d %d" % tuple(fail)
        folder = tempfile.mkdtemp(prefix="cqlq-spark-fail-")
        # The job runs at the caller's actions, and again if its records are recomputed: the
        # marker's folder is kept until exit.
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        env["CQLQ_SPARK_FAIL_MARKER"] = os.path.join(folder, "failed")
    # Each task's standard input: its shard, as shell words.
    shard_words = [
        shlex.join([str(s["file_index"]), str(s["shard"])] + shard_args(s, local_input(s)))
        for s in shards
    ]
    piped = sc._jsc.parallelize(shard_words, len(shard_words)).pipe(
        ["sh", "-c", TASK_SCRIPT, "cqlq-spark-task"], env, False, 1 << 16, "UTF-8"
    )
    piped.persist(sc._jvm.org.apache.spark.storage.StorageLevel.MEMORY_AND_DISK())
    strings = spark._jsparkSession.createDataset(
        piped.rdd(), sc._jvm.org.apache.spark.sql.Encoders.STRING()
    )
    part = F.spark_partition_id()
    at = lambda values: F.element_at(F.array(*[F.lit(v) for v in values]), part + 1)
    lines = _dataframe(strings.toDF(), spark).withColumnRenamed("value", "line").select(
        at([s["file_index"] for s in shards]).alias("file_index"),
        at([s["shard"] for s in shards]).alias("shard"),
        (F.monotonically_increasing_id() - part.cast("long") * (1 << 33)).alias("seq"),
        # The name cqlq gives the input in its messages, then ": ".
        F.concat(F.lit("E "), at([local_input(s) for s in shards]), F.lit(": ")).alias("prefix"),
        "line",
    )
    reported = F.expr("substr(line, length(prefix) + 1)")
    field = lambda k: F.regexp_extract(reported, BAD_GAME_PATTERN, k)
    is_report = F.col("line").startswith("E ")
    is_bad_game = F.col("line").startswith(F.col("prefix")) & reported.rlike(BAD_GAME_PATTERN)
    bad = F.to_json(
        F.struct(
            F.when(field(1) != "", field(1)).cast("long").alias("game"),
            field(3).cast("long").alias("byte"),
            (field(2) != "").alias("decompressed"),
            field(4).alias("reason"),
        )
    )
    frame = lines.where(~is_report | is_bad_game).select(
        F.when(is_report, F.lit("e")).otherwise(F.lit("m")).alias("kind"),
        F.col("file_index").cast("int").alias("file_index"),
        F.col("shard").cast("int").alias("shard"),
        "seq",
        F.when(is_report, bad).otherwise(F.col("line")).cast("binary").alias("data"),
    )
    return frame, piped


def task_binary(spec):
    """The binary JVM tasks run, found on the driver (in local mode the driver's JVM runs
    them: the shipped copy is in the driver's ``SparkFiles`` folder)."""
    return executor_binary(spec.get("shipped"), spec.get("cqlq"))
