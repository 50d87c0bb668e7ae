"""PGN games as PGN defines them, read by python-chess: shared by the cqls_*_truth.py scripts.

PGN (section 8) says a game is a tag pair section followed by movetext; the blank lines
between them are whitespace. python-chess's reader ends a tag section at its first blank line
and takes the movetext after a *second* blank line for a game of its own (default `?` tags):
game 581 of std-visible-5k and game 71 (W35) of annotated.pgn have two blank lines before
their moves, so python-chess's own numbering drifts by one game at each. Here a game starts
at a `[` line once the current game has had movetext (a `[` line inside a `{ }` comment is
movetext), and each game's blank lines are dropped before python-chess reads it, so a tag
section is always followed by exactly one blank line.

python-chess also accepts moves that are not SAN: a from-square and a to-square with no piece
letter for a piece (`d6xe5` for a bishop, game 68 of annotated.pgn) or with a hyphen
(`g1-f3`). PGN's movetext is SAN; `read_strict` reports such a move as an error, as it does an
illegal move, so the scripts skip the game. So are a capture written without `x` (`Be2` for
`Bxe2`, game 70) and a token python-chess skips without a word (`41...h4 (keep them doggies
rollin')`, game 81: words in parentheses, read as a variation; a byte that is not UTF-8 after
the result of game 194).

An unterminated `{` comment ends before a line starting with `[Event ` (game 220 of
annotated.pgn ends in `{Interessant etait 11...Fxb4!? car si ...` and the next game's tags
follow): python-chess would read the following games as part of the comment. Such a game
is an error too.
"""
import io
import re

import chess
import chess.pgn

# SAN as PGN 8.2.3 defines it (a check or mate suffix, then any `!?` annotation).
# The tokens of movetext outside comments other than SAN: move numbers, NAGs and `!?`
# annotations, variation brackets and game results.
TOKEN = re.compile(r"^(?:\d+\.*|[!?]+|\$\d+|[()]|1-0|0-1|1/2-1/2|\*)$")

SAN = re.compile(r"^(?:[NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[NBRQ])?"
                 r"|O-O(?:-O)?|0-0(?:-0)?|--)[+#]?[!?]*$")


def games(path):
    """The text of each game of the file at `path`, in file order, blank lines dropped."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines, movetext, in_comment = [], False, False
        for line in f:
            stripped = line.strip()
            new_tags = not in_comment and stripped.startswith("[")
            if movetext and (new_tags or stripped.startswith("[Event ")):
                in_comment = False
                yield _join(lines)
                lines, movetext = [], False
            lines.append(line)
            in_tags = not in_comment and (stripped.startswith("[") or stripped.startswith("%"))
            if in_comment or (stripped and not in_tags):
                movetext = True
                in_comment = _ends_in_comment(stripped, in_comment)
        if lines:
            yield _join(lines)


def _ends_in_comment(line, in_comment):
    """Whether a `{ }` comment is open at the end of `line` (open at its start when
    `in_comment`): comments do not nest, and `;` outside one comments out the rest of the
    line."""
    for c in line:
        if in_comment:
            in_comment = c != "}"
        elif c == "{":
            in_comment = True
        elif c == ";":
            break
    return in_comment


def _join(lines):
    """One game's lines: its tag lines, one blank line, its other non-blank lines."""
    kept = [line.rstrip("\r\n") for line in lines if line.strip()]
    tags = 0
    while tags < len(kept) and kept[tags].lstrip().startswith("["):
        tags += 1
    return "\n".join(kept[:tags]) + "\n\n" + "\n".join(kept[tags:]) + "\n"


def junk(text):
    """The first token of the movetext of `text` (one game's text) that holds a letter or a
    character outside ASCII and is not SAN (after any leading dots): python-chess skips such
    tokens silently, where cqlq's reader (or a person) reads them differently; or the `{` of a
    comment never closed; None when there is none. Other tokens (a stray `}`, a lone `-`) are left to python-chess."""
    body, in_comment = [], False
    for line in text.splitlines():
        if not in_comment and line.lstrip().startswith(("[", "%")):
            continue
        for c in line:
            if in_comment:
                in_comment = c != "}"
            elif c == "{":
                in_comment = True
            elif c == ";":
                break
            else:
                body.append(c)
        body.append(" ")
    if in_comment:
        return "{ (never closed)"
    tokens = re.sub(r"([()])", r" \1 ", re.sub(r"(\d+\.+)", r"\1 ", "".join(body))).split()
    for token in tokens:
        word = token.lstrip(".")
        strange = re.search("[A-Za-z]", word) or not word.isascii()
        if strange and not (TOKEN.match(word) or SAN.match(word)):
            return token
    return None


class StrictBuilder(chess.pgn.GameBuilder):
    """python-chess's game builder, refusing moves that are not SAN."""

    def parse_san(self, board, san):
        if not SAN.match(san):
            raise ValueError(f"not SAN: {san!r}")
        move = board.parse_san(san)
        if board.is_capture(move) != ("x" in san):
            raise ValueError(f"capture marked wrongly: {san!r}")
        return move


def read_strict(text):
    """The game of `text` (one game's text), with non-SAN moves reported in `game.errors`."""
    game = chess.pgn.read_game(io.StringIO(text), Visitor=StrictBuilder)
    word = junk(text)
    if word is not None:
        game.errors.append(ValueError(f"not PGN movetext: {word!r}"))
    return game
