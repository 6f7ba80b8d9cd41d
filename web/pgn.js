// pgn.js: games in PGN, read and written.
import { START_FEN } from "./rules.js";

// parsePGN reads the first game of a PGN text: its tags, its moves as
// SAN tokens (comments, variations, move numbers and NAGs dropped) and
// its result (the tag's, else the movetext's, else "*").
export function parsePGN(text) {
	const tags = {};
	const body = text.replace(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm, (_, name, value) => {
		tags[name] = value.replace(/\\(.)/g, "$1");
		return "";
	});
	let s = body.replace(/\{[^}]*\}/g, " ").replace(/;[^\n]*/g, " ");
	// Variations nest: remove the innermost until none is left.
	let before;
	do {
		before = s;
		s = s.replace(/\([^()]*\)/g, " ");
	} while (s !== before);
	let result = tags.Result || "*";
	const tokens = s
		.replace(/\$\d+/g, " ")
		.replace(/\d+\.(\.\.)?/g, " ")
		.split(/\s+/)
		.filter((t) => {
			if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)) {
				if (result === "*") {
					result = t;
				}
				return false;
			}
			return t !== "";
		});
	if (!/^(1-0|0-1|1\/2-1\/2|\*)$/.test(result)) {
		result = "*";
	}
	return { tags, moves: tokens, result };
}

// pgnText writes a game: tags, then the moves wrapped at 79 columns;
// notes[i], where given, follows move i (a NAG, a comment).
export function pgnText(tags, startFEN, sans, result, notes = []) {
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
	let number = Number(fields[5]) || 1;
	let white = fields[1] !== "b";
	const words = [];
	sans.forEach((s, i) => {
		if (white) {
			words.push(`${number}. ${s}`);
		} else {
			words.push(i === 0 || notes[i - 1] ? `${number}... ${s}` : s);
			number++;
		}
		if (notes[i]) {
			words.push(...notes[i].split(" "));
		}
		white = !white;
	});
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
