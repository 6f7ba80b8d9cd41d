// app.js: the page. It keeps the game (a start position and the moves in
// UCI), asks Rules (rules.js) about each position, shows it on the Board
// (board.js), and drives a second copy of the engine that plays, analyses
// or reviews the game. Everything runs in this page; nothing is fetched
// but the page's own files.
"use strict";

const WORKER = "matador.worker.js";
const PV_PLIES = 12; // moves of a principal variation shown

const $ = (id) => document.getElementById(id);

const rules = new Rules(WORKER);
const engine = new Engine(WORKER);

// The game is one line of moves. A move played from an earlier position
// (in Analyse, after stepping back) cuts the game there and goes on from
// it, unless it is the game's own next move, which is just a step forward.
const game = {
	startFEN: START_FEN,
	tags: {}, // PGN tags of a loaded game, kept and written out again
	moves: [], // UCI
	positions: [], // Rules.position of the start and after each move
	sans: [],
	result: "*",
	resultText: "",
	reason: "", // checkmate, stalemate, repetition, ..., time, resignation, agreement
	// version changes whenever the game is replaced or cut (new game, take
	// back, a loaded FEN or PGN, a resignation): a move computed for an
	// older version, by the engine or by Rules, is then dropped rather than
	// added to the new game.
	version: 0,
	review: [], // per position: { score, best } from "Analyse this game"
};

let cursor = 0; // the position shown: game.positions[cursor]
let mode = "white"; // white, black (the user's colour), analyse, watch
let busy = false; // a move is being made: the board takes none meanwhile
let pgnEdited = false; // the PGN box holds the user's text: not overwritten
const analysis = { lines: [], shown: [], converting: [], depth: 0, nodes: 0, nps: 0, view: "" };
const errors = []; // shown to the user, and read by the browser test
const stats = { sounds: 0, lastGo: "", lastThinkMs: 0, engineScore: null };

function showError(err) {
	const text = String(err && err.message ? err.message : err);
	errors.push(text);
	showMessage(text, true);
	console.warn("matador page:", text);
}

function showMessage(text, isError) {
	const m = $("message");
	m.textContent = text;
	m.classList.toggle("error", !!isError);
}

function clearMessage() {
	showMessage("");
}

// --- sounds ----------------------------------------------------------------------

let audio = null;

// sound plays a short tone for a move (lower for a capture), made here
// with WebAudio: the page carries no sound file.
function sound(capture) {
	if (!$("sound").checked) {
		return;
	}
	stats.sounds++;
	try {
		audio = audio || new AudioContext();
		const osc = audio.createOscillator();
		const gain = audio.createGain();
		osc.frequency.value = capture ? 330 : 520;
		gain.gain.setValueAtTime(0.15, audio.currentTime);
		gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.09);
		osc.connect(gain).connect(audio.destination);
		osc.start();
		osc.stop(audio.currentTime + 0.1);
	} catch (err) {
		// no audio here: silence
	}
}

// --- searching --------------------------------------------------------------

// search is the engine's current search: its info lines go to onInfo, its
// bestmove resolves done. One at a time: a new one starts only after the
// bestmove of the last (the engine answers a stopped search too).
let search = null;

engine.listeners.push((line) => {
	if (line.startsWith("id name ")) {
		$("engine-name").textContent = line.slice(8) + " (WebAssembly)";
	}
	if (!search) {
		return;
	}
	if (line.startsWith("info ")) {
		search.onInfo(line);
	} else if (line.startsWith("bestmove")) {
		const s = search;
		search = null;
		s.resolve(line.split(" ")[1]);
	}
});

function startSearch(setup, goLine, onInfo) {
	for (const line of setup) {
		engine.send(line);
	}
	let resolve;
	const done = new Promise((r) => (resolve = r));
	search = { onInfo, resolve, done };
	stats.lastGo = goLine;
	engine.send(goLine);
	return done;
}

// refresh brings the page up to date with the game and the mode, and
// starts what the engine should do now. Calls are served in order; a call
// made while an older one waits for a search stops that search, and the
// older one then gives way. While a game is reviewed, the review has the
// engine, and refresh only draws.
let refreshToken = 0;
let refreshQueue = Promise.resolve();
let reviewing = false;
let waitRest = null; // the wait that makes a quick reply take the time a move
let engineReady = false; // the engine has answered "uci": searches may start

function refresh() {
	// Drawn at once; the engine's part follows once its search has stopped.
	render();
	if (reviewing) {
		return Promise.resolve();
	}
	const token = ++refreshToken;
	if (search) {
		engine.send("stop");
	}
	if (waitRest) {
		waitRest.cancel();
	}
	refreshQueue = refreshQueue.then(() => step(token)).catch(showError);
	return refreshQueue;
}

function positionCommand(ply) {
	return `position fen ${game.startFEN}` + (ply ? " moves " + game.moves.slice(0, ply).join(" ") : "");
}

async function step(token) {
	if (search) {
		await search.done;
	}
	if (token !== refreshToken) {
		return;
	}
	const version = game.version;
	render();
	const pos = viewed();
	if (!engineReady) {
		return; // the start, once the engine has loaded, refreshes again
	}
	if (mode === "analyse") {
		if (pos.legal.length === 0 || (atEnd() && RULES_ENDS.includes(game.reason))) {
			return; // mate, stalemate, a draw by the rules: nothing to analyse
		}
		const view = viewId();
		startSearch(
			["setoption name UCI_LimitStrength value false", "setoption name Skill Level value 20",
				"setoption name MultiPV value 3", "setoption name UCI_AnalyseMode value true", positionCommand(cursor)],
			"go infinite",
			(line) => onAnalysisInfo(line, pos, view),
		);
		return; // runs until the next refresh stops it
	}
	if (game.result !== "*" || !enginesTurn() || !pos.key) {
		return;
	}
	const started = performance.now();
	let score = null;
	const best = await startSearch(
		levelOptions().concat(["setoption name MultiPV value 1", "setoption name UCI_AnalyseMode value false", positionCommand(game.moves.length)]),
		goCommand(),
		(line) => {
			const info = parseInfo(line);
			if (info && info.score && !info.bound) {
				score = info.score;
			}
		},
	);
	if (token !== refreshToken || version !== game.version) {
		return; // stopped for a take back, a new game, ...
	}
	if (!pos.legal.includes(best)) {
		throw new Error(`Matador answered "${best}", not a legal move here`);
	}
	// The weakened levels often answer at once; without a clock, the move
	// still takes the time a move chosen, as at full strength (Move now
	// cuts it short).
	if (!clock.on) {
		const rest = Number($("movetime").value) - (performance.now() - started);
		if (rest > 0 && !(await waitFor(rest))) {
			if (token !== refreshToken || version !== game.version) {
				return;
			}
		}
	}
	if (token !== refreshToken || version !== game.version) {
		return;
	}
	stats.lastThinkMs = performance.now() - started;
	stats.engineScore = score; // the engine's side's, from its last search
	await play(best, version, game.moves.length);
}

// waitFor resolves with true after ms, or false at once when cancelled
// (Move now, or a refresh).
function waitFor(ms) {
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			waitRest = null;
			resolve(true);
		}, ms);
		waitRest = {
			cancel() {
				clearTimeout(timer);
				waitRest = null;
				resolve(false);
			},
		};
	});
}

function levelOptions() {
	stats.lastLevel = levelSetting();
	return stats.lastLevel;
}

function levelSetting() {
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

function goCommand() {
	if (!clock.on) {
		return `go movetime ${$("movetime").value}`;
	}
	const w = Math.max(1, Math.round(clockLeft("w")));
	const b = Math.max(1, Math.round(clockLeft("b")));
	return `go wtime ${w} btime ${b} winc ${clock.inc} binc ${clock.inc}`;
}

// --- the clock --------------------------------------------------------------------

// The clocks start with the first move, as on lichess; the side to move's
// runs; a move adds the increment to the mover's.
const clock = { on: false, base: 0, inc: 0, w: 0, b: 0, running: null, since: 0 };

function setupClock() {
	const tc = $("tc").value;
	clock.running = null;
	if (tc === "move" || mode === "analyse") {
		clock.on = false;
		return;
	}
	let minutes;
	let inc;
	if (tc === "custom") {
		minutes = Number($("tc-minutes").value);
		inc = Number($("tc-increment").value);
		if (!(minutes > 0) || !(inc >= 0)) {
			minutes = 15;
			inc = 10;
		}
	} else {
		[minutes, inc] = tc.split("+").map(Number);
	}
	clock.on = true;
	clock.base = Math.round(minutes * 60000);
	clock.inc = Math.round(inc * 1000);
	clock.w = clock.base;
	clock.b = clock.base;
}

function clockLeft(side) {
	const left = clock[side];
	return clock.running === side ? left - (performance.now() - clock.since) : left;
}

// clockMove charges the mover the time since its clock started, adds the
// increment and starts the other clock.
function clockMove(moverWhite) {
	if (!clock.on || game.result !== "*") {
		return;
	}
	const mover = moverWhite ? "w" : "b";
	const now = performance.now();
	if (clock.running === mover) {
		clock[mover] -= now - clock.since;
	}
	clock[mover] += clock.inc;
	clock.running = moverWhite ? "b" : "w";
	clock.since = now;
}

function stopClock() {
	if (clock.running) {
		clock[clock.running] = clockLeft(clock.running);
		clock.running = null;
	}
}

function formatClock(ms) {
	const t = Math.max(0, ms);
	const s = Math.floor(t / 1000);
	const m = Math.floor(s / 60);
	const text = `${m}:${String(s % 60).padStart(2, "0")}`;
	return t < 10000 ? `${text}.${Math.floor((t % 1000) / 100)}` : text;
}

function renderClocks() {
	for (const side of ["w", "b"]) {
		const el = $(side === "w" ? "clock-white" : "clock-black");
		el.hidden = !clock.on;
		if (clock.on) {
			el.textContent = formatClock(clockLeft(side));
			el.classList.toggle("running", clock.running === side);
			el.classList.toggle("low", clockLeft(side) < 10000);
		}
	}
}

setInterval(() => {
	if (!clock.on) {
		return;
	}
	renderClocks();
	const side = clock.running;
	if (side && clockLeft(side) <= 0 && game.result === "*") {
		clock[side] = 0;
		clock.running = null;
		// On time: the side with time wins, unless it has nothing to mate with.
		const pieces = Object.values(current().pieces);
		const winnerHasMaterial = pieces.some((p) => p.toLowerCase() !== "k" && (side === "w") === (p === p.toLowerCase()));
		endGame(winnerHasMaterial ? (side === "w" ? "0-1" : "1-0") : "1/2-1/2", "time");
	}
}, 100);

// --- the game ---------------------------------------------------------------------

function current() {
	return game.positions[game.positions.length - 1];
}

function viewed() {
	return game.positions[cursor];
}

// viewId names the position shown, for the analysis that belongs to it.
function viewId() {
	return `${game.version}:${cursor}:${viewed().fen}`;
}

function atEnd() {
	return cursor === game.moves.length;
}

function whiteToMove(pos) {
	return pos.fen.split(" ")[1] === "w";
}

function enginesTurn() {
	if (mode === "watch") {
		return true;
	}
	if (mode === "analyse") {
		return false;
	}
	return whiteToMove(current()) !== (mode === "white");
}

// usersTurn: the board takes a move now. In Analyse, from any position
// shown but a finished one; in play, at the end of the game only.
function usersTurn() {
	if (busy || !viewed().legal.length) {
		return false;
	}
	if (mode === "analyse") {
		return true;
	}
	return game.result === "*" && atEnd() && mode !== "watch" && !enginesTurn();
}

// play makes a legal move of the position after ply moves of the game's
// version, then lets the engine go on.
async function play(uci, version, ply) {
	busy = true;
	try {
		const pos = game.positions[ply];
		// The mover's clock stops now, not when the rules have answered.
		if (ply === game.moves.length && game.moves[ply] !== uci) {
			clockMove(whiteToMove(pos));
		}
		const after = await rules.position(pos.fen, [uci]);
		if (version !== game.version) {
			return; // the game changed meanwhile
		}
		addMove(ply, uci, pos, after);
	} finally {
		busy = false;
	}
	refresh();
}

// addMove puts a move after ply: the game's next move is a step, another
// cuts the game there.
function addMove(ply, uci, pos, after) {
	if (game.moves[ply] === uci) {
		cursor = ply + 1;
		sound(false);
		return;
	}
	if (ply < game.moves.length) {
		game.moves.length = ply;
		game.sans.length = ply;
		game.positions.length = ply + 1;
		game.review = [];
		game.version++;
		game.result = "*";
	}
	if (game.result !== "*") {
		game.result = "*"; // a game ended by time, resignation or a PGN's result, analysed on
		game.reason = "";
	}
	const capture = !!pos.pieces[uci.slice(2, 4)] || Object.keys(after.pieces).length < Object.keys(pos.pieces).length;
	game.sans.push(san(pos, uci, after));
	game.moves.push(uci);
	game.positions.push(after);
	cursor = game.moves.length;
	judge();
	if (game.result !== "*") {
		stopClock();
	}
	sound(capture);
}

// judge sets the result when the game is over by the rules.
function judge() {
	const pos = current();
	const white = whiteToMove(pos);
	if (game.reason && !RULES_ENDS.includes(game.reason) && game.result !== "*") {
		return; // ended otherwise (time, resignation, agreement, a PGN's result)
	}
	game.result = "*";
	game.resultText = "";
	game.reason = "";
	if (pos.legal.length === 0) {
		if (pos.inCheck) {
			endGame(white ? "0-1" : "1-0", "checkmate", true);
		} else {
			endGame("1/2-1/2", "stalemate", true);
		}
	} else if (Number(pos.fen.split(" ")[4]) >= 100) {
		endGame("1/2-1/2", "fifty", true);
	} else if (pos.key && game.positions.filter((p) => p.key === pos.key).length >= 3) {
		endGame("1/2-1/2", "repetition", true);
	} else if (insufficientMaterial(pos)) {
		endGame("1/2-1/2", "material", true);
	}
}

// The ends of a game by the rules, which the position itself shows.
const RULES_ENDS = ["checkmate", "stalemate", "fifty", "repetition", "material"];

const REASONS = {
	checkmate: "by checkmate", stalemate: "by stalemate", fifty: "by the fifty-move rule", repetition: "by repetition",
	material: "by insufficient material", time: "on time", resignation: "by resignation", agreement: "by agreement", pgn: "",
};

// endGame ends the game with a result; quiet leaves the engine and the
// board to the caller (judge, within a move).
function endGame(result, reason, quiet) {
	game.result = result;
	game.reason = reason;
	const how = REASONS[reason] || "";
	if (result === "1/2-1/2") {
		game.resultText = `Draw ${how}`.trim();
	} else {
		game.resultText = `${result === "1-0" ? "White" : "Black"} wins ${how}`.trim();
	}
	if (!quiet) {
		stopClock();
		game.version++; // a move the engine is computing is dropped
		clearAnalysis();
		refresh();
	}
}

// bannerText says the result to the player: You won, Matador wins, Draw.
function bannerText() {
	const how = REASONS[game.reason] || "";
	if (game.result === "1/2-1/2") {
		return `Draw ${how}`.trim();
	}
	const whiteWon = game.result === "1-0";
	if (mode === "white" || mode === "black") {
		return ((mode === "white") === whiteWon ? "You won " : "Matador wins ") + how;
	}
	return `${whiteWon ? "White" : "Black"} wins ${how}`.trim();
}

function insufficientMaterial(pos) {
	const others = Object.values(pos.pieces).filter((p) => p.toLowerCase() !== "k");
	return others.length === 0 || (others.length === 1 && "nbNB".includes(others[0]));
}

// replaceGame starts a new version of the game, and stops what the engine
// is doing for the old one.
function replaceGame() {
	game.version++;
	if (search) {
		engine.send("stop");
	}
	clearAnalysis();
}

let gamesStarted = 0; // read by the browser test, to tell a new game from the last

function freshGame(start) {
	gamesStarted++;
	replaceGame();
	game.startFEN = start.fen;
	game.tags = {};
	game.moves = [];
	game.sans = [];
	game.positions = [start];
	game.review = [];
	game.result = "*";
	game.reason = "";
	cursor = 0;
	pgnEdited = false;
	setupClock();
	judge();
}

async function newGame(fen) {
	const start = fen ? await rules.position(fen) : engineReady ? await rules.position(START_FEN) : startPosition();
	freshGame(start);
	clearMessage();
	if (engineReady) {
		engine.send("ucinewgame");
	}
	await refresh();
}

async function takeBack() {
	if (game.moves.length === 0) {
		return;
	}
	let plies = 1;
	// Against the engine, back to the user's own turn.
	if ((mode === "white" || mode === "black") && game.moves.length >= 2) {
		const userIsWhite = mode === "white";
		const lastMoverWhite = !whiteToMove(current());
		if (lastMoverWhite !== userIsWhite) {
			plies = 2;
		}
	}
	replaceGame();
	game.moves.splice(-plies);
	game.sans.splice(-plies);
	game.positions.splice(-plies);
	game.review = [];
	game.reason = "";
	game.result = "*";
	cursor = game.moves.length;
	judge();
	if (clock.on && game.result === "*") {
		stopClock();
		clock.running = game.moves.length ? (whiteToMove(current()) ? "w" : "b") : null;
		clock.since = performance.now();
	}
	await refresh();
}

async function loadPGN(text) {
	const { tags, moves, result } = parsePGN(text);
	let pos = await rules.position(tags.FEN || START_FEN);
	const g = { startFEN: pos.fen, tags, moves: [], sans: [], positions: [pos], result };
	for (const token of moves) {
		const uci = parseSAN(pos, token);
		if (!uci) {
			const number = Math.floor(g.moves.length / 2) + 1;
			throw new Error(`PGN: move ${number}, "${token}", is not a legal move there; nothing was loaded`);
		}
		const after = await rules.position(pos.fen, [uci]);
		g.sans.push(san(pos, uci, after));
		g.moves.push(uci);
		g.positions.push(after);
		pos = after;
	}
	return g;
}

async function openPGN(text) {
	clearMessage();
	let g;
	try {
		g = await loadPGN(text);
	} catch (err) {
		showError(err);
		return;
	}
	setModeControl("analyse");
	mode = "analyse";
	freshGame(g.positions[0]);
	Object.assign(game, { startFEN: g.startFEN, tags: g.tags, moves: g.moves, sans: g.sans, positions: g.positions });
	cursor = game.moves.length;
	judge();
	if (game.result === "*" && g.result !== "*") {
		endGame(g.result, "pgn", true);
	}
	if (engineReady) {
		engine.send("ucinewgame");
	}
	$("pgn").blur();
	pgnEdited = false;
	applyMode();
}

// goTo shows the position after ply moves.
function goTo(ply) {
	const p = Math.max(0, Math.min(game.moves.length, ply));
	if (p === cursor) {
		return;
	}
	cursor = p;
	clearAnalysis();
	refresh();
}

// --- rendering --------------------------------------------------------------------

function render() {
	const pos = viewed();
	const white = whiteToMove(pos);
	let check = null;
	if (pos.inCheck) {
		check = Object.keys(pos.pieces).find((sq) => pos.pieces[sq] === (white ? "K" : "k"));
	}
	board.setPosition(pos.fen, usersTurn() ? pos.legal : [], game.moves[cursor - 1], check);
	if (stats.playableAt === undefined && usersTurn()) {
		stats.playableAt = performance.now(); // since the page was opened: the browser test reads it
	}
	if (viewId() !== analysis.view) {
		clearAnalysis();
	}
	document.body.dataset.mode = mode;
	$("analysis").hidden = mode !== "analyse";
	$("evalbar").hidden = mode !== "analyse";
	const fenBox = $("fen");
	if (document.activeElement !== fenBox) {
		fenBox.value = pos.fen;
	}
	const pgnBox = $("pgn");
	if (!pgnEdited && document.activeElement !== pgnBox) {
		pgnBox.value = currentPGN();
	}
	renderNames();
	renderClocks();
	renderMoves();
	renderAnalysis();
	renderGraph();
	const banner = $("banner");
	banner.hidden = game.result === "*";
	banner.textContent = game.result === "*" ? "" : bannerText();
	const userWhite = mode === "white" ? true : mode === "black" ? false : null;
	banner.className = game.result === "1/2-1/2" || userWhite === null ? "draw" : userWhite === (game.result === "1-0") ? "won" : "lost";
	let status;
	if (reviewing) {
		status = "Analysing the game…";
	} else if (!atEnd() && mode !== "analyse") {
		status = `Move ${cursor} of ${game.moves.length} shown (End to return)`;
	} else if (pos.legal.length === 0 || (game.result !== "*" && atEnd())) {
		status = game.resultText;
	} else if (mode === "analyse") {
		status = `Analysing, ${white ? "White" : "Black"} to move`;
	} else if (game.result !== "*") {
		status = game.resultText;
	} else if (enginesTurn()) {
		status = "Matador is thinking…";
	} else {
		status = "Your move";
	}
	$("status").textContent = status;
}

function renderNames() {
	const names = playerNames();
	$("name-white").textContent = names[0];
	$("name-black").textContent = names[1];
	$("board-col").classList.toggle("flipped", board.flipped);
}

function playerNames() {
	if (mode === "analyse" && (game.tags.White || game.tags.Black)) {
		return [game.tags.White || "?", game.tags.Black || "?"];
	}
	const level = $("level").selectedOptions[0].textContent;
	const m = `Matador (${level})`;
	const names = { white: ["You", m], black: [m, "You"], watch: [m, m], analyse: ["White", "Black"] };
	return names[mode];
}

function currentPGN() {
	const d = new Date();
	const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
	const [w, b] = playerNames();
	const tags = Object.keys(game.tags).length ? Object.assign({}, game.tags) :
		{ Event: "Matador in the browser", Site: "?", Date: date, Round: "-", White: w, Black: b };
	if (!game.tags.TimeControl && clock.on && mode !== "analyse") {
		tags.TimeControl = `${clock.base / 1000}+${clock.inc / 1000}`;
	}
	if (game.reason === "time") {
		tags.Termination = "time forfeit";
	}
	return pgnText(tags, game.startFEN, game.sans, game.result, moveNotes());
}

// moveNotes: after "Analyse this game", each move's NAG and evaluation.
function moveNotes() {
	const notes = [];
	for (let i = 0; i < game.moves.length; i++) {
		const r = game.review[i + 1];
		if (!r) {
			notes.push("");
			continue;
		}
		const nag = { inaccuracy: "$6 ", mistake: "$2 ", blunder: "$4 " }[judgement(i + 1)] || "";
		notes.push(`${nag}{ [%eval ${r.score.kind === "mate" ? "#" + r.score.value : (r.score.value / 100).toFixed(2)}] }`);
	}
	return notes;
}

const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function renderMoves() {
	const box = $("moves");
	box.textContent = "";
	let number = Number(game.startFEN.split(" ")[5]) || 1;
	let white = game.startFEN.split(" ")[1] !== "b";
	game.sans.forEach((s, i) => {
		if (white || i === 0) {
			const n = document.createElement("span");
			n.className = "number";
			n.textContent = `${number}.`;
			box.appendChild(n);
			if (!white) {
				const gap = document.createElement("span");
				gap.className = "move empty";
				gap.textContent = "…";
				box.appendChild(gap);
			}
		}
		const m = document.createElement("button");
		m.type = "button";
		const j = judgement(i + 1);
		m.className = "move" + (i + 1 === cursor ? " current" : "") + (j ? " " + j : "");
		m.dataset.ply = String(i + 1);
		m.textContent = s + (MARKS[j] || "");
		const r = game.review[i + 1];
		if (r) {
			const e = document.createElement("small");
			e.className = "eval";
			e.textContent = formatScore(r.score);
			m.appendChild(e);
		}
		box.appendChild(m);
		if (!white) {
			number++;
		}
		white = !white;
	});
	if (game.result !== "*") {
		const r = document.createElement("span");
		r.className = "result";
		r.textContent = `${game.result} ${game.resultText}`;
		box.appendChild(r);
	}
	const cur = box.querySelector(".current");
	if (cur && cur.scrollIntoView && box.scrollHeight > box.clientHeight) {
		box.scrollTop = cur.offsetTop - box.offsetTop - box.clientHeight / 2;
	}
}

// --- analysis -----------------------------------------------------------------------

const INFO_FIELDS = new Set(["depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "time"]);

// parseInfo reads the fields of an "info" line that the page shows.
function parseInfo(line) {
	const f = line.split(" ");
	const info = { multipv: 1 };
	for (let i = 1; i < f.length; i++) {
		if (INFO_FIELDS.has(f[i])) {
			info[f[i]] = Number(f[++i]);
		} else if (f[i] === "score") {
			info.score = { kind: f[++i], value: Number(f[++i]) };
			if (f[i + 1] === "lowerbound" || f[i + 1] === "upperbound") {
				info.bound = f[++i];
			}
		} else if (f[i] === "pv") {
			info.pv = f.slice(i + 1);
			break;
		} else if (f[i] === "string" || f[i] === "currmove") {
			return null;
		}
	}
	return info;
}

// clearAnalysis empties the analysis at once: the lines, the bar and the
// arrow belong to the position they were computed for.
// pending: the position is about to change (a move is being made), so no
// line is taken until it has.
function clearAnalysis(pending) {
	analysis.lines = [];
	analysis.shown = [];
	analysis.converting = [];
	analysis.depth = 0;
	analysis.nodes = 0;
	analysis.view = pending || !game.positions.length ? "" : viewId();
	board.setArrows([]);
	renderAnalysis();
}

function onAnalysisInfo(line, pos, view) {
	if (view !== viewId() || view !== analysis.view) {
		return; // a line of a search for another position
	}
	const info = parseInfo(line);
	if (!info || !info.pv || !info.score) {
		return;
	}
	// Scores are the side to move's; the page shows White's.
	const sign = whiteToMove(pos) ? 1 : -1;
	const index = info.multipv - 1;
	if (info.bound && analysis.shown[index]) {
		return; // a bound of a search under way: the last exact line stays
	}
	const entry = {
		depth: info.depth,
		bound: info.bound,
		score: { kind: info.score.kind, value: sign * info.score.value },
		pv: info.pv.slice(0, PV_PLIES),
		sans: null,
	};
	analysis.lines[index] = entry;
	analysis.depth = Math.max(...analysis.lines.filter(Boolean).map((l) => l.depth));
	analysis.nodes = info.nodes || analysis.nodes;
	analysis.nps = info.nps || analysis.nps;
	// The moves in SAN, then shown: until then the line shown before stays.
	if (!analysis.converting[index]) {
		convertLine(index, pos, view).catch(showError);
	}
}

// convertLine writes the newest line of a rank in SAN and shows it, then
// the newest again if another came meanwhile: one at a time, so that the
// rules are never asked for lines already replaced, and the lines shown
// keep up with the search.
async function convertLine(index, pos, view) {
	const converting = analysis.converting;
	converting[index] = true;
	try {
		// (clearAnalysis gives the analysis new arrays: this one's lines are
		// then gone.)
		const live = () => view === analysis.view && converting === analysis.converting;
		for (;;) {
			const entry = analysis.lines[index];
			if (!entry || !live()) {
				return;
			}
			const sans = await pvSANs(pos, entry.pv, live);
			if (!sans || !live()) {
				return;
			}
			entry.sans = sans;
			analysis.shown[index] = entry;
			scheduleAnalysisRender();
			if (analysis.lines[index] === entry) {
				return;
			}
		}
	} finally {
		converting[index] = false;
	}
}

let renderPending = false;

// The lines are drawn at most ten times a second.
function scheduleAnalysisRender() {
	if (renderPending) {
		return;
	}
	renderPending = true;
	setTimeout(() => {
		renderPending = false;
		renderAnalysis();
	}, 100);
}

// pvSANs writes a line in SAN, or gives null once wanted() says that a
// newer line has replaced it (the rules are then not asked on for it).
async function pvSANs(pos, pv, wanted = () => true) {
	const out = [];
	let before = pos;
	for (let i = 0; i < pv.length; i++) {
		if (!before.legal.includes(pv[i])) {
			break; // never from this engine; a line cut short is still true
		}
		if (!wanted()) {
			return null;
		}
		const after = await rules.position(pos.fen, pv.slice(0, i + 1));
		out.push(san(before, pv[i], after));
		before = after;
	}
	return out;
}

function formatScore(score, bound) {
	let s;
	if (score.kind === "mate") {
		s = score.value === 0 ? "#" : score.value > 0 ? `#${score.value}` : `#-${-score.value}`;
	} else {
		const pawns = score.value / 100;
		s = (pawns > 0 ? "+" : "") + pawns.toFixed(2);
	}
	if (bound === "lowerbound") {
		s += "≥";
	} else if (bound === "upperbound") {
		s += "≤";
	}
	return s;
}

// terminalScore is the score of a position without moves: mate on the
// board (value 0, the winner named) or stalemate.
function terminalScore(pos) {
	return pos.inCheck ? { kind: "mate", value: 0, winner: whiteToMove(pos) ? "b" : "w" } : { kind: "cp", value: 0 };
}

// winChance maps a score (White's) to White's winning chances in [-1, 1],
// with lichess's curve.
function winChance(score) {
	if (score.kind === "mate") {
		if (score.value === 0) {
			return score.winner === "w" ? 1 : -1; // mate on the board
		}
		return score.value > 0 ? 1 : -1;
	}
	return 2 / (1 + Math.exp(-0.00368208 * score.value)) - 1;
}

function renderAnalysis() {
	const head = $("analysis-head");
	const list = $("lines");
	list.textContent = "";
	const pos = game.positions.length ? viewed() : null;
	const bar = $("evalbar");
	if (!pos) {
		return;
	}
	if (atEnd() && RULES_ENDS.includes(game.reason) && pos.legal.length > 0) {
		head.textContent = game.resultText;
		setEvalBar({ kind: "cp", value: 0 });
		board.setArrows([]);
		return;
	}
	if (pos.legal.length === 0) {
		head.textContent = pos.inCheck ? "Checkmate" : "Stalemate";
		setEvalBar(terminalScore(pos));
		board.setArrows([]);
		return;
	}
	const lines = analysis.shown.filter(Boolean);
	if (lines.length === 0) {
		head.textContent = mode === "analyse" ? "Analysing…" : "";
		const r = game.review[cursor];
		if (r) {
			setEvalBar(r.score);
		} else {
			bar.style.setProperty("--white", "0.5");
			bar.dataset.white = "0.500";
			bar.querySelector(".label").textContent = "";
		}
		board.setArrows([]);
		return;
	}
	head.textContent = `Depth ${analysis.depth}, ${analysis.nodes.toLocaleString("en")} nodes, ${Math.round(analysis.nps / 1000)}k nodes a second`;
	analysis.shown.forEach((line, index) => {
		if (!line) {
			return;
		}
		const li = document.createElement("li");
		const score = document.createElement("span");
		score.className = "score";
		score.textContent = formatScore(line.score, line.bound);
		li.appendChild(score);
		appendLine(li, pos, line, index);
		list.appendChild(li);
	});
	setEvalBar(lines[0].score);
	const best = analysis.shown[0] && analysis.shown[0].pv[0];
	board.setArrows(best ? [{ from: best.slice(0, 2), to: best.slice(2, 4), kind: "best" }] : []);
}

function setEvalBar(score) {
	const bar = $("evalbar");
	const share = (1 + winChance(score)) / 2;
	bar.style.setProperty("--white", share.toFixed(3));
	bar.dataset.white = share.toFixed(3);
	bar.querySelector(".label").textContent = formatScore(score).replace(/^\+/, "");
}

// appendLine writes a line's moves, numbered from the position shown;
// each move is a button that plays the line up to it.
function appendLine(li, pos, line, index) {
	const fields = pos.fen.split(" ");
	let number = Number(fields[5]) || 1;
	let white = fields[1] === "w";
	line.sans.forEach((m, i) => {
		if (white || i === 0) {
			li.appendChild(document.createTextNode(white ? ` ${number}. ` : ` ${number}… `));
		} else {
			li.appendChild(document.createTextNode(" "));
		}
		const b = document.createElement("span");
		b.className = "pv-move";
		b.textContent = m;
		b.dataset.line = String(index);
		b.dataset.index = String(i);
		b.addEventListener("click", () => playLine(line.pv.slice(0, i + 1)).catch(showError));
		li.appendChild(b);
		if (!white) {
			number++;
		}
		white = !white;
	});
}

// playLine plays moves of an analysis line from the position shown.
async function playLine(moves) {
	if (mode !== "analyse" || busy) {
		return;
	}
	busy = true;
	clearAnalysis(true);
	try {
		let version = game.version;
		for (const uci of moves) {
			const pos = viewed();
			const after = await rules.position(pos.fen, [uci]);
			if (version !== game.version) {
				return;
			}
			addMove(cursor, uci, pos, after);
			version = game.version;
		}
	} finally {
		busy = false;
	}
	refresh();
}

// --- "Analyse this game" ----------------------------------------------------------

// judgement of the move that led to position ply, from the review: the
// winning chances its mover lost, with lichess's bounds.
function judgement(ply) {
	const before = game.review[ply - 1];
	const after = game.review[ply];
	if (!before || !after) {
		return "";
	}
	const moverWhite = whiteToMove(game.positions[ply - 1]);
	const sign = moverWhite ? 1 : -1;
	const loss = sign * (winChance(before.score) - winChance(after.score));
	if (loss >= 0.3) {
		return "blunder";
	}
	if (loss >= 0.2) {
		return "mistake";
	}
	if (loss >= 0.1) {
		return "inaccuracy";
	}
	return "";
}

async function reviewGame() {
	if (reviewing || game.moves.length === 0 || !engineReady) {
		return;
	}
	// Take the engine from the analysis.
	await refreshQueue;
	const token = ++refreshToken;
	if (search) {
		engine.send("stop");
		await search.done;
	}
	reviewing = true;
	clearAnalysis();
	const version = game.version;
	const ms = Number($("review-time").value);
	const n = game.positions.length;
	const review = [];
	render();
	try {
		engine.send("setoption name UCI_LimitStrength value false");
		engine.send("setoption name Skill Level value 20");
		engine.send("setoption name MultiPV value 1");
		engine.send("setoption name UCI_AnalyseMode value true");
		for (let i = 0; i < n; i++) {
			if (version !== game.version) {
				return;
			}
			$("review-status").textContent = `Analysing position ${i + 1} of ${n}…`;
			const pos = game.positions[i];
			const sign = whiteToMove(pos) ? 1 : -1;
			if (pos.legal.length === 0) {
				review.push({ score: terminalScore(pos) });
				continue;
			}
			let score = { kind: "cp", value: 0 };
			const best = await startSearch([positionCommand(i)], `go movetime ${ms}`, (line) => {
				const info = parseInfo(line);
				if (info && info.score && !info.bound && info.multipv === 1) {
					score = { kind: info.score.kind, value: sign * info.score.value };
				}
			});
			review.push({ score, best });
			game.review = review.slice();
			renderMoves();
			renderGraph();
		}
		game.review = review;
		$("review-status").textContent = "";
		renderSummary();
	} finally {
		reviewing = false;
		if (token === refreshToken) {
			refresh();
		}
	}
}

function renderSummary() {
	const count = { w: { inaccuracy: 0, mistake: 0, blunder: 0 }, b: { inaccuracy: 0, mistake: 0, blunder: 0 } };
	for (let ply = 1; ply < game.review.length; ply++) {
		const j = judgement(ply);
		if (j) {
			count[whiteToMove(game.positions[ply - 1]) ? "w" : "b"][j]++;
		}
	}
	const say = (c) => `${c.inaccuracy} inaccurac${c.inaccuracy === 1 ? "y" : "ies"}, ${c.mistake} mistake${c.mistake === 1 ? "" : "s"}, ${c.blunder} blunder${c.blunder === 1 ? "" : "s"}`;
	const box = $("review-summary");
	box.textContent = "";
	const names = playerNames();
	for (const [side, name] of [["w", names[0]], ["b", names[1]]]) {
		const d = document.createElement("div");
		d.textContent = `${side === "w" ? "White" : "Black"} (${name}): ${say(count[side])}`;
		box.appendChild(d);
	}
}

// renderGraph draws White's winning chances over the game, the mistakes
// marked; a click goes to the move under it.
function renderGraph() {
	const svg = $("graph");
	const r = game.review;
	// (An SVG element has no "hidden" property: the attribute it is.)
	if (r.length < 2 || mode !== "analyse") {
		svg.setAttribute("hidden", "");
		if (r.length === 0) {
			$("review-summary").textContent = "";
		}
		return;
	}
	svg.removeAttribute("hidden");
	const n = game.positions.length - 1;
	const x = (i) => (n === 0 ? 0 : (i / n) * 600);
	const y = (i) => 60 - winChance(r[i].score) * 56;
	let d = `M0,60`;
	for (let i = 0; i < r.length; i++) {
		d += ` L${x(i).toFixed(1)},${y(i).toFixed(1)}`;
	}
	d += ` L${x(r.length - 1).toFixed(1)},60 Z`;
	let dots = "";
	for (let ply = 1; ply < r.length; ply++) {
		const j = judgement(ply);
		if (j) {
			dots += `<circle class="${j}" data-ply="${ply}" cx="${x(ply).toFixed(1)}" cy="${y(ply).toFixed(1)}" r="4"/>`;
		}
	}
	svg.innerHTML = `<rect class="bg" x="0" y="0" width="600" height="120"/><path class="area" d="${d}"/>` +
		`<line class="mid" x1="0" y1="60" x2="600" y2="60"/><line class="cursor" x1="${x(cursor)}" y1="0" x2="${x(cursor)}" y2="120"/>${dots}`;
	svg.dataset.points = String(r.length);
}

$("graph").addEventListener("click", (e) => {
	const box = $("graph").getBoundingClientRect();
	const n = game.positions.length - 1;
	goTo(Math.round(((e.clientX - box.left) / box.width) * n));
});

// --- controls -------------------------------------------------------------------------

const board = new Board($("board"), {
	onMove: (uci) => {
		if (!usersTurn() || !viewed().legal.includes(uci)) {
			render(); // back as it was
			return;
		}
		clearMessage();
		clearAnalysis(true);
		play(uci, game.version, cursor).catch(showError);
	},
});

function setModeControl(m) {
	document.querySelector(`input[name="mode"][value="${m}"]`).checked = true;
}

// applyMode: the controls of the mode, and the engine's task in it.
function applyMode() {
	document.body.dataset.mode = mode;
	for (const el of document.querySelectorAll(".play-only")) {
		el.hidden = mode === "analyse";
	}
	for (const el of document.querySelectorAll(".analyse-only")) {
		el.hidden = mode !== "analyse";
	}
	$("movetime-box").hidden = $("tc").value !== "move";
	$("custom-box").hidden = $("tc").value !== "custom";
	if (mode === "analyse") {
		clock.on = false;
		stopClock();
	}
	clearAnalysis();
	refresh();
}

function setMode(m) {
	mode = m;
	if (m === "white" || m === "black") {
		board.setFlipped(m === "black");
		cursor = game.moves.length;
	}
	applyMode();
}

document.querySelectorAll('input[name="mode"]').forEach((input) => {
	input.addEventListener("change", () => setMode(input.value));
});
$("level").addEventListener("change", () => refresh());
$("tc").addEventListener("change", () => {
	applyMode();
	newGame().catch(showError);
});
for (const id of ["tc-minutes", "tc-increment"]) {
	$(id).addEventListener("change", () => newGame().catch(showError));
}
// New game: the start position, in the mode chosen (in Analyse, an empty
// analysis board).
$("new-game").addEventListener("click", () => newGame().catch(showError));
$("take-back").addEventListener("click", () => takeBack().catch(showError));
$("flip").addEventListener("click", () => {
	board.setFlipped(!board.flipped);
	render();
});
$("move-now").addEventListener("click", () => {
	if (waitRest) {
		waitRest.cancel();
	} else if (search && mode !== "analyse") {
		engine.send("stop");
	}
});
$("resign").addEventListener("click", () => {
	if (game.result !== "*" || (mode !== "white" && mode !== "black") || game.moves.length === 0) {
		return;
	}
	endGame(mode === "white" ? "0-1" : "1-0", "resignation");
});
// A draw offer: Matador accepts when its last search saw itself no better
// than a quarter of a pawn up, or the game is a dead draw.
$("offer-draw").addEventListener("click", () => {
	if (game.result !== "*" || (mode !== "white" && mode !== "black")) {
		return;
	}
	const s = stats.engineScore;
	if (s && ((s.kind === "cp" && s.value <= 25) || (s.kind === "mate" && s.value < 0))) {
		endGame("1/2-1/2", "agreement");
		showMessage("Matador accepts the draw.");
	} else {
		showMessage(s ? "Matador declines the draw." : "Matador declines: it has not thought about this game yet.");
	}
});
$("nav-first").addEventListener("click", () => goTo(0));
$("nav-prev").addEventListener("click", () => goTo(cursor - 1));
$("nav-next").addEventListener("click", () => goTo(cursor + 1));
$("nav-last").addEventListener("click", () => goTo(game.moves.length));
$("moves").addEventListener("click", (e) => {
	const m = e.target.closest(".move[data-ply]");
	if (m) {
		goTo(Number(m.dataset.ply));
	}
});
document.addEventListener("keydown", (e) => {
	const t = e.target;
	const typing = t && ((t.tagName === "INPUT" && t.type !== "radio" && t.type !== "checkbox") || t.tagName === "TEXTAREA" || t.tagName === "SELECT");
	if (typing || e.altKey || e.ctrlKey || e.metaKey) {
		return;
	}
	const to = { ArrowLeft: cursor - 1, ArrowRight: cursor + 1, Home: 0, End: game.moves.length, ArrowUp: 0, ArrowDown: game.moves.length }[e.key];
	if (to !== undefined) {
		e.preventDefault();
		goTo(to);
	} else if (e.key === "f") {
		board.setFlipped(!board.flipped);
		render();
	}
});
$("move-form").addEventListener("submit", (e) => {
	e.preventDefault();
	const text = $("move-input").value.trim();
	const uci = text && usersTurn() ? parseSAN(viewed(), text) : null;
	if (!uci) {
		showMessage(text ? `"${text}" is not a move you can play now` : "", !!text);
		return;
	}
	$("move-input").value = "";
	board.commit(uci);
});
$("fen-form").addEventListener("submit", (e) => {
	e.preventDefault();
	newGame($("fen").value.trim()).catch((err) => showError(`FEN: ${err.message}`));
	$("fen").blur();
});
$("pgn").addEventListener("input", () => {
	pgnEdited = true;
});
$("load-pgn").addEventListener("click", () => openPGN($("pgn").value).catch(showError));
$("pgn-file").addEventListener("change", async () => {
	const file = $("pgn-file").files[0];
	if (file) {
		const text = await file.text();
		$("pgn").value = text;
		await openPGN(text).catch(showError);
		$("pgn-file").value = "";
	}
});

// copyText puts text on the clipboard and says so on the button.
async function copyText(text, button) {
	let ok = false;
	try {
		await navigator.clipboard.writeText(text);
		ok = true;
	} catch (err) {
		// An older or stricter browser: through a selected text area.
		const area = document.createElement("textarea");
		area.value = text;
		document.body.appendChild(area);
		area.select();
		try {
			ok = document.execCommand("copy");
		} catch (err2) {
			ok = false;
		}
		area.remove();
	}
	const label = button.dataset.label || button.textContent;
	button.dataset.label = label;
	button.textContent = ok ? "Copied ✓" : "Copy failed";
	button.classList.toggle("copied", ok);
	showMessage(ok ? "Copied to the clipboard." : "The browser refused the clipboard: select the text and copy it.", !ok);
	setTimeout(() => {
		button.textContent = label;
		button.classList.remove("copied");
	}, 1500);
}
$("copy-pgn").addEventListener("click", () => copyText(currentPGN(), $("copy-pgn")));
$("copy-fen").addEventListener("click", () => copyText(viewed().fen, $("copy-fen")));
$("download-pgn").addEventListener("click", () => {
	const tags = game.tags;
	const name = [tags.White, tags.Black, tags.Date].filter((t) => t && t !== "?").join("-").replace(/[^\w.-]+/g, "_") || "matador";
	const url = URL.createObjectURL(new Blob([currentPGN()], { type: "application/x-chess-pgn" }));
	const a = document.createElement("a");
	a.href = url;
	a.download = `${name}.pgn`;
	document.body.appendChild(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10000);
});
$("review").addEventListener("click", () => reviewGame().catch(showError));
$("sound").checked = localStorage.getItem("matador.sound") !== "off";
$("sound").addEventListener("change", () => localStorage.setItem("matador.sound", $("sound").checked ? "on" : "off"));

// The state of the page for its browser test (web/test/browser.mjs),
// which asserts on it rather than on pixels.
window.matadorPage = {
	state() {
		return {
			mode,
			fen: current() ? current().fen : "",
			viewFen: viewed() ? viewed().fen : "",
			cursor,
			moves: game.moves.slice(),
			sans: game.sans.slice(),
			legal: game.positions.map((p) => p.legal.slice()),
			result: game.result,
			resultText: game.resultText,
			banner: $("banner").hidden ? "" : $("banner").textContent,
			status: $("status").textContent,
			thinking: search !== null,
			reviewing,
			review: game.review.map((r) => r.score),
			judgements: game.moves.map((_, i) => judgement(i + 1)),
			analysis: analysis.shown.filter(Boolean).map((l) => ({ depth: l.depth, score: l.score, pv: l.pv, sans: l.sans })),
			clock: { on: clock.on, w: clockLeft("w"), b: clockLeft("b"), running: clock.running, inc: clock.inc },
			tags: Object.assign({}, game.tags),
			errors: errors.slice(),
			sounds: stats.sounds,
			lastGo: stats.lastGo,
			lastThinkMs: stats.lastThinkMs,
			playableAt: stats.playableAt,
			engineReady,
			gamesStarted,
			lastLevel: stats.lastLevel || [],
		};
	},
	fenAt(ply) {
		return game.positions[ply] ? game.positions[ply].fen : "";
	},
};

// The start position is shown, playable, at once; the engine loads
// meanwhile, and a first move waits for it.
freshGame(startPosition());
applyMode();
// The workers start once the board is drawn: their module's compilation
// then does not hold up the first paint.
// (A tab opened in the background gets no animation frame: 200 ms then.)
const drawn = new Promise((resolve) => {
	requestAnimationFrame(() => setTimeout(resolve, 0));
	setTimeout(resolve, 200);
});
(async () => {
	await drawn;
	const start = rules.position(START_FEN);
	await engine.start({ Hash: 32 });
	engine.send("ucinewgame");
	const real = await start;
	if (game.positions[0].key === null) {
		game.positions[0].key = real.key;
	}
	engineReady = true;
	refresh();
})().catch(showError);
