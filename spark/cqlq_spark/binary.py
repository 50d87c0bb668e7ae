"""Finding the cqlq binary (on the driver and on each executor) and checking a query on the
driver before any task starts."""

import os
import shutil
import stat
import subprocess

#: The environment variable that may name the binary (driver and executors).
ENV_BINARY = "CQLQ_BIN"


class CqlqNotFound(RuntimeError):
    """The cqlq binary is not where it was looked for (the message says where)."""


class QueryError(ValueError):
    """cqlq refused the query (the message is cqlq's diagnostic, with a caret)."""


#: Where ``cargo install`` and ``cargo build --release`` (run in the repository, the folder
#: cqlq-spark is then run from) put the binary: looked at after ``PATH``.
BUILT_PLACES = (os.path.join("~", ".cargo", "bin", "cqlq"), os.path.join("target", "release", "cqlq"))


def driver_binary(explicit=None):
    """The binary the driver uses and ships: ``explicit``, else ``$CQLQ_BIN``, else ``cqlq``
    on ``PATH``, else one of :data:`BUILT_PLACES`."""
    if explicit:
        if os.path.isfile(explicit) and os.access(explicit, os.X_OK):
            return os.path.abspath(explicit)
        raise CqlqNotFound("the cqlq binary %s is not an executable file (check the path)" % explicit)
    tried = []
    env = os.environ.get(ENV_BINARY)
    if env:
        if os.path.isfile(env) and os.access(env, os.X_OK):
            return os.path.abspath(env)
        tried.append("$%s=%s" % (ENV_BINARY, env))
    found = shutil.which("cqlq")
    if found:
        return found
    tried.append("cqlq on PATH")
    for place in BUILT_PLACES:
        path = os.path.expanduser(place)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
        tried.append(place)
    raise CqlqNotFound(
        "the cqlq binary was not found (tried: %s): install it (cargo install --path .) or "
        "build it (cargo build --release) and give "
        "its path with --cqlq PATH or $%s" % (", ".join(tried), ENV_BINARY)
    )


def executor_binary(shipped_name=None, explicit=None):
    """The binary a task runs: the copy shipped with the job (``SparkFiles``), else
    ``explicit`` if it exists on this host, else ``$CQLQ_BIN``, else ``cqlq`` on ``PATH``."""
    tried = []
    if shipped_name:
        from pyspark import SparkFiles

        path = SparkFiles.get(shipped_name)
        if os.path.isfile(path):
            if not os.access(path, os.X_OK):
                mode = os.stat(path).st_mode
                os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
            return path
        tried.append("SparkFiles %s" % path)
    for candidate in (explicit, os.environ.get(ENV_BINARY)):
        if candidate:
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
            tried.append(candidate)
    found = shutil.which("cqlq")
    if found:
        return found
    tried.append("cqlq on PATH")
    raise CqlqNotFound(
        "the cqlq binary was not found on executor %s (tried: %s): ship it with the job "
        "(search(..., ship=True) or spark-submit --files /path/to/cqlq) or install it on PATH"
        % (os.uname().nodename, ", ".join(tried))
    )


def query_args(query, query_is_file_text, query_dir):
    """The cqlq arguments that give the query: ``-e TEXT``, or a ``.cql`` file written into
    ``query_dir`` (as ``cqlq QUERY.cql`` reads it, header and all)."""
    if not query_is_file_text:
        return ["-e", query]
    path = os.path.join(query_dir, "query.cql")
    with open(path, "w", encoding="utf-8") as f:
        f.write(query)
    return [path]


def check_query(binary, query, query_is_file_text, extra_args=()):
    """Compiles the query on the driver: CQL 6.2's verdict with ``cqlq --parse``, then a run
    over no games (which also refuses what cqlq cannot evaluate). Raises :class:`QueryError`."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="cqlq-spark-") as tmp:
        args = query_args(query, query_is_file_text, tmp)
        parse = subprocess.run(
            [binary, "--parse"] + args, capture_output=True, stdin=subprocess.DEVNULL
        )
        if parse.returncode != 0:
            raise QueryError(parse.stderr.decode("utf-8", "replace").rstrip())
        empty = subprocess.run(
            [binary, "--json", "-q", "--no-progress", "-o", "-"] + list(extra_args) + args + ["-"],
            capture_output=True,
            input=b"",
        )
        if empty.returncode not in (0, 1):
            raise QueryError(empty.stderr.decode("utf-8", "replace").rstrip())
