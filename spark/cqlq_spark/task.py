"""One Spark task: cqlq run on one shard, its output read back as records.

A shard of a plain file this host can open as a local file is searched on the file itself
(``cqlq --byte-range START-END --first-game-number N FILE``, or ``cqlq FILE`` for a whole
file): cqlq reads it directly, through the file's game index when it has one
(``FILE.cqlqi``), and no byte passes through Python; so is a whole compressed local file
with an index beside it. Any other shard (a remote
file system, a compressed file, a cut planned on a stream) has its bytes streamed into cqlq's
standard input by a thread.

A record is ``(kind, file_index, shard, seq, data)``: ``kind`` is ``"m"`` for a matched
position (``data``: cqlq's ``--json`` line), ``"p"`` for a piece of PGN output (up to a
megabyte, in order) and ``"e"`` for a bad game (``data``: a JSON object with the game's
number, byte offset and the reason). Memory holds one copy chunk, one output piece and the
shard's bad-game reports, whatever the shard's size; cqlq itself streams in bounded memory.
An input cqlq refuses as a whole (not PGN: compressed in a format it does not read, binary
data) is one ``"e"`` record with no game number, the shard's first byte and cqlq's reason
(:func:`input_failure`): the other inputs' results stand. A task fails (and Spark retries it)
when cqlq exits with any other trouble (killed, a message naming no input) or the input
cannot be read; a retried task makes the same records."""

import json
import os
import re
import subprocess
import tempfile
import threading

from .binary import executor_binary, query_args
from .plan import feed, local_file

#: cqlq's report of a bad game on standard error, after the input's name and ": " (groups:
#: the game's number (empty for ``input``: the whole input refused, see
#: :func:`input_failure`), "decompressed " or nothing, the byte offset, the reason); a
#: pattern both Python's and Java's regular expressions read alike.
BAD_GAME_PATTERN = r"^(?:game (\d+)|input) \((decompressed )?byte (\d+)\): (.*)$"
_BAD_GAME = re.compile(BAD_GAME_PATTERN)
#: Bytes per piece of PGN output.
PGN_PIECE = 1 << 20


def local_input(shard):
    """The local file to run cqlq on for this shard, or None when its bytes are to be
    streamed: the shard must be of a plain file this host can read, and a cut shard must have
    been planned on that file (``cqlq split FILE --plan`` only cuts where ``--byte-range`` on
    the file finds the very same game start; a plan made on a stream trusts its cuts through
    ``--input-offset`` instead)."""
    if not shard["plain"]:
        # A whole compressed file with a game index beside it (``cqlq index FILE.pgn.zst``)
        # is searched on its path, so that cqlq uses the index; without one its bytes are
        # streamed as before.
        local = None if shard["cut"] else local_file(shard["path"])
        return local if local is not None and os.path.isfile(local + ".cqlqi") else None
    if shard["cut"] and not shard.get("planned_on_path"):
        return None
    return local_file(shard["path"])


def shard_args(shard, local=None):
    """The options that place the shard in its file, then the input: on the local file
    ``local``, the byte range and the first game's number; streamed, also the offset of the
    first byte sent (the shard's start)."""
    if local is not None:
        if not shard["cut"]:
            return [local]
        return [
            "--byte-range",
            "%d-%d" % (shard["start"], shard["end"]),
            "--first-game-number",
            str(shard["first_game"]),
            local,
        ]
    if not shard["cut"]:
        return ["-"]
    end = shard["end"]
    return [
        "--byte-range",
        "%d-%d" % (shard["start"], end),
        "--input-offset",
        str(shard["start"]),
        "--first-game-number",
        str(shard["first_game"]),
        "-",
    ]


def cqlq_options(binary, spec):
    """The start of every shard's command: the binary and the options the job gives (output
    format, threads, ``extra_args``); the query's arguments and the shard's follow."""
    fmt = ["--json"] if spec["format"] == "json" else []
    return (
        [binary]
        + fmt
        + ["--no-progress", "-q", "-o", "-", "--threads", str(spec.get("threads", 1))]
        + list(spec.get("extra_args", ()))
    )


def bad_game(line, name):
    """The bad game a line of cqlq's standard error reports for input ``name`` (a dict of
    ``game``, ``byte``, ``decompressed``, ``reason``), or None for any other line."""
    if not line.startswith(name + ": "):
        return None
    m = _BAD_GAME.match(line[len(name) + 2 :])
    if not m:
        return None
    return {
        "game": int(m[1]) if m[1] else None,
        "byte": int(m[3]),
        "decompressed": bool(m[2]),
        "reason": m[4],
    }


def input_failure(code, stderr_lines, name, start):
    """For a cqlq run that ended with exit status 2 (trouble) on input ``name``: the bad-game
    record's fields of the input refused as a whole (no game number, ``start``: the shard's
    first byte, cqlq's message as the reason), when a message names the input
    (``cqlq: NAME is not PGN (...)``); else None (the task fails and is retried)."""
    if code != 2:
        return None
    for line in stderr_lines:
        if name in line and bad_game(line, name) is None:
            reason = line[len("cqlq: ") :] if line.startswith("cqlq: ") else line
            return {"game": None, "byte": start or 0, "decompressed": False, "reason": reason}
    return None


def run_shard(shard, spec):
    """Runs cqlq on one shard; yields its records (see the module's docs)."""
    from pyspark import TaskContext

    binary = executor_binary(spec.get("shipped"), spec.get("cqlq"))
    fail_shard = spec.get("fail_first_attempt_of_shard")
    context = TaskContext.get()
    fail_now = (
        fail_shard is not None
        and tuple(fail_shard) == (shard["file_index"], shard["shard"])
        and context is not None
        and context.attemptNumber() == 0
    )
    key = (shard["file_index"], shard["shard"])
    local = local_input(shard)
    # The name cqlq gives the input in its messages.
    name = "<stdin>" if local is None else local
    with tempfile.TemporaryDirectory(prefix="cqlq-task-") as tmp:
        args = (
            cqlq_options(binary, spec)
            + query_args(spec["query"], spec["query_is_file_text"], tmp)
            + shard_args(shard, local)
        )
        proc = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL if local is not None else subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        read_errors = []
        feeder = None
        if local is None:
            end = shard["end"] if shard["cut"] else None
            feeder = threading.Thread(
                target=feed, args=(shard["path"], shard["start"], end, proc.stdin, read_errors),
                daemon=True,
            )
            feeder.start()
        stderr_lines = []
        reader = threading.Thread(
            target=lambda: stderr_lines.extend(proc.stderr.read().decode("utf-8", "replace").splitlines()),
            daemon=True,
        )
        reader.start()
        seq = 0
        try:
            if spec["format"] == "json":
                for line in proc.stdout:
                    if fail_now and seq == 1:
                        raise RuntimeError(
                            "cqlq-spark test hook: the first attempt of shard %s fails" % (key,)
                        )
                    yield ("m", key[0], key[1], seq, line.rstrip(b"\n"))
                    seq += 1
            else:
                while True:
                    piece = proc.stdout.read(PGN_PIECE)
                    if not piece:
                        break
                    yield ("p", key[0], key[1], seq, piece)
                    seq += 1
            if fail_now:
                raise RuntimeError("cqlq-spark test hook: the first attempt of shard %s fails" % (key,))
        except BaseException:
            proc.kill()
            proc.wait()
            raise
        code = proc.wait()
        if feeder is not None:
            feeder.join()
        reader.join()
        proc.stdout.close()
        proc.stderr.close()
    if read_errors:
        raise OSError(read_errors[0])
    refused = input_failure(code, stderr_lines, name, shard["start"])
    if refused is not None:
        yield ("e", key[0], key[1], seq, json.dumps(refused).encode())
        return
    if code not in (0, 1):
        raise RuntimeError(
            "cqlq failed on %s (bytes %s-%s, exit status %d):\n%s"
            % (shard["path"], shard["start"], shard["end"], code, "\n".join(stderr_lines[-20:]))
        )
    for line in stderr_lines:
        bad = bad_game(line, name)
        if bad is not None:
            yield ("e", key[0], key[1], seq, json.dumps(bad).encode())
            seq += 1
