#!/usr/bin/env bash
# A fixed-length match of two UCI engines, as the strength figures of docs/strength.md
# are played: fastchess, one thread each unless told, Hash 16, UHO openings
# with both colours, adjudication as in docs/strength.md (draw after move 40 at
# |score| <= 0.10 for 8 moves, resign at 7.00 for 4). Run nothing else
# CPU-heavy meanwhile.
#
#   tools/match/match.sh NAME ENGINE_A ENGINE_B ROUNDS [TC] [CONCURRENCY] [-- OPTIONS... [-- OPTIONS_B...]]
#
# ENGINE_A and ENGINE_B are commands (a Matador build, /usr/games/
# ethereal-chess, ...); each plays ROUNDS games with each colour. OPTIONS
# after -- are extra fastchess engine options for ENGINE_A (for example
# option.Threads=2; they come after its Threads=1, and the last one sent
# wins); those after a second -- are ENGINE_B's (two nets in one binary:
# "option.EvalFile=A.nnue" "option.Use NNUE=true" -- "option.Use NNUE=true").
# TC defaults to 10+0.1, CONCURRENCY to 2; st=S is S seconds a move
# (fastchess's st, with 100 ms of grace: the browser page's "a time a
# move"). Games, log
# and the fastchess state go to $WORK/match/NAME; a stopped match resumes
# with fastchess -config file=$WORK/match/NAME/config.json. Count crashes,
# illegal moves and time losses, and see how near its flag each engine
# played (the PGN has the clock), with go run ./tools/gamestats on the PGN. When fastchess ends,
# tools/keep-run.sh keeps the run and writes its record in the ledger
# (tools/runs/ledger/NAME.json; name its build, evaluation and opponent
# with keep-run.sh's flags, then commit it). Environment: WORK (the work
# directory, default matador-work in the home directory), FASTCHESS (default
# $WORK/fastchess/fastchess), OPENINGS (default ../shared/data/openings/
# UHO_4060_v3.epd beside the repository).
set -euo pipefail
if [ $# -lt 4 ]; then
	sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
name=$1 a=$2 b=$3 rounds=$4
shift 4
tc=10+0.1 conc=2
if [ $# -gt 0 ] && [ "$1" != "--" ]; then tc=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then conc=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
case $tc in
st=*) clock=("$tc" timemargin=100) ;;
*) clock=(tc="$tc") ;;
esac
a_opts=() b_opts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do a_opts+=("$1"); shift; done
if [ $# -gt 0 ]; then shift; b_opts=("$@"); fi
. "$(dirname "$0")/../fastchess-env.sh"
resume_or_start match "$name"
status=0
"$fastchess" \
	-engine cmd="$a" name="$(basename "$a")" option.Threads=1 ${a_opts[@]+"${a_opts[@]}"} \
	-engine cmd="$b" name="$(basename "$b")" option.Threads=1 ${b_opts[@]+"${b_opts[@]}"} \
	-each "${clock[@]}" option.Hash=16 \
	-openings file="$openings" format=epd order=random \
	-draw movenumber=40 movecount=8 score=10 -resign movecount=4 score=700 \
	-rounds "$rounds" -games 2 -repeat -concurrency "$conc" -recover \
	-pgnout file="$dir/games.pgn" timeleft=true >"$dir/log.txt" 2>&1 || status=$?
build=$(basename "$a")
keep_run match "$name" -build "${build#matador-}" -opponent "$(basename "$b")"
exit $status
