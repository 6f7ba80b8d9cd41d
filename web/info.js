// info.js: reading the engine's info lines and writing its scores.
import { whiteToMove } from "./game.js";

export const INFO_FIELDS = new Set(["depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "time"]);

// parseInfo reads the fields of an "info" line that the page shows.
export function parseInfo(line) {
	const f = line.split(" ");
	const info = { multipv: 1 };
	for (let i = 1; i < f.length; i++) {
		if (INFO_FIELDS.has(f[i])) {
			info[f[i]] = Number(f[++i]);
		} else if (f[i] === "score") {
			info.score = { kind: f[++i], value: Number(f[++i]) };
			if (f[i + 1] === "lowerbound" || f[i + 1] === "upperbound") {
				info.bound = f[++i];
			}
		} else if (f[i] === "pv") {
			info.pv = f.slice(i + 1);
			break;
		} else if (f[i] === "string" || f[i] === "currmove") {
			return null;
		}
	}
	return info;
}

export function formatScore(score, bound) {
	let s;
	if (score.kind === "mate") {
		s = score.value === 0 ? "#" : score.value > 0 ? `#${score.value}` : `#-${-score.value}`;
	} else {
		const pawns = score.value / 100;
		s = (pawns > 0 ? "+" : "") + pawns.toFixed(2);
	}
	if (bound === "lowerbound") {
		s += "≥";
	} else if (bound === "upperbound") {
		s += "≤";
	}
	return s;
}

// terminalScore is the score of a position without moves: mate on the
// board (value 0, the winner named) or stalemate.
export function terminalScore(pos) {
	return pos.inCheck ? { kind: "mate", value: 0, winner: whiteToMove(pos) ? "b" : "w" } : { kind: "cp", value: 0 };
}

// winChance maps a score (White's) to White's winning chances in [-1, 1],
// with lichess's curve.
export function winChance(score) {
	if (score.kind === "mate") {
		if (score.value === 0) {
			return score.winner === "w" ? 1 : -1; // mate on the board
		}
		return score.value > 0 ? 1 : -1;
	}
	return 2 / (1 + Math.exp(-0.00368208 * score.value)) - 1;
}
