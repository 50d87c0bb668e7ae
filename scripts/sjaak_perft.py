#!/usr/bin/env python3
"""Record SjaakII's perft for every variant of a Sjaak variants.txt.

Writes tests/expected/sjaak-perft.txt: for each `Variant:` block of the file (in file order),
perft 1..D from the start position, and from the positions reached after K random moves that
SjaakII itself chose (`random on`, `sd 1`, `go`), with the moves (xboard coordinates: ranks
count from 0 on boards with 10 or more ranks) so a test can replay them.

Line format (tab separated):
  index  sjaak_name  moves(space separated, '-' for none)  sjaak_fen  perft(space separated)

Usage (from the repository root):
  python3 scripts/sjaak_perft.py [--variants ../shared/variants/sjaak/variants.txt]
      [--depth 3] [--games 2] [--plies 12,31] [--out tests/expected/sjaak-perft.txt]

SjaakII 1.4.1 (Debian `sjaakii`, /usr/games/sjaakii). The system file
/usr/share/games/sjaakii/variants.txt is unloaded first so the given file's definitions win.
"""
import argparse
import re
import subprocess
import sys

SYSTEM_FILE = "/usr/share/games/sjaakii/variants.txt"


class Sjaak:
    def __init__(self, binary, variants_file):
        self.p = subprocess.Popen([binary, variants_file], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, bufsize=1)
        self.n = 0
        self.cmd("xboard\nprotover 2\nunload %s" % SYSTEM_FILE)

    def cmd(self, text):
        self.n += 1
        self.p.stdin.write(text + "\nping %d\n" % self.n)
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("sjaakii exited: %r" % out[-5:])
            line = line.rstrip("\n")
            if line.strip() == "pong %d" % self.n:
                return out
            out.append(line)

    def new_game(self, variant, depth=1):
        out = self.cmd("new\nvariant %s\nforce\nsd %d\nlevel 0 10 0\ntime 60000\notim 60000"
                       % (variant, depth))
        errs = [l for l in out if l.startswith(("Error", "tellusererror"))]
        if errs:
            raise RuntimeError("sjaak: %s" % errs)

    def engine_move(self):
        """Let SjaakII search (depth set by `sd`) and play a move; None when the game is over."""
        self.p.stdin.write("go\n")
        self.p.stdin.flush()
        mv = None
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("sjaakii exited")
            m = re.match(r"^move (\S+)", line)
            if m:
                mv = m.group(1)
                break
            if re.match(r"^(1-0|0-1|1/2-1/2|resign)", line.strip()):
                break
        self.cmd("force")
        return mv

    def perft(self, depth):
        res = []
        for l in self.cmd("perft %d" % depth):
            m = re.match(r"^\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+nps", l)
            if m:
                res.append(int(m.group(2)))
        return res

    def fen(self):
        lines = [l for l in self.cmd("fen") if "/" in l and not l.startswith("#")]
        return lines[-1].strip() if lines else "?"

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def sjaak_names(path):
    """The variant names SjaakII derives from the `Variant:` lines, in file order."""
    names = []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.split("#", 1)[0].strip()
        if line.lower().startswith("variant:"):
            title = line.split(":", 1)[1].strip()
            title = re.split(r"['(]", title)[0].strip().lower()
            names.append(title.replace(" ", "_"))
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sjaak", default="/usr/games/sjaakii")
    ap.add_argument("--variants", default="../shared/variants/sjaak/variants.txt")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--plies", default="12,31")
    ap.add_argument("--only", help="comma-separated sjaak names")
    ap.add_argument("--out", default="tests/expected/sjaak-perft.txt")
    args = ap.parse_args()
    plies = [int(x) for x in args.plies.split(",")]
    names = sjaak_names(args.variants)
    version = subprocess.run([args.sjaak, "--version"], capture_output=True, text=True,
                             input="quit\n").stdout.splitlines()[0:1]
    sj = Sjaak(args.sjaak, args.variants)
    out = open(args.out, "w", encoding="utf-8")
    out.write("# Source: %s (/usr/games/sjaakii, Debian sjaakii 1.4.1-2) via scripts/sjaak_perft.py "
              "--variants %s --depth %d --games %d --plies %s\n"
              % ((version[0] if version else "SjaakII"), args.variants, args.depth, args.games, args.plies))
    out.write("# index\tsjaak_name\txboard_moves\tsjaak_fen\tperft_1..%d\n" % args.depth)
    only = set(args.only.split(",")) if args.only else None
    for i, name in enumerate(names):
        if only and name not in only:
            continue
        sj.new_game(name)
        fen = sj.fen()
        p = sj.perft(args.depth)
        out.write("%d\t%s\t-\t%s\t%s\n" % (i, name, fen, " ".join(map(str, p))))
        out.flush()
        print(i, name, p, file=sys.stderr)
        for g in range(args.games):
            sj.new_game(name, 1 + g)
            moves = []
            for _ in range(plies[g % len(plies)]):
                mv = sj.engine_move()
                if mv is None:
                    break
                moves.append(mv)
            fen = sj.fen()
            p = sj.perft(args.depth)
            out.write("%d\t%s\t%s\t%s\t%s\n" % (i, name, " ".join(moves) or "-", fen,
                                                " ".join(map(str, p))))
            out.flush()
    sj.close()


if __name__ == "__main__":
    main()
