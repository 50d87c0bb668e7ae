"""Tests of the Python package: its answers are the command line's (``cqlq --json``,
``cqlq --count``, run on the debug binary, ``CQLQ_BIN`` or ``target/debug/cqlq``) on the
shared games (``../shared/data``: skipped when absent), python-chess is the oracle for
games given as ``chess.pgn.Game`` objects, and Ctrl-C and the GIL behave.

Run from the repository root: ``python3 -m unittest discover -s python/tests -v``.
"""

import _thread
import io
import json
import os
import subprocess
import threading
import time
import unittest

import cqlq

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("CQLQ_BIN", os.path.join(ROOT, "target", "debug", "cqlq"))
DATA = os.path.join(os.path.dirname(ROOT), "shared", "data")
STD_5K = os.path.join(DATA, "std-visible-5k.pgn")
SAMPLE = os.path.join(DATA, "cql-sample.pgn")

try:
    import chess
    import chess.pgn
except ImportError:  # pragma: no cover - python-chess is installed in CI
    chess = None

# The games of the two known mates: 1.f3 e5 2.g4 Qh4# (ply 4, Qh4#, d8h4) and the scholar's
# mate 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# (ply 7, Qxf7#, h5f7).
TWO_MATES = (
    '[Event "fool"]\n[White "A"]\n[Black "B"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    '[Event "scholar"]\n[White "C"]\n[Black "D"]\n\n'
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
)


def cli_json(query, path, *options):
    """The records ``cqlq --json`` writes for ``query`` over ``path``."""
    out = subprocess.run(
        [CLI, "--json", "-q", *options, "-e", query, path],
        check=False,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    ).stdout
    return [json.loads(line) for line in out.decode("utf-8").splitlines()]


def cli_count(query, path, *options):
    out = subprocess.run(
        [CLI, "--count", "-q", *options, "-e", query, path],
        check=False,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    ).stdout
    return int(out.decode("ascii").strip())


def need(*paths):
    for path in paths:
        if not os.path.exists(path):
            raise unittest.SkipTest(f"{path} is absent (../shared/data or the debug binary)")


class SameAsTheCommandLine(unittest.TestCase):
    """Each match, field by field, is the record of ``cqlq --json``, in the same order."""

    QUERIES = [
        "mate",
        "check",
        "stalemate",
        "Q attackedby n",
        'check comment("in check")',
        "line --> check{3,}",
        "btm pin",
    ]

    def compare(self, expected, got, what):
        self.assertEqual(len(got), len(expected), what)
        for want, match in zip(expected, got):
            self.assertEqual(match.game, want["game"], what)
            self.assertEqual(match.ply, want["ply"], what)
            self.assertEqual(match.fen, want["fen"], what)
            self.assertEqual(match.san, want["san"], what)
            self.assertEqual(match.uci, want["uci"], what)
            self.assertEqual(match.tags, want["tags"], what)
            self.assertEqual(list(match.tags), list(want["tags"]), what)
            self.assertEqual(match.comments, want["comments"], what)
            self.assertEqual(match.record, want, what)

    def test_queries_over_the_shared_games(self):
        need(CLI, STD_5K, SAMPLE)
        for path in (STD_5K, SAMPLE):
            for query in self.QUERIES:
                with self.subTest(query=query, path=os.path.basename(path)):
                    self.compare(cli_json(query, path), list(cqlq.search(query, path)), query)

    def test_options_are_the_command_line_s(self):
        need(CLI, SAMPLE)
        q = cqlq.compile("check")
        cases = [
            ({"variations": True}, ["--variations"]),
            ({"limit": 5}, ["--limit", "5"]),
            ({"threads": 1}, ["--threads", "1"]),
            ({"variations": True, "threads": 2, "limit": 20}, ["--variations", "-j", "2", "--limit", "20"]),
        ]
        for options, flags in cases:
            with self.subTest(options=options):
                expected = cli_json("check", SAMPLE, *flags)
                self.compare(expected, list(cqlq.search(q, SAMPLE, **options)), str(options))

    def test_count_is_the_command_line_s(self):
        need(CLI, STD_5K, SAMPLE)
        for path in (STD_5K, SAMPLE):
            for query in ("mate", "check", "stalemate"):
                with self.subTest(query=query, path=os.path.basename(path)):
                    self.assertEqual(cqlq.count(query, path), cli_count(query, path))
        self.assertEqual(
            cqlq.count("check", SAMPLE, variations=True), cli_count("check", SAMPLE, "--variations")
        )

    def test_an_indexed_file_answers_as_the_command_line(self):
        # An index beside the file (`cqlq index`) is used as the command line uses it, and
        # index=False (`--no-index`) scans: the answers are the scan's either way (the
        # library's own test shows the index is read: src/api.rs).
        need(CLI, STD_5K)
        import shutil
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.pgn")
            shutil.copyfile(STD_5K, path)
            subprocess.run([CLI, "index", "-q", path], check=True, stderr=subprocess.DEVNULL)
            for query in ("mate", "move promote [RBN]", "#[QqRrBbNn] == 0"):
                with self.subTest(query=query):
                    expected = cli_json(query, path, "--no-index")
                    self.compare(expected, list(cqlq.search(query, path)), query)
                    self.compare(expected, list(cqlq.search(query, path, index=False)), query)
                    self.assertEqual(cqlq.count(query, path), cli_count(query, path, "--no-index"))

    def test_text_in_memory_is_the_file_s(self):
        need(CLI, SAMPLE)
        with open(SAMPLE, "rb") as f:
            pgn = f.read()
        expected = cli_json("mate", SAMPLE)
        self.compare(expected, list(cqlq.search("mate", pgn=pgn)), "pgn= bytes")
        # Game numbers run on across inputs: the file, then the same text again.
        twice = list(cqlq.search("mate", SAMPLE, pgn=pgn))
        self.assertEqual(len(twice), 2 * len(expected))
        mated_games = cqlq.count("mate", SAMPLE)
        all_games = cqlq.count("true", SAMPLE)
        self.assertEqual([m.game for m in twice[len(expected):]],
                         [r["game"] + all_games for r in expected])
        self.assertEqual(cqlq.count("mate", SAMPLE, pgn=pgn), 2 * mated_games)


class Behaviour(unittest.TestCase):
    def test_two_known_mates(self):
        matches = list(cqlq.search("mate", pgn=TWO_MATES))
        self.assertEqual([(m.game, m.ply, m.san, m.uci) for m in matches],
                         [(1, 4, "Qh4#", "d8h4"), (2, 7, "Qxf7#", "h5f7")])
        self.assertEqual(matches[0].tags, {"Event": "fool", "White": "A", "Black": "B"})
        self.assertEqual(cqlq.count("mate", pgn=TWO_MATES), 2)
        self.assertEqual(cqlq.count("mate", pgn=[TWO_MATES, TWO_MATES]), 4)

    def test_query_errors_say_where(self):
        with self.assertRaises(cqlq.QueryError) as raised:
            cqlq.compile("check\n  mat")
        e = raised.exception
        self.assertEqual((e.line, e.column), (2, 3))
        self.assertIn("<query>:2:3", e.message)
        self.assertEqual(str(e), e.message)
        self.assertIsInstance(e, ValueError)
        with self.assertRaises(cqlq.QueryError):
            cqlq.count("mat", pgn=TWO_MATES)

    def test_compiled_queries_are_reused(self):
        q = cqlq.compile("mate")
        self.assertEqual(q.text, "mate")
        for _ in range(3):
            self.assertEqual(cqlq.count(q, pgn=TWO_MATES), 2)
            self.assertEqual(len(list(cqlq.search(q, pgn=TWO_MATES))), 2)

    def test_bad_inputs_and_options_are_refused(self):
        with self.assertRaises(FileNotFoundError):
            cqlq.count("mate", "/no/such/games.pgn")
        with self.assertRaises(ValueError) as raised:
            cqlq.count("mate", pgn=TWO_MATES, variant="no-such-variant")
        self.assertIn("variant", str(raised.exception))
        with self.assertRaises(TypeError):
            cqlq.count("mate", pgn=TWO_MATES, no_such_option=1)
        with self.assertRaises(TypeError):
            cqlq.count("mate", 42)

    def test_summary_after_the_search(self):
        matches = cqlq.search("mate", pgn=TWO_MATES)
        self.assertIsNone(matches.summary)
        self.assertEqual(len(list(matches)), 2)
        self.assertEqual(matches.summary["games"], 2)
        self.assertEqual(matches.summary["matched_positions"], 2)

    def test_matches_come_lazily_and_close_stops_the_search(self):
        # 60,000 games: the first match arrives long before the search could have ended,
        # and closing the iterator stops it.
        pgn = TWO_MATES * 30000
        started = time.monotonic()
        matches = cqlq.search("mate", pgn=pgn, threads=1)
        first = next(matches)
        self.assertEqual((first.game, first.ply), (1, 4))
        matches.close()
        self.assertEqual(list(matches), [])
        self.assertLess(time.monotonic() - started, 5)

    @unittest.skipIf(chess is None, "python-chess is not installed")
    def test_game_objects_against_python_chess(self):
        reader = io.StringIO(TWO_MATES)
        games = [g for g in iter(lambda: chess.pgn.read_game(reader), None)]
        self.assertEqual(len(games), 2)
        matches = list(cqlq.search("mate", *games))
        # python-chess is the oracle: each matched board is mate, and each game that ends
        # in mate has its last position matched.
        self.assertTrue(all(m.board().is_checkmate() for m in matches))
        mated = [k + 1 for k, g in enumerate(games) if g.end().board().is_checkmate()]
        self.assertEqual([m.game for m in matches], mated)
        self.assertEqual(cqlq.count("mate", games), 2)
        for m in matches:
            self.assertEqual(m.board().fen(en_passant="fen"), m.fen)

    @unittest.skipIf(chess is None, "python-chess is not installed")
    def test_game_objects_of_the_shared_sample(self):
        need(SAMPLE)
        with open(SAMPLE, encoding="utf-8", errors="replace") as f:
            games = [g for g in iter(lambda: chess.pgn.read_game(f), None)][:300]
        games = [g for g in games if not g.errors]
        matches = list(cqlq.search("check", *games))
        self.assertTrue(all(m.board().is_check() for m in matches))
        # python-chess's count of positions in check on the main lines, the start position
        # (a FEN setup may be check) included.
        expected = sum(
            1
            for g in games
            for board in [g.board()] + [node.board() for node in g.mainline()]
            if board.is_check()
        )
        self.assertEqual(len(matches), expected)

    def test_keyboard_interrupt_stops_a_search(self):
        # A query that matches nowhere and tries 64^3 square triples at each position, over
        # 200,000 games: about 10 s uninterrupted on one core of the CI machine (4,000 games:
        # 0.2 s). Ctrl-C is simulated in the main thread after 0.3 s.
        pgn = TWO_MATES * 100000
        slow = "square all x in . square all y in . square all z in . not ray(x y z)"
        timer = threading.Timer(0.3, _thread.interrupt_main)
        started = time.monotonic()
        timer.start()
        try:
            with self.assertRaises(KeyboardInterrupt):
                cqlq.count(slow, pgn=pgn, threads=1)
        finally:
            timer.cancel()
        self.assertLess(time.monotonic() - started, 5)

    def test_the_gil_is_released_during_a_search(self):
        ticks = [0]
        done = threading.Event()

        def tick():
            while not done.is_set():
                ticks[0] += 1
                time.sleep(0.001)

        ticker = threading.Thread(target=tick)
        ticker.start()
        started = time.monotonic()
        try:
            cqlq.count("check", pgn=TWO_MATES * 20000, threads=1)
        finally:
            done.set()
            ticker.join()
        elapsed = time.monotonic() - started
        # With the GIL held the ticker would not run at all during the search.
        self.assertGreater(ticks[0], 10 * elapsed, f"{ticks[0]} ticks in {elapsed:.2f} s")


if __name__ == "__main__":
    unittest.main()
