// rules.js: the chess of the page, asked of the engine itself. The page
// runs two copies of matador.worker.js: one searches (Engine), the other
// (Rules) answers questions about positions in UCI, with the engine's own
// move generator: "position" and "d" give the FEN, the hash key and the
// checking pieces, "go perft 1" lists the legal moves. From those this
// file writes and reads moves in SAN (pgn.js reads and writes games).
import { FILES, parsePlacement } from "./board.js";
import { Engine } from "./engine.js";

export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// startPosition describes the start position as Rules.position does,
// without its hash key (key: null): the page shows a playable board with
// it before the engine's module has loaded, and takes the key from Rules
// when that answers.
export function startPosition() {
	const legal = [];
	for (const f of FILES) {
		legal.push(`${f}2${f}3`, `${f}2${f}4`);
	}
	legal.push("b1a3", "b1c3", "g1f3", "g1h3");
	return { fen: START_FEN, key: null, inCheck: false, legal, pieces: parsePlacement(START_FEN) };
}

// FEN_MAX bounds the text taken for a FEN: the longest has under 100
// characters, and this leaves room for odd spacing.
const FEN_MAX = 1000;

// Rules answers questions one at a time, in order.
export class Rules {
	constructor(url) {
		this.engine = new Engine(url);
		this.queue = Promise.resolve();
		this.cache = new Map();
		this.started = null; // at the first question
	}

	// position describes the position after moves (UCI) from fen:
	// { fen, key, inCheck, legal: [uci...], pieces: {square: piece} }. It
	// rejects a position the engine refuses, with the engine's reason.
	position(fen, moves = []) {
		// The engine drops a line over a megabyte unread, and "d" would
		// then describe the position it held before (some line of the
		// analysis) as this one's: a text that long is refused here.
		if (fen.length > FEN_MAX) {
			return Promise.reject(new Error(`bad FEN: ${fen.length.toLocaleString("en")} characters, where a FEN has fewer than 100`));
		}
		const id = fen + "|" + moves.join(" ");
		if (this.cache.has(id)) {
			return this.cache.get(id);
		}
		const job = this.queue.then(() => this.ask(fen, moves));
		this.queue = job.catch(() => {});
		this.cache.set(id, job);
		job.catch(() => this.cache.delete(id));
		if (this.cache.size > 5000) {
			this.cache.delete(this.cache.keys().next().value);
		}
		return job;
	}

	async ask(fen, moves) {
		// A hash table of 1 MB: this copy never searches.
		this.started = this.started || this.engine.start({ Hash: 1 });
		await this.started;
		const e = this.engine;
		// "d" is answered at once and "go perft" on the search goroutine,
		// so the diagram comes first and "Nodes searched" last.
		e.send(`position fen ${fen}` + (moves.length ? " moves " + moves.join(" ") : ""));
		e.send("d");
		e.send("go perft 1");
		const { lines } = await e.until((l) => l.startsWith("Nodes searched:"));
		const info = { fen: "", key: "", inCheck: false, legal: [] };
		for (const l of lines) {
			if (l.startsWith("info string position:")) {
				throw new Error(l.slice("info string position: ".length).replace(/; position unchanged$/, ""));
			} else if (l.startsWith("Fen: ")) {
				info.fen = l.slice(5);
			} else if (l.startsWith("Key: ")) {
				info.key = l.slice(5);
			} else if (l.startsWith("Checkers:")) {
				info.inCheck = l !== "Checkers: none";
			} else {
				const m = /^([a-h][1-8][a-h][1-8][qrbn]?): \d+$/.exec(l);
				if (m) {
					info.legal.push(m[1]);
				}
			}
		}
		info.pieces = parsePlacement(info.fen);
		return info;
	}
}

// sanBase writes a legal move in SAN, without the check sign, in the
// position pos (from Rules.position).
export function sanBase(pos, uci) {
	const from = uci.slice(0, 2);
	const to = uci.slice(2, 4);
	const piece = pos.pieces[from];
	const kind = piece.toUpperCase();
	if (kind === "K" && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2) {
		return to[0] === "g" ? "O-O" : "O-O-O";
	}
	const capture = !!pos.pieces[to] || (kind === "P" && from[0] !== to[0]);
	let san = "";
	if (kind === "P") {
		san = (capture ? from[0] + "x" : "") + to;
		if (uci.length === 5) {
			san += "=" + uci[4].toUpperCase();
		}
		return san;
	}
	// Disambiguation: the other pieces of the kind that can go there too.
	const rivals = pos.legal.filter((m) => m !== uci && m.slice(2, 4) === to && m.length === 4 && pos.pieces[m.slice(0, 2)] === piece);
	let which = "";
	if (rivals.length > 0) {
		if (!rivals.some((m) => m[0] === from[0])) {
			which = from[0];
		} else if (!rivals.some((m) => m[1] === from[1])) {
			which = from[1];
		} else {
			which = from;
		}
	}
	return kind + which + (capture ? "x" : "") + to;
}

// san adds "+" or "#" from the position after the move.
export function san(pos, uci, after) {
	let s = sanBase(pos, uci);
	if (after.inCheck) {
		s += after.legal.length === 0 ? "#" : "+";
	}
	return s;
}

// parseSAN finds the legal move that text (SAN, or UCI) names in pos, or
// returns null. It forgives what people write and what other programs
// export: 0-0 and o-o, e8Q and e8=q, a missing x, check signs and
// annotations, and more of the origin square than SAN needs, up to long
// algebraic notation (Ng1f3, Bf1-b5, e2-e4, Nb1xc3).
export function parseSAN(pos, text) {
	const trimmed = text.trim().replace(/^[oO0]-[oO0](-[oO0])?(?=[+#!?]*$)/, (c) => (c.length > 3 ? "O-O-O" : "O-O"));
	const clean = (s) => s.replace(/[+#!?]/g, "").replace(/0/g, "O").replace(/=/g, "").replace(/x/g, "").replace(/^P(?=[a-h])/, "");
	const want = clean(trimmed);
	if (pos.legal.includes(trimmed.toLowerCase())) {
		return trimmed.toLowerCase();
	}
	const matches = pos.legal.filter((m) => clean(sanBase(pos, m)) === want);
	if (matches.length === 1) {
		return matches[0];
	}
	// The piece, as much of its square as is given, the target and the
	// piece promoted to: the one legal move that fits.
	const m = /^([NBRQK])?([a-h])?([1-8])?([a-h][1-8])([NBRQnbrq])?$/.exec(want.replace(/-/g, ""));
	if (!m) {
		return null;
	}
	const [, kind, file, rank, to, promo] = m;
	const fits = pos.legal.filter((u) => pos.pieces[u.slice(0, 2)].toUpperCase() === (kind || "P") &&
		u.slice(2, 4) === to && (!file || u[0] === file) && (!rank || u[1] === rank) && (u[4] || "") === (promo || "").toLowerCase());
	return fits.length === 1 ? fits[0] : null;
}
