"""cqlq: Chess Query Language (CQL 6 and CQL-S) searches over PGN games, from Python.

    >>> import cqlq
    >>> for m in cqlq.search("mate", "games.pgn"):
    ...     print(m.game, m.ply, m.san, m.tags.get("White"))
    >>> cqlq.count("mate", "games.pgn")

The answers are the command line's: ``search`` yields one ``Match`` per matched position,
holding what ``cqlq --json`` writes for it, in the same order; ``count`` is the number
``cqlq --count`` prints. Inputs are paths (files, compressed files, folders), python-chess
``chess.pgn.Game`` objects (exported with python-chess's exporter), and PGN text in memory
given as ``pgn=`` (a ``str``, ``bytes``, or a list of them). They are searched in that order
(the positional inputs as given, then the ``pgn=`` texts), and game numbers run on across
them. Options are named as the command line's: ``variations=True`` (``--variations``;
``False``: ``--mainline``), ``threads=N``, ``variant="crazyhouse"``, ``limit=N``,
``engine=PATH``; a file's index (``cqlq index``) is used as the command line uses it,
``index=False`` is ``--no-index``. The search runs on threads of its own with the GIL released; Ctrl-C
(``KeyboardInterrupt``) stops it. See docs/python.md.
"""

import os

from ._cqlq import Query, QueryError, SearchError
from ._cqlq import compile as _compile
from ._cqlq import count as _count
from ._cqlq import search_lines as _search_lines

__all__ = ["Match", "Matches", "Query", "QueryError", "SearchError", "compile", "count", "search"]

__version__ = "0.1.0"


def compile(query, *, dialect=None, secure=False):
    """The query compiled once, for any number of ``search`` and ``count`` calls.

    ``dialect``: ``"cql"`` or ``"cqls"`` (None: told from the text, as the command line
    does); ``secure``: ``--secure`` (no file access from the query). Raises ``QueryError``
    (with ``line``, ``column`` and ``message``, the error as the command line draws it).
    """
    return _compile(query, dialect, secure)


class Match:
    """One matched position: the record ``cqlq --json`` writes for it.

    ``game`` (the game's number, counted over all inputs), ``ply``, ``fen``, ``san`` (the
    move that reached the position, None at the start), ``uci``, ``tags`` (a dict, in the
    game's order), ``comments`` and ``messages`` (what the query's ``comment`` and ``message``
    said there), ``san_as_written``; ``record`` is the whole JSON object, as a dict.
    """

    __slots__ = ("record",)

    def __init__(self, record):
        self.record = record

    game = property(lambda self: self.record["game"], doc="The game's number (from 1).")
    ply = property(lambda self: self.record["ply"], doc="The position's ply (0: the start).")
    fen = property(lambda self: self.record["fen"], doc="The position's FEN.")
    san = property(lambda self: self.record["san"], doc="The move that led here, in SAN.")
    uci = property(lambda self: self.record["uci"], doc="The move that led here, in UCI.")
    tags = property(lambda self: self.record["tags"], doc="The game's tags, as written.")
    comments = property(lambda self: self.record["comments"], doc="The query's comments here.")
    messages = property(lambda self: self.record["messages"], doc="The query's messages here.")
    san_as_written = property(
        lambda self: self.record["san_as_written"], doc="The move as the PGN writes it."
    )

    def board(self):
        """The position as a python-chess ``chess.Board`` (a ``chess.variant`` board for a
        game whose ``Variant`` tag python-chess knows); needs python-chess."""
        try:
            import chess
            import chess.variant
        except ImportError as e:
            raise ImportError(
                "Match.board() needs python-chess: pip install chess"
            ) from e
        variant = (self.tags.get("Variant") or "").strip()
        if not variant or variant.lower() in ("standard", "chess"):
            return chess.Board(self.fen)
        if "960" in variant or "fischer" in variant.lower():
            return chess.Board(self.fen, chess960=True)
        try:
            board = chess.variant.find_variant(variant)
        except ValueError as e:
            raise ValueError(f"python-chess has no board for the variant {variant!r}") from e
        return board(self.fen)

    def __repr__(self):
        return f"cqlq.Match(game={self.game}, ply={self.ply}, san={self.san!r}, fen={self.fen!r})"


class Matches:
    """The matched positions of a search, produced as they are found (an iterator of
    ``Match``). ``summary`` holds the counts once the search ended (``games``,
    ``matched_games``, ``matched_positions``, ``bad_games``, ``stopped_at_limit``);
    ``close()`` stops the search early."""

    def __init__(self, lines):
        self._lines = lines

    def __iter__(self):
        return self

    def __next__(self):
        import json

        return Match(json.loads(next(self._lines)))

    def close(self):
        """Stops the search (after the batch of games it is searching)."""
        self._lines.close()

    @property
    def summary(self):
        return self._lines.summary

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def _is_game(item):
    """Whether ``item`` is a python-chess game (``chess.pgn.Game``), without importing it."""
    return hasattr(item, "accept") and hasattr(item, "headers") and hasattr(item, "mainline_moves")


def _pgn_of_games(games):
    import chess.pgn

    texts = []
    for game in games:
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        texts.append(game.accept(exporter))
    return "\n\n".join(texts) + "\n"


def _inputs(items, pgn):
    """The inputs for the extension: paths (str) and ``(name, bytes)`` texts, in order."""
    inputs = []
    games = []

    def flush_games():
        if games:
            inputs.append(("<chess.pgn.Game>", _pgn_of_games(games).encode("utf-8")))
            games.clear()

    for item in items:
        if _is_game(item):
            games.append(item)
            continue
        flush_games()
        if isinstance(item, (str, bytes, os.PathLike)):
            path = os.fsdecode(item)
            if path != "-":
                os.stat(path)  # FileNotFoundError, PermissionError, ... before the search
            inputs.append(path)
        elif isinstance(item, (list, tuple)) and all(_is_game(g) for g in item):
            games.extend(item)
        else:
            raise TypeError(
                f"an input is a path or a chess.pgn.Game (or a list of them), not {type(item).__name__}"
                " (PGN text goes in pgn=)"
            )
    flush_games()
    if pgn is not None:
        texts = [pgn] if isinstance(pgn, (str, bytes)) else list(pgn)
        for k, text in enumerate(texts, 1):
            name = "<pgn>" if len(texts) == 1 else f"<pgn {k}>"
            if isinstance(text, str):
                text = text.encode("utf-8")
            if not isinstance(text, bytes):
                raise TypeError(f"pgn= takes str or bytes, not {type(text).__name__}")
            inputs.append((name, text))
    return tuple(inputs)


def _query(query):
    return query if isinstance(query, Query) else compile(query)


def search(query, *inputs, pgn=None, variations=None, threads=None, variant=None, limit=None,
           engine=None, index=None):
    """The matched positions of ``query`` (text or ``compile``'s ``Query``) in ``inputs``,
    produced lazily as a ``Matches`` iterator of ``Match``: the records of ``cqlq --json``,
    in its order. Raises ``QueryError`` for a bad query, ``FileNotFoundError`` for a missing
    input, and ``SearchError`` at the end when an input could not be read."""
    lines = _search_lines(
        _query(query),
        _inputs(inputs, pgn),
        variations=variations,
        threads=threads,
        variant=variant,
        limit=limit,
        engine=engine,
        index=index,
    )
    return Matches(lines)


def count(query, *inputs, pgn=None, variations=None, threads=None, variant=None, limit=None,
          engine=None, index=None):
    """The number of games of ``inputs`` with a position matching ``query``: what
    ``cqlq --count`` prints. Inputs and options as ``search``'s."""
    return _count(
        _query(query),
        _inputs(inputs, pgn),
        variations=variations,
        threads=threads,
        variant=variant,
        limit=limit,
        engine=engine,
        index=index,
    )
