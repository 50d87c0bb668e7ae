#!/usr/bin/env python3
"""SjaakII's divided perft (`perft D 1`) of one position, to find the moves where cqlq's fairy
engine differs (compare with `cargo run --example fairy_divide`).

Usage: python3 scripts/sjaak_divide.py VARIANTS NAME FEN|- 'MOVES'|- DEPTH
(moves in XBoard coordinates; SjaakII 1.4.1, /usr/games/sjaakii)
"""
import subprocess
import sys


def main():
    variants, name, fen, moves, depth = sys.argv[1:6]
    cmds = ["xboard", "protover 2", "unload /usr/share/games/sjaakii/variants.txt",
            "new", "variant %s" % name, "force"]
    if fen != "-":
        cmds.append("setboard %s" % fen)
    if moves != "-":
        cmds += moves.split()
    cmds += ["perft %s 1" % depth, "quit"]
    out = subprocess.run(["/usr/games/sjaakii", variants], input="\n".join(cmds) + "\n",
                         capture_output=True, text=True, timeout=600).stdout
    for line in out.splitlines():
        if line.startswith(("Illegal", "Error")):
            print(line)
        f = line.split()
        if len(f) == 3 and f[1].isdigit() and f[2].isdigit():
            print(f[0], f[1])
        elif len(f) == 4 and f[-1].endswith("nps"):
            print("total", f[1])


if __name__ == "__main__":
    main()
