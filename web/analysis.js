// analysis.js: the live analysis of the position shown in Analyse: the
// lines in SAN, the evaluation bar and the arrow of the best move.
import { RULES_ENDS, addMove, atEnd, viewId, viewed, whiteToMove } from "./game.js";
import { formatScore, parseInfo, terminalScore, winChance } from "./info.js";
import { san } from "./rules.js";
import { refresh } from "./search.js";
import { state } from "./state.js";
import { $, showError } from "./ui.js";

const PV_PLIES = 12; // moves of a principal variation shown

// clearAnalysis empties the analysis at once: the lines, the bar and the
// arrow belong to the position they were computed for.
// pending: the position is about to change (a move is being made), so no
// line is taken until it has.
export function clearAnalysis(pending) {
	state.analysis.lines = [];
	state.analysis.shown = [];
	state.analysis.converting = [];
	state.analysis.depth = 0;
	state.analysis.nodes = 0;
	state.analysis.view = pending || !state.game.positions.length ? "" : viewId();
	state.board.setArrows([]);
	renderAnalysis();
}

export function onAnalysisInfo(line, pos, view) {
	if (view !== viewId() || view !== state.analysis.view) {
		return; // a line of a search for another position
	}
	const info = parseInfo(line);
	if (!info || !info.pv || !info.score) {
		return;
	}
	// Scores are the side to move's; the page shows White's.
	const sign = whiteToMove(pos) ? 1 : -1;
	const index = info.multipv - 1;
	if (info.bound && state.analysis.shown[index]) {
		return; // a bound of a search under way: the last exact line stays
	}
	const entry = {
		depth: info.depth,
		bound: info.bound,
		score: { kind: info.score.kind, value: sign * info.score.value },
		pv: info.pv.slice(0, PV_PLIES),
		sans: null,
	};
	state.analysis.lines[index] = entry;
	state.analysis.depth = Math.max(...state.analysis.lines.filter(Boolean).map((l) => l.depth));
	state.analysis.nodes = info.nodes || state.analysis.nodes;
	state.analysis.nps = info.nps || state.analysis.nps;
	// The moves in SAN, then shown: until then the line shown before stays.
	if (!state.analysis.converting[index]) {
		convertLine(index, pos, view).catch(showError);
	}
}

// convertLine writes the newest line of a rank in SAN and shows it, then
// the newest again if another came meanwhile: one at a time, so that the
// rules are never asked for lines already replaced, and the lines shown
// keep up with the search.
export async function convertLine(index, pos, view) {
	const converting = state.analysis.converting;
	converting[index] = true;
	try {
		// (clearAnalysis gives the analysis new arrays: this one's lines are
		// then gone.)
		const live = () => view === state.analysis.view && converting === state.analysis.converting;
		for (;;) {
			const entry = state.analysis.lines[index];
			if (!entry || !live()) {
				return;
			}
			const sans = await pvSANs(pos, entry.pv, live);
			if (!sans || !live()) {
				return;
			}
			entry.sans = sans;
			state.analysis.shown[index] = entry;
			scheduleAnalysisRender();
			if (state.analysis.lines[index] === entry) {
				return;
			}
		}
	} finally {
		converting[index] = false;
	}
}

// The lines are drawn at most ten times a second.
export function scheduleAnalysisRender() {
	if (state.renderPending) {
		return;
	}
	state.renderPending = true;
	setTimeout(() => {
		state.renderPending = false;
		renderAnalysis();
	}, 100);
}

// pvSANs writes a line in SAN, or gives null once wanted() says that a
// newer line has replaced it (the rules are then not asked on for it).
export async function pvSANs(pos, pv, wanted = () => true) {
	const out = [];
	let before = pos;
	for (let i = 0; i < pv.length; i++) {
		if (!before.legal.includes(pv[i])) {
			break; // never from this engine; a line cut short is still true
		}
		if (!wanted()) {
			return null;
		}
		const after = await state.rules.position(pos.fen, pv.slice(0, i + 1));
		out.push(san(before, pv[i], after));
		before = after;
	}
	return out;
}

export function renderAnalysis() {
	const head = $("analysis-head");
	const list = $("lines");
	list.textContent = "";
	const pos = state.game.positions.length ? viewed() : null;
	const bar = $("evalbar");
	if (!pos) {
		return;
	}
	if (atEnd() && RULES_ENDS.includes(state.game.reason) && pos.legal.length > 0) {
		head.textContent = state.game.resultText;
		setEvalBar({ kind: "cp", value: 0 });
		state.board.setArrows([]);
		return;
	}
	if (pos.legal.length === 0) {
		head.textContent = pos.inCheck ? "Checkmate" : "Stalemate";
		setEvalBar(terminalScore(pos));
		state.board.setArrows([]);
		return;
	}
	const lines = state.analysis.shown.filter(Boolean);
	if (!state.analysisOn) {
		head.textContent = "The engine is off";
		$("eval-figure").textContent = "–";
		state.board.setArrows([]);
		return;
	}
	if (lines.length === 0) {
		head.textContent = state.mode === "analyse" ? "Analysing…" : "";
		const r = state.game.review[state.cursor];
		if (r) {
			setEvalBar(r.score);
		} else {
			bar.style.setProperty("--white", "0.5");
			bar.dataset.white = "0.500";
			bar.querySelector(".label").textContent = "";
			$("eval-figure").textContent = "–";
		}
		state.board.setArrows([]);
		return;
	}
	head.textContent = `Depth ${state.analysis.depth}, ${state.analysis.nodes.toLocaleString("en")} nodes, ${Math.round(state.analysis.nps / 1000)}k nodes a second`;
	state.analysis.shown.forEach((line, index) => {
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
	const best = state.analysis.shown[0] && state.analysis.shown[0].pv[0];
	state.board.setArrows(best ? [{ from: best.slice(0, 2), to: best.slice(2, 4), kind: "best" }] : []);
}

export function setEvalBar(score) {
	const bar = $("evalbar");
	const share = (1 + winChance(score)) / 2;
	bar.style.setProperty("--white", share.toFixed(3));
	bar.dataset.white = share.toFixed(3);
	bar.querySelector(".label").textContent = formatScore(score).replace(/^\+/, "");
	$("eval-figure").textContent = formatScore(score);
}

// appendLine writes a line's moves, numbered from the position shown;
// each move is a button that plays the line up to it.
export function appendLine(li, pos, line, index) {
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
export async function playLine(moves) {
	if (state.mode !== "analyse" || state.busy) {
		return;
	}
	state.busy = true;
	clearAnalysis(true);
	try {
		let version = state.game.version;
		for (const uci of moves) {
			const pos = viewed();
			const after = await state.rules.position(pos.fen, [uci]);
			if (version !== state.game.version) {
				return;
			}
			addMove(state.cursor, uci, pos, after);
			version = state.game.version;
		}
	} finally {
		state.busy = false;
	}
	refresh();
}
