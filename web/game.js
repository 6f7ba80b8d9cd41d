// game.js: the game, a start position and one line of moves, and what
// changes it: a move, a take back, a new game, a FEN or PGN loaded, the
// end of the game.
import { clearAnalysis } from "./analysis.js";
import { clockMove, setupClock, stopClock } from "./clock.js";
import { applyMode, setModeControl } from "./controls.js";
import { parsePGN } from "./pgn.js";
import { START_FEN, parseSAN, san, startPosition } from "./rules.js";
import { stopReview } from "./review.js";
import { refresh } from "./search.js";
import { sound } from "./sound.js";
import { state } from "./state.js";
import { $, clearMessage, showError } from "./ui.js";

export function current() {
	return state.game.positions[state.game.positions.length - 1];
}

export function viewed() {
	return state.game.positions[state.cursor];
}

// viewId names the position shown, for the analysis that belongs to it.
export function viewId() {
	return `${state.game.version}:${state.cursor}:${viewed().fen}`;
}

export function atEnd() {
	return state.cursor === state.game.moves.length;
}

export function whiteToMove(pos) {
	return pos.fen.split(" ")[1] === "w";
}

export function enginesTurn() {
	if (state.mode === "watch") {
		return true;
	}
	if (state.mode === "analyse") {
		return false;
	}
	return whiteToMove(current()) !== (state.mode === "white");
}

// usersTurn: the board takes a move now. In Analyse, from any position
// shown but a finished one; in play, at the end of the game only.
export function usersTurn() {
	if (state.busy || !viewed().legal.length) {
		return false;
	}
	if (state.mode === "analyse") {
		return true;
	}
	return state.game.result === "*" && atEnd() && state.mode !== "watch" && !enginesTurn();
}

// play makes a legal move of the position after ply moves of the game's
// version, then lets the engine go on.
export async function play(uci, version, ply) {
	state.busy = true;
	try {
		const pos = state.game.positions[ply];
		// The mover's clock stops now, not when the rules have answered.
		if (ply === state.game.moves.length && state.game.moves[ply] !== uci) {
			clockMove(whiteToMove(pos));
		}
		const after = await state.rules.position(pos.fen, [uci]);
		if (version !== state.game.version) {
			return; // the game changed meanwhile
		}
		addMove(ply, uci, pos, after);
	} finally {
		state.busy = false;
	}
	refresh();
}

// addMove puts a move after ply: the game's next move is a step, another
// cuts the game there.
export function addMove(ply, uci, pos, after) {
	if (state.game.moves[ply] === uci) {
		state.cursor = ply + 1;
		sound(false);
		return;
	}
	if (ply < state.game.moves.length) {
		state.game.moves.length = ply;
		state.game.sans.length = ply;
		state.game.positions.length = ply + 1;
		state.game.review = [];
		state.game.version++;
		state.game.result = "*";
	}
	if (state.game.result !== "*") {
		state.game.result = "*"; // a game ended by time, resignation or a PGN's result, analysed on
		state.game.reason = "";
	}
	const capture = !!pos.pieces[uci.slice(2, 4)] || Object.keys(after.pieces).length < Object.keys(pos.pieces).length;
	state.game.sans.push(san(pos, uci, after));
	state.game.moves.push(uci);
	state.game.positions.push(after);
	state.cursor = state.game.moves.length;
	judge();
	if (state.game.result !== "*") {
		stopClock();
	}
	sound(capture);
}

// judge sets the result when the game is over by the rules.
export function judge() {
	const pos = current();
	const white = whiteToMove(pos);
	if (state.game.reason && !RULES_ENDS.includes(state.game.reason) && state.game.result !== "*") {
		return; // ended otherwise (time, resignation, agreement, a PGN's result)
	}
	state.game.result = "*";
	state.game.resultText = "";
	state.game.reason = "";
	if (pos.legal.length === 0) {
		if (pos.inCheck) {
			endGame(white ? "0-1" : "1-0", "checkmate", true);
		} else {
			endGame("1/2-1/2", "stalemate", true);
		}
	} else if (Number(pos.fen.split(" ")[4]) >= 100) {
		endGame("1/2-1/2", "fifty", true);
	} else if (pos.key && state.game.positions.filter((p) => p.key === pos.key).length >= 3) {
		endGame("1/2-1/2", "repetition", true);
	} else if (insufficientMaterial(pos)) {
		endGame("1/2-1/2", "material", true);
	}
}

// The ends of a game by the rules, which the position itself shows.
export const RULES_ENDS = ["checkmate", "stalemate", "fifty", "repetition", "material"];

export const REASONS = {
	checkmate: "by checkmate", stalemate: "by stalemate", fifty: "by the fifty-move rule", repetition: "by repetition",
	material: "by insufficient material", time: "on time", resignation: "by resignation", agreement: "by agreement", pgn: "",
};

// endGame ends the game with a result; quiet leaves the engine and the
// board to the caller (judge, within a move).
export function endGame(result, reason, quiet) {
	state.game.result = result;
	state.game.reason = reason;
	const how = REASONS[reason] || "";
	if (result === "1/2-1/2") {
		state.game.resultText = `Draw ${how}`.trim();
	} else {
		state.game.resultText = `${result === "1-0" ? "White" : "Black"} wins ${how}`.trim();
	}
	if (!quiet) {
		stopClock();
		state.game.version++; // a move the engine is computing is dropped
		clearAnalysis();
		refresh();
	}
}

export function insufficientMaterial(pos) {
	const others = Object.values(pos.pieces).filter((p) => p.toLowerCase() !== "k");
	return others.length === 0 || (others.length === 1 && "nbNB".includes(others[0]));
}

// replaceGame starts a new version of the game, and stops what the engine
// is doing for the old one.
export function replaceGame() {
	stopReview();
	state.game.version++;
	if (state.search) {
		state.engine.send("stop");
	}
	clearAnalysis();
}

export function freshGame(start) {
	state.gamesStarted++;
	replaceGame();
	state.game.startFEN = start.fen;
	state.game.tags = {};
	state.game.moves = [];
	state.game.sans = [];
	state.game.positions = [start];
	state.game.review = [];
	state.game.result = "*";
	state.game.reason = "";
	state.cursor = 0;
	state.pgnEdited = false;
	// A draw offer is judged by Matador's view of this game: none yet.
	state.stats.engineScore = null;
	setupClock();
	judge();
}

export async function newGame(fen) {
	const start = fen ? await state.rules.position(fen) : state.engineReady ? await state.rules.position(START_FEN) : startPosition();
	freshGame(start);
	clearMessage();
	if (state.engineReady) {
		state.engine.send("ucinewgame");
	}
	await refresh();
}

export async function takeBack() {
	if (state.game.moves.length === 0) {
		return;
	}
	let plies = 1;
	// Against the engine, back to the user's own turn.
	if ((state.mode === "white" || state.mode === "black") && state.game.moves.length >= 2) {
		const userIsWhite = state.mode === "white";
		const lastMoverWhite = !whiteToMove(current());
		if (lastMoverWhite !== userIsWhite) {
			plies = 2;
		}
	}
	replaceGame();
	state.game.moves.splice(-plies);
	state.game.sans.splice(-plies);
	state.game.positions.splice(-plies);
	state.game.review = [];
	state.game.reason = "";
	state.game.result = "*";
	state.cursor = state.game.moves.length;
	judge();
	if (state.clock.on && state.game.result === "*") {
		stopClock();
		state.clock.running = state.game.moves.length ? (whiteToMove(current()) ? "w" : "b") : null;
		state.clock.since = performance.now();
	}
	await refresh();
}

export async function loadPGN(text) {
	const { tags, moves, result } = parsePGN(text);
	let pos = await state.rules.position(tags.FEN || START_FEN);
	const g = { startFEN: pos.fen, tags, moves: [], sans: [], positions: [pos], result };
	for (const token of moves) {
		const uci = parseSAN(pos, token);
		if (!uci) {
			const number = Math.floor(g.moves.length / 2) + 1;
			throw new Error(`PGN: move ${number}, "${token}", is not a legal move there; nothing was loaded`);
		}
		const after = await state.rules.position(pos.fen, [uci]);
		g.sans.push(san(pos, uci, after));
		g.moves.push(uci);
		g.positions.push(after);
		pos = after;
	}
	return g;
}

export async function openPGN(text) {
	clearMessage();
	let g;
	try {
		g = await loadPGN(text);
	} catch (err) {
		showError(err);
		return;
	}
	setModeControl("analyse");
	state.mode = "analyse";
	freshGame(g.positions[0]);
	Object.assign(state.game, { startFEN: g.startFEN, tags: g.tags, moves: g.moves, sans: g.sans, positions: g.positions });
	state.cursor = state.game.moves.length;
	judge();
	if (state.game.result === "*" && g.result !== "*") {
		endGame(g.result, "pgn", true);
	}
	if (state.engineReady) {
		state.engine.send("ucinewgame");
	}
	$("pgn").blur();
	state.pgnEdited = false;
	applyMode();
}

// goTo shows the position after ply moves.
export function goTo(ply) {
	const p = Math.max(0, Math.min(state.game.moves.length, ply));
	if (p === state.cursor) {
		return;
	}
	state.cursor = p;
	clearAnalysis();
	refresh();
}
