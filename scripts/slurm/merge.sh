#!/bin/sh
# merge.sh -- the job that runs once every task of the array succeeded
# (submit.sh makes it depend on them): merges their records into
# OUTDIR/merged.txt.
#
#   sbatch --dependency=afterok:ARRAY_JOB_ID merge.sh OUTDIR [OPTION...]
#
# Extra options go to triad-match --merge (e.g. --sprt 0,5).
#SBATCH --job-name=triad-merge
#SBATCH --ntasks=1
set -eu
outdir=$1
shift
exec "${TRIAD_MATCH:-triad-match}" --merge "$@" "$outdir"/task-*.sgf \
    > "$outdir/merged.txt" 2> "$outdir/merge.err"
