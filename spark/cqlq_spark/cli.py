"""``cqlq-spark``: the command line. ``cqlq-spark QUERY.cql INPUT... --output DIR`` (or
``-e TEXT INPUT...``) runs the search as a Spark job and writes ``DIR/matches`` and
``DIR/errors`` (Parquet or JSON lines), or with ``--format pgn`` one PGN file per input,
``DIR/NNNNN-NAME.pgn`` (NNNNN: the input's place, from 00000), plus ``DIR/errors`` (JSON
lines). The output is written beside the previous one and swapped in when the job succeeded
(:mod:`cqlq_spark.publish`): a failed run leaves the previous output whole. The binary is
found before Spark starts. Exit status as cqlq's: 0 some match, 1 none, 2 trouble."""

import argparse
import json
import sys
import time

from .binary import CqlqNotFound, QueryError, driver_binary


def parse_args(argv):
    """The command line's options."""
    p = argparse.ArgumentParser(
        prog="cqlq-spark",
        description="Run a CQL query over PGN files as an Apache Spark job, with the answers of one machine",
        epilog="Example: cqlq-spark -e mate games/*.pgn --output out/   (docs/scale-out.md has the cluster commands)",
    )
    p.add_argument("args", nargs="+", metavar="QUERY.cql | INPUT", help="QUERY.cql then inputs (or only inputs with -e): files, folders, globs, URLs")
    p.add_argument("-e", "--expr", metavar="TEXT", help="the query text inline")
    p.add_argument("--output", required=True, metavar="DIR", help="the output folder (any file system Spark or fsspec writes)")
    p.add_argument("--format", choices=["parquet", "jsonl", "pgn"], default="parquet")
    p.add_argument("--shards-per-file", type=int, metavar="N", help="byte-range shards per plain file (default: about two tasks per core, at most 256 MiB each)")
    p.add_argument("--master", metavar="URL", help="Spark master (default: spark-submit's, else local[*])")
    p.add_argument("--task-runner", choices=["auto", "jvm", "python"], default="auto", help="where shard tasks run: auto (the JVM, with no Python worker, for local plain files under a local master), jvm, python")
    p.add_argument("--java-options", metavar="TEXT", help="the driver JVM's options when the job starts a local one (default $CQLQ_SPARK_JAVA_OPTIONS, else -XX:TieredStopAtLevel=1 -XX:+UseSerialGC; '' for none)")
    p.add_argument("--cqlq", metavar="PATH", help="the cqlq binary (default $CQLQ_BIN, else cqlq on PATH, else target/release/cqlq here); shipped with the job")
    p.add_argument("--no-ship", action="store_true", help="do not ship the binary: executors find cqlq on their PATH")
    p.add_argument("--threads-per-task", type=int, metavar="N", help="cqlq threads per task (default spark.task.cpus)")
    p.add_argument("--variations", action="store_true", help="also search inside variations (cqlq --variations)")
    p.add_argument("--no-index", action="store_true", help="search every game, not through a file's game index (FILE.cqlqi, made by cqlq index: used by default)")
    return p.parse_args(argv)


def main(argv=None):
    """Runs the command; returns (and exits with) its status."""
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    if opts.expr is not None:
        query, query_is_file, inputs = opts.expr, False, opts.args
    else:
        if len(opts.args) < 2:
            print("cqlq-spark: give QUERY.cql and at least one input (or -e TEXT)", file=sys.stderr)
            return 2
        try:
            with open(opts.args[0], encoding="utf-8") as f:
                query = f.read()
        except OSError as e:
            print("cqlq-spark: %s: %s" % (opts.args[0], e), file=sys.stderr)
            return 2
        query_is_file, inputs = True, opts.args[1:]
    try:
        # Before the session (which takes seconds to start): a missing binary is told at once.
        cqlq = driver_binary(opts.cqlq)
    except CqlqNotFound as e:
        print("cqlq-spark: %s" % e, file=sys.stderr)
        return 2
    from . import session
    from .publish import Staging
    from .search import search_all, write_pgn

    t0 = time.time()
    spark = session.builder("cqlq-spark", opts.master, opts.java_options).getOrCreate()
    t_session = time.time() - t0
    staging = None
    try:
        t1 = time.time()
        result = search_all(
            spark,
            query,
            inputs,
            query_is_file_text=query_is_file,
            shards_per_file=opts.shards_per_file,
            cqlq=cqlq,
            ship=not opts.no_ship,
            threads_per_task=opts.threads_per_task,
            extra_args=(["--variations"] if opts.variations else [])
            + (["--no-index"] if opts.no_index else []),
            output="pgn" if opts.format == "pgn" else "json",
            task_runner=opts.task_runner,
        )
        staging = Staging(opts.output)
        out = staging.url
        if opts.format == "pgn":
            names = write_pgn(result, out)
            result.errors.drop("seq").coalesce(1).write.json(out + "/errors")
            names.append("errors")
        else:
            writer = "parquet" if opts.format == "parquet" else "json"
            getattr(result.matches.write, writer)(out + "/matches")
            getattr(result.errors.write, writer)(out + "/errors")
            names = ["matches", "errors"]
        # Both counts in one job over the computed records.
        counts = dict(result.records.groupBy("kind").count().collect())
        matched = counts.get("p" if opts.format == "pgn" else "m", 0)
        bad = counts.get("e", 0)
        staging.swap_in(names)
        staging = None
        elapsed = time.time() - t1
    except QueryError as e:
        print(str(e), file=sys.stderr)
        return 2
    except (CqlqNotFound, FileNotFoundError, OSError) as e:
        print("cqlq-spark: %s" % e, file=sys.stderr)
        return 2
    except Exception as e:  # the job failed (a task failed every attempt): Spark's message
        first = str(e).strip().splitlines()[:1]
        print(
            "cqlq-spark: the job failed, the previous output in %s is kept: %s"
            % (opts.output, first[0] if first else type(e).__name__),
            file=sys.stderr,
        )
        return 2
    finally:
        if staging is not None:
            staging.discard()
        spark.stop()
    print(
        "cqlq-spark: %d inputs, %d shards, %s, %d bad games; session start %.1f s, job %.1f s (planning %.1f s)"
        % (
            len(result.inputs),
            len(result.shards),
            ("matches written" if opts.format == "pgn" else "%d positions matched" % matched),
            bad,
            t_session,
            elapsed,
            result.planning_seconds,
        ),
        file=sys.stderr,
    )
    return 0 if matched else 1


if __name__ == "__main__":
    sys.exit(main())
