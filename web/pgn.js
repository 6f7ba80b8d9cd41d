// pgn.js: games in PGN, read and written, with their variations,
// comments and NAGs.
import { START_FEN } from "./rules.js";

// The bounds of what is read: past them the reader gives up with a
// message rather than hold the page. The reader itself takes time in
// proportion to the text (each character is looked at a bounded number
// of times), so these only bound the memory and the work that follows
// (each move read is a question to the rules, game.js).
export const PGN_MAX_CHARS = 16 << 20;
export const PGN_MAX_DEPTH = 64; // variations within variations
export const PGN_MAX_GAMES = 10000;

const RESULTS = new Set(["1-0", "0-1", "1/2-1/2", "*"]);
const SUFFIX_NAGS = { "!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6 };
const TAG = /\[\s*(\w+)\s+"((?:[^"\\\n]|\\.)*)"\s*\]/y;
const WORD = /[^\s{}()[\];]+/y;
const SPACE = /\s/;

function fail(what) {
	throw new Error(`PGN: ${what}; nothing was loaded`);
}

// A move read: its SAN as written, its NAGs, the comment before it (the
// first move of a game or variation may have one) and after it, and the
// moves that follow: children[0] goes on the line, the others are
// variations (alternatives to children[0]).
function node(san, parent) {
	return { san, nags: [], before: "", comment: "", children: [], parent };
}

// parsePGNGames reads every game of a PGN text, in one pass: each is
// { tags, root, result }, root a node without a move whose children are
// the first moves. A result at the top level ends a game; a tag after
// moves starts the next.
export function parsePGNGames(text) {
	if (text.length > PGN_MAX_CHARS) {
		fail(`the text is ${(text.length / 1048576).toFixed(1)} MB, more than the ${PGN_MAX_CHARS >> 20} MB read`);
	}
	const games = [];
	let game = null;
	let cur = null; // the node the next move follows
	let stack = []; // the nodes to go back to at each ")"
	let pending = ""; // a comment for the next move
	let fresh = true; // no move yet in this game or variation: a comment is the next move's
	const begin = () => {
		if (games.length >= PGN_MAX_GAMES) {
			fail(`more than ${PGN_MAX_GAMES} games`);
		}
		const root = node("", null);
		game = { tags: {}, root, result: "*", moves: 0, ended: false };
		games.push(game);
		cur = root;
		stack = [];
		pending = "";
		fresh = true;
	};
	const started = () => game && (game.moves > 0 || pending !== "" || game.ended);
	const comment = (c) => {
		c = c.replace(/\[%eval [^\]]*\]/g, "").replace(/\s+/g, " ").trim(); // the review writes its own
		if (c === "") {
			return;
		}
		if (fresh) {
			pending = pending ? `${pending} ${c}` : c;
		} else {
			cur.comment = cur.comment ? `${cur.comment} ${c}` : c;
		}
	};
	let i = 0;
	const n = text.length;
	let lineStart = true;
	while (i < n) {
		const ch = text[i];
		if (ch === "\n") {
			lineStart = true;
			i++;
			continue;
		}
		// Any white space, as WORD stops at it: a no-break space of a game
		// copied from a web page, a byte-order mark at a text's start.
		if (SPACE.test(ch)) {
			i++;
			continue;
		}
		const atLineStart = lineStart;
		lineStart = false;
		if (ch === "%" && atLineStart) {
			const end = text.indexOf("\n", i); // an escaped line
			i = end < 0 ? n : end;
			continue;
		}
		if (ch === "[") {
			if (!game || started() || stack.length) {
				if (game && stack.length) {
					fail("a tag inside a variation (a \"(\" is never closed)");
				}
				begin();
			}
			TAG.lastIndex = i;
			const m = TAG.exec(text);
			if (!m) {
				fail(`a tag that is not [Name "value"] at "${text.slice(i, i + 30)}"`);
			}
			game.tags[m[1]] = m[2].replace(/\\(.)/g, "$1");
			i = TAG.lastIndex;
			continue;
		}
		if (!game || game.ended) {
			begin();
		}
		if (ch === "{") {
			const end = text.indexOf("}", i + 1);
			if (end < 0) {
				fail(`a comment that is never closed, from "${text.slice(i, i + 20)}"`);
			}
			comment(text.slice(i + 1, end));
			i = end + 1;
			continue;
		}
		if (ch === ";") {
			const end = text.indexOf("\n", i);
			comment(text.slice(i + 1, end < 0 ? n : end));
			i = end < 0 ? n : end;
			continue;
		}
		if (ch === "(") {
			if (cur === game.root || !cur.parent) {
				fail("a variation before any move");
			}
			if (stack.length >= PGN_MAX_DEPTH) {
				fail(`variations nested more than ${PGN_MAX_DEPTH} deep`);
			}
			// An alternative to the last move: it follows that move's parent.
			stack.push(cur);
			cur = cur.parent;
			pending = "";
			fresh = true;
			i++;
			continue;
		}
		if (ch === ")") {
			if (!stack.length) {
				fail('a ")" without its "("');
			}
			cur = stack.pop();
			pending = "";
			fresh = false;
			i++;
			continue;
		}
		if (ch === "}") {
			i++; // a stray one: nothing to close
			continue;
		}
		WORD.lastIndex = i;
		const m = WORD.exec(text);
		let word = m[0];
		i = WORD.lastIndex;
		if (word[0] === "$") {
			const nag = Number(word.slice(1));
			if (Number.isInteger(nag) && cur !== game.root) {
				cur.nags.push(nag);
			}
			continue;
		}
		if (RESULTS.has(word)) {
			if (stack.length) {
				continue; // a result inside a variation says nothing of the game
			}
			game.result = word;
			game.ended = true;
			continue;
		}
		// The move number: "12.", "12...", "12…", a bare "12", or dots
		// alone; not the 0 of castling written 0-0.
		word = word.replace(/^(?:\d+(?:\.|…)+|\d+$|(?:\.|…)+)/, "");
		if (word === "") {
			continue;
		}
		const suffix = /[!?]+$/.exec(word);
		if (suffix) {
			word = word.slice(0, -suffix[0].length);
			if (SUFFIX_NAGS[suffix[0]] && cur !== game.root && word === "") {
				cur.nags.push(SUFFIX_NAGS[suffix[0]]);
			}
		}
		if (word === "") {
			continue;
		}
		const next = node(word, cur);
		if (suffix && SUFFIX_NAGS[suffix[0]]) {
			next.nags.push(SUFFIX_NAGS[suffix[0]]);
		}
		next.before = pending;
		pending = "";
		cur.children.push(next);
		cur = next;
		fresh = false;
		game.moves++;
	}
	if (game && stack.length) {
		fail('a "(" that is never closed');
	}
	for (const g of games) {
		if (!RESULTS.has(g.tags.Result || "*")) {
			g.tags.Result = "*";
		}
		if (g.result === "*" && g.tags.Result) {
			g.result = g.tags.Result;
		}
		delete g.ended;
	}
	return games.filter((g) => g.moves > 0 || Object.keys(g.tags).length > 0);
}

// gameTitle names a game of a file for the choice among them.
export function gameTitle(g, index) {
	const t = g.tags;
	const who = t.White || t.Black ? `${t.White || "?"} – ${t.Black || "?"}` : `game ${index + 1}`;
	const where = [t.Event, t.Date].filter((x) => x && x !== "?" && !/^\?/.test(x)).join(", ");
	return `${index + 1}. ${who}${where ? ` (${where})` : ""} ${g.result} · ${g.moves} moves`;
}

// pgnText writes a game: tags, then the moves of the tree from root,
// variations in parentheses, wrapped at 79 columns. A node gives its san,
// and may give nags, before and comment; note(node) adds the page's own
// (the review's NAG and evaluation).
export function pgnText(tags, startFEN, root, result, note = () => null) {
	const lines = [];
	const all = Object.assign({}, tags, { Result: result });
	if (startFEN !== START_FEN) {
		all.SetUp = "1";
		all.FEN = startFEN;
	}
	for (const [k, v] of Object.entries(all)) {
		lines.push(`[${k} "${String(v).replace(/[\\"]/g, "\\$&")}"]`);
	}
	lines.push("");
	const fields = startFEN.split(" ");
	const words = [];
	if (root.comment) {
		words.push(`{ ${root.comment} }`);
	}
	writeLine(root, Number(fields[5]) || 1, fields[1] !== "b", true, words, note);
	words.push(result);
	let line = "";
	for (const w of words) {
		if (line !== "" && line.length + 1 + w.length > 79) {
			lines.push(line);
			line = w;
		} else {
			line = line === "" ? w : line + " " + w;
		}
	}
	lines.push(line);
	return lines.join("\n") + "\n";
}

// writeLine writes the line that follows from (its first children), each
// move's variations after it. An explicit loop along the line, and
// recursion only into variations, which the reader bounds.
function writeLine(from, number, white, numbered, words, note) {
	let at = from;
	while (at.children.length) {
		const [main, ...others] = at.children;
		numbered = writeMove(main, number, white, numbered, words, note);
		for (const v of others) {
			words.push("(");
			const after = writeMove(v, number, white, true, words, note);
			writeLine(v, white ? number : number + 1, !white, after, words, note);
			words.push(")");
			numbered = true;
		}
		if (!white) {
			number++;
		}
		white = !white;
		at = main;
	}
}

// writeMove writes one move; it returns whether the next needs its number
// written (after a comment or a variation, a Black move does).
function writeMove(n, number, white, numbered, words, note) {
	const extra = note(n) || {};
	if (n.before) {
		words.push(`{ ${n.before} }`);
		numbered = true;
	}
	words.push(white ? `${number}. ${n.san}` : numbered ? `${number}... ${n.san}` : n.san);
	const nags = n.nags && n.nags.length ? n.nags : extra.nag ? [extra.nag] : [];
	for (const g of nags) {
		words.push(`$${g}`);
	}
	const text = [extra.comment, n.comment].filter(Boolean).join(" ");
	if (text) {
		words.push(...`{ ${text} }`.split(" "));
		return true;
	}
	return false;
}
