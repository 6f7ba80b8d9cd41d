// explorer-chart.js: the Techniques tab's chart of nodes per depth, its
// effective branching factors and the comparison of the two searches.
import { state } from "./state.js";
import { $ } from "./ui.js";

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

// renderChart draws the nodes each side searched to finish each depth, on
// a log scale, with each side's effective branching factor.
export function renderChart() {
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
