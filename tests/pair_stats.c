/* pair_stats.c -- prints triad-match's pentanomial statistics for the
 * pair counts on each line of standard input ("LL LD DDWL WD WW ELO0
 * ELO1"), one line of results each ("LLR ELO MARGIN NELO NELO_MARGIN"),
 * for tests/match/pentanomial.sh to compare with an independent
 * computation. */
#include "config.h"

#include <stdio.h>

#include "match/pairs.h"

int main(void)
{
    struct pairs p = { { 0 }, 0 };
    struct sprt_params pr = { 0, 0, 0.05, 0.05, SPRT_PENTANOMIAL };
    while (scanf("%ld %ld %ld %ld %ld %lf %lf", &p.n[0], &p.n[1], &p.n[2],
                 &p.n[3], &p.n[4], &pr.elo0, &pr.elo1) == 7) {
        struct pair_estimate e;
        pairs_estimate(&p, &e);
        printf("%.10g %.10g %.10g %.10g %.10g\n", pairs_sprt_llr(&p, &pr),
               e.elo, e.margin, e.nelo, e.nelo_margin);
    }
    return 0;
}
