#!/usr/bin/env bash
# Keeps a fastchess run's state in the repository, so that a new machine
# (without WORK) goes on with it: copies WORK/KIND/NAME/config.json (the
# match's settings, its counts so far and its place in the openings; no
# games) to tools/runs/KIND/NAME.json, to be committed. The run's own
# command (tools/sprt/sprt.sh, tools/match/match.sh, tools/calib/calib.sh)
# then resumes from the copy where WORK lacks the run. Run it with
# fastchess stopped (it saves config.json on the way out) or between its
# saves; prints the counts kept.
#
#   tools/keep-run.sh KIND NAME        KIND: sprt, match or calib
set -euo pipefail
if [ $# -ne 2 ]; then
	sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
. "$(dirname "$0")/fastchess-env.sh"
src=$work/$1/$2/config.json
dst=$repo/tools/runs/$1/$2.json
[ -f "$src" ] || { echo "keep-run.sh: no $src" >&2; exit 1; }
mkdir -p "$(dirname "$dst")"
cp "$src" "$dst.tmp"
mv "$dst.tmp" "$dst"
grep -o '"penta_[A-Z]*": *[0-9]*\|"wins": *[0-9]*\|"losses": *[0-9]*\|"draws": *[0-9]*' "$dst" | tr -d '" ' | tr '\n' ' '
echo "-> $dst"
