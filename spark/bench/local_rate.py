"""Times cqlq-spark in Spark's local mode over some PGN files. The Spark session's start-up
is reported apart (the JVM, the Python workers and Spark SQL's first DataFrame, all once per
session; with ``--warm-up-job`` also a first search over 2 MB, after which the JVM has
compiled the job's code paths); then the job: from its submission (the driver's query check, shipping, the plan
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
    descendants, with the children each has waited for (Linux /proc), by kind: ``java`` (the
    JVM), ``python`` (the driver, the Python workers), ``waited`` (the others: the tasks' cqlq
    and scripts, running or ended, the driver's checks); ``driver`` (this process alone);
    ``jit``, the JVM's compiler threads' seconds so far, by thread (see :func:`jit_seconds`)."""
    children, times, names = {}, {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                raw = f.read()
        except OSError:
            continue
        fields = raw.rsplit(")", 1)[1].split()
        children.setdefault(int(fields[1]), []).append(int(pid))
        times[int(pid)] = [int(x) for x in fields[11:15]]  # utime stime cutime cstime
        names[int(pid)] = raw[raw.index("(") + 1 : raw.rindex(")")]
    kinds = {"java": 0, "python": 0, "waited": 0, "jit": {}}
    own = times.get(root, [0, 0, 0, 0])
    todo = [root]
    while todo:
        pid = todo.pop()
        t = times.get(pid, [0, 0, 0, 0])
        name = names.get(pid, "")
        kind = "java" if name == "java" else "python" if name.startswith("python") else "waited"
        kinds[kind] += t[0] + t[1]
        kinds["waited"] += t[2] + t[3]
        if kind == "java":
            kinds["jit"].update(_compiler_seconds(pid))
        todo += children.get(pid, [])
    cpu = {k: v / TICKS if k != "jit" else v for k, v in kinds.items()}
    cpu["driver"] = (own[0] + own[1]) / TICKS
    return cpu


def jit_seconds(before, after):
    """CPU seconds the JIT compiler threads used between two :func:`tree_cpu_seconds`
    (threads alive at the end; a compiler thread that ended in between is not counted, as the
    JVM starts and ends C1's threads as it needs them)."""
    return sum(max(0.0, t - before["jit"].get(k, 0.0)) for k, t in after["jit"].items())


def _compiler_seconds(pid):
    """CPU seconds of each of a JVM's JIT compiler threads, by (pid, tid)."""
    seconds = {}
    for tid in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/stat" % (pid, tid)) as f:
                raw = f.read()
        except OSError:
            continue
        if "CompilerThre" in raw[raw.index("(") : raw.rindex(")")]:
            fields = raw.rsplit(")", 1)[1].split()
            seconds[(pid, tid)] = (int(fields[11]) + int(fields[12])) / TICKS
    return seconds


def first_task_launch(sc, group):
    """When the first task of the jobs of ``group`` was launched (``time.time()`` scale, to the
    millisecond), from Spark's status store: the same clock for JVM and Python tasks."""
    store = sc._jsc.sc().statusStore()
    launched = []
    for job in sc.statusTracker().getJobIdsForGroup(group):
        for stage in sc.statusTracker().getJobInfo(job).stageIds:
            when = store.lastStageAttempt(stage).firstTaskLaunchedTime()
            if when.isDefined():
                launched.append(when.get().getTime() / 1000)
    return min(launched)


def jvm_thread_seconds(root):
    """CPU seconds of each thread of the JVMs below ``root``, by thread name (digits dropped,
    so a pool's threads add up)."""
    import re

    by_name = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                raw = f.read()
        except OSError:
            continue
        if raw[raw.index("(") + 1 : raw.rindex(")")] != "java":
            continue
        for tid in os.listdir("/proc/%s/task" % pid):
            try:
                with open("/proc/%s/task/%s/stat" % (pid, tid)) as f:
                    raw = f.read()
            except OSError:
                continue
            name = re.sub(r"\d+", "N", raw[raw.index("(") + 1 : raw.rindex(")")])
            fields = raw.rsplit(")", 1)[1].split()
            by_name[name] = by_name.get(name, 0) + (int(fields[11]) + int(fields[12])) / TICKS
    return by_name


class FirstTaskWatch:
    """Splits the job's JVM and driver CPU at its first task's launch: a thread samples the
    CPU seconds of the JVM and of this process (cheap: two /proc reads) every 50 ms with the
    time, until Spark's status tracker shows a running task; :meth:`at` then interpolates the
    samples at the launch time the status store recorded (so a late poll does not move the
    split). Python workers and the tasks' cqlq start after the first launch: all of theirs is
    after it."""

    def __init__(self, sc, root):
        import threading

        self.sc, self.root = sc, root
        self.jvms = [pid for pid in _descendants(root) if _name(pid) == "java"]
        self.samples = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _sample(self):
        self.samples.append(
            (time.time(), sum(_cpu_seconds(pid) for pid in self.jvms), _cpu_seconds(self.root))
        )

    def _watch(self):
        tracker = self.sc.statusTracker()
        seen = 0
        while not self.done.is_set() and seen < 3:
            self._sample()
            if seen or any(
                (info := tracker.getStageInfo(stage)) is not None
                and info.numActiveTasks + info.numCompletedTasks > 0
                for stage in tracker.getActiveStageIds()
            ):
                seen += 1
            self.done.wait(0.05)

    def stop(self):
        """Stops sampling."""
        self.done.set()
        self.thread.join()

    def at(self, when):
        """(JVM, driver) CPU seconds at time ``when``, interpolated between the samples."""
        before = [x for x in self.samples if x[0] <= when] or self.samples[:1]
        after = [x for x in self.samples if x[0] >= when] or self.samples[-1:]
        (t0, j0, p0), (t1, j1, p1) = before[-1], after[0]
        f = 0.0 if t1 <= t0 else (when - t0) / (t1 - t0)
        return j0 + f * (j1 - j0), p0 + f * (p1 - p0)


def _descendants(root):
    """The process ids below ``root`` (Linux /proc)."""
    children = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open("/proc/%s/stat" % pid) as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(pid))
    found, todo = [], list(children.get(root, []))
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def _name(pid):
    try:
        with open("/proc/%d/comm" % pid) as f:
            return f.read().strip()
    except OSError:
        return ""


def _cpu_seconds(pid):
    """User and system CPU seconds of one live process (0 once it is gone)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def main():
    p = argparse.ArgumentParser()
    p.add_argument("inputs", nargs="+")
    p.add_argument("-e", "--expr", required=True)
    p.add_argument("--master", default="local[2]")
    p.add_argument("--cqlq", required=True)
    p.add_argument("--shards-per-file", type=int, help="default: cqlq-spark's choice")
    p.add_argument("--games", type=int, help="games in the inputs, for the rate")
    p.add_argument(
        "--warm-up-job", action="store_true",
        help="as part of the session's start-up, first run the same search over the first 2 MB "
        "of the first input (the JVM compiles Spark's code paths once per session)",
    )
    p.add_argument(
        "--java-options", metavar="TEXT",
        help="the driver JVM's options (default: cqlq_spark.session's for a local master; '' for none)",
    )
    p.add_argument(
        "--conf", action="append", default=[], metavar="KEY=VALUE",
        help="a Spark configuration setting for the session (repeatable)",
    )
    p.add_argument(
        "--jvm-threads", action="store_true",
        help="also print the JVM's CPU seconds during the job by thread name",
    )
    p.add_argument(
        "--task-runner", default="auto", choices=["auto", "jvm", "python"],
        help="where the shard tasks run (search_all's task_runner)",
    )
    opts = p.parse_args()
    from cqlq_spark import search_all, session

    me = os.getpid()
    t0 = time.time()
    builder = (
        session.builder("cqlq-spark-bench", opts.master, opts.java_options)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
    )
    for setting in opts.conf:
        builder = builder.config(*setting.split("=", 1))
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("ERROR")
    # The session's start-up: executors' Python workers up, Spark SQL's first DataFrame made
    # from a Python RDD, persisted and counted (what every job's first DataFrame pays once).
    sc.parallelize([0], 1).count()
    warm = spark.createDataFrame(sc.parallelize([(1,)], 1), "a int").persist()
    warm.count()
    warm.unpersist()
    if opts.warm_up_job:
        import tempfile

        with open(opts.inputs[0], "rb") as f:
            head = f.read(2 << 20)
        head = head[: head.rindex(b"\n[Event ") + 1]
        with tempfile.TemporaryDirectory() as tmp:
            small = os.path.join(tmp, "warm-up.pgn")
            with open(small, "wb") as f:
                f.write(head)
            w = search_all(spark, opts.expr, [small], cqlq=opts.cqlq)
            w.matches.count()
            w.errors.count()
            w.unpersist()
    t1 = time.time()
    c1 = tree_cpu_seconds(me)
    threads1 = jvm_thread_seconds(me) if opts.jvm_threads else {}
    sc.setJobGroup("cqlq-spark-bench-job", "the measured job")
    watch = FirstTaskWatch(sc, me)
    r = search_all(
        spark, opts.expr, opts.inputs, cqlq=opts.cqlq, shards_per_file=opts.shards_per_file,
        task_runner=opts.task_runner,
    )
    t_planned = time.time()
    matched = r.matches.count()
    t_searched = time.time()
    bad = r.errors.count()
    t2 = time.time()
    c2 = tree_cpu_seconds(me)
    watch.stop()
    if opts.jvm_threads:
        threads2 = jvm_thread_seconds(me)
        spent = sorted(((v - threads1.get(k, 0), k) for k, v in threads2.items()), reverse=True)
        print("JVM threads' CPU s during the job: " + ", ".join(
            "%s %.2f" % (k, v) for v, k in spent if v >= 0.02), file=sys.stderr)
    timing = lambda name: r.timings[name].value if name in r.timings else float("nan")
    first = first_task_launch(sc, "cqlq-spark-bench-job")
    # The job's CPU from its first task's launch: the JVM's and the driver's after it, all of
    # the Python workers' and of the tasks' processes.
    jvm_first, driver_first = watch.at(first)
    jvm_after = c2["java"] - jvm_first
    python_after = c2["python"] - c1["python"] - (driver_first - c1["driver"])
    cqlq_after = c2["waited"] - c1["waited"]
    games = opts.games or sum(s["games"] or 0 for s in r.shards)
    rate = lambda seconds: ("%.0f" % (games / seconds)) if games else "?"
    print(
        "session start-up %.2f s; job %.2f s from submission, %.2f s from the first task's start "
        "(driver before it %.2f s, of it plan tasks %.2f s; search %.2f s; errors read back %.2f s); "
        "%d shards (%d JVM tasks); Python tasks %.2f s summed, their cqlq CPU %.2f s; job CPU (all processes) %.2f s "
        "(JVM %.2f of it JIT %.2f, Python %.2f, cqlq and other processes %.2f); "
        "of it from the first task's start %.2f s (JVM %.2f, Python %.2f, cqlq and other processes %.2f); "
        "%d positions matched, %d bad games; %s games/s from submission, %s from the first task"
        % (
            t1 - t0, t2 - t1, t2 - first, first - t1, r.planning_seconds,
            t_searched - t_planned, t2 - t_searched, len(r.shards), r.jvm_shards,
            timing("task_seconds"), timing("cqlq_cpu_seconds"),
            sum(c2[k] - c1[k] for k in ("java", "python", "waited")),
            c2["java"] - c1["java"], jit_seconds(c1, c2), c2["python"] - c1["python"],
            c2["waited"] - c1["waited"],
            jvm_after + python_after + cqlq_after, jvm_after, python_after, cqlq_after,
            matched, bad, rate(t2 - t1), rate(t2 - first),
        ),
        file=sys.stderr,
    )
    spark.stop()


if __name__ == "__main__":
    main()
