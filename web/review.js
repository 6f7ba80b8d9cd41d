// review.js: "Analyse this game": a score for every position, the
// mistakes judged, the graph and the summary.
import { clearAnalysis } from "./analysis.js";
import { goTo, syncReview, whiteToMove } from "./game.js";
import { parseInfo, terminalScore, winChance } from "./info.js";
import { positionCommand, refresh, startSearch } from "./search.js";
import { state } from "./state.js";
import { $, showMessage } from "./ui.js";
import { playerNames, render, renderMoves } from "./view.js";

// judgement of the move that led to position ply, from the review: the
// winning chances its mover lost, with lichess's bounds.
export function judgement(ply) {
	const n = state.game.line[ply];
	return n ? nodeJudgement(n) : "";
}

// nodeJudgement judges a move of the tree by the review's scores before
// and after it (the review scores a line; a move off it has none).
export function nodeJudgement(n) {
	const before = n.parent && n.parent.review;
	const after = n.review;
	if (!before || !after) {
		return "";
	}
	const moverWhite = whiteToMove(n.parent.pos);
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

// stopReview ends a review under way: its scores belong to the game it
// started on, and it must not hold the engine once that game is replaced
// or its view left (the reply of a game in Play would wait for it). The
// search it runs is stopped by the refresh that follows.
export function stopReview() {
	if (!state.reviewing) {
		return;
	}
	state.reviewing = false;
	state.reviewRun++;
	$("review-status").textContent = "";
	if (state.search) {
		state.engine.send("stop");
	}
}

export async function reviewGame() {
	if (state.reviewing) {
		return;
	}
	if (state.game.moves.length === 0) {
		showMessage("No moves to analyse: play or load a game first.", true);
		return;
	}
	if (!state.engineReady) {
		showMessage("The engine is still loading: try again in a moment.", true);
		return;
	}
	// Take the engine from the analysis.
	await state.refreshQueue;
	const token = ++state.refreshToken;
	if (state.search) {
		state.engine.send("stop");
		await state.search.done;
	}
	state.reviewing = true;
	const run = ++state.reviewRun;
	const live = () => run === state.reviewRun && version === state.game.version;
	clearAnalysis();
	const version = state.game.version;
	const ms = Number($("review-time").value);
	const nodes = state.game.line.slice();
	const n = nodes.length;
	for (const node of nodes) {
		node.review = null;
	}
	syncReview();
	render();
	try {
		state.engine.send("setoption name UCI_LimitStrength value false");
		state.engine.send("setoption name Skill Level value 20");
		state.engine.send("setoption name MultiPV value 1");
		state.engine.send("setoption name UCI_AnalyseMode value true");
		for (let i = 0; i < n; i++) {
			if (!live()) {
				return;
			}
			$("review-status").textContent = `Analysing position ${i + 1} of ${n}…`;
			const pos = nodes[i].pos;
			const sign = whiteToMove(pos) ? 1 : -1;
			if (pos.legal.length === 0) {
				nodes[i].review = { score: terminalScore(pos) };
				syncReview();
				continue;
			}
			let score = { kind: "cp", value: 0 };
			const best = await startSearch([positionCommand(i)], `go movetime ${ms}`, (line) => {
				const info = parseInfo(line);
				if (info && info.score && !info.bound && info.multipv === 1) {
					score = { kind: info.score.kind, value: sign * info.score.value };
				}
			});
			if (!live()) {
				return; // stopped: the scores are of another game
			}
			if (best === null) {
				$("review-status").textContent = "";
				return; // the engine ended: said (search.js); the review stops
			}
			nodes[i].review = { score, best };
			syncReview();
			renderMoves();
			renderGraph();
		}
		$("review-status").textContent = "";
		renderSummary();
	} finally {
		if (run === state.reviewRun) {
			state.reviewing = false;
			if (token === state.refreshToken) {
				refresh();
			}
		}
	}
}

export function renderSummary() {
	const count = { w: { inaccuracy: 0, mistake: 0, blunder: 0 }, b: { inaccuracy: 0, mistake: 0, blunder: 0 } };
	for (let ply = 1; ply < state.game.review.length; ply++) {
		const j = judgement(ply);
		if (j) {
			count[whiteToMove(state.game.positions[ply - 1]) ? "w" : "b"][j]++;
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
export function renderGraph() {
	const svg = $("graph");
	const r = state.game.review;
	// (An SVG element has no "hidden" property: the attribute it is.)
	if (r.length < 2 || state.mode !== "analyse") {
		svg.setAttribute("hidden", "");
		if (r.length === 0) {
			$("review-summary").textContent = "";
		}
		return;
	}
	svg.removeAttribute("hidden");
	const n = state.game.positions.length - 1;
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
		`<line class="mid" x1="0" y1="60" x2="600" y2="60"/><line class="cursor" x1="${x(state.cursor)}" y1="0" x2="${x(state.cursor)}" y2="120"/>${dots}`;
	svg.dataset.points = String(r.length);
}

$("graph").addEventListener("click", (e) => {
	const box = $("graph").getBoundingClientRect();
	const n = state.game.positions.length - 1;
	goTo(Math.round(((e.clientX - box.left) / box.width) * n));
});
