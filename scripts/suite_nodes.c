/* suite_nodes.c -- the search's node counts to a fixed depth over the
 * position lines of an opening suite: the yardstick of a move-ordering
 * change, which must not change what the search finds, only how many
 * nodes it takes (doc/games/dvonn.md, "Move ordering by cut-off gain").
 *
 *     scripts/suite_nodes SUITE DEPTH
 *
 * Every line of SUITE that starts with a position string (the game is
 * told by its prefix; setup words and moves after '|' are ignored) is
 * searched by alpha-beta to DEPTH with one thread, seed 1 and a table
 * of 16 MiB emptied before each line, so the counts depend only on the
 * code.  Prints per line "N nodes depth score best" and the total.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "search/search.h"

#define TABLE_MB 16

/* Searches the position string text (line n of the suite), adding its
 * nodes to *total; -1 on a bad position or no memory. */
static int search_line(const char *text, int depth, int n,
                       unsigned long long *total)
{
    const struct game_ops *g = game_of_position(text);
    if (!g) {
        fprintf(stderr, "suite_nodes: line %d: not a position string\n", n);
        return -1;
    }
    void *pos = malloc(g->state_size);
    struct search *sr = search_new(g, TABLE_MB);
    struct sbuf err = SBUF_INIT;
    int rc = -1;
    if (!pos || !sr)
        fprintf(stderr, "suite_nodes: out of memory\n");
    else if (g->from_string(pos, text, &err) != 0)
        fprintf(stderr, "suite_nodes: line %d: %s\n", n, sbuf_str(&err));
    else {
        struct search_limits lim = { .max_depth = depth, .threads = 1,
                                     .seed = 1,
                                     .method = SEARCH_ALPHABETA };
        struct search_result r;
        if (search_run(sr, pos, &lim, &r) == 0) {
            char best[MOVE_STR_MAX];
            g->format_move(pos, r.best, best);
            printf("%d %llu %d %d %s\n", n, (unsigned long long)r.nodes,
                   r.depth, r.score, best);
            *total += r.nodes;
            rc = 0;
        } else {
            fprintf(stderr, "suite_nodes: line %d: the game is over\n", n);
        }
    }
    sbuf_free(&err);
    search_free(sr);
    free(pos);
    return rc;
}

int main(int argc, char **argv)
{
    int depth = argc == 3 ? atoi(argv[2]) : 0;
    if (depth < 1) {
        fprintf(stderr, "usage: suite_nodes SUITE DEPTH\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    char line[4096];
    unsigned long long total = 0;
    int n = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        line[strcspn(line, " \t|\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#' || !strchr(line, ':'))
            continue;
        rc = search_line(line, depth, ++n, &total);
    }
    fclose(f);
    printf("total %llu nodes over %d positions, depth %d\n", total, n,
           depth);
    return rc == 0 ? 0 : 1;
}
