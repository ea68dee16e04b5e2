#!/bin/sh
# match-task.sh -- one task of a Slurm job array that plays a share of a
# triad-match match (submit.sh submits it; see doc/triad-match.md).
#
#   sbatch --array=0-(TASKS-1) match-task.sh OUTDIR GAMES -- OPTION...
#
# Task i plays games GAMES*i+1 .. GAMES*(i+1) (GAMES even, so that both
# games of a pair stay in one task) with the given triad-match options,
# the array's job id as the run id (all tasks are one match), and writes
# OUTDIR/task-i.sgf and OUTDIR/task-i.out.  With --resume, a task that
# Slurm requeues or that is run again continues from the games already in
# its records (and adds to its output).  TRIAD_MATCH names the program
# (default: triad-match on the PATH).
#SBATCH --job-name=triad-match
#SBATCH --ntasks=1
set -eu
outdir=$1
games=$2
shift 2
[ "${1:-}" = -- ] && shift
task=${SLURM_ARRAY_TASK_ID:?not a task of a job array}
run=${SLURM_ARRAY_JOB_ID:?not a task of a job array}
exec "${TRIAD_MATCH:-triad-match}" "$@" --games "$games" \
    --first-game $((games * task)) --run-id "slurm-$run" \
    --records "$outdir/task-$task.sgf" --resume \
    >> "$outdir/task-$task.out" 2>&1
