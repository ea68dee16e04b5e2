#!/bin/sh
# fake-engine.sh MODE -- a deliberately broken engine for the triad-match
# tests.  It speaks just enough of the protocol to pass the referee's
# start-up check (setup, set_option, play, time_* answer "= ", position is
# unknown) and misbehaves on genmove according to MODE:
#   crash    kills itself with SIGSEGV        exit     exits with status 3
#   illegal  always answers a1 (soon illegal) garbage  a reply without '='
#   refuse   answers "? ..."                  badtoken answers two tokens
#   resign   resigns                          sleep    never answers in time
#   close    closes its output and hangs      flood    an endless reply
#   nul      a reply with a NUL byte in it
#   dead     exits at once, before any command
#   extra    answers every play twice (an unsolicited second reply) and
#            resigns on genmove
#   slowdark sleeps on genmove for the second player (black), resigns as
#            the first (white)
#   nap      sleeps 0.4 s on genmove, then resigns
mode=${1:-crash}
[ "$mode" = dead ] && exit 4
reply() { printf '= %s\n\n' "$1"; }
while IFS= read -r line; do
    case $line in
    quit*) reply ""; exit 0 ;;
    play*) if [ "$mode" = extra ]; then printf '= \n\n= \n\n'
           else reply ""; fi ;;
    position*|name*|version*) printf '? unknown command\n\n' ;;
    genmove*)
        case $mode in
        crash) kill -SEGV $$ ;;
        exit) exit 3 ;;
        illegal) reply a1 ;;
        garbage) printf 'hello world\n\n' ;;
        refuse) printf '? cannot do that\n\n' ;;
        badtoken) reply "a1 b2" ;;
        resign) reply resign ;;
        sleep) sleep 30 ;;
        close) exec 1>&-; sleep 30 ;;
        flood) printf '= '; tr '\000' x < /dev/zero ;;
        nul) printf '= a1\000b2\n\n' ;;
        extra) reply resign ;;
        nap) sleep 0.4; reply resign ;;
        slowdark)
            case $line in
            *white*) reply resign ;;
            *) sleep 30 ;;
            esac ;;
        esac ;;
    *) reply "" ;;
    esac
done
