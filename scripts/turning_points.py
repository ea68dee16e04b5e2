#!/usr/bin/env python3
"""turning_points.py -- where an engine's lost games were lost, by the
solver: each game NAME lost in triad-match records is played to its end
and solved backwards, ply by ply (`solve SECONDS`, then `undo`), until
the solver has failed UNKNOWNS times in a row.  A move of NAME's that
turns the proven outcome for the worse (a win into a draw or a loss, a
draw into a loss) is a turning point: the game was lost there, within
the solver's reach; a game already lost at the first ply proven was
lost before it.

    turning_points.py [-s SECONDS] [-u UNKNOWNS] [-c] ENGINE NAME RECORDS...

ENGINE is the command of the engine that solves (a triad binary); NAME
the player's name in the records (PW/PB).  One line per lost game:

    game 1 new=W B+1 first ply 22 of 37 (26 cells) W+1
      turn ply 22 of 37 (26 cells): J2H2 W+1 -> B+1 (best J2J4)

and a summary.  The values are the final_score of perfect play from the
position, as `solve` prints them; with -c each position also prints the
number of occupied cells of its position string (`.` fields are empty),
which for DVONN is the number of stacks left.
"""
import argparse
import re
import subprocess
import sys


class Engine:
    """A triad process driven over the protocol, one command at a time."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command.split() + ['--quiet'],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.proc.stdin.write(command + '\n')
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit('the engine quit after: ' + command)
            if line.strip() == '' and lines:
                break
            if line.strip():
                lines.append(line.strip())
        reply = ' '.join(lines)
        if not reply.startswith('='):
            sys.exit('%s: %s' % (command, reply))
        return reply[1:].strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def records(path):
    """(round, white, black, result, start, [(colour, move)]) per game."""
    text = open(path).read()
    for game in re.findall(r'\(;FF.*?\n\)', text, re.S):
        def prop(name):
            m = re.search(name + r'\[(.*?)\]', game)
            return m.group(1) if m else ''
        moves = re.findall(r';([WB])\[([^\]]*)\]', game)
        yield (prop('RO'), prop('PW'), prop('PB'), prop('RE'),
               prop('XSTART'), moves)


def outcome(value):
    """+1, 0 or -1 for White, from a final_score string (W+n, B+n, 0)."""
    return 1 if value.startswith('W+') else -1 if value.startswith('B+') else 0


def cells(engine):
    fields = engine.ask('position').split(':')[-1].split(',')
    return sum(1 for f in fields if f != '.')


def solve_backwards(engine, start, moves, seconds, unknowns, count_cells):
    """{ply: (value or None, best move, cells)} from the end backwards."""
    engine.ask('setposition ' + start)
    for colour, move in moves:
        engine.ask('play %s %s' % (colour.lower(), move))
    found, misses, ply = {}, 0, len(moves)
    while misses < unknowns:
        reply = engine.ask('final_score' if ply == len(moves) else
                           'solve %s' % seconds)
        count = cells(engine) if count_cells else None
        if reply.startswith('unknown'):
            found[ply] = (None, '', count)
            misses += 1
        else:
            parts = reply.split()
            found[ply] = (parts[0], parts[1] if len(parts) > 1 else '', count)
            misses = 0
        if ply == 0:
            break
        engine.ask('undo')
        ply -= 1
    return found


def report(head, moves, found, me):
    """Prints one lost game; returns (lost at the first proven ply,
    [the turning points' plies])."""
    def where(p):
        c = found[p][2]
        return 'ply %d of %d' % (p, len(moves)) + \
               (' (%d cells)' % c if c is not None else '')
    proven = sorted(p for p in found if found[p][0] is not None)
    if not proven:
        print(head, 'never proven')
        return False, []
    first = proven[0]
    print(head, 'first', where(first), found[first][0])
    turns = []
    for p in proven:
        if p + 1 not in found or found[p + 1][0] is None:
            continue
        if (moves[p][0] == 'W') != (me == 1):
            continue
        was, now = found[p][0], found[p + 1][0]
        if outcome(now) * me < outcome(was) * me:
            turns.append(p)
            print('  turn %s: %s %s -> %s (best %s)' %
                  (where(p), moves[p][1], was, now, found[p][1]))
    return outcome(found[first][0]) * me < 0, turns


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('-s', '--seconds', default='4')
    ap.add_argument('-u', '--unknowns', type=int, default=2)
    ap.add_argument('-c', '--cells', action='store_true')
    ap.add_argument('engine')
    ap.add_argument('name')
    ap.add_argument('records', nargs='+')
    args = ap.parse_args()
    engine = Engine(args.engine)
    lost = before = 0
    turns = []
    for path in args.records:
        for ro, white, black, result, start, moves in records(path):
            if args.name not in (white, black) or result[:1] not in ('W', 'B'):
                continue
            me = 1 if args.name == white else -1
            if outcome(result) == me:
                continue
            lost += 1
            found = solve_backwards(engine, start, moves, args.seconds,
                                    args.unknowns, args.cells)
            head = 'game %s %s=%s %s' % (ro, args.name,
                                         'W' if me == 1 else 'B', result)
            already, plies = report(head, moves, found, me)
            before += already
            turns += [found[p][2] if args.cells else p for p in plies]
            sys.stdout.flush()
    engine.close()
    print('lost %d: %d already lost at the first ply proven, %d turning '
          'points by %s at %s %s' %
          (lost, before, len(turns), args.name,
           'cells' if args.cells else 'plies',
           ' '.join(str(t) for t in sorted(turns))))


if __name__ == '__main__':
    main()
