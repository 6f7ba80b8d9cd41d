# Sourced by tools/sprt/sprt.sh, tools/match/match.sh and
# tools/calib/calib.sh: where the work directory, fastchess and the
# openings are (WORK, FASTCHESS, OPENINGS override them), and
# resume_or_start KIND NAME, which makes the run's directory
# $work/KIND/NAME, enters it, and goes on with a run fastchess saved there
# (its config.json) instead of returning to start a new one.
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${WORK:-$HOME/matador-work}
fastchess=${FASTCHESS:-$work/fastchess/fastchess}
openings=${OPENINGS:-$repo/../shared/data/openings/UHO_4060_v3.epd}

resume_or_start() {
	dir=$work/$1/$2
	mkdir -p "$dir"
	cd "$dir"
	if [ -f config.json ]; then
		exec "$fastchess" -config file="$dir/config.json" >>"$dir/log.txt" 2>&1
	fi
}
