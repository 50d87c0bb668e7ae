"""cqlq-spark in Spark's local mode against single-machine cqlq: the truth is ``cqlq --json
QUERY FILE`` (and ``cqlq QUERY FILE`` for PGN) run over each input file on its own.

The games are the first 3,000 of ``../shared/data/std-visible.pgn`` (the whole 50,000 would
take CI minutes per query), divided into three files, each written plain and as ``.pgn.zst``,
plus a small file with bad games; plain files are cut into 3 byte-range shards each. The
binary is ``$CQLQ_BIN`` or ``target/release/cqlq``. Run: ``python3 -m unittest discover -s
spark/tests -v``. Skipped (with the reason) without ``../shared``, the binary, pyspark or
Java."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))

SHARED = os.path.join(REPO, "..", "shared", "data", "std-visible.pgn")
BINARY = os.path.abspath(os.environ.get("CQLQ_BIN") or next(
    (p for p in (os.path.join(REPO, "target", d, "cqlq") for d in ("release", "debug")) if os.access(p, os.X_OK)),
    os.path.join(REPO, "target", "release", "cqlq"),
))
GAMES = 3000
PARTS = 3

#: The queries: (name, CQL text, whether it is given as a .cql file's text).
QUERIES = [
    # Position only (a file's text, with its cql() header).
    ("fork", open(os.path.join(REPO, "queries", "knight-forks-king-and-queen.cql")).read(), True),
    ("line", "line --> check --> not check --> check", False),
    ("find", "btm find mate", False),
    # `sort` runs one task per file (its order is over the whole file).
    ("sort", 'terminal sort "edge" abs(power A - power a)', False),
    ("tags", 'player white "Alekhine" check', False),
    ("result-tag", "result 1-0 mate", False),
]

#: Three games: the second has a move that cannot be read, the third one that cannot be played.
BAD_GAMES = b"""[Event "ok"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "unreadable"]
[Result "*"]

1. e4 Kxx 2. d4 *

[Event "illegal"]
[Result "*"]

1. e4 e5 2. Ke3 Ke6 3. Kd5 *
"""


def skip_reason():
    if not os.path.isfile(SHARED):
        return "../shared is absent"
    if not os.access(BINARY, os.X_OK):
        return "no cqlq binary at %s (cargo build --release)" % BINARY
    try:
        import pyspark  # noqa: F401
    except ImportError:
        return "pyspark is not installed"
    if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
        return "no Java runtime"
    return None


def cqlq(args, **kw):
    return subprocess.run([BINARY] + args, capture_output=True, **kw)


@unittest.skipIf(skip_reason(), skip_reason() or "")
class SparkEqualsOneMachine(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cqlq-spark-test-")
        with open(SHARED, "rb") as f:
            data = f.read()
        starts = [i + 1 for i in range(len(data) - 7) if data.startswith(b"\n[Event ", i)]
        starts = [0] + starts
        cut = [starts[k * GAMES // PARTS] for k in range(PARTS)] + [starts[GAMES]]
        cls.inputs = []
        for k in range(PARTS):
            plain = os.path.join(cls.tmp, "part%d.pgn" % k)
            with open(plain, "wb") as f:
                f.write(data[cut[k] : cut[k + 1]])
            subprocess.run(["zstd", "-q", "-f", plain, "-o", plain + ".zst"], check=True)
            cls.inputs += [plain, plain + ".zst"]
        bad = os.path.join(cls.tmp, "bad.pgn")
        with open(bad, "wb") as f:
            f.write(BAD_GAMES)
        cls.inputs.append(bad)
        # local[2, 4]: two threads, a failed task tried up to 4 times (local mode's retries).
        from cqlq_spark import session

        cls.spark = (
            session.builder("cqlq-spark-tests", "local[2,4]")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.ui.showConsoleProgress", "false")
            .getOrCreate()
        )
        cls.spark.sparkContext.setLogLevel("ERROR")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def query_args(self, text, is_file):
        if not is_file:
            return ["-e", text]
        path = os.path.join(self.tmp, "query.cql")
        with open(path, "w") as f:
            f.write(text)
        return [path]

    def one_machine_json(self, text, is_file):
        """cqlq --json over each input on its own, concatenated in input order."""
        lines = []
        for path in self.inputs:
            out = cqlq(["--json", "-q"] + self.query_args(text, is_file) + [path])
            self.assertIn(out.returncode, (0, 1), out.stderr)
            lines += out.stdout.decode().splitlines()
        return lines

    def search(self, text, is_file, **kw):
        from cqlq_spark import search_all

        return search_all(
            self.spark, text, self.inputs, query_is_file_text=is_file, shards_per_file=3,
            cqlq=BINARY, **kw
        )

    def spark_lines(self, result):
        # Partitions are shards in input order; sorting here saves Spark a sampling job.
        rows = sorted(result.matches.collect(), key=lambda r: (r.file_index, r.shard, r.seq))
        return rows, [r.json for r in rows]

    def test_rows_equal_one_machine_json_lines(self):
        for name, text, is_file in QUERIES:
            with self.subTest(query=name):
                expected = self.one_machine_json(text, is_file)
                result = self.search(text, is_file)
                rows, lines = self.spark_lines(result)
                self.assertEqual(lines, expected)
                self.assertTrue(expected, "the query matches something")
                for row, line in zip(rows, expected):
                    truth = json.loads(line)
                    self.assertEqual((row.game, row.ply, row.fen, row.san), (truth["game"], truth["ply"], truth["fen"], truth["san"]))
                    self.assertEqual(row.tags, truth["tags"])
                # The plain files really were cut in several shards.
                for k in range(PARTS):
                    plain = [s for s in result.shards if s["file_index"] == 2 * k]
                    self.assertEqual(len(plain), 1 if name == "sort" else 3, plain)

    def test_pgn_output_is_cqlq_output_byte_for_byte(self):
        from cqlq_spark.search import write_pgn

        for name, text, is_file in QUERIES[:3] + QUERIES[3:5]:
            with self.subTest(query=name):
                result = self.search(text, is_file, output="pgn")
                out_dir = os.path.join(self.tmp, "pgn-" + name)
                names = write_pgn(result, out_dir)
                for path, written in zip(self.inputs, names):
                    truth = cqlq(["-q"] + self.query_args(text, is_file) + [path]).stdout
                    with open(os.path.join(out_dir, written), "rb") as f:
                        self.assertEqual(f.read(), truth, "%s: %s" % (name, path))

    def test_bad_games_are_an_errors_dataset(self):
        result = self.search("check", False)
        errors = sorted(result.errors.collect(), key=lambda r: (r.file_index, r.shard, r.seq))
        bad = self.inputs[-1]
        truth = cqlq(["--json", "-q", "-e", "check", bad]).stderr.decode().splitlines()
        truth = [l for l in truth if ": game " in l]
        self.assertEqual(len(truth), 2, truth)
        self.assertEqual(
            ["%s: game %d (byte %d): %s" % (e.path, e.game, e.byte, e.reason) for e in errors],
            truth,
        )

    def test_a_task_failing_once_is_retried_with_the_same_result(self):
        text = "line --> check --> not check --> check"
        expected = self.one_machine_json(text, False)
        # Shard (0, 1) is of a plain file (a JVM task with this local master), (1, 0) the whole
        # of a compressed one (always a Python task); then both as Python tasks.
        for runner, shard in (("auto", (0, 1)), ("auto", (1, 0)), ("python", (0, 1))):
            with self.subTest(runner=runner, shard=shard):
                result = self.search(text, False, fail_first_attempt_of_shard=shard, task_runner=runner)
                self.assertEqual(self.spark_lines(result)[1], expected)

    def test_jvm_tasks_make_the_python_tasks_records(self):
        """A shard of a local plain file is run by Spark's JVM (``RDD.pipe``, no Python
        worker) with a local master; its records must be the Python task's, row for row:
        the same matched lines with the same (file, shard, seq), the same bad games."""
        for name, text, is_file in QUERIES[:3] + [("check", "check", False)]:
            with self.subTest(query=name):
                by_runner = {}
                for runner in ("jvm", "python"):
                    result = self.search(text, is_file, task_runner=runner)
                    plain = len([s for s in result.shards if s["plain"]])
                    self.assertEqual(result.jvm_shards, plain if runner == "jvm" else 0)
                    rows = result.records.collect()
                    matched = sorted((r.file_index, r.shard, r.seq, bytes(r.data)) for r in rows if r.kind == "m")
                    bad = sorted(
                        (r.file_index, r.shard, r.seq, json.loads(bytes(r.data))) for r in rows if r.kind == "e"
                    )
                    by_runner[runner] = (matched, bad)
                self.assertEqual(by_runner["jvm"], by_runner["python"])
                self.assertTrue(by_runner["jvm"][0], "the query matches")
                # The file of bad games is plain: its two reports came from a JVM task.
                self.assertEqual(len(by_runner["jvm"][1]), 2)

    def test_a_query_error_is_reported_before_any_task(self):
        from cqlq_spark import QueryError

        sc = self.spark.sparkContext
        sc.setJobGroup("bad-query", "a query that does not compile")
        with self.assertRaises(QueryError) as caught:
            self.search("mate (", False)
        self.assertIn("<-e>", str(caught.exception))
        self.assertEqual(sc.statusTracker().getJobIdsForGroup("bad-query"), [])

    def test_a_missing_binary_or_input_is_named(self):
        from cqlq_spark import CqlqNotFound, search_all

        with self.assertRaises(CqlqNotFound) as caught:
            search_all(self.spark, "mate", self.inputs, cqlq="/nonexistent/cqlq")
        self.assertIn("/nonexistent/cqlq", str(caught.exception))
        with self.assertRaises(FileNotFoundError) as caught:
            search_all(self.spark, "mate", [os.path.join(self.tmp, "missing.pgn")], cqlq=BINARY)
        self.assertIn("missing.pgn", str(caught.exception))


@unittest.skipIf(skip_reason(), skip_reason() or "")
class LocalFileTasksEqualStreamedTasks(unittest.TestCase):
    """A shard of a local plain file is searched on the file itself (``cqlq --byte-range A-B
    FILE``, or ``cqlq FILE`` whole); a remote one has its bytes streamed into ``cqlq -`` with
    ``--input-offset``. Both must give the same records: the same file, as a local path and
    copied into fsspec's in-memory file system (which is "remote": its bytes are streamed),
    planned and searched shard by shard in this process (a task outside Spark)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cqlq-spark-local-")
        with open(SHARED, "rb") as f:
            data = f.read()
        # The first ~2,000 games, cut at a game start, then the bad games.
        end = data.index(b"\n[Event ", 1_400_000) + 1
        cls.data = data[:end] + b"\n" + BAD_GAMES
        cls.local = os.path.join(cls.tmp, "games.pgn")
        with open(cls.local, "wb") as f:
            f.write(cls.data)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def records(self, path, shards, query, output):
        from cqlq_spark.task import run_shard

        spec = {"query": query, "query_is_file_text": False, "format": output, "cqlq": BINARY}
        out = []
        for shard in shards:
            out += list(run_shard(shard, spec))
        return out

    def shards(self, path, pieces):
        from cqlq_spark.plan import plan_file

        if pieces == 1:
            return [{"file_index": 0, "shard": 0, "path": path, "start": 0, "end": None,
                     "first_game": 1, "games": None, "plain": True, "cut": False,
                     "planned_on_path": False}]
        ranges, on_path = plan_file(BINARY, path, -(-len(self.data) // pieces))
        self.assertEqual(on_path, not path.startswith("memory://"))
        return [dict(r, file_index=0, shard=k, path=path, plain=True, cut=True,
                     planned_on_path=on_path) for k, r in enumerate(ranges)]

    def test_a_local_file_searched_on_its_path_gives_the_streamed_records(self):
        import fsspec
        from cqlq_spark.task import local_input

        remote = "memory://cqlq-spark-test/games.pgn"
        with fsspec.open(remote, "wb") as f:
            f.write(self.data)
        for pieces in (1, 4):
            local_shards = self.shards(self.local, pieces)
            remote_shards = self.shards(remote, pieces)
            strip = lambda shards: [{k: s[k] for k in ("start", "end", "first_game", "games")} for s in shards]
            self.assertEqual(strip(local_shards), strip(remote_shards))
            self.assertEqual(len(local_shards), pieces)
            self.assertTrue(all(local_input(s) == self.local for s in local_shards))
            self.assertTrue(all(local_input(s) is None for s in remote_shards))
            for query, output in (("check", "json"), ("btm find mate", "json"), ("mate", "pgn")):
                with self.subTest(pieces=pieces, query=query, output=output):
                    on_path = self.records(self.local, local_shards, query, output)
                    streamed = self.records(remote, remote_shards, query, output)
                    self.assertEqual(on_path, streamed)
                    self.assertTrue([r for r in on_path if r[0] in "mp"], "the query matches")
                    # The two bad games are reported (whatever the query), and equally.
                    self.assertEqual(len([r for r in on_path if r[0] == "e"]), 2)


if __name__ == "__main__":
    unittest.main()
