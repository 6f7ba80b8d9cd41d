#!/usr/bin/env bash
# Keeps a fastchess run in the repository, so that a new machine (without
# WORK) goes on with it and the ledger holds its result:
#
# - copies WORK/KIND/NAME/config.json (the match's settings, its counts
#   so far and its place in the openings; no games) to
#   tools/runs/KIND/NAME.json, with the work directory written $WORK and
#   the checkout $REPO, so that the copy holds no path of one machine; the
#   run's own command (tools/sprt/sprt.sh, tools/match/match.sh,
#   tools/calib/calib.sh) resumes from it where WORK lacks the run;
# - writes the run's record in the ledger, tools/runs/ledger/NAME.json
#   (go run ./tools/ledger record KIND NAME, given the FLAGS), and the
#   tables made from the ledger (go run ./tools/ledger).
#
# Commit both. sprt.sh and match.sh run it when fastchess ends; run it by
# hand with fastchess stopped (it saves config.json on the way out) or
# between its saves. Prints the counts kept.
#
#   tools/keep-run.sh KIND NAME [FLAGS...]     KIND: sprt, match or calib
set -euo pipefail
if [ $# -lt 2 ]; then
	sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
kind=$1 name=$2
shift 2
. "$(dirname "$0")/fastchess-env.sh"
src=$work/$kind/$name/config.json
dst=$repo/tools/runs/$kind/$name.json
[ -f "$src" ] || { echo "keep-run.sh: no $src" >&2; exit 1; }
mkdir -p "$(dirname "$dst")"
sed -e "s#$work#\$WORK#g" -e "s#$repo#\$REPO#g" "$src" >"$dst.tmp"
mv "$dst.tmp" "$dst"
grep -o '"penta_[A-Z]*": *[0-9]*\|"wins": *[0-9]*\|"losses": *[0-9]*\|"draws": *[0-9]*' "$dst" | tr -d '" ' | tr '\n' ' '
echo "-> tools/runs/$kind/$name.json"
if [ -d "$repo/tools/ledger" ] && command -v go >/dev/null; then
	cd "$repo"
	go run ./tools/ledger record "$@" "$kind" "$name"
	go run ./tools/ledger
fi
