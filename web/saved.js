// saved.js: the game kept in the browser (localStorage), so that a reload,
// or a phone's browser dropping the tab, does not lose it: the game as
// PGN with its variations and comments, its tags, its mode, its result
// when not the rules', the clocks and the controls of play. The page
// writes it shortly after each change and when it is left; the next visit
// takes it back before the board is played on.
import { clockForMode } from "./clock.js";
import { applyMode, setModeControl } from "./controls.js";
import { freshGame, lineChanged, loadPGN, mainFrom } from "./game.js";
import { parsePGNGames, pgnText } from "./pgn.js";
import { state } from "./state.js";
import { $ } from "./ui.js";
import { render } from "./view.js";

const KEY = "matador.game";
const CONTROLS = ["level", "tc", "movetime", "tc-minutes", "tc-increment", "review-time"];
const MODES = ["white", "black", "analyse", "watch"];

// What a save depends on: once it is unchanged, nothing is written.
function saveKey() {
	const c = state.clock;
	return [state.gamesStarted, state.game.treeVersion, state.game.result, state.game.reason, state.mode, c.on, c.running, c.paused, c.w, c.b,
		state.board.flipped, ...CONTROLS.map((id) => $(id).value)].join("|");
}

// saveSoon writes the game half a second after the last change, so that a
// quick series of them (a review's scores, steps through the tree) writes
// once.
export function saveSoon() {
	if (state.restoring || !state.game.root || saveKey() === state.saved.key) {
		return;
	}
	clearTimeout(state.saved.timer);
	state.saved.timer = setTimeout(saveNow, 500);
}

// saveNow writes the game at once (also when the page is left: the
// running clock's time is then the time of leaving).
export function saveNow() {
	clearTimeout(state.saved.timer);
	if (state.restoring || !state.game.root) {
		return;
	}
	const now = performance.now();
	const c = state.clock;
	const left = (side) => (c.running === side ? c[side] - (now - c.since) : c[side]);
	const data = {
		pgn: pgnText({}, state.game.startFEN, state.game.root, "*"),
		tags: state.game.tags,
		mode: state.mode,
		mainResult: state.game.mainResult,
		flipped: state.board.flipped,
		controls: Object.fromEntries(CONTROLS.map((id) => [id, $(id).value])),
		clock: { on: c.on, base: c.base, inc: c.inc, w: left("w"), b: left("b"), running: c.running, paused: c.paused, at: Date.now() },
	};
	try {
		localStorage.setItem(KEY, JSON.stringify(data));
		state.saved.key = saveKey();
	} catch (err) {
		// Storage full or refused (a private window): the game is only not kept.
	}
}

// restoreGame takes back the game of the last visit, if there is one (read
// at once; the work begins once drawn, the first paint, has resolved): its
// tree read again from its PGN (each move asked of the rules), then its
// mode, result, clocks and controls. Meanwhile the board takes no move; a
// game started meanwhile (New game, a PGN) wins. A save that cannot be
// read is dropped.
export async function restoreGame(drawn) {
	let data = null;
	try {
		data = JSON.parse(localStorage.getItem(KEY) || "null");
	} catch (err) {
		data = null;
	}
	if (!data || typeof data.pgn !== "string" || !MODES.includes(data.mode)) {
		return;
	}
	const games = state.gamesStarted;
	state.restoring = true;
	render();
	try {
		await drawn; // the rules' worker starts after the first paint
		const parsed = parsePGNGames(data.pgn)[0];
		if (!parsed) {
			return;
		}
		const g = await loadPGN(parsed);
		if (games !== state.gamesStarted) {
			return; // the user began another game meanwhile
		}
		for (const [id, value] of Object.entries(data.controls || {})) {
			if (CONTROLS.includes(id) && [...($(id).options || [{ value }])].some((o) => o.value === value)) {
				$(id).value = value;
			}
		}
		setModeControl(data.mode);
		state.mode = data.mode;
		freshGame(g.root.pos);
		Object.assign(state.game, { startFEN: g.startFEN, tags: data.tags || {}, root: g.root, byId: g.byId });
		state.game.line = mainFrom(g.root);
		state.cursor = state.game.line.length - 1;
		state.game.mainResult = data.mainResult && data.mainResult.result ? data.mainResult : null;
		state.restoring = false;
		lineChanged();
		// The clocks as they were, the one that ran charged the time the
		// page was away.
		const c = data.clock;
		if (c && state.clock.base === c.base && state.clock.inc === c.inc && state.game.result === "*") {
			const away = Math.max(0, Date.now() - c.at);
			state.clock.w = c.w - (c.running === "w" ? away : 0);
			state.clock.b = c.b - (c.running === "b" ? away : 0);
			state.clock.running = c.running === "w" || c.running === "b" ? c.running : null;
			state.clock.paused = c.paused === "w" || c.paused === "b" ? c.paused : null;
			state.clock.since = performance.now();
			clockForMode();
		}
		state.board.setFlipped(!!data.flipped);
		applyMode();
	} catch (err) {
		localStorage.removeItem(KEY);
	} finally {
		state.restoring = false;
		render();
	}
}

// The page left (a reload, a closed or hidden tab): the game is written
// now, with the clocks of this moment.
addEventListener("pagehide", saveNow);
document.addEventListener("visibilitychange", () => {
	if (document.visibilityState === "hidden") {
		saveNow();
	}
});
