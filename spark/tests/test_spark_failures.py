"""cqlq-spark when things go wrong, through its command line as the README runs it
(``cqlq-spark -e mate games/*.pgn --output out/``, the binary found on ``PATH``, the default
local master), in a new process each time:

- a task whose cqlq is killed once is tried again (a local master is given retries,
  ``local[*,4]``; Spark's ``local[N]`` tries a task once), and the job's counts are the single
  machine's;
- an input cqlq refuses (not PGN) is one bad game of the errors, not a failed job;
- a re-run whose job fails (every attempt killed) leaves the previous output as it was.

The truth is ``cqlq --json`` over each input on its own. Skipped (with the reason) without
the binary, pyspark or Java; the games are written here (no ``../shared`` needed)."""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))

BINARY = os.path.abspath(os.environ.get("CQLQ_BIN") or next(
    (p for p in (os.path.join(REPO, "target", d, "cqlq") for d in ("release", "debug")) if os.access(p, os.X_OK)),
    os.path.join(REPO, "target", "release", "cqlq"),
))

#: Two mates (Scholar's, Fool's) and a game without one.
GAMES_A = b"""[Event "scholar"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "quiet"]
[Result "*"]

1. d4 d5 *
"""
GAMES_B = b"""[Event "fool"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
"""
#: The xz format's magic bytes (xz file format 1.0.4, 2.1.1.1), then junk: not PGN.
NOT_PGN = b"\xfd7zXZ\x00\x00\x04 not a PGN file"

#: The stand-in ``cqlq`` on PATH: the real binary, except that a search task's run (its
#: arguments name a file of ``games/``; not ``cqlq split``, the planning) is killed: once when
#: MODE is ``once`` (a marker folder made by the first), always when ``always``, never else.
WRAPPER = """#!/bin/sh
case "$1 $*" in
  split*) ;;
  *"/games/"*)
    if [ "{mode}" = always ] || {{ [ "{mode}" = once ] && mkdir "{marker}" 2> /dev/null; }}; then
      kill -KILL $$
    fi ;;
esac
exec "{real}" "$@"
"""


def skip_reason():
    if not os.access(BINARY, os.X_OK):
        return "no cqlq binary at %s (cargo build)" % BINARY
    try:
        import pyspark  # noqa: F401
    except ImportError:
        return "pyspark is not installed"
    if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
        return "no Java runtime"
    return None


class LocalRetries(unittest.TestCase):
    def test_local_masters_get_retries(self):
        from cqlq_spark.session import with_local_retries

        self.assertEqual(with_local_retries("local"), "local[1,4]")
        self.assertEqual(with_local_retries("local[2]"), "local[2,4]")
        self.assertEqual(with_local_retries("local[*]"), "local[*,4]")
        self.assertEqual(with_local_retries("local[2,3]"), "local[2,3]")
        self.assertEqual(with_local_retries("spark://host:7077"), "spark://host:7077")


@unittest.skipIf(skip_reason(), skip_reason() or "")
class CommandLineFailures(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="cqlq-spark-fail-")
        games = os.path.join(self.tmp, "games")
        os.mkdir(games)
        for name, data in (("a.pgn", GAMES_A), ("b.pgn", GAMES_B), ("c.pgn", NOT_PGN)):
            with open(os.path.join(games, name), "wb") as f:
                f.write(data)
        self.bin = os.path.join(self.tmp, "bin")
        os.mkdir(self.bin)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def readme_run(self, mode):
        """``cqlq-spark -e mate games/*.pgn --output out/`` with the stand-in cqlq on PATH."""
        wrapper = os.path.join(self.bin, "cqlq")
        with open(wrapper, "w") as f:
            f.write(WRAPPER.format(mode=mode, marker=os.path.join(self.tmp, "killed-once"), real=BINARY))
        os.chmod(wrapper, 0o755)
        env = {k: v for k, v in os.environ.items() if k not in ("CQLQ_BIN", "PYSPARK_SUBMIT_ARGS")}
        env["PATH"] = self.bin + os.pathsep + env.get("PATH", "")
        env["PYTHONPATH"] = os.path.dirname(HERE) + os.pathsep + env.get("PYTHONPATH", "")
        inputs = sorted(glob.glob(os.path.join(self.tmp, "games", "*.pgn")))
        inputs = [os.path.relpath(p, self.tmp) for p in inputs]
        return subprocess.run(
            [sys.executable, "-m", "cqlq_spark.cli", "-e", "mate"] + inputs + ["--output", "out/"],
            cwd=self.tmp, env=env, capture_output=True, timeout=600,
        )

    def truth(self):
        """The positions `cqlq --json -e mate` matches in the PGN inputs, one run each."""
        lines = 0
        for name in ("a.pgn", "b.pgn"):
            out = subprocess.run([BINARY, "--json", "-q", "-e", "mate", os.path.join(self.tmp, "games", name)], capture_output=True)
            lines += len(out.stdout.splitlines())
        return lines

    def output_files(self):
        out = os.path.join(self.tmp, "out")
        found = {}
        for folder, _, files in os.walk(out):
            for name in files:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    found[os.path.relpath(path, out)] = f.read()
        return found

    def test_readme_run_retries_a_killed_task_and_reports_a_bad_input(self):
        run = self.readme_run("once")
        err = run.stderr.decode("utf-8", "replace")
        self.assertEqual(run.returncode, 0, err)
        self.assertTrue(os.path.isdir(os.path.join(self.tmp, "killed-once")), "a task was killed")
        summary = re.search(r"(\d+) positions matched, (\d+) bad games", err)
        self.assertIsNotNone(summary, err)
        # Two mates; the input that is not PGN is the one bad game.
        self.assertEqual(int(summary[1]), self.truth())
        self.assertEqual(int(summary[1]), 2)
        self.assertEqual(int(summary[2]), 1, err)
        self.assertNotIn("Traceback", err)
        kept = self.output_files()
        self.assertTrue(any(k.startswith("matches/") and k.endswith(".parquet") for k in kept), kept)
        self.assertTrue(any(k.startswith("errors/") for k in kept), kept)

    def test_a_failed_rerun_keeps_the_previous_output(self):
        os.remove(os.path.join(self.tmp, "games", "c.pgn"))
        first = self.readme_run("never")
        self.assertEqual(first.returncode, 0, first.stderr.decode("utf-8", "replace"))
        kept = self.output_files()
        self.assertTrue(any(k.startswith("matches/") and k.endswith(".parquet") for k in kept), kept)
        # The re-run's every attempt is killed: the job fails, the first output stays.
        second = self.readme_run("always")
        err = second.stderr.decode("utf-8", "replace")
        self.assertEqual(second.returncode, 2, err)
        self.assertIn("previous output", err)
        self.assertEqual(self.output_files(), kept)
        self.assertEqual(sorted(os.listdir(os.path.join(self.tmp, "out"))), ["errors", "matches"])


@unittest.skipIf(skip_reason(), skip_reason() or "")
class BadInputIsABadGame(unittest.TestCase):
    def test_an_input_that_is_not_pgn_is_reported_not_raised(self):
        from cqlq_spark.task import run_shard

        tmp = tempfile.mkdtemp(prefix="cqlq-spark-bad-")
        try:
            path = os.path.join(tmp, "c.pgn")
            with open(path, "wb") as f:
                f.write(NOT_PGN)
            shard = {"file_index": 0, "shard": 0, "path": path, "start": 0, "end": None,
                     "first_game": 1, "games": None, "plain": True, "cut": False,
                     "planned_on_path": False}
            spec = {"query": "mate", "query_is_file_text": False, "format": "json", "cqlq": BINARY}
            records = list(run_shard(shard, spec))
            self.assertEqual(len(records), 1, records)
            import json

            kind, report = records[0][0], json.loads(records[0][4])
            self.assertEqual(kind, "e")
            self.assertIsNone(report["game"])
            self.assertIn("not PGN", report["reason"])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
