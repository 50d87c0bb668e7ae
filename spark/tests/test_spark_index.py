"""cqlq-spark over files with a game index (``cqlq index FILE`` wrote ``FILE.cqlqi``): each
shard task runs ``cqlq --byte-range A-B --first-game-number N FILE``, which searches the
shard through the index (``docs/index.md``, "Shards"). The truth is ``cqlq --json QUERY
FILE --no-index`` over the whole file; a doctored index (one matched game's mate flag
cleared, its CRC-32s written again) shows that the tasks read the index: that game's rows
are gone with it and back with ``--no-index``.

The games are the first 1,500 of ``../shared/data/std-visible.pgn``, cut into 3 shards.
Skipped (with the reason) without ``../shared``, the binary, pyspark or Java."""

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

from test_spark_equality import BINARY, SHARED, skip_reason  # noqa: E402

GAMES = 1500
SHARDS = 3
#: docs/index.md, "The file" (version 10): the header's size, a block's header's size, the
#: number of sections a block, the sections in order (places first, then flags: a u16 a
#: game), the MATE flag.
HEADER = 96
BLOCK_HEADER = 80
SECTIONS = 9
BLOCK_GAMES = 4096
MATE = 4


def clear_mate_flag(index_path, game):
    """Clears game ``game``'s (0 for the first) MATE flag in the index, and writes the flags
    section's CRC-32 and its block header's CRC-32 again (docs/index.md, "The file"), so that
    a search believes the doctored index."""
    with open(index_path, "rb") as f:
        data = bytearray(f.read())
    at = HEADER
    for _ in range(game // BLOCK_GAMES):
        lens = struct.unpack_from("<" + "II" * SECTIONS, data, at + 4)[0::2]
        at += BLOCK_HEADER + sum(lens)
    fields = list(struct.unpack_from("<I" + "II" * SECTIONS, data, at))
    lens = fields[1::2]
    flags_at = at + BLOCK_HEADER + lens[0]
    k = flags_at + 2 * (game % BLOCK_GAMES)
    (flags,) = struct.unpack_from("<H", data, k)
    assert flags & MATE, "game %d has no mate flag to clear" % game
    struct.pack_into("<H", data, k, flags & ~MATE)
    fields[4] = zlib.crc32(bytes(data[flags_at : flags_at + lens[1]]))
    struct.pack_into("<I" + "II" * SECTIONS, data, at, *fields)
    crc_at = BLOCK_HEADER - 4
    struct.pack_into("<I", data, at + crc_at, zlib.crc32(bytes(data[at : at + crc_at])))
    with open(index_path, "wb") as f:
        f.write(data)


def cqlq(args):
    return subprocess.run([BINARY] + args, capture_output=True)


@unittest.skipIf(skip_reason(), skip_reason() or "")
class SparkUsesTheIndex(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cqlq-spark-index-")
        with open(SHARED, "rb") as f:
            data = f.read()
        starts = [0] + [i + 1 for i in range(len(data) - 7) if data.startswith(b"\n[Event ", i)]
        cls.path = os.path.join(cls.tmp, "games.pgn")
        with open(cls.path, "wb") as f:
            f.write(data[: starts[GAMES]])
        from cqlq_spark import session

        cls.spark = (
            session.builder("cqlq-spark-index-tests", "local[2,4]")
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

    def spark_lines(self, query, runner, no_index=False):
        from cqlq_spark import search_all

        result = search_all(
            self.spark, query, [self.path], shards_per_file=SHARDS, cqlq=BINARY,
            task_runner=runner, extra_args=["--no-index"] if no_index else [],
        )
        self.assertEqual(len(result.shards), SHARDS)
        self.assertEqual(result.jvm_shards, SHARDS if runner == "jvm" else 0)
        rows = sorted(result.matches.collect(), key=lambda r: (r.file_index, r.shard, r.seq))
        return [r.json for r in rows]

    def truth(self, query):
        out = cqlq(["--json", "-q", "--no-index", "-e", query, self.path])
        self.assertIn(out.returncode, (0, 1), out.stderr)
        return out.stdout.decode().splitlines()

    def test_the_tasks_search_through_the_index(self):
        index = self.path + ".cqlqi"
        built = cqlq(["index", "-q", self.path])
        self.assertEqual(built.returncode, 0, built.stderr)
        queries = ("mate", "move promote [RBN]", "check and #[Qq] == 0")
        truths = {q: self.truth(q) for q in queries}
        for q in queries:
            self.assertTrue(truths[q], "%s matches something" % q)
            for runner in ("jvm", "python"):
                with self.subTest(query=q, runner=runner):
                    self.assertEqual(self.spark_lines(q, runner), truths[q])
        # Doctored: a mate in the last shard's games is gone from the index's summary.
        games = sorted({json.loads(line)["game"] for line in truths["mate"]})
        doctored = games[-1]
        self.assertGreater(doctored, 2 * GAMES // SHARDS, games)
        clear_mate_flag(index, doctored - 1)
        lost = [line for line in truths["mate"] if json.loads(line)["game"] != doctored]
        self.assertLess(len(lost), len(truths["mate"]))
        for runner in ("jvm", "python"):
            with self.subTest(doctored=doctored, runner=runner):
                self.assertEqual(self.spark_lines("mate", runner), lost)
                self.assertEqual(self.spark_lines("mate", runner, no_index=True), truths["mate"])

    @unittest.skipUnless(shutil.which("zstd"), "the zstd tool is not installed")
    def test_a_compressed_file_is_searched_through_its_index(self):
        """A whole ``.pgn.zst`` with an index beside it is searched on its path (cqlq then
        decompresses it and reads the index); its rows are the scan's, and a doctored index
        is believed."""
        packed = self.path + ".zst"
        subprocess.run(["zstd", "-q", "-f", self.path, "-o", packed], check=True)
        built = cqlq(["index", "-q", packed])
        self.assertEqual(built.returncode, 0, built.stderr)
        truth = self.truth("mate")
        self.assertTrue(truth)
        from cqlq_spark import search_all

        def lines(no_index=False):
            result = search_all(
                self.spark, "mate", [packed], cqlq=BINARY,
                extra_args=["--no-index"] if no_index else [],
            )
            self.assertEqual(len(result.shards), 1)
            rows = sorted(result.matches.collect(), key=lambda r: (r.file_index, r.shard, r.seq))
            return [r.json for r in rows]

        self.assertEqual(lines(), truth)
        games = sorted({json.loads(line)["game"] for line in truth})
        clear_mate_flag(packed + ".cqlqi", games[0] - 1)
        self.assertEqual(lines(), [l for l in truth if json.loads(l)["game"] != games[0]])
        self.assertEqual(lines(no_index=True), truth)


if __name__ == "__main__":
    unittest.main()
