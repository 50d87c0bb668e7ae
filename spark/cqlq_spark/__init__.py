"""cqlq on Apache Spark: Chess Query Language searches over whole game databases, with the
answers one machine gives.

Each Spark task runs the ``cqlq`` binary on one shard of an input file (a byte range of a
plain PGN file cut at game starts, or a whole compressed file): on the file itself when it is
a plain local file, else with the shard's bytes streamed into its standard input; the rows are cqlq's ``--json`` lines, each game numbered within its
file as a single ``cqlq`` run over that file numbers it.

- :func:`search` returns the DataFrame of matched positions;
- :func:`search_all` also the bad games and the plan (shards) that was run;
- ``cqlq-spark`` (:mod:`cqlq_spark.cli`) is the command line.
"""

from .binary import CqlqNotFound, QueryError
from .search import SearchResult, search, search_all

__all__ = ["search", "search_all", "SearchResult", "QueryError", "CqlqNotFound"]
