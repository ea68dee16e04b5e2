#!/bin/sh
# positions.sh -- setposition with every kind of malformed or impossible
# position of every game: each is refused with "syntax error: REASON"
# and leaves the game, the history and the position unchanged.
. "${srcdir:-.}/tests/robust/lib.sh"

# dv PHASE SIDE [INDEX=FIELD...]: a DVONN position string, every cell
# "." unless given (cells 0..48 in the order A1..I1, A2..J2, ...).
dv() {
    LC_ALL=C awk -v ph="$1" -v sd="$2" -v spec="$3" 'BEGIN {
        for (i = 0; i < 49; i++) f[i] = "."
        n = split(spec, kv, " ")
        for (k = 1; k <= n; k++) { split(kv[k], p, "="); f[p[1]] = p[2] }
        s = "dvonn:" ph ":" sd ":" f[0]
        for (i = 1; i < 49; i++) s = s "," f[i]
        print s }'
}

# dvfull SIDE LETTERS: a full board of single pieces, LETTERS[i] on cell i.
dvfull() {
    LC_ALL=C awk -v sd="$1" -v l="$2" 'BEGIN {
        s = "dvonn:S:" sd ":" substr(l, 1, 1)
        for (i = 2; i <= 49; i++) s = s "," substr(l, i, 1)
        print s }'
}
start_board=BBBWWWBBBWBBWBBBWBWWBBWBRWWBWRWWWBBWBWBWWWBWWRBWB
bits=1000100100011000000000100010010100110010101111000
tr="truchet:$bits"

cat > "$tmp/bad" <<EOF2
$(dv P W "") extra
$(dv X W "")
$(dv P X "")
$(dv P W "")ZZ
$(dv P W "" | sed 's/,\.$//')
$(dv P W "" | sed 's/,\.$/,,/')
$(dv P W "" | sed 's/:\.,/:,/')
$(dv P W "48=Q")
$(dv P W "48=w1")
$(dv P B "")
$(dv P W "0=W")
$(dv P B "0=RR")
$(dv P W "0=R 1=R 2=R 3=R")
$(dv P W "0=R 1=R 2=R 3=B 4=B")
$(dv P W "$(i=0; while [ $i -lt 48 ]; do printf '%s=R ' $i; i=$((i + 1)); done)")
$(dvfull W "$start_board" | sed 's/^dvonn:S/dvonn:P/')
$(dvfull B "$start_board")
$(dvfull W "$(echo "$start_board" | tr R W)")
$(dv S W "0=R")
$(dv S W "0=R 1=R")
$(dv S W "0=R 1=R 2=RRRR")
$(dv S W "0=R 1=R 2=WR")
$(dv S W "0=R 1=R 2=R 48=W")
$(dv S W "0=R 1=R 2=RWWWWWWWWWWWWWWWWWWWWWWWW")
$(dv S B "0=R 1=R 2=RBBBBBBBBBBBBBBBBBBBBBBBB")
cephalopod:
cephalopod:3x3
cephalopod:3x3:W
cephalopod:1x9:W:../../../../../../../../..
cephalopod:9x9:W:..................
cephalopod:0x3:W:/.../
cephalopod:3x0:W:
cephalopod:3x:W:....../....../......
cephalopod:x3:W:....../....../......
cephalopod:3x3x3:W:....../....../......
cephalopod:99999999999999999999x3:W:....../....../......
cephalopod:-3x3:W:....../....../......
cephalopod:+3x3:W:....../....../......
cephalopod:3x3:X:....../....../......
cephalopod:3x3:WB:....../....../......
cephalopod:3x3:W:....../......
cephalopod:3x3:W:....../....../....../......
cephalopod:3x3:W:....../....../........
cephalopod:3x3:W:....../....../....
cephalopod:3x3:W:....../....../.....
cephalopod:3x3:W:W0..../....../......
cephalopod:3x3:W:W7..../....../......
cephalopod:3x3:W:X1..../....../......
cephalopod:3x3:W:.W..../....../......
cephalopod:3x3:W:1W..../....../......
cephalopod:3x3:B:....../....../......
cephalopod:3x3:W:W1..../....../......
cephalopod:3x3:B:W1B1../....../......
cephalopod:3x3:B:W1W1W1/W1W1W1/B1B1B1
cephalopod:3x3:W:....../....../......:
cephalopod:3x3:W:....../....../......//
truchet:
$tr
$tr:L
$tr:L:
truchet:${bits%0}:L:a1D1,a8L1
truchet:${bits}1:L:a1D1,a8L1
truchet:${bits%0}2:L:a1D1,a8L1
$tr:X:a1D1,a8L1
$tr:L:i1D1,a8L1
$tr:L:a9D1,a8L1
$tr:L:a0D1,a8L1
$tr:L:a1D5,a8L1
$tr:L:a1D0,a8L1
$tr:L:a1X1,a8L1
$tr:L:a1D1,a1L1
$tr:L:a1D1,a8L1,
$tr:L:a1D1,,a8L1
$tr:L:a1D11,a8L1
$tr:L:A1D1 a8L1
$tr:L:a1D4,b1D4,c1D4,d1D1,a8L1
$tr:L:a1L4,b1L4,c1L4,d1L1,a8D1
$tr:L:a8L1
$tr:D:a1D1
$tr:L:a1L1,c1L1,e1L1,h8D1
$tr:D:a8D1,c8D1,g8D1,h1L1
nosuchgame:x
:
dvonn
DVONN:P:W:.
EOF2

# One session: for every bad position k, "setposition" (id 10k+1), then
# position, history and game_status (ids 10k+2..4) that must not differ
# from their first answers (ids 2..4).
{
    printf '%s\n' "set_option hash 1" "setup cephalopod 3x3" "play b2" \
        "2 position" "3 history" "4 game_status"
    k=1
    while IFS= read -r pos; do
        printf '%s\n' "${k}1 setposition $pos" "${k}2 position" \
            "${k}3 history" "${k}4 game_status"
        k=$((k + 1))
    done < "$tmp/bad"
    printf '%s\n' "5 setposition $(dvfull W "$start_board")" \
        "6 setposition $(dv P B "0=R")" \
        "7 setposition cephalopod:3x3:B:W1..B2/....../B1...." \
        "8 setposition $tr:L:a1D1,a8L1"
} > "$tmp/in"
timeout -s KILL 60 "$TRIAD" --quiet < "$tmp/in" > "$tmp/out" 2> "$tmp/err" ||
    fail "engine status $?"
LC_ALL=C awk -v bad="$tmp/bad" '
    BEGIN { while ((getline line < bad) > 0) pos[++n] = line }
    /^[=?][0-9]+ / {
        id = substr($1, 2) + 0
        text = substr($0, length($1) + 2)
        if (id >= 2 && id <= 4) { first[id] = text; next }
        if (id >= 5 && id <= 8) {
            if ($0 !~ /^=/) { print "FAIL: valid position " id " refused: " $0; bad_ = 1 }
            next
        }
        k = int(id / 10); j = id % 10
        if (j == 1 && $0 !~ /^\?[0-9]+ syntax error: ./) {
            print "FAIL: not refused: " pos[k] " -> " $0; bad_ = 1
        }
        if (j >= 2 && text != first[j]) {
            print "FAIL: " pos[k] " changed " first[j] " to " text; bad_ = 1
        }
        if (j == 1) seen++
    }
    END {
        if (seen != n) { print "FAIL: " seen " replies for " n; bad_ = 1 }
        if (bad_) exit 1
        print "ok: " n " impossible or malformed positions refused, nothing changed"
    }' "$tmp/out" || exit 1
exit 0
