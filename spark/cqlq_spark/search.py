"""The library entry points: :func:`search` and :func:`search_all` plan the shards, run one
Spark task per shard and turn cqlq's output into DataFrames."""

import os
import time
from dataclasses import dataclass, field

from pyspark import AccumulatorParam, StorageLevel
from pyspark.sql import DataFrame, SparkSession, functions as F, types as T

from . import binary as binaries
from . import jvm_tasks
from .plan import list_inputs, plan_shards
from .task import run_shard

#: The schema of a task's records (see :mod:`cqlq_spark.task`).
RECORD_SCHEMA = T.StructType(
    [
        T.StructField("kind", T.StringType(), False),
        T.StructField("file_index", T.IntegerType(), False),
        T.StructField("shard", T.IntegerType(), False),
        T.StructField("seq", T.LongType(), False),
        T.StructField("data", T.BinaryType(), False),
    ]
)

#: The fields of cqlq's ``--json`` lines kept as columns.
MATCH_SCHEMA = T.StructType(
    [
        T.StructField("game", T.LongType()),
        T.StructField("ply", T.LongType()),
        T.StructField("fen", T.StringType()),
        T.StructField("san", T.StringType()),
        T.StructField("move", T.StringType()),
        T.StructField("tags", T.MapType(T.StringType(), T.StringType())),
        T.StructField("comments", T.ArrayType(T.StringType())),
        T.StructField("messages", T.ArrayType(T.StringType())),
    ]
)

#: The fields of a bad game's record.
ERROR_SCHEMA = T.StructType(
    [
        T.StructField("game", T.LongType()),
        T.StructField("byte", T.LongType()),
        T.StructField("decompressed", T.BooleanType()),
        T.StructField("reason", T.StringType()),
    ]
)


@dataclass
class SearchResult:
    """What :func:`search_all` returns."""

    #: Matched positions: ``path``, ``game`` (numbered within its file), ``ply``, ``fen``,
    #: ``san``, ``move``, ``tags``, ``comments``, ``messages``, ``json`` (cqlq's line as one
    #: machine prints it), and ``file_index``, ``shard``, ``seq`` (input order).
    matches: DataFrame
    #: Bad games: ``path``, ``game``, ``byte`` (in the file; in the decompressed stream when
    #: ``decompressed``), ``reason``, ``file_index``, ``shard``.
    errors: DataFrame
    #: The tasks' raw records (kind, file_index, shard, seq, data), computed once: the Python
    #: tasks' records are a persisted DataFrame, the JVM tasks' lines a persisted RDD under it
    #: (:meth:`unpersist` frees both).
    records: DataFrame
    #: The inputs (path, size, compressed), in order.
    inputs: list
    #: The shards run, in order (see :func:`cqlq_spark.plan.plan_shards`).
    shards: list
    #: Seconds spent planning (listing and cutting the inputs).
    planning_seconds: float = 0.0
    #: How many shards ran as JVM tasks (see :mod:`cqlq_spark.jvm_tasks`); the others ran
    #: as Python tasks.
    jvm_shards: int = 0
    #: Spark accumulators of the Python tasks (JVM tasks add nothing to them), read with
    #: ``.value`` once an action has run the tasks:
    #: ``task_seconds`` (the shard tasks' wall time, summed), ``cqlq_cpu_seconds`` (the CPU
    #: time of their cqlq processes, user and system, summed), ``first_task_start`` (the
    #: earliest wall-clock start of a shard task, ``time.time()`` on its executor). A task run
    #: again (a retry, or the records recomputed) counts again.
    timings: dict = field(default_factory=dict)
    #: What is persisted for the records (DataFrames, JVM RDDs), for :meth:`unpersist`.
    cached: list = field(default_factory=list)

    def unpersist(self):
        """Frees the records' persisted data (the search runs again on the next action)."""
        for held in self.cached:
            held.unpersist()


class _Earliest(AccumulatorParam):
    """An accumulator of the smallest value added (a time)."""

    def zero(self, value):
        return float("inf")

    def addInPlace(self, a, b):
        return min(a, b)


#: Spark applications this package was already sent to (by application id).
_SHIPPED_TO = set()


def ship_package(sc):
    """Sends this package to the executors (``SparkContext.addPyFile`` of a zip of it), once
    per application, so executors need not have it installed."""
    if sc.applicationId in _SHIPPED_TO:
        return
    import atexit
    import shutil
    import tempfile
    import zipfile

    here = os.path.dirname(os.path.abspath(__file__))
    folder = tempfile.mkdtemp(prefix="cqlq-spark-py-")
    # Spark serves the zip from this path for the whole application (an executor that joins
    # later fetches it then), and PySpark has no hook for a context's end: kept until exit.
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = os.path.join(folder, "cqlq_spark.zip")
    with zipfile.ZipFile(path, "w") as z:
        for name in sorted(os.listdir(here)):
            if name.endswith(".py"):
                z.write(os.path.join(here, name), "cqlq_spark/" + name)
    sc.addPyFile(path)
    _SHIPPED_TO.add(sc.applicationId)


def search(spark, query, paths, **options):
    """The DataFrame of positions matching ``query`` (CQL text) in the games of ``paths``
    (files, folders, globs; any file system fsspec knows); see :func:`search_all`."""
    return search_all(spark, query, paths, **options).matches


def search_all(
    spark: SparkSession,
    query: str,
    paths,
    *,
    query_is_file_text=False,
    shards_per_file=None,
    cqlq=None,
    ship=True,
    threads_per_task=None,
    extra_args=(),
    output="json",
    task_runner="auto",
    fail_first_attempt_of_shard=None,
):
    """Plans, then runs cqlq over every shard. ``shards_per_file``: byte ranges per plain
    file (default: chosen from the bytes and the cores, see
    :func:`cqlq_spark.plan.pieces_per_file`). ``query_is_file_text``: the query is a ``.cql``
    file's text (read as ``cqlq QUERY.cql`` reads it) rather than ``-e`` text. ``cqlq``: the
    binary's path (default ``$CQLQ_BIN`` or ``cqlq`` on ``PATH``); ``ship``: send it with the
    job (``SparkContext.addFile``) instead of expecting it on the executors. ``output``:
    ``"json"`` (rows) or ``"pgn"`` (the records are pieces of cqlq's PGN output, see
    :func:`write_pgn`). ``extra_args``: more cqlq options (e.g. ``["--variations"]``).
    ``task_runner``: where a shard task runs: ``"python"`` (a Python worker runs cqlq, see
    :mod:`cqlq_spark.task`), ``"jvm"`` (Spark's JVM pipes cqlq's lines, no Python worker: see
    :mod:`cqlq_spark.jvm_tasks`; only JSON output over plain files cqlq reads as local files at
    the same path on the driver and the executors, other shards stay Python tasks) or
    ``"auto"`` (``"jvm"`` with a ``local`` master, else ``"python"``).
    ``fail_first_attempt_of_shard``: ``(file_index, shard)`` whose first attempt fails (tests).
    The query is compiled on the driver first: a bad one raises :class:`QueryError`."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    sc = spark.sparkContext
    driver_cqlq = binaries.driver_binary(cqlq)
    binaries.check_query(driver_cqlq, query, query_is_file_text, extra_args)
    ship_package(sc)
    shipped = None
    if ship:
        sc.addFile(driver_cqlq)
        shipped = os.path.basename(driver_cqlq)
    threads = threads_per_task or int(sc.getConf().get("spark.task.cpus", "1"))
    started = time.time()
    inputs = list_inputs([str(p) for p in paths])

    def binary_for_task():
        return binaries.executor_binary(shipped, cqlq)

    shards = plan_shards(sc, inputs, shards_per_file, query, binary_for_task)
    planned = time.time()
    spec = {
        "query": query,
        "query_is_file_text": query_is_file_text,
        "format": output,
        "threads": threads,
        "cqlq": cqlq,
        "shipped": shipped,
        "extra_args": list(extra_args),
        "fail_first_attempt_of_shard": fail_first_attempt_of_shard,
    }

    task_seconds = sc.accumulator(0.0)
    cqlq_cpu_seconds = sc.accumulator(0.0)
    first_task_start = sc.accumulator(float("inf"), _Earliest())

    def task(items):
        import resource

        for shard in items:
            first_task_start.add(time.time())
            began = time.monotonic()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            yield from run_shard(shard, spec)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            task_seconds.add(time.monotonic() - began)
            cqlq_cpu_seconds.add(
                after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            )

    if task_runner not in ("auto", "jvm", "python"):
        raise ValueError("task_runner: %r is not auto, jvm or python" % (task_runner,))
    in_jvm = task_runner == "jvm" or (task_runner == "auto" and sc.master.startswith("local"))
    jvm_shards = [s for s in shards if in_jvm and jvm_tasks.eligible(s, output)]
    python_shards = [s for s in shards if not (in_jvm and jvm_tasks.eligible(s, output))]
    parts, cached = [], []
    if python_shards or not jvm_shards:
        rdd = sc.parallelize(python_shards, max(1, len(python_shards))).mapPartitions(task)
        frame = spark.createDataFrame(rdd, RECORD_SCHEMA, verifySchema=False)
        parts.append(frame.persist(StorageLevel.MEMORY_AND_DISK))
        cached.append(frame)
    if jvm_shards:
        frame, lines = jvm_tasks.records(spark, jvm_shards, spec, jvm_tasks.task_binary(spec))
        parts.append(frame)
        cached.append(lines)
    records = parts[0] if len(parts) == 1 else parts[0].unionByName(parts[1])
    paths_col = F.array(*[F.lit(f["path"]) for f in inputs]) if inputs else F.array()
    path = F.element_at(paths_col, F.col("file_index") + 1)
    text = F.col("data").cast("string")
    matches = (
        records.where(F.col("kind") == "m")
        .select(
            path.alias("path"),
            F.from_json(text, MATCH_SCHEMA).alias("m"),
            text.alias("json"),
            "file_index",
            "shard",
            "seq",
        )
        .select("path", "m.*", "json", "file_index", "shard", "seq")
    )
    errors = (
        records.where(F.col("kind") == "e")
        .select(path.alias("path"), F.from_json(text, ERROR_SCHEMA).alias("e"), "file_index", "shard", "seq")
        .select("path", "e.*", "file_index", "shard", "seq")
    )
    return SearchResult(
        matches=matches,
        errors=errors,
        records=records,
        inputs=inputs,
        shards=shards,
        planning_seconds=planned - started,
        jvm_shards=len(jvm_shards),
        cached=cached,
        timings={
            "task_seconds": task_seconds,
            "cqlq_cpu_seconds": cqlq_cpu_seconds,
            "first_task_start": first_task_start,
        },
    )


def pgn_name(index, path):
    """The output file of one input's PGN: its index (input order) and its name."""
    base = path.rstrip("/").rsplit("/", 1)[-1]
    for ending in (".zst", ".gz", ".bz2", ".pgn"):
        if base.lower().endswith(ending):
            base = base[: -len(ending)]
    return "%05d-%s.pgn" % (index, base)


def write_pgn(result, directory):
    """Writes each input's matched games as ``DIR/NNNNN-NAME.pgn``, in input order, byte for
    byte what ``cqlq QUERY NAME`` writes; pieces stream from the executors in order (the
    records are computed once, in parallel, and read back partition by partition)."""
    import fsspec

    fs, root = fsspec.core.url_to_fs(directory)
    fs.makedirs(root, exist_ok=True)
    result.records.count()
    names = [pgn_name(i, f["path"]) for i, f in enumerate(result.inputs)]
    open_files = {}
    try:
        for i, name in enumerate(names):
            open_files[i] = fs.open(root.rstrip("/") + "/" + name, "wb")
        pieces = result.records.where(F.col("kind") == "p").select("file_index", "data")
        for row in pieces.toLocalIterator():
            open_files[row.file_index].write(bytes(row.data))
    finally:
        for f in open_files.values():
            f.close()
    return names
