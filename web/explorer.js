// explorer.js: the Techniques tab. It lists every technique with a switch
// (techniques-data.js, which "make web" writes from the engine's switches,
// the ablation ledger and the code: tools/techpage), and searches a
// position twice side by side, in two workers of their own: the engine as
// it plays, and the engine with one technique flipped by the UCI options
// Switches, EvalSwitches or Use NNUE. Per iteration it shows the depth,
// nodes, time and best move of each; a chart of nodes per depth on a log
// scale with the effective branching factor; and the final move, score
// and principal variation in SAN.
// This module draws the list and the choices; explorer-search.js runs
// the two searches, explorer-chart.js draws their chart.
import { Board } from "./board.js";
import { renderSides, runBoth, stopBoth } from "./explorer-search.js";
import { viewed } from "./game.js";
import { state } from "./state.js";
import { $, showError } from "./ui.js";

// Prepared positions, each where some technique shows what it does.
const POSITIONS = {
	zugzwang: {
		name: "Zugzwang: a rook ending where passing would be best",
		fen: "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1",
	},
	queenZugzwang: {
		name: "Zugzwang: queen and rook against queen",
		fen: "1q1k4/2Rr4/8/2Q3K1/8/8/8/8 w - - 0 1",
	},
	horizon: {
		name: "Horizon: captures and checks everywhere (Kiwipete)",
		fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	},
	quiet: {
		name: "A quiet middlegame (Queen's Gambit Declined)",
		fen: "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 8",
	},
	attack: {
		name: "A king attack (Italian, Ng5)",
		fen: "r1bqk2r/pppp1ppp/2n2n2/2b1p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 6 5",
	},
	pawnEnding: {
		name: "A pawn ending decided by tempi",
		fen: "8/5p2/4k1p1/3p3p/3P3P/4K1P1/5P2/8 w - - 0 1",
	},
};

// Which prepared positions suit a technique: by name, then by a pattern
// of names; the quiet middlegame otherwise.
const SUITS = [
	[/^(NullMove|NullVerify|StaticREBEL)$/, ["zugzwang", "queenZugzwang"]],
	[/^(QS|HorizonTrick|LazyEval|SEEPruning|SEEQuiet|CaptureHistory|LMRCaptures|ProbCut|OrderingHints|MateKiller|HangingNoReduce|UseThreats)/, ["horizon"]],
	[/^(CheckExt|KingPressureExt|SafeChecksOnly|UseKing|UsePoorlyDefended|MateDistance)/, ["attack"]],
	[/^(PawnEndingExt|PawnPushExt|UsePassed|UseComplexity|UsePawnLead|UseScal|UseMopUp)/, ["pawnEnding"]],
];

function suitedPositions(name) {
	for (const [re, keys] of SUITS) {
		if (re.test(name)) {
			return keys;
		}
	}
	return ["quiet"];
}

const BOARD_POSITION = "board";

// showExplorer draws the tab, loading its data the first time.
export async function showExplorer() {
	if (state.explorer.built) {
		renderAbout();
		renderBoard(); // the board's position may have changed meanwhile
		return;
	}
	state.explorer.built = true;
	const ex = state.explorer;
	try {
		ex.data = (await import("./techniques-data.js")).default;
	} catch (err) {
		$("ex-list").textContent = "The list of techniques (techniques-data.js) is missing: \"make web\" writes it.";
		showError(`Techniques: ${err.message || err}`);
		return;
	}
	state.explorer.board = new Board($("ex-board"), { onMove: () => {} });
	fillTechniques();
	renderList();
	selectTechnique(ex.technique || "NullMove");
	renderSides();
}

function allTechniques() {
	return state.explorer.data ? state.explorer.data.groups.flatMap((g) => g.techniques) : [];
}

export function technique(name) {
	return allTechniques().find((t) => t.name === name);
}

function fillTechniques() {
	const sel = $("ex-technique");
	sel.textContent = "";
	for (const g of state.explorer.data.groups) {
		const og = document.createElement("optgroup");
		og.label = g.name;
		for (const t of g.techniques) {
			const o = document.createElement("option");
			o.value = t.name;
			o.textContent = `${t.name} (${t.default ? "on" : "off"})`;
			og.appendChild(o);
		}
		sel.appendChild(og);
	}
}

// selectTechnique makes a technique the one explored, with the positions
// that suit it offered first.
function selectTechnique(name) {
	const ex = state.explorer;
	const t = technique(name) || allTechniques()[0];
	ex.technique = t.name;
	$("ex-technique").value = t.name;
	const sel = $("ex-position");
	sel.textContent = "";
	const suited = suitedPositions(t.name);
	const add = (value, text) => {
		const o = document.createElement("option");
		o.value = value;
		o.textContent = text;
		sel.appendChild(o);
	};
	for (const key of suited) {
		add(key, `${POSITIONS[key].name} (where it matters)`);
	}
	add(BOARD_POSITION, "The board's position");
	for (const key of Object.keys(POSITIONS)) {
		if (!suited.includes(key)) {
			add(key, POSITIONS[key].name);
		}
	}
	ex.position = suited[0];
	sel.value = ex.position;
	// An evaluation switch acts on the classical evaluation only, and the
	// net's own switch is the evaluation: the choice is then made for it.
	// A search switch plays on the evaluation last chosen.
	const evalSel = $("ex-eval");
	evalSel.disabled = t.kind !== "search";
	evalSel.value = t.kind === "eval" ? "classical" : t.kind === "option" ? "net" : ex.evaluation;
	renderAbout();
	renderBoard();
}

export function positionFEN() {
	const key = state.explorer.position;
	return key === BOARD_POSITION ? viewed().fen : POSITIONS[key].fen;
}

function renderBoard() {
	if (state.explorer.board) {
		state.explorer.board.setPosition(positionFEN(), [], null, null);
	}
}

// worthText says what the ablation measured, or that it measured nothing.
function worthText(t) {
	const w = t.worth;
	if (!w || !w.games) {
		return "not in the ablation's games (it acts on the net, which the ablation does not play)";
	}
	const sign = w.elo > 0 ? "+" : w.elo < 0 ? "−" : "";
	return `${sign}${Math.abs(w.elo).toFixed(1)} ± ${w.err.toFixed(1)} Elo in ${w.games} games at ${w.tc}, ` +
		`${w.wins}-${w.losses}-${w.draws}, the ${w.eval} evaluation on both sides` +
		(t.default ? "" : " (measured turning it on)");
}

function switchText(t) {
	if (t.kind === "option") {
		return `setoption name ${t.option} value ${t.flip}`;
	}
	return `setoption name ${t.kind === "eval" ? "EvalSwitches" : "Switches"} value ${t.flip}`;
}

function codeText(t) {
	return t.code.map((c) => `${c.file} ${c.func}${c.step ? ` step ${c.step}` : ""}`).join("; ") || "—";
}

function docLink(group) {
	const a = document.createElement("a");
	a.href = ($("explorer").dataset.docs || "") + group.doc;
	a.textContent = `docs/techniques.md: ${group.name}`;
	a.target = "_blank";
	a.rel = "noopener";
	return a;
}

function groupOf(name) {
	return state.explorer.data.groups.find((g) => g.techniques.some((t) => t.name === name));
}

// entry writes what the tab says of a technique into el.
function entry(el, t, withButton) {
	const head = document.createElement("div");
	head.className = "ex-head";
	const name = document.createElement("strong");
	name.textContent = t.name;
	head.appendChild(name);
	const on = document.createElement("span");
	on.className = "ex-default " + (t.default ? "on" : "off");
	on.textContent = t.default ? "on" : "off";
	head.appendChild(on);
	if (withButton) {
		const b = document.createElement("button");
		b.type = "button";
		b.textContent = "Explore";
		b.dataset.technique = t.name;
		b.addEventListener("click", () => {
			selectTechnique(t.name);
			$("ex-technique").scrollIntoView({ behavior: "smooth", block: "center" });
		});
		head.appendChild(b);
	}
	el.appendChild(head);
	const p = document.createElement("p");
	p.textContent = t.description;
	el.appendChild(p);
	const dl = document.createElement("dl");
	for (const [k, v] of [["Worth", worthText(t)], ["Code", codeText(t)], ["Switch", switchText(t)], ["Source", t.source],
		["Depends on", t.depends || ""]]) {
		if (!v) {
			continue;
		}
		const dt = document.createElement("dt");
		dt.textContent = k;
		const dd = document.createElement("dd");
		dd.textContent = v;
		if (k === "Worth") {
			dd.className = "ex-worth";
		}
		dl.append(dt, dd);
	}
	el.appendChild(dl);
}

function renderAbout() {
	const t = technique(state.explorer.technique);
	const box = $("ex-about");
	box.textContent = "";
	if (!t) {
		return;
	}
	entry(box, t, false);
	box.appendChild(docLink(groupOf(t.name)));
}

function renderList() {
	const box = $("ex-list");
	box.textContent = "";
	for (const g of state.explorer.data.groups) {
		const h = document.createElement("h3");
		h.textContent = `${g.name} (${g.techniques.length})`;
		h.appendChild(document.createTextNode(" "));
		h.appendChild(docLink(g));
		box.appendChild(h);
		for (const t of g.techniques) {
			const div = document.createElement("div");
			div.className = "ex-entry";
			div.dataset.technique = t.name;
			entry(div, t, true);
			div.appendChild(docLink(g));
			box.appendChild(div);
		}
	}
}

// explorerReport is what the browser test reads of the tab.
export function explorerReport() {
	const ex = state.explorer;
	return {
		loaded: !!ex.data,
		listed: allTechniques().map((t) => t.name),
		technique: ex.technique,
		position: ex.position,
		limit: ex.limit,
		running: ex.running,
		runs: ex.runs,
		sides: ex.sides.map((s) => ({
			label: s.label, options: s.options, fen: s.fen, technique: s.technique,
			iterations: (s.iterations || []).map((it) => ({ depth: it.depth, nodes: it.nodes, time: it.time, best: it.best, san: it.san })),
			final: s.final ? { move: s.final.move, san: s.final.san, score: s.final.score, sans: s.final.sans, depth: s.final.depth, nodes: s.final.nodes } : null,
			notes: (s.notes || []).slice(),
		})),
	};
}

// wireExplorer connects the tab's controls.
export function wireExplorer() {
	$("ex-technique").addEventListener("change", () => selectTechnique($("ex-technique").value));
	$("ex-position").addEventListener("change", () => {
		state.explorer.position = $("ex-position").value;
		renderBoard();
	});
	$("ex-eval").addEventListener("change", () => {
		state.explorer.evaluation = $("ex-eval").value;
	});
	$("ex-run").addEventListener("click", () => runBoth().catch(showError));
	$("ex-stop").addEventListener("click", stopBoth);
}
