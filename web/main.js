// main.js: the page wired together. The modules each do one job (see
// docs/browser.md): this one makes the board, shows the start position at
// once, starts the engine, and gives the browser test its view of the
// state.
import { Board } from "./board.js";
import { clockLeft } from "./clock.js";
import { applyMode, onBoardMove } from "./controls.js";
import { explorerReport, wireExplorer } from "./explorer.js";
import { current, freshGame, viewed } from "./game.js";
import { judgement } from "./review.js";
import { START_FEN, startPosition } from "./rules.js";
import { restoreGame } from "./saved.js";
import { refresh } from "./search.js";
import { state } from "./state.js";
import { $, showError } from "./ui.js";

state.board = new Board($("board"), { onMove: onBoardMove });

// The state of the page for its browser test (web/test/browser.mjs),
// which asserts on it rather than on pixels.
window.matadorPage = {
	state() {
		const { game, analysis, clock, stats } = state;
		return {
			mode: state.mode,
			fen: current() ? current().fen : "",
			viewFen: viewed() ? viewed().fen : "",
			cursor: state.cursor,
			moves: game.moves.slice(),
			sans: game.sans.slice(),
			legal: game.positions.map((p) => p.legal.slice()),
			result: game.result,
			resultText: game.resultText,
			banner: $("banner").hidden ? "" : $("banner").textContent,
			status: $("status").textContent,
			thinking: state.search !== null,
			reviewing: state.reviewing,
			review: game.review.map((r) => r.score),
			judgements: game.moves.map((_, i) => judgement(i + 1)),
			analysis: analysis.shown.filter(Boolean).map((l) => ({ depth: l.depth, score: l.score, pv: l.pv, sans: l.sans })),
			clock: { on: clock.on, w: clockLeft("w"), b: clockLeft("b"), running: clock.running, inc: clock.inc },
			tags: Object.assign({}, game.tags),
			errors: state.errors.slice(),
			sounds: stats.sounds,
			lastGo: stats.lastGo,
			searches: stats.searches,
			lastThinkMs: stats.lastThinkMs,
			playableAt: stats.playableAt,
			engineReady: state.engineReady,
			gamesStarted: state.gamesStarted,
			lastLevel: stats.lastLevel || [],
			explorer: explorerReport(),
		};
	},
	fenAt(ply) {
		return state.game.positions[ply] ? state.game.positions[ply].fen : "";
	},
	// send gives a UCI line to the page's engine, as a developer at the
	// console may ("d", "eval"; the answers are in the worker's messages).
	// The test ends the engine with "quit" to play a crash.
	send(line) {
		state.engine.send(line);
	},
};

// The start position is shown, playable, at once; the engine loads
// meanwhile, and a first move waits for it.
freshGame(startPosition());
applyMode();
wireExplorer();
// The workers start once the board is drawn: their module's compilation
// then does not hold up the first paint.
// (A tab opened in the background gets no animation frame: 200 ms then.)
const drawn = new Promise((resolve) => {
	requestAnimationFrame(() => setTimeout(resolve, 0));
	setTimeout(resolve, 200);
});
// The game of the last visit, if the browser kept one, comes back
// (saved.js); the engine is ready for searches once it has.
const restored = restoreGame(drawn);
(async () => {
	await drawn;
	const start = state.rules.position(START_FEN);
	await state.engine.start({ Hash: 32 });
	state.engine.send("ucinewgame");
	await restored;
	const real = await start;
	if (state.game.positions[0].key === null) {
		state.game.positions[0].key = real.key;
	}
	state.engineReady = true;
	refresh();
})().catch(showError);
