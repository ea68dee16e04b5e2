#!/bin/sh
# pentanomial.sh -- triad-match's statistics of game pairs (src/match/
# pairs.c, through tests/pair_stats) against an independent computation
# in Python from the published formulas: the generalised SPRT on the
# pentanomial model as fishtest's LLRcalc defines it (zero counts
# regularised to 1e-3, the maximum-likelihood distribution of each
# hypothesis' expected score found here by Newton's method on the
# Lagrange multiplier, LLR = sum n_i log(p1_i / p0_i)), the Elo of the
# pairs' mean score with its 95% margin from their variance, and the
# normalized Elo.  Fixed pair counts, degenerate ones included (no
# decisive pair, one outcome only, all pairs lost).
# Environment: PAIR_STATS (set by make check), python3 on the PATH.
test_name=pentanomial
. "${srcdir:-.}/tests/match/common.sh"
PAIR_STATS=${PAIR_STATS:-tests/pair_stats}
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }

cat > "$tmp/counts" <<'COUNTS'
3 10 40 12 5 0 5
3 10 40 12 5 -3 1
0 0 25 0 0 0 10
0 0 25 0 0 -10 0
0 0 0 0 7 0 10
9 0 0 0 0 0 10
1 0 0 0 0 0 5
0 0 1 0 0 0 5
120 340 900 360 130 0 2
2 0 7 0 1 0 50
10 5 0 5 10 0 20
COUNTS

"$PAIR_STATS" < "$tmp/counts" > "$tmp/ours.out" || fail "pair_stats: $?"
[ "$(wc -l < "$tmp/ours.out")" -eq "$(wc -l < "$tmp/counts")" ] ||
    fail "pair_stats answered $(wc -l < "$tmp/ours.out") lines"

cat > "$tmp/check.py" <<'PY'
import math, sys

SCORES = [0, 0.25, 0.5, 0.75, 1]

def expected(elo):
    return 1 / (1 + 10 ** (-elo / 400))

def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)

def mle(phat, s):
    """fishtest's MLE: p_i = phat_i / (1 + x (a_i - s)) with
    sum p_i (a_i - s) = 0; Newton's method from x = 0, halving a step
    that would leave (-1/(1-s), 1/s)."""
    x = 0.0
    for _ in range(100):
        f = sum(p * (a - s) / (1 + x * (a - s)) for a, p in zip(SCORES, phat))
        df = -sum(p * (a - s) ** 2 / (1 + x * (a - s)) ** 2
                  for a, p in zip(SCORES, phat))
        step = -f / df
        while not (-1 / (1 - s) < x + step < 1 / s):
            step /= 2
        x += step
        if abs(step) < 1e-16:
            break
    return [p / (1 + x * (a - s)) for a, p in zip(SCORES, phat)]

def llr(counts, elo0, elo1):
    n = [c if c > 0 else 1e-3 for c in counts]
    total = sum(n)
    phat = [c / total for c in n]
    p0 = mle(phat, expected(elo0))
    p1 = mle(phat, expected(elo1))
    return sum(c * math.log(b / a) for c, a, b in zip(n, p0, p1))

def estimate(counts):
    n = sum(counts)
    mu = sum(a * c for a, c in zip(SCORES, counts)) / n
    var = sum(c * (a - mu) ** 2 for a, c in zip(SCORES, counts)) / n
    dev = 1.959963984540054 * math.sqrt(var / n)
    lo, hi = elo(mu - dev), elo(mu + dev)
    margin = math.inf if math.isinf(lo) or math.isinf(hi) else (hi - lo) / 2
    k = 800 / math.log(10)
    if var > 0:
        nelo = (mu - 0.5) / math.sqrt(2 * var) * k
    else:
        nelo = 0.0 if mu == 0.5 else math.copysign(math.inf, mu - 0.5)
    return elo(mu), margin, nelo, 1.959963984540054 * k / math.sqrt(2 * n)

def same(x, y):
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= 1e-6 * max(1, abs(y))

bad = 0
for line, ours in zip(open(sys.argv[1]), open(sys.argv[2])):
    v = line.split()
    counts, elo0, elo1 = [int(c) for c in v[:5]], float(v[5]), float(v[6])
    want = [llr(counts, elo0, elo1), *estimate(counts)]
    got = [float(t) for t in ours.split()]
    for name, w, g in zip(["llr", "elo", "margin", "nelo", "nelo margin"],
                          want, got):
        if not same(g, w):
            print(f"{line.strip()}: {name} {g} (expected {w})")
            bad += 1
sys.exit(1 if bad else 0)
PY
python3 "$tmp/check.py" "$tmp/counts" "$tmp/ours.out" > "$tmp/check.out" 2>&1 ||
    fail "values differ from the independent computation"
cat "$tmp/ours.out"
exit 0
