#!/bin/sh
# mkcorpus.sh TRIAD SRCDIR OUTDIR -- builds the seed corpus of the fuzz
# harnesses into OUTDIR/{gtp,move,position,setup} (generated, never
# committed):
#   gtp       the golden transcripts tests/gtp/*.gtp, and for every game
#             short inputs that start from a position of a seeded random
#             game ("setposition POS" and a few commands) and the first 20
#             moves of such games: short seeds keep fuzz_gtp fast;
#   move      move tokens taken from legal_moves along those games;
#   position  position strings along those games;
#   setup     setup argument lists of every game.
# The games come from src/games/games.def, so a new game gets seeds
# without changes here; TRIAD is the engine binary that plays them.
set -eu
triad=$1 srcdir=$2 out=$3
games=$(sed -n 's/^GAME(\([a-z0-9_]*\))$/\1/p' "$srcdir/src/games/games.def")
[ -n "$games" ] || { echo "mkcorpus: no games in games.def" >&2; exit 1; }
mkdir -p "$out/gtp" "$out/move" "$out/position" "$out/setup"

for f in "$srcdir"/tests/gtp/*.gtp; do
    cp "$f" "$out/gtp/$(basename "$f")"
done

# play GAME SEED: a random game through the protocol.  Ids tag the
# replies: 1 position, 2 legal_moves, 3 genmove, 4 history.  A genmove
# for the side not to move fails harmlessly, so "genmove w" and
# "genmove b" alternate without knowing whose turn it is.
play() {
    {
        printf 'set_option seed %s\nset_option method random\n' "$2"
        printf 'set_option maxplies 200\nsetup %s\n' "$1"
        i=0
        while [ $i -lt 150 ]; do
            printf '1 position\n2 legal_moves\n3 genmove w\n3 genmove b\n'
            i=$((i + 1))
        done
        printf '4 history\n'
    } | "$triad" --quiet
}

for g in $games; do
    for seed in 1 2 3; do
        play "$g" "$seed" | awk -v out="$out" -v g="$g" -v seed="$seed" '
            function save(dir, name, text) {
                f = out "/" dir "/" name
                printf "%s", text > f
                close(f)
            }
            /^=1 / && n1++ % 7 == 0 {
                pos = substr($0, 4)
                save("position", g "-" seed "-" n1, pos)
                save("gtp", "at-" g "-" seed "-" n1, "setposition " pos \
                     "\nlegal_moves\ngenmove w\ngenmove b\nundo\n" \
                     "showboard\ngame_status\nposition\n")
            }
            /^=2 ./ && n2++ % 9 == 0 {
                k = split(substr($0, 4), tok, " ")
                save("move", g "-" seed "-" n2 "-a", tok[1])
                save("move", g "-" seed "-" n2 "-z", tok[k])
                save("move", g "-" seed "-" n2 "-m", tok[int((k + 1) / 2)])
            }
            /^=4 / {
                k = split(substr($0, 4), tok, " ")
                if (k > 20)
                    k = 20
                text = "set_option seed " seed "\nsetup " g "\n"
                for (i = 1; i <= k; i++) {
                    text = text "play " tok[i] "\n"
                    if (i % 20 == 0)
                        text = text "showboard\nundo\nplay " tok[i] "\n"
                }
                text = text "final_score\ngame_status\nposition\nlegal_moves\n"
                save("gtp", "game-" g "-" seed, text)
            }'
    done
    printf '%s\n' "setup $g" "legal_moves" "genmove w" "genmove b" \
        "reg_genmove w" "analyze" "solve" "perft 2" "showboard" "undo" \
        "clear_board" "history" "position" "game_status" "final_score" \
        > "$out/gtp/commands-$g"
done

n=0
for args in "" 3x3 5x5 3x5 5x3 8x8 2x2 9x9 0x0 1x1 1x5 5x1 1x8 random random=7 \
    random=18446744073709551615 2470377 0 -1 12345 \
    layout=1000100100011000000000100010010100110010101111000 \
    "layout=10001" "x y z"; do
    n=$((n + 1))
    printf '%s' "$args" > "$out/setup/args-$n"
done
echo "mkcorpus: $(find "$out" -type f | wc -l) seed files in $out" >&2
