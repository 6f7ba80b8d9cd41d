#!/bin/sh
# A stand-in for fastchess in the tests: it appends its arguments to
# $FAKE_ARGS (a line a run) and writes one game a word of $FAKE_RESULTS
# ("1-0 1/2-1/2 ...", White's view) to the -pgnout file, the engines
# "plus" and "minus" taking White in turn as -repeat has them. FAKE_SLEEP
# waits first (SIGINT ends it), FAKE_DIE_AFTER=n exits with an error after
# n games, FAKE_TERM is every game's Termination tag. The -log file gets
# a line a game, as fastchess's engine log would get the engines' lines.
# The engines' switches (MATADOR_SWITCHES) end the line of arguments.
trap 'exit 130' INT TERM
echo "$* env:MATADOR_SWITCHES=${MATADOR_SWITCHES-unset}" >>"$FAKE_ARGS"
pgn="" log=/dev/null
for a in "$@"; do
	case "$a" in
	file=*.pgn) pgn=${a#file=} ;;
	file=*.log) log=${a#file=} ;;
	esac
done
: >"$log"
if [ -n "$FAKE_SLEEP" ]; then
	sleep "$FAKE_SLEEP" &
	wait $!
fi
i=0
for r in $FAKE_RESULTS; do
	if [ $((i % 2)) -eq 0 ]; then w=plus b=minus; else w=minus b=plus; fi
	printf '[Event "Fastchess Tournament"]\n[Site "?"]\n[Round "%d"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[Termination "%s"]\n\n1. e4 e5 2. Nf3 {+0.31/12 0.101s} %s\n\n' \
		$((i / 2 + 1)) "$w" "$b" "$r" "${FAKE_TERM:-normal}" "$r" >>"$pgn"
	echo "[Engine] $w ---> bestmove e2e4" >>"$log"
	i=$((i + 1))
	if [ -n "$FAKE_DIE_AFTER" ] && [ "$i" -ge "$FAKE_DIE_AFTER" ]; then
		exit 1
	fi
done
