"""The division of work: inputs listed (files, folders, globs, on any file system fsspec
knows), each file told plain or compressed by its first bytes, and cut into shards.

A plain file becomes byte ranges cut at game starts (how many: :func:`pieces_per_file`): one
task per file runs ``cqlq split --plan`` (the splitter's own game starts), which gives each
range its first game number and game count. A plain file the task can open as a local file is
planned on its path (cqlq maps it: no copy); any other is piped through ``cqlq split -
--plan`` (bounded memory). A file that is one piece needs no plan. A compressed file is one
shard (cut it beforehand with ``cqlq split FILE --shards N -o DIR``). A query whose
results depend on other games of the file (``sort``, ``persistent``, ``lastgamenumber``)
runs one task per file, so its results are the ones a single run over the file gives."""

import json
import os
import re
import subprocess
import threading

import fsspec

#: Magic numbers of the compressions cqlq reads (zstd, its skippable frames, gzip, bzip2).
_COMPRESSED = (b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"BZh")
#: File names a folder contributes (as cqlq's own folder rule).
_GAME_FILE = re.compile(r"^[^.].*\.(pgn)(\.(zst|gz|bz2))?$", re.IGNORECASE)
#: Words whose results depend on other games than the one searched.
_WHOLE_FILE_WORDS = re.compile(r"\b(sort|persistent|lastgamenumber)\b")
#: The largest byte range a plain file is cut into when the pieces are chosen automatically.
MAX_SHARD_BYTES = 256 << 20
#: Tasks per core aimed at when the pieces are chosen automatically.
TASKS_PER_CORE = 2
#: Bytes copied at a time into a task's cqlq.
COPY_CHUNK = 1 << 20


def needs_whole_files(query):
    """Whether the query must see each file whole (its games' results depend on others)."""
    return bool(_WHOLE_FILE_WORDS.search(query))


def list_inputs(paths):
    """The input files, in order: a folder gives its game files sorted by name (as cqlq
    does), a glob its matches sorted; each as ``dict(path, size, compressed)``."""
    files = []
    for given in paths:
        fs, root = fsspec.core.url_to_fs(given)
        if fs.isdir(root):
            names = sorted(
                p for p in fs.ls(root, detail=False) if _GAME_FILE.match(p.rsplit("/", 1)[-1])
            )
            if not names:
                raise FileNotFoundError("%s: the folder holds no game files (*.pgn, *.pgn.zst, ...)" % given)
        elif fsspec.core.has_magic(root):
            names = sorted(fs.glob(root))
            if not names:
                raise FileNotFoundError("%s: no file matches" % given)
        else:
            if not fs.exists(root):
                raise FileNotFoundError("%s: no such file (check the path)" % given)
            names = [root]
        for name in names:
            url = name if fs.protocol in ("file", ("file", "local")) else fs.unstrip_protocol(name)
            try:
                with fs.open(name, "rb") as f:
                    head = f.read(4)
                size = fs.size(name)
            except OSError as e:
                raise OSError("%s: cannot be read: %s" % (url, e)) from e
            compressed = head.startswith(_COMPRESSED) or (
                len(head) == 4 and head[1:] == b"\x2a\x4d\x18" and head[0] & 0xF0 == 0x50
            )
            files.append({"path": url, "size": size, "compressed": compressed})
    return files


def local_file(path):
    """The local path of ``path`` when it names a regular file this host can read (a path or a
    ``file:`` URL, as :func:`list_inputs` records them), else None (remote file systems)."""
    if "://" in path or path.startswith("file:"):
        if not path.startswith("file:"):
            return None
        path = fsspec.core.url_to_fs(path)[1]
    if os.path.isfile(path) and os.access(path, os.R_OK):
        return path
    return None


def open_input(path):
    """Opens an input for reading its bytes (local, HDFS, S3, ... through fsspec)."""
    return fsspec.open(path, "rb").open()


def feed(path, start, end, sink, errors):
    """Copies bytes ``[start, end)`` of ``path`` (to its end when ``end`` is None) into
    ``sink`` (a process's standard input) a megabyte at a time, then closes it; a failure to
    read is put in ``errors``; a reader that stopped early is not one."""
    try:
        with open_input(path) as f:
            f.seek(start)
            left = None if end is None else end - start
            while left is None or left > 0:
                chunk = f.read(COPY_CHUNK if left is None else min(COPY_CHUNK, left))
                if not chunk:
                    break
                sink.write(chunk)
                if left is not None:
                    left -= len(chunk)
    except BrokenPipeError:
        pass
    except Exception as e:  # reported by the task, naming the file
        errors.append("%s: cannot be read: %s" % (path, e))
    finally:
        try:
            sink.close()
        except BrokenPipeError:
            pass


class PlanRefused(RuntimeError):
    """``cqlq split --plan`` refused the file (exit status 2: not PGN); any other failure (a
    killed process) is a plain :class:`RuntimeError`, which fails the task for a retry."""


def _plan_failed(path, code, err):
    """The exception of a failed plan: :class:`PlanRefused` for exit status 2."""
    kind = PlanRefused if code == 2 else RuntimeError
    return kind("%s: cqlq split --plan failed: %s" % (path, err.decode("utf-8", "replace")))


def plan_file(binary, path, shard_bytes):
    """The shards of one plain file: ``cqlq split FILE --plan`` on a local file (mapped by
    cqlq), else ``cqlq split - --plan`` over its bytes; and whether the plan was made on the
    path (its cuts are then ones ``--byte-range`` on the path resolves exactly: see
    :func:`cqlq_spark.task.local_input`)."""
    local = local_file(path)
    if local is not None:
        done = subprocess.run(
            [binary, "split", local, "--plan", "--shard-bytes", str(shard_bytes)],
            capture_output=True, stdin=subprocess.DEVNULL,
        )
        if done.returncode != 0:
            raise _plan_failed(path, done.returncode, done.stderr)
        return _plan_lines(done.stdout), True
    proc = subprocess.Popen(
        [binary, "split", "-", "--plan", "--shard-bytes", str(shard_bytes)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    errors = []
    feeder = threading.Thread(target=feed, args=(path, 0, None, proc.stdin, errors), daemon=True)
    feeder.start()
    out = proc.stdout.read()
    err = proc.stderr.read()
    feeder.join()
    code = proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    if errors:
        raise OSError(errors[0])
    if code != 0:
        raise _plan_failed(path, code, err)
    return _plan_lines(out), False


def _plan_lines(out):
    """The shards of ``cqlq split --plan``'s output (one JSON object a line)."""
    return [json.loads(line) for line in out.decode().splitlines() if line.strip()]


def pieces_per_file(inputs, shards_per_file, parallelism):
    """How many byte ranges each input is cut into: ``shards_per_file`` for every plain file
    when given; else (``None``) as few as keep every core busy: a plain file is cut into
    pieces of at most :data:`MAX_SHARD_BYTES` and of about the plain bytes over
    ``TASKS_PER_CORE`` x ``parallelism``, so there are at least that many tasks when the
    bytes allow it (a task's cost is one process start and a megabyte's look-back, so large
    shards are cheap; several per core even out the tasks' ends). Compressed and empty files
    are one piece."""
    plain = [f["size"] for f in inputs if not f["compressed"] and f["size"] > 0]
    if shards_per_file is not None:
        per = lambda size: max(1, shards_per_file)
    else:
        target = min(MAX_SHARD_BYTES, max(1, sum(plain) // max(1, TASKS_PER_CORE * parallelism)))
        per = lambda size: max(1, -(-size // target))
    return [1 if f["compressed"] or f["size"] == 0 else per(f["size"]) for f in inputs]


def plan_shards(sc, inputs, shards_per_file, query, binary_for_task):
    """The shards of every input, in input order: dicts with ``file_index``, ``shard``,
    ``path``, ``start``, ``end`` (None: to the file's end), ``first_game``, ``games`` (None
    when not counted), ``plain``, ``cut`` (a byte range of its file) and ``planned_on_path``
    (the cut was planned on the local file). Plain files cut in several (see
    :func:`pieces_per_file`) are planned by Spark tasks, one per file."""
    pieces = pieces_per_file(inputs, shards_per_file, sc.defaultParallelism)
    whole = needs_whole_files(query)
    to_plan = [(i, f, pieces[i]) for i, f in enumerate(inputs) if pieces[i] > 1 and not whole]
    plans = {}
    if to_plan:

        def plan_partition(items):
            binary = binary_for_task()
            for i, f, n in items:
                shard_bytes = max(1, -(-f["size"] // n))
                try:
                    yield i, plan_file(binary, f["path"], shard_bytes)
                except PlanRefused:
                    # cqlq refuses the file (not PGN): one whole shard, whose task reports
                    # the input as bad (see cqlq_spark.task.input_failure).
                    yield i, ([], False)

        plans = dict(
            sc.parallelize(to_plan, len(to_plan)).mapPartitions(plan_partition).collect()
        )
    shards = []
    for i, f in enumerate(inputs):
        ranges, on_path = plans.get(i) or ([], False)
        cut = bool(ranges)
        if not cut:
            ranges = [{"start": 0, "end": None, "first_game": 1, "games": None}]
        for k, r in enumerate(ranges):
            shards.append(
                {
                    "file_index": i,
                    "shard": k,
                    "path": f["path"],
                    "start": r["start"],
                    "end": r["end"] if cut else None,
                    "first_game": r["first_game"],
                    "games": r["games"],
                    "plain": not f["compressed"],
                    "cut": cut,
                    "planned_on_path": on_path,
                }
            )
    return shards
