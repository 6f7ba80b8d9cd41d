# Sourced by tools/sprt/sprt.sh, tools/match/match.sh and
# tools/calib/calib.sh: where the work directory, fastchess and the
# openings are (WORK, FASTCHESS, OPENINGS override them), and
# resume_or_start KIND NAME, which makes the run's directory
# $work/KIND/NAME, enters it, and goes on with a run fastchess saved there
# (its config.json) instead of returning to start a new one.
#
# A run outlives the machine through the copy of its state kept in the
# repository, tools/runs/KIND/NAME.json (tools/keep-run.sh KIND NAME
# writes it; commit it): where WORK lacks the run, resume_or_start takes
# the copy and fastchess goes on from its counts and its place in the
# openings. The paths in it are WORK's and the checkout's, so both must be
# where they were, and the engines rebuilt from the same commits (make
# builds the same bytes from the same commit with the same Go and path).
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${WORK:-$HOME/matador-work}
fastchess=${FASTCHESS:-$work/fastchess/fastchess}
openings=${OPENINGS:-$repo/../shared/data/openings/UHO_4060_v3.epd}

resume_or_start() {
	dir=$work/$1/$2
	local kept=$repo/tools/runs/$1/$2.json
	mkdir -p "$dir"
	cd "$dir"
	if [ ! -f config.json ] && [ -f "$kept" ]; then
		cp "$kept" config.json
		echo "$1 $2: resuming from the kept state $kept" >&2
	fi
	if [ -f config.json ]; then
		exec "$fastchess" -config file="$dir/config.json" >>"$dir/log.txt" 2>&1
	fi
}
