/* toy.c -- a take-away game behind struct game_ops, for one test only:
 * tests/arch/toygame.sh adds it to the registry as a fourth game by the
 * checklist at the end of doc/architecture.md and shows that the contract
 * and protocol suites accept it.  Not part of triad.
 *
 * A pile of TOY_STONES stones; the players take 1, 2 or 3 in turn and
 * whoever takes the last one wins (the first player wins: 15 is not a
 * multiple of 4).  A move is the number taken, which is also its token.
 * Position string: toy:STONES:SIDE, SIDE F or S.  setup takes no words.
 */
#include "config.h"

#include <string.h>

#include "core/game.h"
#include "core/zobrist.h"

#define TOY_STONES 15
#define TOY_MAX_TAKE 3
#define TOY_TAG 0x70790000u

struct toy_state {
    int stones;
    int side;
};

static int toy_setup(void *st, int argc, char *const argv[], uint64_t seed,
                     struct sbuf *err)
{
    (void)argv, (void)seed;
    if (argc > 0) {
        sbuf_puts(err, "toy takes no setup words");
        return -1;
    }
    *(struct toy_state *)st = (struct toy_state){ TOY_STONES, 0 };
    return 0;
}

static int toy_side_to_move(const void *st)
{
    return ((const struct toy_state *)st)->side;
}

static int toy_gen_moves(const void *st, move_t *out)
{
    const struct toy_state *t = st;
    int n = 0;
    for (int k = 1; k <= TOY_MAX_TAKE && k <= t->stones; k++)
        out[n++] = (move_t)k;
    return n;
}

static bool toy_is_legal(const void *st, move_t m)
{
    const struct toy_state *t = st;
    return m >= 1 && m <= TOY_MAX_TAKE && (int)m <= t->stones;
}

static void toy_play(void *st, move_t m)
{
    struct toy_state *t = st;
    t->stones -= (int)m;
    t->side ^= 1;
}

/* The player who took the last stone (not the one to move) has won. */
static enum game_status toy_outcome(const void *st, int *margin)
{
    const struct toy_state *t = st;
    if (margin)
        *margin = 0;
    if (t->stones > 0)
        return GAME_ONGOING;
    return t->side == 0 ? GAME_WIN_SECOND : GAME_WIN_FIRST;
}

static uint64_t toy_hash(const void *st)
{
    const struct toy_state *t = st;
    return zobrist_key(TOY_TAG, (uint32_t)(t->stones * 2 + t->side));
}

static enum move_parse toy_parse_move(const void *st, const char *s,
                                      move_t *out, struct sbuf *why)
{
    if (s[0] < '1' || s[0] > '0' + TOY_MAX_TAKE || s[1] != '\0')
        return MOVE_PARSE_SYNTAX;
    move_t m = (move_t)(s[0] - '0');
    if (!toy_is_legal(st, m)) {
        sbuf_printf(why, "only %d stones left",
                    ((const struct toy_state *)st)->stones);
        return MOVE_PARSE_ILLEGAL;
    }
    *out = m;
    return MOVE_PARSE_OK;
}

static void toy_format_move(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    (void)st;
    buf[0] = (char)('0' + m);
    buf[1] = '\0';
}

static void toy_to_string(const void *st, struct sbuf *out)
{
    const struct toy_state *t = st;
    sbuf_printf(out, "toy:%d:%c", t->stones, "FS"[t->side]);
}

static int toy_from_string(void *st, const char *s, struct sbuf *err)
{
    struct toy_state *t = st;
    if (strncmp(s, "toy:", 4) != 0) {
        sbuf_puts(err, "not a toy position");
        return -1;
    }
    s += 4;
    int stones = 0;
    int digits = 0;
    for (; *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
        stones = stones * 10 + (*s - '0');
    if (digits == 0 || stones > TOY_STONES || s[0] != ':' ||
        (s[1] != 'F' && s[1] != 'S') || s[2] != '\0') {
        sbuf_puts(err, "expected toy:STONES:SIDE");
        return -1;
    }
    t->stones = stones;
    t->side = s[1] == 'S';
    return 0;
}

static void toy_show(const void *st, const struct show_info *info,
                     struct sbuf *out)
{
    const struct toy_state *t = st;
    sbuf_printf(out, "stones: %d\n%s to move, ply %d\n", t->stones,
                t->side ? "second" : "first", info->ply);
}

/* A multiple of 4 left is lost for the side to move. */
static int toy_evaluate(const void *st)
{
    return ((const struct toy_state *)st)->stones % 4 ? 100 : -100;
}

const struct game_ops toy_ops = {
    .name = "toy",
    .title = "Toy",
    .state_size = sizeof(struct toy_state),
    .max_moves = TOY_MAX_TAKE,
    .max_game_plies = TOY_STONES,
    .side_names = { "first", "second" },
    .side_letters = "FS",
    .score_has_margin = false,
    .setup = toy_setup,
    .side_to_move = toy_side_to_move,
    .gen_moves = toy_gen_moves,
    .is_legal = toy_is_legal,
    .play = toy_play,
    .outcome = toy_outcome,
    .hash = toy_hash,
    .parse_move = toy_parse_move,
    .format_move = toy_format_move,
    .to_string = toy_to_string,
    .from_string = toy_from_string,
    .show = toy_show,
    .evaluate = toy_evaluate,
    .eval_unit = "stones",
    .eval_scale = 100,
    .win_scale = 100,
    .sgf_gm = 0,
};
