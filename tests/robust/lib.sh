# lib.sh -- helpers of the fault tests in tests/robust/ (sourced, not run).
#
# A test talks to one engine at a time the way a controller does: the
# engine reads a fifo that the test keeps open on fd 3 and writes its
# replies to a file the test polls.  Everything lives in a temporary
# directory removed at exit.  TRIAD names the engine (make check sets it).

TRIAD=${TRIAD:-src/triad}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robust.XXXXXX") || exit 99
pid=
cleanup() {
    exec 3>&- 2>/dev/null
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' HUP INT TERM

fail() {
    echo "FAIL: $*"
    if [ -f "$tmp/out" ]; then
        echo "--- engine output (last 20 lines):"
        tail -n 20 "$tmp/out" | cut -c 1-200
    fi
    exit 1
}

# True if the engine was built with AddressSanitizer (quickstart's
# sanitizer run): its memory numbers and ulimit -v behave differently.
is_asan() {
    grep -q __asan_init "$TRIAD" 2>/dev/null
}

# start [ARGS...]: a fresh engine reading the fifo, replies to $tmp/out.
start() {
    rm -f "$tmp/in" "$tmp/out" "$tmp/status"
    mkfifo "$tmp/in" || exit 99
    ( "$TRIAD" --quiet "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
      echo $? > "$tmp/status" ) &
    exec 3> "$tmp/in"
    # The subshell's child is the engine: find its pid for signals.
    i=0
    pid=
    while [ -z "$pid" ] && [ $i -lt 100 ]; do
        pid=$(ps -o pid= --ppid $! 2>/dev/null | tr -d ' ' | head -n 1)
        [ -n "$pid" ] || sleep 0.05
        i=$((i + 1))
    done
    [ -n "$pid" ] || fail "the engine did not start"
}

# send LINE...: writes lines to the engine.
send() {
    printf '%s\n' "$@" >&3
}

# wait_for REGEX SECONDS: waits until a line of the output matches.
wait_for() {
    n=$(awk "BEGIN { print int($2 * 20) }")
    i=0
    while ! grep -q -- "$1" "$tmp/out" 2>/dev/null; do
        [ $i -lt "$n" ] || fail "no '$1' within $2 s"
        sleep 0.05
        i=$((i + 1))
    done
}

# ask ID COMMAND: sends "ID COMMAND", waits (20 s at most) for its reply
# and prints the reply's first line without the "=ID " or "?ID " part;
# the status is 0 for '=' and 1 for '?'.
ask() {
    send "$1 $2"
    wait_for "^[=?]$1 " 20
    line=$(grep -- "^[=?]$1 " "$tmp/out" | tail -n 1)
    printf '%s\n' "${line#[=?]"$1" }"
    case $line in =*) return 0 ;; *) return 1 ;; esac
}

# finish: closes the engine's input and waits for it (10 s at most);
# sets $status to its exit status.  (Not for $(...): a subshell would
# close its own copy of the input only.)
finish() {
    exec 3>&-
    i=0
    while [ ! -f "$tmp/status" ] && [ $i -lt 200 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    [ -f "$tmp/status" ] || fail "the engine did not exit at end of input"
    pid=
    status=$(cat "$tmp/status")
}

# rss_kb: the engine's resident memory (VmRSS) in KiB.
rss_kb() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"
}

# cpu_ticks: the CPU time the engine has used (user + system, in clock
# ticks of 1/100 s).
cpu_ticks() {
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat"
}

# wait_cpu TICKS SECONDS [REGEX]: waits until the engine has used TICKS
# ticks of CPU time (it is working on a command, not waiting for input),
# or until a line of its output matches REGEX (the command is done).
wait_cpu() {
    n=$(awk "BEGIN { print int($2 * 20) }")
    i=0
    while [ "$(cpu_ticks)" -lt "$1" ]; do
        [ -n "${3:-}" ] && grep -q -- "$3" "$tmp/out" 2>/dev/null && return 0
        [ $i -lt "$n" ] || fail "the engine did not start thinking within $2 s"
        sleep 0.05
        i=$((i + 1))
    done
}

# millis: a monotonic-enough clock in milliseconds.
millis() {
    date +%s%3N
}
