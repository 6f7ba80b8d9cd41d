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
		round_a=$((round_a + na)) round_b=$((round_b + nb)) count=$((count + 1))
		awk -v a="$na" -v b="$nb" -v f="$fen" 'BEGIN { printf "%9d %9d  %.2f  %s\n", a, b, (b > 0 ? a / b : 0), f }'
	done <"$positions"
	total_a=$((total_a + round_a)) total_b=$((total_b + round_b))
	spread="$spread $(awk -v a="$round_a" -v b="$round_b" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
done
awk -v a="$total_a" -v b="$total_b" -v n="$count" -v r="$rounds" -v s="$spread" 'BEGIN {
	printf "%d positions: mean nps A %.0f, B %.0f, ratio A/B %.2f", n / r, a / n, b / n, (b > 0 ? a / b : 0)
	if (r > 1) printf " (%d rounds:%s)", r, s
	printf "\n"
}'
