#!/usr/bin/env bash
# The strength gate of docs/strength.md: Tempo against Cake 1.89g through the sparring kit, no book
# and no endgame database on either side, every 3-move ballot with both colours.
#
#   scripts/cake-gate.sh NAME [ROUNDS] [-- TEMPO_ENGINE_WORDS...]
#   scripts/cake-gate.sh try14                               all 156 pairs, 312 games
#   scripts/cake-gate.sh deep2 156 -- option.EvalFile=/data/deep2.nnue
#
# Environment (defaults in brackets):
#   TEMPO      the tempo binary that runs the match and plays [build/release/tools/tempo]
#   CAKE_LIB   Cake built as a Linux library, outside the repository [/tmp/peers/cake/libcake.so]
#   SPARRING   the sparring kit's folder [../shared/sparring]
#   MOVETIME   seconds a move [0.1]
#   CORE       run the match on this one CPU core with concurrency 1 (taskset), the way the
#              gates of docs/strength.md were played; unset: concurrency 2, no pinning [unset]
#   OUT        folder for NAME.pdn and NAME.log [.]
#   OPENINGS   the ballot file [tests/data/ballots-english-3move.csv]; a part of the deck in a file
#              of its own lets two cores share one deck (the gate counts the whole deck only); give
#              ROUNDS as the file's number of played ballots, since more rounds go round it again
# Restartable: the run goes on from OUT/NAME.pdn when it holds games of the same match (tempo match
# -resume), so a gate stopped part way is finished by the same command; delete NAME.pdn to start over.
# Keep every other process off the match's core while it runs (taskset -p -c OTHER PID for each;
# children inherit it): a stalled core loses games on time. Nothing of Cake is in this repository;
# ../shared/sparring/README.md says how to build it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if (($# < 1)) || [[ $1 == -h || $1 == --help ]]; then
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
fi
name=$1
shift
rounds=156
if (($# > 0)) && [[ $1 != -- ]]; then
    rounds=$1
    shift
fi
if (($# > 0)) && [[ $1 == -- ]]; then shift; fi
[[ $name =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "cake-gate.sh: NAME '$name' must be letters, digits, _ . -" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "cake-gate.sh: ROUNDS '$rounds' is not a positive number" >&2; exit 2; }

tempo=${TEMPO:-$here/build/release/tools/tempo}
cake_lib=${CAKE_LIB:-/tmp/peers/cake/libcake.so}
sparring=${SPARRING:-$here/../shared/sparring}
movetime=${MOVETIME:-0.1}
out=${OUT:-.}
openings=${OPENINGS:-$here/tests/data/ballots-english-3move.csv}
[[ -x $tempo ]] || { echo "cake-gate.sh: no tempo binary at $tempo (build it, or set TEMPO)" >&2; exit 1; }
[[ -f $cake_lib ]] || { echo "cake-gate.sh: no Cake library at $cake_lib (see $sparring/README.md, or set CAKE_LIB)" >&2; exit 1; }
[[ -f $openings ]] || { echo "cake-gate.sh: no ballot file at $openings (set OPENINGS)" >&2; exit 1; }
[[ -f $sparring/cb_adapter.py ]] || { echo "cake-gate.sh: no cb_adapter.py in $sparring (set SPARRING)" >&2; exit 1; }
mkdir -p "$out"

pin=()
concurrency=2
if [[ -n ${CORE:-} ]]; then
    pin=(taskset -c "$CORE")
    concurrency=1
fi

cake_args=()
for w in "$sparring/cb_adapter.py" "$cake_lib" --no-gamehist --hash 64; do cake_args+=("arg=$w"); done

echo "cake-gate.sh: $name, $rounds pairs at ${movetime} s a move, concurrency $concurrency, log $out/$name.log" >&2
"${pin[@]}" "$tempo" match \
    -engine "cmd=$tempo" "name=$name" option.OwnBook=false option.EGDB=false option.Hash=64 "$@" \
    -engine cmd=python3 name=cake "${cake_args[@]}" \
    -each "st=$movetime" -openings "file=$openings" order=sequential \
    -games 2 -rounds "$rounds" -concurrency "$concurrency" -pdnout "$out/$name.pdn" -resume 2>&1 | tee -a "$out/$name.log"
