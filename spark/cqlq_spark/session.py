"""The Spark session cqlq-spark starts for itself (the command line, the bench): with a local
master the one JVM is the driver and runs every task, and it is given
:data:`LOCAL_JAVA_OPTIONS`; on a cluster the JVMs are left as the cluster sets them.

Why: a local job's own JVM work is small (scheduling, a few thousand result lines), but the
JVM's optimising JIT compiler (C2) spent 1.9-3.9 CPU seconds per job compiling Spark's code
paths, more than all of the JVM's other work for a 500,000-game search. With C1 only
(``-XX:TieredStopAtLevel=1``) the compiler threads use about 0.3-0.5 s and the session starts
in about half the time; C1's code is slower, which a job whose JVM handles lines, not games,
does not feel. The serial garbage collector (``-XX:+UseSerialGC``, what the JVM itself picks on
a small machine) then took another 0.4-0.5 s off the JVM's share of such a job: G1's
concurrent threads cost more than they save on a heap this small (docs/scale-out.md has the
measurements). A session that will also hold large data sets may prefer G1 back:
``java_options="-XX:TieredStopAtLevel=1"``."""

import os
import re

#: The driver JVM's options with a local master: C1 only (no C2 compilations), the serial
#: garbage collector.
LOCAL_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
#: The environment variable that replaces :data:`LOCAL_JAVA_OPTIONS` (empty: none).
ENV_JAVA_OPTIONS = "CQLQ_SPARK_JAVA_OPTIONS"
#: How many times a local master tries a task: Spark's local mode tries each task once
#: (``spark.task.maxFailures`` is not read there) unless the master says ``local[N,F]``.
LOCAL_TASK_ATTEMPTS = 4


def with_local_retries(master):
    """``master`` with task retries when it is a local master without them: ``local``,
    ``local[N]``, ``local[*]`` become ``local[N,4]`` (``local[1,4]``, ``local[*,4]``); any
    other master (``local[N,F]``, a cluster's) is returned as it is."""
    m = re.fullmatch(r"local(?:\[(\*|\d+)\])?", master)
    if m is None:
        return master
    return "local[%s,%d]" % (m.group(1) or "1", LOCAL_TASK_ATTEMPTS)


def starts_local_jvm(master):
    """Whether a session built now with ``master`` (None: PySpark's default) launches a local
    JVM that runs the tasks: a ``local`` master, or none given outside ``spark-submit`` (which
    then is ``local[*]`` unless ``PYSPARK_SUBMIT_ARGS`` names a master)."""
    from pyspark import SparkContext

    if SparkContext._active_spark_context is not None or os.environ.get("PYSPARK_GATEWAY_PORT"):
        return False  # the JVM runs already (spark-submit, a notebook's session)
    if master is not None:
        return master.startswith("local")
    return "--master" not in os.environ.get("PYSPARK_SUBMIT_ARGS", "")


def builder(app_name, master=None, java_options=None):
    """A ``SparkSession.builder`` with ``app_name``, ``master`` (None: PySpark's default) and,
    when it starts a local JVM (:func:`starts_local_jvm`), task retries
    (:func:`with_local_retries`) and the driver's Java options
    ``java_options`` (default ``$CQLQ_SPARK_JAVA_OPTIONS``, else :data:`LOCAL_JAVA_OPTIONS`;
    ``""`` for none)."""
    from pyspark.sql import SparkSession

    b = SparkSession.builder.appName(app_name)
    local = starts_local_jvm(master)
    if local:
        # PySpark's default is local[*]; either way a failed task is tried again.
        master = with_local_retries(master or "local[*]")
    if master is not None:
        b = b.master(master)
    if java_options is None:
        java_options = os.environ.get(ENV_JAVA_OPTIONS, LOCAL_JAVA_OPTIONS)
    if java_options and local:
        b = b.config("spark.driver.extraJavaOptions", java_options)
    return b
