#!/usr/bin/env python3
"""Truth for CQL-S's player and event keywords of the match list (`:player :whiteplayer
:blackplayer :event :site :year`), read from the PGN tags by python-chess (not from cqlq).

The Scidb help ("CQL - The match list", "Pattern Matching"): an un-quoted string matches
when it is a case-insensitive substring of the tag; a double-quoted pattern matches the whole
tag, `*` any text and `?` one character, case-insensitive unless it starts with `!` (the
patterns below use no blanks or word bounds, so Python's fnmatch says the same); `:year r`
takes the year of the Date tag. A missing tag never matches a name.

Games are split as PGN defines them (a tag pair section, then movetext): a game starts at a
tag line that follows movetext, so the blank lines between tags and moves are only
whitespace. python-chess's own reader ends a game's tag section at its first blank line and
reads the movetext after a second blank line as a game of its own (default `?` tags): game 581
of std-visible-5k (Navara - Alekseev, 5th YM, two blank lines before `1.d4`) becomes two
games there, shifting every later number by one. Each game's text is then read by
python-chess.

For the first N games of ../shared/data/std-visible-5k.pgn, prints per query (`# query K:`
lines first, which tests/cqls_gameinfo.rs reads) the numbers of the games it matches.

Usage: python3 scripts/cqls_gameinfo_truth.py 1000 > tests/expected/cqls-gameinfo.tsv
"""
import fnmatch
import io
import sys

import chess
import chess.pgn

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
PATH = "../shared/data/std-visible-5k.pgn"


def sub(tag, text):
    return lambda h: tag in h and text.lower() in h[tag].lower()


def pat(tag, pattern):
    if pattern.startswith("!"):
        return lambda h: tag in h and fnmatch.fnmatchcase(h[tag], pattern[1:])
    return lambda h: tag in h and fnmatch.fnmatchcase(h[tag].lower(), pattern.lower())


def either(f, g):
    return lambda h: f(h) or g(h)


def year(h):
    d = h.get("Date", "")
    return int(d[:4]) if d[:4].isdigit() else 0


QUERIES = [
    ("(match :player euwe)", either(sub("White", "euwe"), sub("Black", "euwe"))),
    ("(match :whiteplayer ALEKHINE)", sub("White", "alekhine")),
    ("(match :blackplayer \"alekhine, a*\")", pat("Black", "alekhine, a*")),
    ("(match :player \"!Alekseev,?\")",
     either(pat("White", "!Alekseev,?"), pat("Black", "!Alekseev,?"))),
    ("(match :player \"!alekseev,?\")",
     either(pat("White", "!alekseev,?"), pat("Black", "!alekseev,?"))),
    ("(match :player \"Alekseev,*\")",
     either(pat("White", "alekseev,*"), pat("Black", "alekseev,*"))),
    ("(match :event Karlsbad)", sub("Event", "karlsbad")),
    ("(match :event \"* sim\")", pat("Event", "* sim")),
    ("(match :site \"Moscow ???\")", pat("Site", "moscow ???")),
    ("(match :year 1900 1930)", lambda h: 1900 <= year(h) <= 1930),
    ("(match :year >=2015 :blackplayer alekseev)",
     lambda h: year(h) >= 2015 and sub("Black", "alekseev")(h)),
    ("(match !:player a)", lambda h: not (sub("White", "a")(h) or sub("Black", "a")(h))),
    ("(match !:player i)", lambda h: not (sub("White", "i")(h) or sub("Black", "i")(h))),
    ("(match :or ((match :whiteplayer capablanca) (match :blackplayer capablanca)))",
     either(sub("White", "capablanca"), sub("Black", "capablanca"))),
]


def pgn_games(f):
    """The text of each game of `f`: a new game starts at a `[` line once the current game has
    had movetext (lines inside a `{ }` comment are movetext, never a new game)."""
    lines, movetext, depth = [], False, 0
    for line in f:
        stripped = line.strip()
        if depth == 0 and stripped.startswith("[") and movetext:
            yield "".join(lines)
            lines, movetext = [], False
        lines.append(line)
        if depth > 0 or (stripped and not stripped.startswith("[") and not stripped.startswith("%")):
            movetext = True
            depth = max(0, depth + stripped.count("{") - stripped.count("}"))
    if lines:
        yield "".join(lines)


def main():
    print(f"# Source: python-chess {chess.__version__}, scripts/cqls_gameinfo_truth.py {N} "
          f"(tags of the first {N} games of std-visible-5k.pgn)")
    for k, (text, _) in enumerate(QUERIES):
        print(f"# query {k + 1}: {text}")
    matched = [[] for _ in QUERIES]
    with open(PATH, encoding="utf-8", errors="replace") as f:
        for number, text in enumerate(pgn_games(f), start=1):
            if number > N:
                break
            headers = chess.pgn.read_game(io.StringIO(text)).headers
            for k, (_, truth) in enumerate(QUERIES):
                if truth(headers):
                    matched[k].append(number)
    for k, games in enumerate(matched):
        print(f"{k + 1}\t" + ",".join(map(str, games)))


if __name__ == "__main__":
    main()
