// explorer-search.js: the Techniques tab's two searches, each in a worker
// of its own, and their tables.
import { pvSANs } from "./analysis.js";
import { Engine } from "./engine.js";
import { renderChart } from "./explorer-chart.js";
import { positionFEN, technique } from "./explorer.js";
import { formatScore, parseInfo } from "./info.js";
import { sanBase } from "./rules.js";
import { WORKER, state } from "./state.js";
import { $, showError } from "./ui.js";

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
export async function runBoth() {
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
	ex.stopped = false;
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
		// Stopped before its search began (the tab left while the
		// worker was still loading): a "stop" sent then found nothing to
		// stop, and the search would run its whole limit unseen.
		if (state.explorer.stopped) {
			return;
		}
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

export function renderSides() {
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

// stopBoth ends both searches; each still reports its last iteration and
// its move.
export function stopBoth() {
	state.explorer.stopped = true; // a search not yet begun does not begin
	for (const side of state.explorer.sides) {
		if (side.running) {
			side.engine.send("stop");
		}
	}
}
