// view.js: the page drawn from the state: board, names, status, banner,
// move list and the PGN written out.
import { clearAnalysis, renderAnalysis } from "./analysis.js";
import { renderClocks } from "./clock.js";
import { REASONS, atEnd, enginesTurn, isMainLine, mainFrom, rulesResult, usersTurn, viewId, viewed, whiteToMove } from "./game.js";
import { formatScore } from "./info.js";
import { pgnText } from "./pgn.js";
import { nodeJudgement, renderGraph } from "./review.js";
import { saveSoon } from "./saved.js";
import { loadingText } from "./search.js";
import { state } from "./state.js";
import { $ } from "./ui.js";

// bannerText says the result to the player: You won, Matador wins, Draw.
export function bannerText() {
	const how = REASONS[state.game.reason] || "";
	if (state.game.result === "1/2-1/2") {
		return `Draw ${how}`.trim();
	}
	const whiteWon = state.game.result === "1-0";
	if (state.mode === "white" || state.mode === "black") {
		return ((state.mode === "white") === whiteWon ? "You won " : "Matador wins ") + how;
	}
	return `${whiteWon ? "White" : "Black"} wins ${how}`.trim();
}

export function render() {
	const pos = viewed();
	const white = whiteToMove(pos);
	let check = null;
	if (pos.inCheck) {
		check = Object.keys(pos.pieces).find((sq) => pos.pieces[sq] === (white ? "K" : "k"));
	}
	state.board.setPosition(pos.fen, usersTurn() ? pos.legal : [], state.game.moves[state.cursor - 1], check);
	if (state.stats.playableAt === undefined && usersTurn()) {
		state.stats.playableAt = performance.now(); // since the page was opened: the browser test reads it
	}
	if (viewId() !== state.analysis.view) {
		clearAnalysis();
	}
	document.body.dataset.mode = state.mode;
	$("analysis").hidden = state.mode !== "analyse";
	$("evalbar").hidden = state.mode !== "analyse" || !state.analysisOn;
	const fenBox = $("fen");
	if (document.activeElement !== fenBox) {
		fenBox.value = pos.fen;
	}
	// The PGN is written only while its panel is open: for a long game it
	// is the costliest part of a step through it.
	const pgnBox = $("pgn");
	if ($("share").open && !state.pgnEdited && document.activeElement !== pgnBox) {
		pgnBox.value = currentPGN();
	}
	renderNames();
	renderClocks();
	renderMoves();
	renderAnalysis();
	renderGraph();
	const banner = $("banner");
	banner.hidden = state.game.result === "*";
	banner.textContent = state.game.result === "*" ? "" : bannerText();
	const userWhite = state.mode === "white" ? true : state.mode === "black" ? false : null;
	banner.className = state.game.result === "1/2-1/2" || userWhite === null ? "draw" : userWhite === (state.game.result === "1-0") ? "won" : "lost";
	let status;
	if (state.restoring) {
		status = "Taking back the game of your last visit…";
	} else if (state.reviewing) {
		status = "Analysing the game…";
	} else if (!atEnd() && state.mode !== "analyse") {
		status = `Move ${state.cursor} of ${state.game.moves.length} shown (End to return)`;
	} else if (pos.legal.length === 0 || (state.game.result !== "*" && atEnd())) {
		status = ""; // the banner says how the game ended
	} else if (state.mode === "analyse") {
		status = `Analysing, ${white ? "White" : "Black"} to move`;
	} else if (state.game.result !== "*") {
		status = "";
	} else if (enginesTurn()) {
		status = state.engineReady ? "Matador is thinking…" : `Matador waits for its engine to load (${loadingText()})…`;
	} else {
		status = state.engineReady ? "Your move" : `Your move (the engine is loading: ${loadingText()})`;
	}
	$("status").textContent = status;
	// Resign and Offer draw are the user's against Matador, Move now
	// Matador's in play: none once the game is over.
	const playing = (state.mode === "white" || state.mode === "black") && state.game.result === "*";
	$("resign").hidden = !playing;
	$("offer-draw").hidden = !playing;
	$("move-now").hidden = state.mode === "analyse" || state.game.result !== "*";
	saveSoon();
}

export function renderNames() {
	const names = playerNames();
	$("name-white").textContent = names[0];
	$("name-black").textContent = names[1];
	$("board-col").classList.toggle("flipped", state.board.flipped);
}

export function playerNames() {
	if (state.mode === "analyse" && (state.game.tags.White || state.game.tags.Black)) {
		return [state.game.tags.White || "?", state.game.tags.Black || "?"];
	}
	const level = $("level").selectedOptions[0].textContent;
	const m = `Matador (${level})`;
	const names = { white: ["You", m], black: [m, "You"], watch: [m, m], analyse: ["White", "Black"] };
	return names[state.mode];
}

export function currentPGN() {
	const d = new Date();
	const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
	const [w, b] = playerNames();
	const tags = Object.keys(state.game.tags).length ? Object.assign({}, state.game.tags) :
		{ Event: "Matador in the browser", Site: "?", Date: date, Round: "-", White: w, Black: b };
	if (!state.game.tags.TimeControl && state.clock.on && state.mode !== "analyse") {
		tags.TimeControl = `${state.clock.base / 1000}+${state.clock.inc / 1000}`;
	}
	if (state.game.reason === "time") {
		tags.Termination = "time forfeit";
	}
	// The result is the main line's: a variation shown has none of its own.
	const main = state.game.mainResult;
	const result = isMainLine() ? state.game.result : main ? main.result : rulesResult(mainFrom(state.game.root));
	return pgnText(tags, state.game.startFEN, state.game.root, result, moveNote);
}

// moveNote: after "Analyse this game", a move's NAG and evaluation.
export function moveNote(n) {
	if (!n.review) {
		return null;
	}
	const s = n.review.score;
	return {
		nag: { inaccuracy: 6, mistake: 2, blunder: 4 }[nodeJudgement(n)] || 0,
		comment: `[%eval ${s.kind === "mate" ? "#" + s.value : (s.value / 100).toFixed(2)}]`,
	};
}

export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const NAG_MARKS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

// renderMoves draws the move tree: the main line in rows of two moves,
// each move's comment and variations in a block below its row. The tree is
// drawn again only when it has changed (game.treeVersion); a step through
// the game only moves the highlight, so that a long game steps at once.
export function renderMoves() {
	const box = $("moves");
	const key = `${state.game.treeVersion}|${state.game.result}|${state.game.resultText}|${state.game.root && state.game.root.id}`;
	if (box.dataset.key !== key) {
		drawTree(box);
		box.dataset.key = key;
	}
	const old = box.querySelector(".current");
	const n = state.game.line[state.cursor];
	const cur = state.cursor > 0 && n ? n.el : null;
	if (old !== cur) {
		if (old) {
			old.classList.remove("current");
		}
		if (cur) {
			cur.classList.add("current");
		}
	}
	// The line shown is marked, so that a variation followed can be told.
	if (cur && box.scrollHeight > box.clientHeight) {
		const top = cur.offsetTop - box.offsetTop;
		if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 30) {
			box.scrollTop = top - box.clientHeight / 2;
		}
	}
}

function moveLabel(n) {
	const j = nodeJudgement(n);
	const nag = n.nags.map((g) => NAG_MARKS[g] || "").join("");
	return n.san + (nag || MARKS[j] || "");
}

function drawTree(box) {
	box.textContent = "";
	const root = state.game.root;
	let number = Number(state.game.startFEN.split(" ")[5]) || 1;
	let white = state.game.startFEN.split(" ")[1] !== "b";
	let numbered = true; // a Black move starts a row of its own
	let at = root;
	let ply = 0;
	const cell = (cls, text) => {
		const c = document.createElement("span");
		c.className = cls;
		c.textContent = text;
		box.appendChild(c);
	};
	while (at.children.length) {
		const [main, ...others] = at.children;
		ply++;
		if (shown(main.before)) {
			if (!white && !numbered) {
				cell("move empty", "");
			}
			box.appendChild(block([commentSpan(shown(main.before))]));
			numbered = true;
		}
		if (white) {
			cell("number", `${number}.`);
		} else if (numbered) {
			cell("number", `${number}.`);
			cell("move empty", "…");
		}
		const m = document.createElement("button");
		m.type = "button";
		const j = nodeJudgement(main);
		m.className = "move" + (j ? " " + j : "");
		m.dataset.ply = String(ply);
		m.dataset.node = String(main.id);
		m.textContent = moveLabel(main);
		if (main.review) {
			const e = document.createElement("small");
			e.className = "eval";
			e.textContent = formatScore(main.review.score);
			m.appendChild(e);
		}
		main.el = m;
		box.appendChild(m);
		const parts = [];
		if (shown(main.comment)) {
			parts.push(commentSpan(shown(main.comment)));
		}
		for (const v of others) {
			parts.push(variation(v, number, white));
		}
		if (parts.length) {
			if (white) {
				cell("move empty", "");
			}
			box.appendChild(block(parts));
			numbered = true;
		} else {
			numbered = false;
		}
		if (!white) {
			number++;
		}
		white = !white;
		at = main;
	}
	if (state.game.result !== "*" && isMainLine()) {
		const r = document.createElement("span");
		r.className = "result";
		r.textContent = `${state.game.result} ${state.game.resultText}`;
		box.appendChild(r);
	}
}

function block(parts) {
	const d = document.createElement("div");
	d.className = "branch";
	for (const p of parts) {
		d.appendChild(p);
	}
	return d;
}

// shown is a comment as the move list shows it: without the commands
// that programs embed for programs ([%clk 0:02:58], [%emt ...], [%cal
// ...], [%csl ...]: lichess writes a clock after every move), which the
// PGN written out keeps. A comment of commands alone is not shown.
function shown(text) {
	return text ? text.replace(/\[%[^\]]*\]/g, "").replace(/\s+/g, " ").trim() : "";
}

function commentSpan(text) {
	const c = document.createElement("span");
	c.className = "comment";
	c.textContent = text;
	return c;
}

// variation writes a variation inline: its moves (each a button to go to
// it), comments, and the variations within it in parentheses. Along the
// line by a loop; recursion only into variations, which PGN reading
// bounds in depth.
function variation(first, number, white) {
	const d = document.createElement("span");
	d.className = "variation";
	let numbered = true;
	const write = (n) => {
		if (shown(n.before)) {
			d.appendChild(commentSpan(shown(n.before)));
			numbered = true;
		}
		const b = document.createElement("span");
		b.className = "move vmove";
		// Inline in the text, yet a button to the keyboard as to the mouse.
		b.tabIndex = 0;
		b.setAttribute("role", "button");
		b.dataset.node = String(n.id);
		b.textContent = (white ? `${number}. ` : numbered ? `${number}… ` : "") + moveLabel(n);
		n.el = b;
		d.appendChild(b);
		d.appendChild(document.createTextNode(" "));
		numbered = false;
		if (shown(n.comment)) {
			d.appendChild(commentSpan(shown(n.comment)));
			numbered = true;
		}
	};
	const advance = () => {
		if (!white) {
			number++;
		}
		white = !white;
	};
	write(first);
	advance();
	for (let n = first; n.children.length;) {
		const [main, ...others] = n.children;
		write(main);
		for (const v of others) {
			d.appendChild(variation(v, number, white));
			numbered = true;
		}
		advance();
		n = main;
	}
	return d;
}
