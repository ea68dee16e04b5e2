#!/bin/sh
# mutants.sh -- does the test suite notice deliberate bugs?
#
#   scripts/mutants.sh [NAME...]    all mutants, or only those named
#
# Copies the files of this tree that git tracks or would track (as they
# are on disk, committed or not) to a scratch directory, builds there once, then applies each
# mutant below in turn: a small change, made by replacing a piece of
# text that must occur exactly once in its file (\n in it stands for a
# line break).  For each it rebuilds,
# runs the suites listed with the mutant, and reports
#   caught NAME      a listed suite failed (what we want)
#   MISSED NAME      every listed suite passed: a blind spot
#   STALE NAME       the text was not found (the code moved): update it
#   NOBUILD NAME     the mutant does not compile: rewrite it
# then restores the file.  The work tree is never touched.  Exit status
# 0 if every mutant was caught, 1 otherwise.  Slow (a build and a few
# suites per mutant, about 20 minutes in all on 2 cores): not part of
# CI.  doc/robustness.md records the last result.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/triad-mutants.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 2' HUP INT TERM
JOBS=$(nproc 2>/dev/null || echo 2)
# A mutant that makes a search ignore its limits is caught by Check's
# timeout: a quarter of the suites' own (30 s instead of 120 s) will do.
CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-0.25}
export CK_TIMEOUT_MULTIPLIER

say() { printf 'mutants: %s\n' "$*" >&2; }

# The mutants: five lines each (name, file, suites, text, replacement)
# and a blank line.
mutants() {
    cat <<'EOF'
time_left_refused_turns_clock_on
src/proto/cmd_search.c
tests/check_proto
    if (args_double(argv[1], 0, 1e9, &seconds) != 0 ||
    if ((s->clock.limited = true, args_double(argv[1], 0, 1e9, &seconds) != 0) ||

genmove_does_not_charge_its_clock
src/proto/cmd_search.c
tests/check_proto
        return GTP_FAIL;\n    }\n    clock_spend(&s->clock, side, spent);
        return GTP_FAIL;\n    }\n    (void)spent;

byoyomi_share_doubled
src/engine/timeman.c
tests/check_clock
    double per_byo = c->byo_stones > 0 ? c->byo_time / c->byo_stones : 0;
    double per_byo = c->byo_stones > 0 ? 2 * c->byo_time / c->byo_stones : 0;

main_time_cap_dropped
src/engine/timeman.c
tests/check_clock
    if (share > cap)
    if (share > 2 * cap)

byoyomi_period_not_renewed
src/engine/timeman.c
tests/check_clock
        c->left[side] = c->byo_time;
        c->left[side] += 0;

main_time_overflow_not_into_byoyomi
src/engine/timeman.c
tests/check_clock
            c->left[side] += c->byo_time;   /* overflow into byo-yomi */
            c->left[side] += 0;

time_left_forgets_stones
src/engine/timeman.c
tests/check_clock tests/check_proto
seconds;\n    c->stones_left[side] = stones;
seconds;\n    c->stones_left[side] = 0;

no_latency_reserve
src/engine/timeman.c
tests/check_clock
#define RESERVE_MAX 0.05
#define RESERVE_MAX 0.0

failed_setup_draws_a_seed
src/proto/session.c
tests/check_proto
    } else if (g->setup(start, argc, argv, rng_next(&next), err) == 0) {
    } else if (g->setup(start, argc, argv, rng_next(&s->rng), err) == 0) {

undo_at_start_accepted
src/proto/session.c
tests/check_proto
    if (s->nply == 0)
    if (s->nply < 0)

cephalopod_capture_sum_7
src/games/cephalopod_text.c
tests/check_cephalopod
    if (sum > 6) {
    if (sum > 7) {

dvonn_disconnected_stay
src/games/dvonn.c
tests/check_dvonn
        remove_disconnected(p);
        (void)0;

dvonn_position_check_connection_skipped
src/games/dvonn_text.c
tests/check_dvonn_text
    if (!start && !all_connected(p)) {
    if (0 && !start && !all_connected(p)) {

truchet_winner_swapped
src/games/truchet.c
tests/check_truchet
    return st->side == LIGHT ? GAME_WIN_SECOND : GAME_WIN_FIRST;
    return st->side == LIGHT ? GAME_WIN_FIRST : GAME_WIN_SECOND;

perft_keeps_last_branch_only
src/search/perft.c
tests/check_proto tests/check_cephalopod_perft
        total += perft_rec(p, ply + 1, depth - 1);
        total = perft_rec(p, ply + 1, depth - 1);

extra_turn_negated
src/search/alphabeta.c
tests/check_solve
    if (same)
    if (!same && same)

stop_flag_ignored
src/search/search.c
tests/check_search
    if (w->id == 0 && stop_requested(s->lim.stop))
    if (w->id == 0 && 0 && stop_requested(s->lim.stop))

node_budget_ignored
src/search/search.c
tests/check_search tests/check_threads
    if (s->lim.max_nodes && total >= s->lim.max_nodes)
    if (s->lim.max_nodes && total >= 2 * s->lim.max_nodes)

EOF
}

# wanted NAME [WANTED...]: true if NAME is among WANTED, or none given.
wanted() {
    n=$1
    shift
    [ $# -eq 0 ] && return 0
    for w in "$@"; do [ "$w" = "$n" ] && return 0; done
    return 1
}

say "scratch copy in $scratch"
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
    xargs -0 tar --ignore-failed-read -cf - | tar -xf - -C "$scratch") ||
    exit 1
cd "$scratch" || exit 1
say "building the unchanged tree"
{ autoreconf -fi && ./configure -q && nice make -s -j"$JOBS" &&
  nice make -s -j"$JOBS" check TESTS=; } > build.log 2>&1 ||
    { tail -n 30 build.log >&2; say "the unchanged tree does not build"; exit 1; }

caught=0 missed=0 other=0
mutants > mutants.txt
while IFS= read -r name && IFS= read -r file && IFS= read -r suites &&
      IFS= read -r old && IFS= read -r new; do
    IFS= read -r _ || true
    wanted "$name" "$@" || continue
    count=$(OLD=$old perl -0ne '($o = $ENV{OLD}) =~ s/\\n/\n/g;
        $n = () = /\Q$o\E/g; print $n' "$file")
    if [ "$count" != 1 ]; then
        echo "STALE $name: the text occurs $count times in $file"
        other=$((other + 1))
        continue
    fi
    cp "$file" "$file.orig"
    OLD=$old NEW=$new perl -0pi -e '($o = $ENV{OLD}) =~ s/\\n/\n/g;
        ($r = $ENV{NEW}) =~ s/\\n/\n/g; s/\Q$o\E/$r/' "$file"
    if ! nice make -s -j"$JOBS" all > "$name.log" 2>&1 ||
       ! nice make -s -j"$JOBS" check TESTS= >> "$name.log" 2>&1; then
        echo "NOBUILD $name ($file)"
        other=$((other + 1))
    elif nice make -s -j"$JOBS" check TESTS="$suites" >> "$name.log" 2>&1; then
        echo "MISSED $name ($file; $suites passed)"
        missed=$((missed + 1))
    else
        failed=$(grep -l '^:test-result: \(FAIL\|ERROR\)' \
                 $(for t in $suites; do echo "$t.trs"; done) 2>/dev/null |
                 sed 's/\.trs$//' | tr '\n' ' ')
        echo "caught $name (by ${failed:-$suites})"
        caught=$((caught + 1))
    fi
    mv "$file.orig" "$file"
    touch "$file"
done < mutants.txt
echo "mutants: $caught caught, $missed missed, $other stale or not building"
[ "$missed" -eq 0 ] && [ "$other" -eq 0 ]
