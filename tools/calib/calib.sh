#!/usr/bin/env bash
# A calibration match of weaker play, as the calibration table of docs/strength.md is
# played: a Matador build at UCI_Elo ELO against Stockfish 15.1 at its own
# UCI_LimitStrength and UCI_Elo SF_ELO (default ELO), fastchess, one thread,
# Hash 16, openings from 8moves_v3.pgn with both colours, Move Overhead 100
# for Stockfish (without it Stockfish loses games on time at 5s+0.05s), no
# adjudication. Run nothing else CPU-heavy meanwhile.
#
#   tools/calib/calib.sh NAME MATADOR ELO [SF_ELO] [TC] [ROUNDS] [-- OPTIONS...]
#
# ELO "full" plays Matador at full strength (UCI_LimitStrength off). TC
# defaults to 10+0.1 and ROUNDS to 50 (two games each: 100 games). OPTIONS
# after -- are extra fastchess options for Matador. Games, log and the
# fastchess state go to $WORK/calib/NAME; a stopped match resumes. Count
# crashes, illegal moves and time losses with go run ./tools/gamestats.
# Environment as tools/match/match.sh (but OPENINGS defaults to
# 8moves_v3.pgn here), and STOCKFISH (default /usr/games/stockfish).
set -euo pipefail
if [ $# -lt 3 ]; then
	sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
name=$1 matador=$2 elo=$3
shift 3
sfelo=$elo tc=10+0.1 rounds=50
if [ $# -gt 0 ] && [ "$1" != "--" ]; then sfelo=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then tc=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then rounds=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
if [ "$elo" = full ]; then
	strength=(option.UCI_LimitStrength=false)
	[ "$sfelo" = full ] && { echo "calib.sh: SF_ELO is needed with ELO full" >&2; exit 2; }
else
	strength=(option.UCI_LimitStrength=true "option.UCI_Elo=$elo")
fi
stockfish=${STOCKFISH:-/usr/games/stockfish}
. "$(dirname "$0")/../fastchess-env.sh"
openings=${OPENINGS:-$repo/../shared/data/openings/8moves_v3.pgn}
resume_or_start calib "$name"
status=0
"$fastchess" \
	-engine cmd="$matador" name="Matador-$elo" "${strength[@]}" "$@" \
	-engine cmd="$stockfish" name="SF-$sfelo" option.UCI_LimitStrength=true "option.UCI_Elo=$sfelo" "option.Move Overhead=100" \
	-each tc="$tc" option.Hash=16 option.Threads=1 \
	-openings file="$openings" format=pgn order=random \
	-rounds "$rounds" -games 2 -repeat -concurrency 2 -recover \
	-pgnout file="$dir/games.pgn" timeleft=true >"$dir/log.txt" 2>&1 || status=$?
build=$(basename "$matador")
keep_run calib "$name" -build "${build#matador-}" -change "UCI_Elo $elo" -opponent "UCI_Elo $sfelo"
exit $status
