#!/usr/bin/env bash
# An SPRT between two settings of Matador's search switches, as
# docs/strength.md's SPRTs are played: fastchess, elo0 0, elo1 10,
# normalized, alpha = beta = 0.05, one thread, Hash 16, UHO openings with
# both colours, two games at once (run nothing else CPU-heavy meanwhile),
# adjudicated as tools/match/match.sh (draw after move 40 at |score| <=
# 0.10 for 8 moves, resign at 7.00 for 4), which spares the moves of games
# already decided. A run resumed from its saved state keeps the settings
# it began with.
#
#   tools/sprt/sprt.sh NAME BINARY NEW_SWITCHES BASE_SWITCHES [TC] [ROUNDS] [BASE_BINARY] [-- OPTIONS...]
#
# NEW_SWITCHES and BASE_SWITCHES are MATADOR_SWITCHES strings ("" is the
# defaults, "-LMRAdjusted,+ClockFrontLoad" flips two). OPTIONS after -- are
# extra fastchess engine options for the new side, e.g. "option.Slow
# Mover=125" (one argument each; they come after its Hash and Threads, and
# the last one sent wins). Games, log and the wrapper scripts go to
# $WORK/sprt/NAME; the same command resumes a run stopped there (from the
# state fastchess saved), or on a new machine from the copy
# tools/keep-run.sh sprt NAME kept in the repository. When fastchess ends,
# keep-run.sh keeps the run and writes its record in the ledger
# (tools/runs/ledger/NAME.json). Environment: WORK (the work directory,
# default matador-work in the home directory), FASTCHESS (default
# $WORK/fastchess/fastchess), OPENINGS (default ../shared/data/openings/
# UHO_4060_v3.epd beside the repository), ELO0 and ELO1 (the hypotheses,
# default 0 and 10; a change meant to lose nothing is tested with -5 and 0).
set -euo pipefail
if [ $# -lt 4 ]; then
	sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
name=$1 bin=$(realpath "$2") new=$3 base=$4
shift 4
positional=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do positional+=("$1"); shift; done
if [ $# -gt 0 ]; then shift; fi
tc=${positional[0]:-8+0.08} rounds=${positional[1]:-2000} basebin=$(realpath "${positional[2]:-$bin}")
. "$(dirname "$0")/../fastchess-env.sh"
# The wrapper scripts come first: a run resumed from its kept state on a
# new machine needs them too. A run's scripts are not changed under it.
dir=$work/sprt/$name
mkdir -p "$dir"
for side in new base; do
	if [ $side = new ]; then spec=$new engine=$bin; else spec=$base engine=$basebin; fi
	text=$(printf '#!/bin/sh\nMATADOR_SWITCHES="%s" exec %s "$@"' "$spec" "$engine")
	if [ -f "$dir/$side.sh" ] && [ "$(cat "$dir/$side.sh")" != "$text" ]; then
		echo "sprt.sh: $dir/$side.sh starts another engine or switches than asked; use another NAME" >&2
		exit 2
	fi
	printf '%s\n' "$text" >"$dir/$side.sh"
	chmod +x "$dir/$side.sh"
done
resume_or_start sprt "$name"
status=0
"$fastchess" \
	-engine cmd="$dir/new.sh" name=new option.Hash=16 option.Threads=1 "$@" \
	-engine cmd="$dir/base.sh" name=base option.Hash=16 option.Threads=1 \
	-each tc="$tc" \
	-openings file="$openings" format=epd order=random \
	-draw movenumber=40 movecount=8 score=10 -resign movecount=4 score=700 \
	-rounds "$rounds" -games 2 -repeat -concurrency 2 -recover \
	-sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 model=normalized \
	-pgnout file="$dir/games.pgn" timeleft=true >"$dir/log.txt" 2>&1 || status=$?
build=$(basename "$bin")
keep_run sprt "$name" -build "${build#matador-}" -change "${new:-the defaults}" -opponent "${base:-the defaults}"
exit $status
