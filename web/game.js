// game.js: the game, a start position and a tree of moves with the line
// shown through it, and what changes it: a move (a step, or a new
// variation), a line chosen, a take back, a new game, a FEN or PGN
// loaded, the end of the game.
import { clearAnalysis } from "./analysis.js";
import { clockMove, flagFell, setupClock, stopClock } from "./clock.js";
import { applyMode, setModeControl } from "./controls.js";
import { gameTitle, parsePGNGames } from "./pgn.js";
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
	if (state.busy || state.restoring || !viewed().legal.length) {
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
	let clocked = false;
	try {
		const pos = state.game.positions[ply];
		// The mover's clock stops now, not when the rules have answered;
		// a move after the mover's flag fell does not count.
		if (ply === state.game.moves.length && state.game.moves[ply] !== uci) {
			if (flagFell()) {
				return;
			}
			clockMove(whiteToMove(pos));
			clocked = true;
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
	// The other clock starts once the move is on the board (refresh has
	// just drawn it): the wait for the rules is not its time, and a
	// player is not charged for a move not yet shown.
	if (clocked && state.clock.running && state.game.result === "*") {
		state.clock.since = performance.now();
	}
}

// The game is a tree of moves (state.js): each node a move with the
// position after it, its first child the line's continuation, the others
// variations. game.line is the line shown, root to its end; game.moves,
// sans, positions and review are that line's, as the rest of the page
// reads them.
let nodeIds = 0;

export function makeNode(parent, uci, sanText, pos, byId = state.game.byId) {
	const n = { id: ++nodeIds, uci, san: sanText, pos, parent, children: [], nags: [], before: "", comment: "", review: null };
	byId.set(n.id, n);
	return n;
}

// mainFrom is node and the moves that follow it by first children.
export function mainFrom(n) {
	const out = [n];
	while (n.children.length) {
		n = n.children[0];
		out.push(n);
	}
	return out;
}

export function pathTo(n) {
	const out = [];
	for (; n; n = n.parent) {
		out.push(n);
	}
	return out.reverse();
}

export function isMainLine() {
	const line = state.game.line;
	for (let k = 1; k < line.length; k++) {
		if (line[k - 1].children[0] !== line[k]) {
			return false;
		}
	}
	return true;
}

// syncLine derives the line's arrays from its nodes; treeVersion tells the
// move list (view.js) to draw itself again.
export function syncLine() {
	const g = state.game;
	g.moves = g.line.slice(1).map((n) => n.uci);
	g.sans = g.line.slice(1).map((n) => n.san);
	g.positions = g.line.map((n) => n.pos);
	syncReview();
}

// syncReview: the review's scores along the line, as far as they go
// unbroken.
export function syncReview() {
	const g = state.game;
	const r = [];
	for (const n of g.line) {
		if (!n.review) {
			break;
		}
		r.push(n.review);
	}
	g.review = r;
	g.treeVersion++;
}

// lineChanged: the result of the line now shown. The main line keeps a
// result that is not the rules' (a PGN's, a resignation); a variation is
// judged by the rules alone.
export function lineChanged() {
	syncLine();
	const main = state.game.mainResult;
	state.game.result = "*";
	state.game.reason = "";
	state.game.resultText = "";
	judge(); // the rules first: a PGN's 1-0 after a mate is a win by checkmate
	if (state.game.result === "*" && main && isMainLine()) {
		endGame(main.result, main.reason, true);
	}
	if (state.game.result !== "*") {
		stopClock();
	}
}

// addMove puts a move after ply of the line: the line's next move is a
// step; a move already in the tree there goes into its line; another
// move at the end of the line extends it, and elsewhere starts a
// variation, the line that was there kept.
export function addMove(ply, uci, pos, after) {
	const g = state.game;
	if (g.moves[ply] === uci) {
		state.cursor = ply + 1;
		sound(false);
		return;
	}
	const parent = g.line[ply];
	const capture = !!pos.pieces[uci.slice(2, 4)] || Object.keys(after.pieces).length < Object.keys(pos.pieces).length;
	let child = parent.children.find((c) => c.uci === uci);
	if (child) {
		g.line = g.line.slice(0, ply + 1).concat(mainFrom(child));
	} else {
		child = makeNode(parent, uci, san(pos, uci, after), after);
		parent.children.push(child);
		if (parent.children.length === 1 && g.line[0].children[0] && isMainLine()) {
			g.mainResult = null; // the main line goes on: its result, if any, is gone
		}
		g.line = g.line.slice(0, ply + 1).concat([child]);
	}
	if (ply + 1 < g.positions.length) {
		g.version++; // another line: what was computed for the old one is dropped
	}
	state.cursor = ply + 1;
	lineChanged();
	sound(capture);
}

// goToNode shows the position after a move of the tree, on the line
// through it that goes on by first children (→ then follows the main
// continuation, as the move list shows it).
export function goToNode(n) {
	const g = state.game;
	const path = pathTo(n);
	const k = path.length - 1;
	const line = path.concat(mainFrom(n).slice(1));
	if (line.length !== g.line.length || line.some((x, i) => x !== g.line[i])) {
		g.line = line;
		g.version++;
		lineChanged();
		if (state.search) {
			state.engine.send("stop");
		}
	}
	state.cursor = -1; // (goTo then draws it, even at the same ply)
	goTo(k);
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

// rulesResult is the result the rules give the end of a line of nodes
// (root first), or "*": what the main line holds when another line is
// shown (judge sets the result of the line shown).
export function rulesResult(line) {
	const pos = line[line.length - 1].pos;
	if (pos.legal.length === 0) {
		return pos.inCheck ? (whiteToMove(pos) ? "0-1" : "1-0") : "1/2-1/2";
	}
	const drawn = Number(pos.fen.split(" ")[4]) >= 100 || insufficientMaterial(pos) ||
		(pos.key && line.filter((n) => n.pos.key === pos.key).length >= 3);
	return drawn ? "1/2-1/2" : "*";
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
	if (!RULES_ENDS.includes(reason) && isMainLine()) {
		state.game.mainResult = { result, reason }; // the game's, kept while variations are looked at
	}
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

// insufficientMaterial: no series of moves can mate, as lichess judges
// it: the kings alone, a king and one knight or bishop against a king, or
// kings and bishops only, every bishop on squares of one colour (a bishop
// never leaves its colour, and no other piece can block a king's flight).
export function insufficientMaterial(pos) {
	const others = Object.entries(pos.pieces).filter(([, p]) => p.toLowerCase() !== "k");
	if (others.length === 0 || (others.length === 1 && "nbNB".includes(others[0][1]))) {
		return true;
	}
	if (!others.every(([, p]) => p.toLowerCase() === "b")) {
		return false;
	}
	const colour = ([sq]) => (sq.charCodeAt(0) + Number(sq[1])) % 2;
	return others.every((o) => colour(o) === colour(others[0]));
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
	state.game.byId = new Map();
	state.game.root = makeNode(null, "", "", start);
	state.game.line = [state.game.root];
	state.game.mainResult = null;
	syncLine();
	state.game.result = "*";
	state.game.reason = "";
	state.cursor = 0;
	state.pgnEdited = false;
	// A draw offer is judged by Matador's view of this game: none yet.
	state.stats.engineScore = null;
	setupClock();
	judge();
}

// implausible says why a position cannot come from a game, or "": the
// engine takes any placement with one king a side, but a side has at most
// 16 men, 8 pawns, none on its first or last rank, and no more promoted
// pieces than pawns it lacks.
export function implausible(pieces) {
	for (const [side, name] of [["w", "White"], ["b", "Black"]]) {
		const own = Object.entries(pieces).filter(([, p]) => (p === p.toUpperCase()) === (side === "w"));
		const count = (k) => own.filter(([, p]) => p.toLowerCase() === k).length;
		const pawns = count("p");
		if (own.length > 16) {
			return `${name} has ${own.length} men, more than the 16 of a game`;
		}
		if (pawns > 8) {
			return `${name} has ${pawns} pawns, more than 8`;
		}
		if (own.some(([sq, p]) => p.toLowerCase() === "p" && (sq[1] === "1" || sq[1] === "8"))) {
			return `${name} has a pawn on the first or last rank`;
		}
		const extra = Math.max(0, count("q") - 1) + Math.max(0, count("r") - 2) + Math.max(0, count("b") - 2) + Math.max(0, count("n") - 2);
		if (extra > 8 - pawns) {
			const queens = count("q");
			return `${name} has ${queens > 1 ? `${queens} queens` : "more pieces"} with ${pawns} pawns: ${extra} promoted pieces, more than the ${8 - pawns} pawns it lacks`;
		}
	}
	return "";
}

export async function newGame(fen) {
	const start = fen ? await state.rules.position(fen) : state.engineReady ? await state.rules.position(START_FEN) : startPosition();
	const why = fen ? implausible(start.pieces) : "";
	if (why) {
		throw new Error(`${why}; the position is not set`);
	}
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
	// The moves taken back leave the tree too.
	const g = state.game;
	for (let k = 0; k < plies; k++) {
		const n = g.line.pop();
		n.parent.children.splice(n.parent.children.indexOf(n), 1);
		g.byId.delete(n.id);
	}
	g.mainResult = null;
	state.cursor = g.line.length - 1;
	lineChanged();
	if (state.clock.on && state.game.result === "*") {
		stopClock();
		state.clock.running = state.game.moves.length ? (whiteToMove(current()) ? "w" : "b") : null;
		state.clock.since = performance.now();
	}
	await refresh();
}

// PGN_MAX_MOVES bounds the moves of a game read, variations included:
// each is a question to the rules.
export const PGN_MAX_MOVES = 6000;

// The Variant tags of standard chess (lichess writes "Standard", and
// "From Position" for a game from a FEN).
const STANDARD_VARIANTS = ["", "standard", "chess", "normal", "from position"];

// loadPGN makes a game read by parsePGNGames into the page's tree: each
// move checked and its position computed by the rules.
export async function loadPGN(parsed) {
	if (parsed.moves > PGN_MAX_MOVES) {
		throw new Error(`PGN: the game has ${parsed.moves} moves with its variations, more than the ${PGN_MAX_MOVES} read; nothing was loaded`);
	}
	const tags = parsed.tags;
	// Another variant's moves (Chess960's castling, crazyhouse's drops)
	// would be refused one by one, or read wrongly: it is said at once.
	if (tags.Variant && !STANDARD_VARIANTS.includes(tags.Variant.trim().toLowerCase())) {
		throw new Error(`PGN: the game is ${tags.Variant}, a variant the page does not play (standard chess only); nothing was loaded`);
	}
	const start = await state.rules.position(tags.FEN || START_FEN);
	// A FEN tag is held to the FEN box's rule: a position that no game
	// can reach is refused, not played.
	const why = tags.FEN ? implausible(start.pieces) : "";
	if (why) {
		throw new Error(`PGN: its FEN tag: ${why}; nothing was loaded`);
	}
	// Moves are named as the PGN numbers them, from its start position.
	const [, side, , , , fullmove] = start.fen.split(" ");
	const moveName = (ply, text) => {
		const k = ply + (side === "b" ? 1 : 0);
		return `${(Number(fullmove) || 1) + Math.floor(k / 2)}${k % 2 ? "..." : "."} ${text}`;
	};
	const byId = new Map();
	{
		const root = makeNode(null, "", "", start, byId);
		// Depth first, by an explicit stack: a line is as long as the game.
		const todo = [[parsed.root, root, 0]];
		while (todo.length) {
			const [from, to, ply] = todo.pop();
			for (let c = from.children.length - 1; c >= 0; c--) {
				const m = from.children[c];
				const uci = parseSAN(to.pos, m.san);
				if (!uci) {
					throw new Error(`PGN: ${moveName(ply, m.san)} is not a legal move there; nothing was loaded`);
				}
				const after = await state.rules.position(to.pos.fen, [uci]);
				const n = makeNode(to, uci, san(to.pos, uci, after), after, byId);
				n.nags = m.nags.slice();
				n.before = m.before;
				n.comment = m.comment;
				to.children.unshift(n);
				todo.push([m, n, ply + 1]);
			}
		}
		return { startFEN: start.fen, tags, root, byId, result: parsed.result };
	}
}

// openPGN loads a PGN text: its one game, or of several the one chosen
// (index), the others offered in a list.
export async function openPGN(text) {
	clearMessage();
	if (text.trim() === "") {
		showError("PGN: the box is empty; paste a game, or open a file");
		return;
	}
	let games;
	try {
		games = parsePGNGames(text);
		if (games.length === 0) {
			throw new Error("PGN: no game in the text; nothing was loaded");
		}
	} catch (err) {
		showError(err);
		return;
	}
	await openGame(games, 0);
}

// openGame loads game index of a text's games.
export async function openGame(games, index) {
	clearMessage();
	let g;
	try {
		g = await loadPGN(games[index]);
	} catch (err) {
		showError(err);
		return;
	}
	state.pgnGames = games;
	offerGames(games, index);
	setModeControl("analyse");
	state.mode = "analyse";
	freshGame(g.root.pos);
	Object.assign(state.game, { startFEN: g.startFEN, tags: g.tags, root: g.root, byId: g.byId });
	state.game.line = mainFrom(g.root);
	state.cursor = state.game.line.length - 1;
	if (g.result !== "*") {
		state.game.mainResult = { result: g.result, reason: "pgn" };
	}
	lineChanged();
	if (state.engineReady) {
		state.engine.send("ucinewgame");
	}
	$("pgn").blur();
	state.pgnEdited = false;
	applyMode();
}

// offerGames lists the games of a text of several, to choose one; a text
// of one game hides the list.
function offerGames(games, index) {
	const box = $("pgn-choice");
	const list = $("pgn-games");
	box.hidden = games.length < 2;
	list.textContent = "";
	if (games.length < 2) {
		return;
	}
	$("pgn-count").textContent = `${games.length} games in the text:`;
	games.forEach((g, i) => {
		const o = document.createElement("option");
		o.value = String(i);
		o.textContent = gameTitle(g, i);
		list.appendChild(o);
	});
	list.value = String(index);
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
