// search.js: the engine's work for the game. refresh draws the page and
// starts what the engine should do now: play its move, analyse the
// position shown, or nothing.
import { onAnalysisInfo } from "./analysis.js";
import { clockLeft } from "./clock.js";
import { RULES_ENDS, atEnd, enginesTurn, play, viewId, viewed } from "./game.js";
import { parseInfo } from "./info.js";
import { state } from "./state.js";
import { $, showError } from "./ui.js";
import { render } from "./view.js";

// The engine's lines go to the current search (state.search): its info
// lines to onInfo, its bestmove resolves done (with null if the engine
// ends first). One at a time: a new one
// starts only after the bestmove of the last (the engine answers a
// stopped search too).
state.engine.listeners.push((line) => {
	if (line.startsWith("id name ")) {
		$("engine-name").textContent = line.slice(8) + " (WebAssembly)";
	}
	const m = /^info string loading (\d+) of (\d+) bytes$/.exec(line);
	if (m) {
		state.loading = { loaded: Number(m[1]), total: Number(m[2]) };
		$("engine-name").textContent = `loading the engine: ${loadingText()}`;
		render();
		return;
	}
	if (!state.search) {
		return;
	}
	if (line.startsWith("info ")) {
		state.search.onInfo(line);
	} else if (line.startsWith("bestmove")) {
		const s = state.search;
		state.search = null;
		s.resolve(line.split(" ")[1]);
	}
});

// A worker that ends (a crash) ends the search it ran without a move:
// the page says so, and does once more what the engine was doing (the
// engine module starts again in a new worker) unless the engine already
// ended on this very task, which would only end it again.
state.engine.exitListeners.push((reason) => {
	showError(`${reason}: it starts again at the next search`);
	const s = state.search;
	state.search = null;
	if (s) {
		s.resolve(null);
	}
	const task = `${state.mode}|${state.game.version}|${state.cursor}`;
	if (state.engineReady && !state.reviewing && task !== state.endedOn) {
		state.endedOn = task;
		refresh();
	}
});

// loadingText says how much of the engine has come: "2.1 of 5.5 MB".
export function loadingText() {
	const mb = (b) => (b / 1048576).toFixed(1);
	const { loaded, total } = state.loading;
	if (loaded === 0 && total === 0) {
		return "starting";
	}
	return total && loaded <= total ? `${mb(loaded)} of ${mb(total)} MB` : `${mb(loaded)} MB`;
}

export function startSearch(setup, goLine, onInfo) {
	for (const line of setup) {
		state.engine.send(line);
	}
	let resolve;
	const done = new Promise((r) => (resolve = r));
	state.search = { onInfo, resolve, done };
	state.stats.lastGo = goLine;
	state.stats.searches++;
	state.engine.send(goLine);
	return done;
}

// refresh brings the page up to date with the game and the mode, and
// starts what the engine should do now. Calls are served in order; a call
// made while an older one waits for a search stops that search, and the
// older one then gives way. While a game is reviewed, the review has the
// engine, and refresh only draws.
export function refresh() {
	// Drawn at once; the engine's part follows once its search has stopped.
	render();
	if (state.reviewing) {
		return Promise.resolve();
	}
	const token = ++state.refreshToken;
	if (state.search) {
		state.engine.send("stop");
	}
	if (state.waitRest) {
		state.waitRest.cancel();
	}
	state.refreshQueue = state.refreshQueue.then(() => step(token)).catch(showError);
	return state.refreshQueue;
}

export function positionCommand(ply) {
	return `position fen ${state.game.startFEN}` + (ply ? " moves " + state.game.moves.slice(0, ply).join(" ") : "");
}

export async function step(token) {
	if (state.search) {
		await state.search.done;
	}
	if (token !== state.refreshToken) {
		return;
	}
	const version = state.game.version;
	render();
	const pos = viewed();
	if (state.view === "techniques") {
		return; // the explorer's engines have the machine; back on the board, a refresh goes on
	}
	if (!state.engineReady) {
		return; // the start, once the engine has loaded, refreshes again
	}
	if (state.mode === "analyse") {
		if (!state.analysisOn) {
			return; // the engine switched off
		}
		if (pos.legal.length === 0 || (atEnd() && RULES_ENDS.includes(state.game.reason))) {
			return; // mate, stalemate, a draw by the rules: nothing to analyse
		}
		const view = viewId();
		startSearch(
			["setoption name UCI_LimitStrength value false", "setoption name Skill Level value 20",
				"setoption name MultiPV value 3", "setoption name UCI_AnalyseMode value true", positionCommand(state.cursor)],
			"go infinite",
			(line) => onAnalysisInfo(line, pos, view),
		);
		return; // runs until the next refresh stops it
	}
	if (state.game.result !== "*" || !enginesTurn() || !pos.key) {
		return;
	}
	const started = performance.now();
	let score = null;
	const best = await startSearch(
		levelOptions().concat(["setoption name MultiPV value 1", "setoption name UCI_AnalyseMode value false", positionCommand(state.game.moves.length)]),
		goCommand(),
		(line) => {
			const info = parseInfo(line);
			if (info && info.score && !info.bound) {
				score = info.score;
			}
		},
	);
	if (token !== state.refreshToken || version !== state.game.version) {
		return; // stopped for a take back, a new game, ...
	}
	if (best === null) {
		return; // the engine ended: said, and tried again (above)
	}
	if (!pos.legal.includes(best)) {
		throw new Error(`Matador answered "${best}", not a legal move here`);
	}
	// The weakened levels often answer at once; without a clock, the move
	// still takes the time a move chosen, as at full strength (Move now
	// cuts it short).
	if (!state.clock.on) {
		const rest = Number($("movetime").value) - (performance.now() - started);
		if (rest > 0 && !(await waitFor(rest))) {
			if (token !== state.refreshToken || version !== state.game.version) {
				return;
			}
		}
	}
	if (token !== state.refreshToken || version !== state.game.version) {
		return;
	}
	state.stats.lastThinkMs = performance.now() - started;
	state.stats.engineScore = score; // the engine's side's, from its last search
	await play(best, version, state.game.moves.length);
}

// waitFor resolves with true after ms, or false at once when cancelled
// (Move now, or a refresh).
export function waitFor(ms) {
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			state.waitRest = null;
			resolve(true);
		}, ms);
		state.waitRest = {
			cancel() {
				clearTimeout(timer);
				state.waitRest = null;
				resolve(false);
			},
		};
	});
}

export function levelOptions() {
	state.stats.lastLevel = levelSetting();
	return state.stats.lastLevel;
}

export function levelSetting() {
	const [kind, value] = $("level").value.split(":");
	switch (kind) {
	case "elo":
		return ["setoption name Skill Level value 20", "setoption name UCI_LimitStrength value true", `setoption name UCI_Elo value ${value}`];
	case "skill":
		return ["setoption name UCI_LimitStrength value false", `setoption name Skill Level value ${value}`];
	default:
		return ["setoption name UCI_LimitStrength value false", "setoption name Skill Level value 20"];
	}
}

export function goCommand() {
	if (!state.clock.on) {
		return `go movetime ${$("movetime").value}`;
	}
	const w = Math.max(1, Math.round(clockLeft("w")));
	const b = Math.max(1, Math.round(clockLeft("b")));
	return `go wtime ${w} btime ${b} winc ${state.clock.inc} binc ${state.clock.inc}`;
}
