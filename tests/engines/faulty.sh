#!/usr/bin/env bash
# A deliberately broken engine for the match tests: faulty.sh MODE TEMPO N.
# It relays every command to a real `tempo` (the TEMPO binary, run as a coprocess) and relays its
# answers back, until its (N+1)-th `go` in this process; from then on it misbehaves per MODE:
#   illegal  answers "bestmove 1-2" (never a legal move: 1 and 2 are not diagonal neighbours)
#   exit     exits with status 3 (a crash in the middle of a game)
#   silent   says nothing more, ignores every command (and stop) until it is killed
#   slow     sleeps half a second before each search (a time forfeit at small limits)
mode=$1 tempo=$2 after=${3:-0} gos=0
coproc ENGINE { exec "$tempo"; }
relay_until() {  # copies the engine's lines to stdout up to one starting with $1
    while IFS= read -r reply <&"${ENGINE[0]}"; do
        echo "$reply"
        [[ $reply == "$1"* ]] && return
    done
    exit 4  # the real engine went away
}
while IFS= read -r line; do
    case $line in
        go*)
            gos=$((gos + 1))
            if ((gos > after)); then
                case $mode in
                    illegal) echo "bestmove 1-2"; continue ;;
                    exit) exit 3 ;;
                    silent) while IFS= read -r _; do :; done; exit 0 ;;
                    slow) sleep 0.5 ;;
                esac
            fi
            echo "$line" >&"${ENGINE[1]}"
            relay_until bestmove ;;
        uci) echo uci >&"${ENGINE[1]}"; relay_until uciok ;;
        isready) echo isready >&"${ENGINE[1]}"; relay_until readyok ;;
        quit) echo quit >&"${ENGINE[1]}"; exit 0 ;;
        *) echo "$line" >&"${ENGINE[1]}" ;;
    esac
done
