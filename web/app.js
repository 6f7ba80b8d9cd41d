// app.js: the page. It keeps the game (a start position and the moves in
// UCI), asks Rules (rules.js) about each position, shows it on the Board
// (board.js), and drives a second copy of the engine that plays or
// analyses. Everything runs in this page; nothing is fetched but the
// page's own files.
"use strict";

const WORKER = "matador.worker.js";
const PV_PLIES = 12; // moves of a principal variation shown

const $ = (id) => document.getElementById(id);

const rules = new Rules(WORKER);
const engine = new Engine(WORKER);

const game = {
	startFEN: START_FEN,
	moves: [], // UCI
	positions: [], // Rules.position of the start and after each move
	sans: [],
	result: "*",
	resultText: "",
	// version changes whenever the game is replaced or cut (new game, take
	// back, a loaded FEN or PGN): a move computed for an older version, by
	// the engine or by Rules, is then dropped rather than added to the new
	// game.
	version: 0,
};

let mode = "white"; // white, black (the user's colour), analyse, watch
let busy = false; // a move is being made: the board takes none meanwhile
const analysis = { lines: [], depth: 0, nodes: 0, nps: 0, generation: 0 };
const errors = []; // shown to the user, and read by the browser test

function showError(err) {
	const text = String(err && err.message ? err.message : err);
	errors.push(text);
	$("message").textContent = text;
	console.warn("matador page:", text);
}

function clearMessage() {
	$("message").textContent = "";
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
	engine.send(goLine);
	return done;
}

// refresh brings the page up to date with the game and the mode, and
// starts what the engine should do now. Calls are served in order; a call
// made while an older one waits for a search stops that search, and the
// older one then gives way.
let refreshToken = 0;
let refreshQueue = Promise.resolve();

function refresh() {
	const token = ++refreshToken;
	if (search) {
		engine.send("stop");
	}
	refreshQueue = refreshQueue.then(() => step(token)).catch(showError);
	return refreshQueue;
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
	const pos = current();
	if (game.result !== "*") {
		return;
	}
	const position = `position fen ${game.startFEN}` + (game.moves.length ? " moves " + game.moves.join(" ") : "");
	if (mode === "analyse") {
		analysis.lines = [];
		analysis.generation++;
		renderAnalysis();
		startSearch(
			["setoption name UCI_LimitStrength value false", "setoption name Skill Level value 20",
				"setoption name MultiPV value 3", "setoption name UCI_AnalyseMode value true", position],
			"go infinite",
			(line) => onAnalysisInfo(line, pos),
		);
		return; // runs until the next refresh stops it
	}
	if (!enginesTurn()) {
		return;
	}
	const best = await startSearch(
		levelOptions().concat(["setoption name MultiPV value 1", "setoption name UCI_AnalyseMode value false", position]),
		`go movetime ${$("movetime").value}`,
		() => {},
	);
	if (token !== refreshToken || version !== game.version) {
		return; // stopped for a take back, a new game, ...
	}
	if (!pos.legal.includes(best)) {
		throw new Error(`Matador answered "${best}", not a legal move here`);
	}
	await play(best, version);
}

function levelOptions() {
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

// --- the game ---------------------------------------------------------------------

function current() {
	return game.positions[game.positions.length - 1];
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

function usersTurn() {
	return !busy && game.result === "*" && (mode === "analyse" || (mode !== "watch" && !enginesTurn()));
}

// play makes a legal move of the current position of the game's version,
// then lets the engine go on.
async function play(uci, version) {
	busy = true;
	try {
		const pos = current();
		const after = await rules.position(pos.fen, [uci]);
		if (version !== game.version) {
			return; // the game changed meanwhile
		}
		game.sans.push(san(pos, uci, after));
		game.moves.push(uci);
		game.positions.push(after);
		judge();
	} finally {
		busy = false;
	}
	refresh();
}

// judge sets the result when the game is over by the rules.
function judge() {
	const pos = current();
	const white = whiteToMove(pos);
	game.result = "*";
	game.resultText = "";
	if (pos.legal.length === 0) {
		if (pos.inCheck) {
			game.result = white ? "0-1" : "1-0";
			game.resultText = `Checkmate: ${white ? "Black" : "White"} wins`;
		} else {
			game.result = "1/2-1/2";
			game.resultText = "Stalemate: draw";
		}
	} else if (Number(pos.fen.split(" ")[4]) >= 100) {
		game.result = "1/2-1/2";
		game.resultText = "Draw by the fifty-move rule";
	} else if (game.positions.filter((p) => p.key === pos.key).length >= 3) {
		game.result = "1/2-1/2";
		game.resultText = "Draw by threefold repetition";
	} else if (insufficientMaterial(pos)) {
		game.result = "1/2-1/2";
		game.resultText = "Draw: neither side can mate";
	}
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
}

async function newGame(fen) {
	const start = await rules.position(fen || START_FEN);
	replaceGame();
	game.startFEN = start.fen;
	game.moves = [];
	game.sans = [];
	game.positions = [start];
	judge();
	clearMessage();
	engine.send("ucinewgame");
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
	judge();
	await refresh();
}

async function loadPGN(text) {
	const { tags, moves } = parsePGN(text);
	let pos = await rules.position(tags.FEN || START_FEN);
	const g = { startFEN: pos.fen, moves: [], sans: [], positions: [pos] };
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

// --- rendering --------------------------------------------------------------------

function render() {
	const pos = current();
	const white = whiteToMove(pos);
	let check = null;
	if (pos.inCheck) {
		check = Object.keys(pos.pieces).find((sq) => pos.pieces[sq] === (white ? "K" : "k"));
	}
	board.setPosition(pos.fen, usersTurn() ? pos.legal : [], game.moves[game.moves.length - 1], check);
	$("analysis").hidden = mode !== "analyse";
	const fenBox = $("fen");
	if (document.activeElement !== fenBox) {
		fenBox.value = pos.fen;
	}
	const pgnBox = $("pgn");
	if (document.activeElement !== pgnBox) {
		pgnBox.value = currentPGN();
	}
	renderMoves();
	let status;
	if (game.result !== "*") {
		status = game.resultText;
	} else if (mode === "analyse") {
		status = `Analysing, ${white ? "White" : "Black"} to move`;
	} else if (enginesTurn()) {
		status = "Matador is thinking…";
	} else {
		status = "Your move";
	}
	$("status").textContent = status;
}

function currentPGN() {
	const names = { white: ["You", "Matador"], black: ["Matador", "You"], watch: ["Matador", "Matador"], analyse: ["?", "?"] };
	const [w, b] = names[mode];
	const d = new Date();
	const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
	return pgnText({ Event: "Matador in the browser", Site: "?", Date: date, Round: "-", White: w, Black: b }, game.startFEN, game.sans, game.result);
}

function renderMoves() {
	const box = $("moves");
	box.textContent = "";
	let number = Number(game.startFEN.split(" ")[5]) || 1;
	let white = game.startFEN.split(" ")[1] !== "b";
	game.sans.forEach((s, i) => {
		if (white || i === 0) {
			const n = document.createElement("span");
			n.className = "number";
			n.textContent = white ? `${number}. ` : `${number}… `;
			box.appendChild(n);
		}
		const m = document.createElement("span");
		m.className = "move" + (i === game.sans.length - 1 ? " current" : "");
		m.textContent = s;
		box.appendChild(m);
		box.appendChild(document.createTextNode(" "));
		if (!white) {
			number++;
		}
		white = !white;
	});
	box.scrollTop = box.scrollHeight;
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

function onAnalysisInfo(line, pos) {
	const info = parseInfo(line);
	if (!info || !info.pv || !info.score) {
		return;
	}
	// Scores are the side to move's; the page shows White's.
	const sign = whiteToMove(pos) ? 1 : -1;
	analysis.lines[info.multipv - 1] = {
		depth: info.depth,
		bound: info.bound,
		score: { kind: info.score.kind, value: sign * info.score.value },
		pv: info.pv.slice(0, PV_PLIES),
		sans: null,
	};
	analysis.depth = Math.max(...analysis.lines.filter(Boolean).map((l) => l.depth));
	analysis.nodes = info.nodes || analysis.nodes;
	analysis.nps = info.nps || analysis.nps;
	scheduleAnalysisRender(pos);
}

let renderPending = false;

// The lines are drawn at most ten times a second, their moves in SAN
// once Rules has described each position of the line.
function scheduleAnalysisRender(pos) {
	if (renderPending) {
		return;
	}
	renderPending = true;
	setTimeout(async () => {
		renderPending = false;
		const generation = analysis.generation;
		renderAnalysis();
		for (const line of analysis.lines) {
			if (line && !line.sans) {
				line.sans = await pvSANs(pos, line.pv);
				if (generation !== analysis.generation) {
					return;
				}
			}
		}
		renderAnalysis();
	}, 100);
}

async function pvSANs(pos, pv) {
	const out = [];
	let before = pos;
	for (let i = 0; i < pv.length; i++) {
		if (!before.legal.includes(pv[i])) {
			break; // never from this engine; a line cut short is still true
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
		s = score.value > 0 ? `#${score.value}` : `#-${-score.value}`;
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

function renderAnalysis() {
	const head = $("analysis-head");
	const list = $("lines");
	list.textContent = "";
	if (game.result !== "*") {
		head.textContent = game.resultText;
		return;
	}
	if (analysis.lines.length === 0) {
		head.textContent = "Analysing…";
		return;
	}
	head.textContent = `Depth ${analysis.depth}, ${analysis.nodes.toLocaleString("en")} nodes, ${Math.round(analysis.nps / 1000)}k nodes a second`;
	const pos = current();
	analysis.lines.forEach((line) => {
		if (!line) {
			return;
		}
		const li = document.createElement("li");
		const score = document.createElement("span");
		score.className = "score";
		score.textContent = formatScore(line.score, line.bound);
		li.appendChild(score);
		li.appendChild(document.createTextNode(formatLine(pos, line)));
		list.appendChild(li);
	});
}

// formatLine numbers the moves of a line from the current position.
function formatLine(pos, line) {
	const moves = line.sans || line.pv;
	const fields = pos.fen.split(" ");
	let number = Number(fields[5]) || 1;
	let white = fields[1] === "w";
	const words = [];
	moves.forEach((m, i) => {
		if (white) {
			words.push(`${number}. ${m}`);
		} else {
			words.push(i === 0 ? `${number}… ${m}` : m);
			number++;
		}
		white = !white;
	});
	return " " + words.join(" ");
}

// --- controls -------------------------------------------------------------------------

const board = new Board($("board"), {
	onMove: (uci) => {
		if (!usersTurn() || !current().legal.includes(uci)) {
			return;
		}
		clearMessage();
		play(uci, game.version).catch(showError);
	},
});

function setMode(m) {
	mode = m;
	if (m === "white" || m === "black") {
		board.setFlipped(m === "black");
	}
	refresh();
}

document.querySelectorAll('input[name="mode"]').forEach((input) => {
	input.addEventListener("change", () => setMode(input.value));
});
$("level").addEventListener("change", () => refresh());
$("new-game").addEventListener("click", () => newGame().catch(showError));
$("take-back").addEventListener("click", () => takeBack().catch(showError));
$("flip").addEventListener("click", () => board.setFlipped(!board.flipped));
$("move-now").addEventListener("click", () => {
	if (search && mode !== "analyse") {
		engine.send("stop");
	}
});
$("load-fen").addEventListener("click", () => {
	newGame($("fen").value.trim()).catch((err) => showError(`FEN: ${err.message}`));
});
$("load-pgn").addEventListener("click", async () => {
	try {
		clearMessage();
		const g = await loadPGN($("pgn").value).catch(async (err) => {
			showError(err);
			return null;
		});
		if (!g) {
			return;
		}
		replaceGame();
		Object.assign(game, g);
		judge();
		engine.send("ucinewgame");
		document.querySelector('input[name="mode"][value="analyse"]').checked = true;
		$("pgn").blur();
		setMode("analyse");
	} catch (err) {
		showError(err);
	}
});
$("copy-pgn").addEventListener("click", () => {
	navigator.clipboard.writeText(currentPGN()).catch(() => $("pgn").select());
});

// The state of the page for its browser test (web/test/browser.mjs),
// which asserts on it rather than on pixels.
window.matadorPage = {
	state() {
		return {
			mode,
			fen: current() ? current().fen : "",
			moves: game.moves.slice(),
			sans: game.sans.slice(),
			legal: game.positions.map((p) => p.legal.slice()),
			result: game.result,
			resultText: game.resultText,
			status: $("status").textContent,
			thinking: search !== null,
			analysis: analysis.lines.filter(Boolean).map((l) => ({ depth: l.depth, score: l.score, pv: l.pv, sans: l.sans })),
			errors: errors.slice(),
		};
	},
};

(async () => {
	await engine.start({ Hash: 32 });
	await newGame();
})().catch(showError);
