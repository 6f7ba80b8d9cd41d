#!/usr/bin/env bash
# Nodes a second of two UCI engines side by side: each searches the same
# positions for the same time (go movetime), one thread, Hash 16, one
# engine at a time; the last "info ... nps" of each search is taken (the
# speed at its last completed iteration). Run nothing else CPU-heavy.
#
#   tools/nps/nps.sh ENGINE_A ENGINE_B [MOVETIME_MS] [POSITIONS_FILE]
#
# MOVETIME_MS defaults to 2000; POSITIONS_FILE holds one FEN a line (by
# default the eight bench positions after the start position). Prints A's
# nps, B's and their ratio a position, then each mean and their ratio;
# ROUNDS=N repeats it all N times (see below).
set -euo pipefail
if [ $# -lt 2 ]; then
	sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
a=$1 b=$2 movetime=${3:-2000} positions=${4:-}
repo=$(cd "$(dirname "$0")/../.." && pwd)
# An engine that cannot be started reads as 0 nps, and a ratio of 0 is no
# measurement: every argument is checked before the first search.
for engine in "$a" "$b"; do
	if ! command -v -- "$engine" >/dev/null; then
		echo "nps.sh: engine $engine: not found or not executable" >&2
		exit 2
	fi
done
case $movetime in
'' | *[!0-9]* | 0 | 0*)
	echo "nps.sh: MOVETIME_MS must be a whole number of milliseconds from 1, got '$movetime'" >&2
	exit 2
	;;
esac
if [ -n "$positions" ] && { [ ! -f "$positions" ] || [ ! -r "$positions" ]; }; then
	echo "nps.sh: positions $positions: not a readable file" >&2
	exit 2
fi
if [ -z "$positions" ]; then
	positions=$(mktemp)
	trap 'rm -f "$positions"' EXIT
	(cd "$repo" && go run ./cmd/matador bench 1) | awk '$1 == "position" { $1 = $2 = $3 = $4 = $5 = $6 = $7 = ""; sub(/^ +/, ""); print }' | sed -n '2,9p' >"$positions"
fi

# nps ENGINE FEN: the nps of the last info line of one search that has it.
nps() {
	{
		printf 'uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\nucinewgame\nposition fen %s\ngo movetime %s\n' "$2" "$movetime"
		sleep "$(awk -v t="$movetime" 'BEGIN { print t / 1000 + 1 }')"
		printf 'quit\n'
	} | "$1" 2>/dev/null | awk '$1 == "info" && / nps / { for (i = 1; i < NF; i++) if ($i == "nps") n = $(i + 1) } END { print n + 0 }'
}

# no_nps ENGINE FEN: a search that gave no speed ends the run, since a 0
# would pull the mean and the ratio down as if it were a measurement.
no_nps() {
	echo "nps.sh: engine $1 reported no nps for $2 (it did not search, or does not speak UCI)" >&2
	exit 1
}

# ROUNDS (default 1) goes over the positions that many times, B first in
# the even rounds, so that a machine whose speed drifts (other virtual
# machines on the host) weighs on both engines alike; each round's ratio
# is printed to show the spread.
rounds=${ROUNDS:-1}
total_a=0 total_b=0 count=0 spread=""
for round in $(seq "$rounds"); do
	round_a=0 round_b=0
	while IFS= read -r fen; do
		[ -z "$fen" ] && continue
		if [ $((round % 2)) -eq 1 ]; then
			na=$(nps "$a" "$fen") nb=$(nps "$b" "$fen")
		else
			nb=$(nps "$b" "$fen") na=$(nps "$a" "$fen")
		fi
		[ "$na" -gt 0 ] || no_nps "$a" "$fen"
		[ "$nb" -gt 0 ] || no_nps "$b" "$fen"
		round_a=$((round_a + na)) round_b=$((round_b + nb)) count=$((count + 1))
		awk -v a="$na" -v b="$nb" -v f="$fen" 'BEGIN { printf "%9d %9d  %.2f  %s\n", a, b, (b > 0 ? a / b : 0), f }'
	done <"$positions"
	total_a=$((total_a + round_a)) total_b=$((total_b + round_b))
	if [ "$count" -eq 0 ]; then
		echo "nps.sh: positions ${4:-of the bench}: no FEN to search" >&2
		exit 1
	fi
	spread="$spread $(awk -v a="$round_a" -v b="$round_b" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
done
awk -v a="$total_a" -v b="$total_b" -v n="$count" -v r="$rounds" -v s="$spread" 'BEGIN {
	printf "%d positions: mean nps A %.0f, B %.0f, ratio A/B %.2f", n / r, a / n, b / n, (b > 0 ? a / b : 0)
	if (r > 1) printf " (%d rounds:%s)", r, s
	printf "\n"
}'
