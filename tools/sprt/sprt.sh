#!/usr/bin/env bash
# An SPRT between two settings of Matador's search switches, as issue 14
# measures them: fastchess, elo0 0, elo1 10, normalized, alpha = beta =
# 0.05, one thread, Hash 16, UHO openings with both colours, two games at
# once (run nothing else CPU-heavy meanwhile).
#
#   tools/sprt/sprt.sh NAME BINARY NEW_SWITCHES BASE_SWITCHES [TC] [ROUNDS] [BASE_BINARY]
#
# NEW_SWITCHES and BASE_SWITCHES are MATADOR_SWITCHES strings ("" is the
# defaults, "+LMRModern,-ClockModern" flips two). Games, log and the
# wrapper scripts go to $WORK/sprt/NAME; the same command resumes a run
# stopped there (from the state fastchess saved). Environment:
# WORK (default $HOME/matador-work), FASTCHESS (default
# $WORK/fastchess/fastchess), OPENINGS (default ../shared/data/openings/
# UHO_4060_v3.epd beside the repository).
set -euo pipefail
if [ $# -lt 4 ]; then
	sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
name=$1 bin=$(realpath "$2") new=$3 base=$4
tc=${5:-8+0.08} rounds=${6:-2000} basebin=$(realpath "${7:-$2}")
. "$(dirname "$0")/../fastchess-env.sh"
resume_or_start sprt "$name"
printf '#!/bin/sh\nMATADOR_SWITCHES="%s" exec %s "$@"\n' "$new" "$bin" >"$dir/new.sh"
printf '#!/bin/sh\nMATADOR_SWITCHES="%s" exec %s "$@"\n' "$base" "$basebin" >"$dir/base.sh"
chmod +x "$dir/new.sh" "$dir/base.sh"
exec "$fastchess" \
	-engine cmd="$dir/new.sh" name=new -engine cmd="$dir/base.sh" name=base \
	-each tc="$tc" option.Hash=16 option.Threads=1 \
	-openings file="$openings" format=epd order=random \
	-rounds "$rounds" -games 2 -repeat -concurrency 2 -recover \
	-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized \
	-pgnout file="$dir/games.pgn" >"$dir/log.txt" 2>&1
