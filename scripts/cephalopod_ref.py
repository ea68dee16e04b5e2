#!/usr/bin/env python3
"""cephalopod_ref.py -- an independent reference for Cephalopod on small
boards, written from the rules (doc/games/cephalopod.md, "Rules"), not
from the C engine: perft, the exact value by exhaustive minimax, and
random games checked move by move against a running engine.

    cephalopod_ref.py perft WxH DEPTH     perft 1..DEPTH, one line each
    cephalopod_ref.py solve WxH           the value as final_score writes it
    cephalopod_ref.py check ENGINE WxH GAMES [SEED]
        plays GAMES random games against ENGINE (a triad binary) and
        compares legal_moves, position and final_score after every ply

A board is a tuple of W*H cells, index y * W + x (a1 = 0); a cell is
None or (colour, pips) with colour 0 = White, 1 = Black.  Nothing here is
fast: the boards it is meant for have at most about 9 cells.
"""
import functools
import itertools
import random
import subprocess
import sys


def neighbours(w, h, i):
    """The cells orthogonally adjacent to cell i."""
    x, y = i % w, i // w
    out = []
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h:
            out.append(ny * w + nx)
    return out


def name(w, i):
    return "abcdefgh"[i % w] + str(i // w + 1)


def moves(w, h, board, side):
    """Every legal move as (text, child board): on an empty cell, each
    set of at least 2 adjacent dice whose pips sum to at most 6 is one
    capture, compulsory if there is any; otherwise the die shows 1."""
    out = []
    for i, cell in enumerate(board):
        if cell is not None:
            continue
        dice = [j for j in neighbours(w, h, i) if board[j] is not None]
        sets = [s for k in range(2, len(dice) + 1)
                for s in itertools.combinations(dice, k)
                if sum(board[j][1] for j in s) <= 6]
        if not sets:
            child = list(board)
            child[i] = (side, 1)
            out.append((name(w, i), tuple(child)))
            continue
        for s in sets:
            child = list(board)
            for j in s:
                child[j] = None
            child[i] = (side, sum(board[j][1] for j in s))
            names = sorted(name(w, j) for j in s)
            out.append((name(w, i) + "=" + "+".join(names), tuple(child)))
    return out


def margin(board):
    """White's dice minus Black's."""
    return sum(1 if c[0] == 0 else -1 for c in board)


def perft(w, h, depth):
    @functools.lru_cache(maxsize=None)
    def count(board, side, d):
        if d == 0:
            return 1
        return sum(count(child, 1 - side, d - 1)
                   for _, child in moves(w, h, board, side))
    return count((None,) * (w * h), 0, depth)


def solve(w, h):
    """The exact final margin for White with best play from the empty
    board (the game ends when the board is full)."""
    @functools.lru_cache(maxsize=None)
    def value(board, side):
        if all(c is not None for c in board):
            return margin(board)
        vals = [value(child, 1 - side) for _, child in moves(w, h, board,
                                                              side)]
        return max(vals) if side == 0 else min(vals)
    sys.setrecursionlimit(100000)
    return value((None,) * (w * h), 0)


def score_text(m):
    return "0" if m == 0 else ("W+%d" % m if m > 0 else "B+%d" % -m)


def position(w, h, board, side):
    rows = []
    for y in reversed(range(h)):
        row = ""
        for x in range(w):
            c = board[y * w + x]
            row += ".." if c is None else "WB"[c[0]] + str(c[1])
        rows.append(row)
    return "cephalopod:%dx%d:%s:%s" % (w, h, "WB"[side], "/".join(rows))


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("engine ended at: " + cmd)
            if line == "\n":
                break
            lines.append(line.rstrip("\n"))
        if not lines or lines[0][0] != "=":
            raise RuntimeError("%s -> %s" % (cmd, lines))
        lines[0] = lines[0][1:].strip()
        return [l for l in lines if l]

    def close(self):
        self.ask("quit")
        self.p.wait()


def check(path, w, h, games, seed):
    rng = random.Random(seed)
    eng = Engine(path)
    plies = 0
    for _ in range(games):
        eng.ask("setup cephalopod %dx%d" % (w, h))
        board, side = (None,) * (w * h), 0
        while True:
            mine = moves(w, h, board, side)
            want = sorted(t for t, _ in mine)
            got = sorted(" ".join(eng.ask("legal_moves")).split())
            assert got == want, (position(w, h, board, side), got, want)
            pos = eng.ask("position")[0]
            assert pos == position(w, h, board, side), (pos, board)
            if not mine:
                got = eng.ask("final_score")[0]
                assert got == score_text(margin(board)), (got, board)
                break
            text, board = rng.choice(mine)
            eng.ask("play %s %s" % ("wb"[side], text))
            side = 1 - side
            plies += 1
    eng.close()
    print("%dx%d: %d games, %d plies agree" % (w, h, games, plies))


def size(arg):
    w, h = arg.lower().split("x")
    return int(w), int(h)


def main(argv):
    if len(argv) == 4 and argv[1] == "perft":
        w, h = size(argv[2])
        for d in range(1, int(argv[3]) + 1):
            print("%dx%d d%d %d" % (w, h, d, perft(w, h, d)))
    elif len(argv) == 3 and argv[1] == "solve":
        w, h = size(argv[2])
        print("%dx%d %s" % (w, h, score_text(solve(w, h))))
    elif len(argv) in (5, 6) and argv[1] == "check":
        w, h = size(argv[3])
        check(argv[2], w, h, int(argv[4]),
              int(argv[5]) if len(argv) == 6 else 1)
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
