#!/usr/bin/env python3
"""Truth for CQL-S's player and event keywords of the match list (`:player :whiteplayer
:blackplayer :event :site :year`), read from the PGN tags by python-chess (not from cqlq).

The Scidb help ("CQL - The match list", "Pattern Matching"): an un-quoted string matches
when it is a case-insensitive substring of the tag; a double-quoted pattern matches the whole
tag, `*` any text and `?` one character, case-insensitive unless it starts with `!` (the
patterns below use no blanks or word bounds, so Python's fnmatch says the same); `:year r`
takes the year of the Date tag. A missing tag never matches a name.

Games are split as PGN defines them (`scripts/pgn_games.py`: python-chess's own reader
splits game 581 of std-visible-5k in two).

For the first N games of ../shared/data/std-visible-5k.pgn, prints per query (`# query K:`
lines first, which tests/cqls/cqls_gameinfo.rs reads) the numbers of the games it matches.

Usage: python3 scripts/cqls_gameinfo_truth.py 1000 > tests/expected/cqls-gameinfo.tsv
"""
import fnmatch
import sys

import chess
import chess.pgn

import pgn_games

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


def main():
    print(f"# Source: python-chess {chess.__version__}, scripts/cqls_gameinfo_truth.py {N} "
          f"(tags of the first {N} games of std-visible-5k.pgn)")
    for k, (text, _) in enumerate(QUERIES):
        print(f"# query {k + 1}: {text}")
    matched = [[] for _ in QUERIES]
    for number, text in enumerate(pgn_games.games(PATH), start=1):
        if number > N:
            break
        headers = pgn_games.read_strict(text).headers
        for k, (_, truth) in enumerate(QUERIES):
            if truth(headers):
                matched[k].append(number)
    for k, games in enumerate(matched):
        print(f"{k + 1}\t" + ",".join(map(str, games)))


if __name__ == "__main__":
    main()
