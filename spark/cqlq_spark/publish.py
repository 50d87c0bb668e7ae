"""The job's output folders, swapped in only when the job succeeded: Spark's
``mode("overwrite")`` empties the target before the job runs, so a failed re-run used to
leave nothing of the previous output. The job writes into a staging folder beside the
output (``OUT/.cqlq-spark-staging-ID``); on success each written name (``matches``,
``errors``, the PGN files) replaces the previous one by renames, on failure the staging
folder is removed and the previous output is untouched."""

import uuid

import fsspec


class Staging:
    """A staging folder in the output folder ``out`` (any file system fsspec knows)."""

    def __init__(self, out):
        self.fs, root = fsspec.core.url_to_fs(out)
        self.root = root.rstrip("/")
        self.tag = uuid.uuid4().hex[:12]
        name = ".cqlq-spark-staging-" + self.tag
        #: Where writers (Spark's, fsspec's) write: the URL as given, then the staging name.
        self.url = out.rstrip("/") + "/" + name
        self.path = self.root + "/" + name
        self.fs.makedirs(self.path, exist_ok=True)

    def swap_in(self, names):
        """Moves each of ``names`` (written in the staging folder) to the output folder; a
        previous one of that name is moved aside first and removed once all are in."""
        aside = self.root + "/.cqlq-spark-previous-" + self.tag
        for name in names:
            target = self.root + "/" + name
            if self.fs.exists(target):
                self.fs.makedirs(aside, exist_ok=True)
                self.fs.mv(target, aside + "/" + name, recursive=True)
            self.fs.mv(self.path + "/" + name, target, recursive=True)
        if self.fs.exists(aside):
            self.fs.rm(aside, recursive=True)
        self.discard()

    def discard(self):
        """Removes the staging folder and what it holds."""
        if self.fs.exists(self.path):
            self.fs.rm(self.path, recursive=True)
