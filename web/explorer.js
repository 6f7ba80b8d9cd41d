// explorer.js: the Techniques tab. It lists every technique with a switch
// (techniques-data.js, which "make web" writes from the engine's switches,
// the ablation ledger and the code: tools/techpage), and searches a
// position twice side by side, in two workers of their own: the engine as
// it plays, and the engine with one technique flipped by the UCI options
// Switches, EvalSwitches or Use NNUE. Per iteration it shows the depth,
// nodes, time and best move of each; a chart of nodes per depth on a log
// scale with the effective branching factor; and the final move, score
// and principal variation in SAN.
import { Board } from "./board.js";
import { pvSANs } from "./analysis.js";
import { viewed } from "./game.js";
import { formatScore, parseInfo } from "./info.js";
import { sanBase } from "./rules.js";
import { Engine } from "./engine.js";
import { state, WORKER } from "./state.js";
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

function technique(name) {
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

function positionFEN() {
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

// The two sides: index 0 the engine as it plays, 1 the technique flipped.
function sideLabels(t) {
	const as = t.default ? "on" : "off";
	const flipped = t.default ? "off" : "on";
	return [`${t.name} ${as}: the engine as it plays`, `${t.name} ${flipped}: flipped`];
}

// optionLines are the UCI lines that make a worker the engine as it plays
// (flip false) or the engine with t flipped, on the evaluation chosen. An
// empty Switches or EvalSwitches restores the defaults.
function optionLines(t, flip, evaluation) {
	const net = t.kind === "option" ? (flip ? t.flip === "true" : t.default) : evaluation === "net" && t.kind !== "eval";
	return [
		`setoption name Switches value ${flip && t.kind === "search" ? t.flip : ""}`,
		`setoption name EvalSwitches value ${flip && t.kind === "eval" ? t.flip : ""}`,
		`setoption name Use NNUE value ${net}`,
	];
}

// runBoth searches the position in both workers at once, to the same
// depth or for the same time.
async function runBoth() {
	const ex = state.explorer;
	if (ex.running) {
		return;
	}
	const t = technique(ex.technique);
	const fen = positionFEN();
	let pos;
	try {
		pos = await state.rules.position(fen);
	} catch (err) {
		showError(`Techniques: ${err.message}`);
		return;
	}
	if (pos.legal.length === 0) {
		showError("Techniques: the position has no legal move to search");
		return;
	}
	ex.running = true;
	const evaluation = $("ex-eval").value;
	ex.limit = $("ex-limit").value;
	$("ex-run").disabled = true;
	$("ex-stop").disabled = false;
	const labels = sideLabels(t);
	if (ex.sides.length === 0) {
		ex.sides = [0, 1].map(() => ({ engine: new Engine(WORKER), started: null }));
	}
	ex.sides.forEach((side, i) => {
		Object.assign(side, {
			label: labels[i], options: optionLines(t, i === 1, evaluation), fen, technique: t.name, limit: ex.limit,
			iterations: [], final: null, notes: [], running: true,
		});
	});
	renderSides();
	try {
		await Promise.all(ex.sides.map((side) => searchSide(side, pos)));
		ex.runs++;
	} catch (err) {
		showError(err);
	} finally {
		ex.running = false;
		$("ex-run").disabled = false;
		$("ex-stop").disabled = true;
		renderSides();
	}
}

// searchSide runs one side's search and collects its iterations: the
// last exact line of each depth (not a bound of an aspiration research).
async function searchSide(side, pos) {
	const e = side.engine;
	// The first search of a worker also sets up its tables and its net;
	// a search of depth 1 does that before any is timed.
	side.started = side.started || e.start({ Hash: 16 }).then(async () => {
		e.send("position startpos");
		e.send("go depth 1");
		await e.until((l) => l.startsWith("bestmove"));
	});
	await side.started;
	// What the engine says with "info string" during the run is kept and
	// shown: an option it refuses is said so.
	const notes = (line) => {
		if (line.startsWith("info string")) {
			side.notes.push(line.slice("info string ".length));
		}
	};
	e.listeners.push(notes);
	try {
		for (const line of side.options) {
			e.send(line);
		}
		// A fresh hash table each time, so that both sides start alike and
		// a search repeated gives the same nodes.
		e.send("ucinewgame");
		await e.ready();
		e.send(`position fen ${side.fen}`);
		e.send(`go ${side.limit}`);
		let last = null;
		const { line } = await untilBest(e, (l) => {
			const info = parseInfo(l);
			if (!info || !info.pv || !info.score || info.bound || info.multipv !== 1 || !info.depth) {
				return;
			}
			last = { depth: info.depth, nodes: info.nodes || 0, time: info.time || 0, pv: info.pv, score: info.score };
			const it = { depth: info.depth, nodes: last.nodes, time: last.time, best: info.pv[0], san: safeSAN(pos, info.pv[0]), score: info.score };
			const i = side.iterations.findIndex((x) => x.depth === it.depth);
			if (i >= 0) {
				side.iterations[i] = it;
			} else {
				side.iterations.push(it);
			}
			scheduleRender();
		});
		const best = line.split(" ")[1];
		const pv = last && last.pv[0] === best ? last.pv : [best];
		const sans = await pvSANs(pos, pv.slice(0, 16));
		side.final = { move: best, san: sans[0] || best, score: last ? last.score : null, pv, sans, depth: last ? last.depth : 0, nodes: last ? last.nodes : 0 };
	} finally {
		e.listeners.splice(e.listeners.indexOf(notes), 1);
		side.running = false;
	}
}

// untilBest passes each line to onLine until the bestmove, which it
// resolves with.
function untilBest(e, onLine) {
	const listener = (l) => onLine(l);
	e.listeners.push(listener);
	return e.until((l) => l.startsWith("bestmove")).finally(() => {
		e.listeners.splice(e.listeners.indexOf(listener), 1);
	});
}

function safeSAN(pos, uci) {
	return pos.legal.includes(uci) ? sanBase(pos, uci) : uci;
}

// The tables and the chart are drawn at most five times a second.
function scheduleRender() {
	if (state.explorer.renderQueued) {
		return;
	}
	state.explorer.renderQueued = true;
	setTimeout(() => {
		state.explorer.renderQueued = false;
		renderSides();
	}, 200);
}

function formatMs(ms) {
	return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

// ebf is the effective branching factor over the deeper half of the
// iterations: (nodes at the last depth / nodes at depth k)^(1/(D-k)).
// The first iterations are too small to say anything.
export function ebf(iterations) {
	const its = iterations.filter((x) => x.nodes > 0);
	if (its.length < 2) {
		return null;
	}
	const last = its[its.length - 1];
	const from = its.find((x) => x.depth >= Math.max(its[0].depth, Math.ceil(last.depth / 2))) || its[0];
	if (from === last || last.depth === from.depth) {
		return null;
	}
	return Math.pow(last.nodes / from.nodes, 1 / (last.depth - from.depth));
}

function renderSides() {
	const ex = state.explorer;
	ex.sides.forEach((side, i) => {
		const box = $(`ex-side-${i}`);
		box.textContent = "";
		const h = document.createElement("h3");
		h.textContent = side.label;
		box.appendChild(h);
		const opts = document.createElement("code");
		opts.className = "ex-options";
		opts.textContent = side.options.filter((l) => !/value $/.test(l)).map((l) => l.replace("setoption name ", "")).join(", ");
		box.appendChild(opts);
		const table = document.createElement("table");
		table.innerHTML = "<thead><tr><th>Depth</th><th>Nodes</th><th title='the nodes against the depth before'>×</th><th>Time</th><th>Best</th><th>Score</th></tr></thead>";
		const body = document.createElement("tbody");
		side.iterations.forEach((it, j) => {
			const tr = document.createElement("tr");
			const prev = side.iterations[j - 1];
			const ratio = prev && prev.nodes ? (it.nodes / prev.nodes).toFixed(1) : "";
			for (const v of [it.depth, it.nodes.toLocaleString("en"), ratio, formatMs(it.time), it.san, formatScore(it.score)]) {
				const td = document.createElement("td");
				td.textContent = v;
				tr.appendChild(td);
			}
			body.appendChild(tr);
		});
		table.appendChild(body);
		box.appendChild(table);
		const fin = document.createElement("div");
		fin.className = "ex-final";
		if (side.final) {
			const f = side.final;
			fin.textContent = `Plays ${f.san}, ${f.score ? formatScore(f.score) : "no score"} (the side to move's), depth ${f.depth}, ` +
				`${f.nodes.toLocaleString("en")} nodes. PV: ${f.sans.join(" ")}`;
		} else if (side.running) {
			fin.textContent = "Searching…";
		}
		box.appendChild(fin);
		for (const n of side.notes) {
			const p = document.createElement("div");
			p.className = "ex-note";
			p.textContent = `The engine says: ${n}`;
			box.appendChild(p);
		}
	});
	renderChart();
}

// renderChart draws the nodes each side searched to finish each depth, on
// a log scale, with each side's effective branching factor.
function renderChart() {
	const svg = $("ex-chart");
	const sides = state.explorer.sides.filter((s) => s.iterations && s.iterations.length);
	const text = $("ex-ebf");
	if (sides.length === 0) {
		svg.innerHTML = "";
		text.textContent = "";
		return;
	}
	const all = sides.flatMap((s) => s.iterations).filter((x) => x.nodes > 0);
	const maxDepth = Math.max(...all.map((x) => x.depth));
	const lo = Math.floor(Math.log10(Math.min(...all.map((x) => x.nodes))));
	const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...all.map((x) => x.nodes)))));
	const L = 56, R = 590, T = 14, B = 226;
	const x = (d) => L + ((d - 1) / Math.max(1, maxDepth - 1)) * (R - L);
	const y = (n) => B - ((Math.log10(n) - lo) / (hi - lo)) * (B - T);
	let out = `<rect class="bg" x="0" y="0" width="600" height="260"/>`;
	for (let p = lo; p <= hi; p++) {
		out += `<line class="grid" x1="${L}" x2="${R}" y1="${y(10 ** p)}" y2="${y(10 ** p)}"/>` +
			`<text class="axis" x="${L - 6}" y="${y(10 ** p) + 4}" text-anchor="end">10${sup(p)}</text>`;
	}
	for (let d = 1; d <= maxDepth; d++) {
		out += `<text class="axis" x="${x(d)}" y="${B + 16}" text-anchor="middle">${d}</text>`;
	}
	out += `<text class="axis" x="${(L + R) / 2}" y="${B + 32}" text-anchor="middle">depth</text>`;
	state.explorer.sides.forEach((s, i) => {
		const pts = (s.iterations || []).filter((it) => it.nodes > 0);
		if (pts.length === 0) {
			return;
		}
		out += `<polyline class="side${i}" points="${pts.map((it) => `${x(it.depth).toFixed(1)},${y(it.nodes).toFixed(1)}`).join(" ")}"/>`;
		for (const it of pts) {
			out += `<circle class="side${i}" cx="${x(it.depth).toFixed(1)}" cy="${y(it.nodes).toFixed(1)}" r="3"><title>depth ${it.depth}: ${it.nodes.toLocaleString("en")} nodes</title></circle>`;
		}
	});
	svg.innerHTML = out;
	text.textContent = "";
	state.explorer.sides.forEach((s, i) => {
		const b = ebf(s.iterations || []);
		const div = document.createElement("div");
		div.className = `ex-ebf side${i}`;
		div.textContent = `${s.label}: effective branching factor ${b ? b.toFixed(2) : "—"}`;
		text.appendChild(div);
	});
	const cmp = compareText(state.explorer.sides);
	if (cmp) {
		const div = document.createElement("div");
		div.className = "ex-compare";
		div.textContent = cmp;
		text.appendChild(div);
	}
	const note = document.createElement("div");
	note.className = "ex-chart-note";
	note.textContent = "The chart: the nodes searched to finish each depth, on a log scale. The effective branching factor is " +
		"(nodes at the last depth ÷ nodes at depth k)^(1/(last − k)), k half the last depth: how many times the tree grows a ply.";
	text.appendChild(note);
}

// compareText says how the two searches differ at the deepest depth both
// finished, and whether they play the same move.
function compareText(sides) {
	if (sides.length !== 2 || !sides[0].iterations || !sides[1].iterations) {
		return "";
	}
	const [a, b] = sides;
	const common = a.iterations.map((x) => x.depth).filter((d) => b.iterations.some((y) => y.depth === d));
	if (common.length === 0) {
		return "";
	}
	const d = Math.max(...common);
	const na = a.iterations.find((x) => x.depth === d).nodes;
	const nb = b.iterations.find((x) => x.depth === d).nodes;
	let s = `To depth ${d}, the flipped engine searched ${na ? (nb / na).toFixed(2) : "—"} times the nodes of the engine as it plays.`;
	if (a.final && b.final) {
		s += a.final.move === b.final.move ? ` Both play ${a.final.san}.` : ` They play different moves: ${a.final.san} and ${b.final.san}.`;
	}
	return s;
}

function sup(p) {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
	return String(p).replace("-", "⁻").replace(/\d/g, (d) => digits[d]);
}

// stopBoth ends both searches; each still reports its last iteration and
// its move.
export function stopBoth() {
	for (const side of state.explorer.sides) {
		if (side.running) {
			side.engine.send("stop");
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
