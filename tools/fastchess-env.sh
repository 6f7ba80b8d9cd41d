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
# openings. The copy writes the work directory $WORK and the checkout
# $REPO; they are put back as this machine's, so the run's engines must be
# rebuilt there from the same commits (make builds the same bytes from
# the same commit with the same Go and path). When fastchess ends,
# tools/keep-run.sh keeps the run and writes its record in the ledger.
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
		sed -e "s#[$]WORK#$work#g" -e "s#[$]REPO#$repo#g" "$kept" >config.json
		echo "$1 $2: resuming from the kept state tools/runs/$1/$2.json" >&2
	fi
	if [ -f config.json ]; then
		local status=0
		"$fastchess" -config file="$dir/config.json" >>"$dir/log.txt" 2>&1 || status=$?
		keep_run "$1" "$2"
		exit $status
	fi
}

# keep_run KIND NAME [FLAGS...] keeps a run that fastchess ended, with its
# record in the ledger (tools/keep-run.sh); a run without a saved state
# is left as it is.
keep_run() {
	if [ -f "$work/$1/$2/config.json" ]; then
		"$repo/tools/keep-run.sh" "$@" || echo "keep-run.sh $1 $2 failed: run it again by hand" >&2
	fi
}
