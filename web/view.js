// view.js: the page drawn from the state: board, names, status, banner,
// move list and the PGN written out.
import { clearAnalysis, renderAnalysis } from "./analysis.js";
import { renderClocks } from "./clock.js";
import { REASONS, atEnd, enginesTurn, usersTurn, viewId, viewed, whiteToMove } from "./game.js";
import { formatScore } from "./info.js";
import { pgnText } from "./pgn.js";
import { judgement, renderGraph } from "./review.js";
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
	$("evalbar").hidden = state.mode !== "analyse";
	const fenBox = $("fen");
	if (document.activeElement !== fenBox) {
		fenBox.value = pos.fen;
	}
	const pgnBox = $("pgn");
	if (!state.pgnEdited && document.activeElement !== pgnBox) {
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
	if (state.reviewing) {
		status = "Analysing the game…";
	} else if (!atEnd() && state.mode !== "analyse") {
		status = `Move ${state.cursor} of ${state.game.moves.length} shown (End to return)`;
	} else if (pos.legal.length === 0 || (state.game.result !== "*" && atEnd())) {
		status = state.game.resultText;
	} else if (state.mode === "analyse") {
		status = `Analysing, ${white ? "White" : "Black"} to move`;
	} else if (state.game.result !== "*") {
		status = state.game.resultText;
	} else if (enginesTurn()) {
		status = "Matador is thinking…";
	} else {
		status = "Your move";
	}
	$("status").textContent = status;
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
	return pgnText(tags, state.game.startFEN, state.game.sans, state.game.result, moveNotes());
}

// moveNotes: after "Analyse this game", each move's NAG and evaluation.
export function moveNotes() {
	const notes = [];
	for (let i = 0; i < state.game.moves.length; i++) {
		const r = state.game.review[i + 1];
		if (!r) {
			notes.push("");
			continue;
		}
		const nag = { inaccuracy: "$6 ", mistake: "$2 ", blunder: "$4 " }[judgement(i + 1)] || "";
		notes.push(`${nag}{ [%eval ${r.score.kind === "mate" ? "#" + r.score.value : (r.score.value / 100).toFixed(2)}] }`);
	}
	return notes;
}

export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export function renderMoves() {
	const box = $("moves");
	box.textContent = "";
	let number = Number(state.game.startFEN.split(" ")[5]) || 1;
	let white = state.game.startFEN.split(" ")[1] !== "b";
	state.game.sans.forEach((s, i) => {
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
		m.className = "move" + (i + 1 === state.cursor ? " current" : "") + (j ? " " + j : "");
		m.dataset.ply = String(i + 1);
		m.textContent = s + (MARKS[j] || "");
		const r = state.game.review[i + 1];
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
	if (state.game.result !== "*") {
		const r = document.createElement("span");
		r.className = "result";
		r.textContent = `${state.game.result} ${state.game.resultText}`;
		box.appendChild(r);
	}
	const cur = box.querySelector(".current");
	if (cur && cur.scrollIntoView && box.scrollHeight > box.clientHeight) {
		box.scrollTop = cur.offsetTop - box.offsetTop - box.clientHeight / 2;
	}
}
