#!/bin/sh
# slurm.sh -- a real single-node Slurm cluster on this machine (munged,
# slurmctld and slurmd from Debian's packages, all in a temporary
# directory on private ports): scripts/slurm/submit.sh runs a 4-task job
# array of short Cephalopod games and the dependent merge job; the merged
# score, pair statistics and every game (number, result, moves) must equal what one
# triad-match process plays with the same seed and games.
#
# Skipped (exit status 77, the reason printed) when it cannot run: not
# root, a program missing (quickstart installs slurmctld, slurmd,
# slurm-client and munge), a daemon that does not start, or
# TRIAD_SKIP_SLURM set.  Bounded: about 20 s when it runs, at most 150 s;
# every daemon it started is stopped by its pid.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.

skip() {
    echo "SKIP: the Slurm test cannot run here: $*"
    exit 77
}
[ -z "${TRIAD_SKIP_SLURM:-}" ] || skip "TRIAD_SKIP_SLURM: $TRIAD_SKIP_SLURM"
[ "$(id -u)" -eq 0 ] || skip "it needs root (the daemons run as root)"
for p in munged slurmctld slurmd sbatch squeue sinfo scancel; do
    command -v "$p" > /dev/null 2>&1 ||
        skip "no $p (Debian: slurmctld slurmd slurm-client munge)"
done

test_name=slurm
. "${srcdir:-.}/tests/match/common.sh"
pids=
# Jobs first, then the daemons this test started, by pid.
on_exit='[ -f "$tmp/slurm.conf" ] &&
    SLURM_CONF="$tmp/slurm.conf" scancel --quiet -u root 2>/dev/null
for p in $pids; do kill "$p" 2>/dev/null; done
for p in $pids; do wait "$p" 2>/dev/null; done'
fail_logs="$tmp/log/* $tmp/out/*.out $tmp/out/*.log $tmp/out/merge.err"

# wait_for SECONDS COMMAND...: until COMMAND succeeds; false on timeout.
wait_for() {
    limit=$1
    shift
    i=0
    while [ $i -lt $((limit * 4)) ]; do
        "$@" && return 0
        sleep 0.25
        i=$((i + 1))
    done
    return 1
}

mkdir -p "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/out"
host=$(hostname -s)
port=$((20000 + ($$ % 10000) * 2))   # two private ports per run
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge.key"
munged -F -f --key-file="$tmp/munge.key" --socket="$tmp/munge.sock" \
    --log-file="$tmp/log/munged.log" --pid-file="$tmp/munged.pid" \
    --seed-file="$tmp/munged.seed" > "$tmp/log/munged.out" 2>&1 &
pids="$!"
wait_for 10 test -S "$tmp/munge.sock" ||
    skip "munged did not start: $(tail -n 3 "$tmp/log/munged.out")"

cat > "$tmp/slurm.conf" <<END
ClusterName=triadtest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
PlugStackConfig=/dev/null
NodeName=$host CPUs=$(getconf _NPROCESSORS_ONLN) State=UNKNOWN
PartitionName=triad Nodes=$host Default=YES MaxTime=10 State=UP
END
SLURM_CONF="$tmp/slurm.conf"
export SLURM_CONF
slurmctld -D -i > "$tmp/log/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D > "$tmp/log/slurmd.out" 2>&1 &
pids="$pids $!"
node_idle() {
    [ "$(sinfo -h -N -o '%T' 2>/dev/null)" = idle ]
}
wait_for 30 node_idle ||
    skip "the Slurm node did not come up: $(tail -n 3 "$tmp/log/slurmctld.out" "$tmp/log/slurmd.out")"

# The match: seeded random players, a new process per game, 2 random
# plies per pair: each game depends only on the seed and its number.
set -- --game cephalopod --setup 3x3 --engine "$TRIAD" --name a \
    --option method=random --engine "$TRIAD" --name b \
    --option method=random --option seed=5 --movetime 0.02 --grace 30 \
    --random-plies 2 --restart --seed 17
TRIAD_MATCH="$TRIAD_MATCH" export TRIAD_MATCH
ids=$("$top/scripts/slurm/submit.sh" 4 4 "$tmp/out" -- "$@") ||
    fail "submit: $ids"
merged() {
    [ -f "$tmp/out/merged.txt" ] && [ -z "$(squeue -h 2>/dev/null)" ]
}
wait_for 90 merged || fail "the jobs did not finish in 90 s ($ids)"
"$TRIAD_MATCH" "$@" --games 16 --quiet --records "$tmp/one.sgf" \
    > "$tmp/one.out" 2>&1 || fail "single-process match: $?"
grep -q '^Merged 16 games from 4 files$' "$tmp/out/merged.txt" ||
    fail "merged: $(cat "$tmp/out/merged.txt" "$tmp/out/merge.err")"
score=$(grep '^Score of a vs b: ' "$tmp/one.out") || fail "no score"
[ "$(grep '^Score of' "$tmp/out/merged.txt")" = "$score" ] ||
    fail "merged $(grep '^Score' "$tmp/out/merged.txt") != single $score"
pairs=$(grep '^Pairs: 8 ' "$tmp/one.out") || fail "no pair statistics"
[ "$(grep '^Pairs:' "$tmp/out/merged.txt")" = "$pairs" ] ||
    fail "merged $(grep '^Pairs' "$tmp/out/merged.txt") != single $pairs"
# Game by game: number, result and moves.
games() {
    awk '/^\(;/ { if (g != "") print g; g = "" }
         { match($0, /RO\[[0-9]*\]/); if (RSTART) ro = substr($0, RSTART, RLENGTH)
           match($0, /RE\[[^]]*\]/); if (RSTART) re = substr($0, RSTART, RLENGTH) }
         /^;/ { g = g $0 } /^\(;/ { g = "" }
         /\)$/ { print ro " " re " " g; g = "" }' "$@" | sort
}
tasks="$tmp/out/task-0.sgf $tmp/out/task-1.sgf $tmp/out/task-2.sgf $tmp/out/task-3.sgf"
# shellcheck disable=SC2086  # four file names without spaces
games $tasks > "$tmp/array.games"
games "$tmp/one.sgf" > "$tmp/one.games"
[ "$(wc -l < "$tmp/one.games")" -eq 16 ] || fail "16 games expected"
cmp -s "$tmp/array.games" "$tmp/one.games" ||
    fail "the array's games differ from one process's"
# shellcheck disable=SC2086
[ "$(grep -ho 'XRUN\[[^]]*\]' $tasks | sort -u | wc -l)" -eq 1 ] ||
    fail "the tasks do not share one run id"
echo "Slurm array: $score"
exit 0
