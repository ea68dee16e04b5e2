#!/bin/sh
# submit.sh -- runs a triad-match match as a Slurm job array: TASKS tasks
# of GAMES games each (match-task.sh), then a merge job that waits for
# all of them (merge.sh).  Prints the two job ids; the result is
# OUTDIR/merged.txt once the merge job has run.
#
#   scripts/slurm/submit.sh TASKS GAMES OUTDIR -- OPTION...
#
# OPTION... are triad-match's options for the whole match except --games,
# --first-game, --run-id and --records, which each task sets.  GAMES must
# be even.  Extra sbatch options (partition, time limit, cpus) can be
# given in SBATCH_OPTIONS, e.g. SBATCH_OPTIONS='--partition=long
# --time=08:00:00 --cpus-per-task=4' (with --concurrency 4 in OPTION).
# TRIAD_MATCH (exported to the jobs) names the program.
set -eu
usage() {
    echo "usage: $0 TASKS GAMES OUTDIR -- TRIAD-MATCH-OPTION..." >&2
    exit 2
}
[ $# -ge 4 ] && [ "$4" = -- ] || usage
tasks=$1
games=$2
outdir=$3
shift 4
case $tasks$games in *[!0-9]*|'') usage ;; esac
[ "$tasks" -ge 1 ] && [ "$games" -ge 2 ] && [ $((games % 2)) -eq 0 ] ||
    usage
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
# shellcheck disable=SC2086  # SBATCH_OPTIONS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array=0-$((tasks - 1)) \
    --output="$outdir/slurm-%A_%a.log" --export=ALL \
    "$here/match-task.sh" "$outdir" "$games" -- "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} \
    --dependency=afterok:"$array" --output="$outdir/slurm-merge-%j.log" \
    --export=ALL "$here/merge.sh" "$outdir")
merge=${merge%%;*}
echo "array $array merge $merge"
