// controls.js: the buttons, menus, keys and boxes of the page, and the
// mode they put it in.
import { clearAnalysis } from "./analysis.js";
import { clockForMode, stopClock } from "./clock.js";
import { endGame, goTo, goToNode, newGame, openGame, openPGN, play, takeBack, usersTurn, viewed } from "./game.js";
import { stopBoth } from "./explorer-search.js";
import { showExplorer } from "./explorer.js";
import { reviewGame, stopReview } from "./review.js";
import { parseSAN } from "./rules.js";
import { refresh } from "./search.js";
import { state } from "./state.js";
import { $, clearMessage, showError, showMessage } from "./ui.js";
import { currentPGN, render } from "./view.js";

// onBoardMove takes a move the user made on the board (main.js gives it
// to the Board).
export function onBoardMove(uci) {
	if (!usersTurn() || !viewed().legal.includes(uci)) {
		render(); // back as it was
		return;
	}
	clearMessage();
	clearAnalysis(true);
	play(uci, state.game.version, state.cursor).catch(showError);
}

export function setModeControl(m) {
	document.querySelector(`input[name="mode"][value="${m}"]`).checked = true;
	state.view = "board";
}

// applyMode: the controls of the mode, and the engine's task in it.
export function applyMode() {
	document.body.dataset.mode = state.mode;
	document.body.dataset.view = state.view;
	$("explorer").hidden = state.view !== "techniques";
	for (const el of document.querySelectorAll(".play-only")) {
		el.hidden = state.mode === "analyse";
	}
	for (const el of document.querySelectorAll(".analyse-only")) {
		el.hidden = state.mode !== "analyse";
	}
	$("movetime-box").hidden = $("tc").value !== "move";
	$("custom-box").hidden = $("tc").value !== "custom";
	clockForMode();
	clearAnalysis();
	refresh();
}

export function setMode(m) {
	// The Techniques tab is a view of its own: the game keeps its mode,
	// and its engine rests meanwhile (search.js), leaving the machine to
	// the explorer's two.
	// A review runs in sight only: in another mode or tab it would keep
	// the engine from its work there.
	if (m !== "analyse") {
		stopReview();
	}
	if (m === "techniques") {
		// A running clock waits too, since the game's engine does not
		// search meanwhile; it goes on when the board comes back.
		if (state.view !== "techniques" && state.clock.running) {
			state.clock.paused = state.clock.running;
			stopClock();
		}
		state.view = "techniques";
		applyMode();
		showExplorer();
		return;
	}
	// The explorer's searches end with its view: the machine goes back to
	// the game's engine.
	// A clock that waited goes on in the mode of play (clockForMode).
	if (state.view === "techniques") {
		stopBoth();
	}
	state.view = "board";
	state.mode = m;
	if (m === "white" || m === "black") {
		state.board.setFlipped(m === "black");
		state.cursor = state.game.moves.length;
	}
	applyMode();
}

document.querySelectorAll('input[name="mode"]').forEach((input) => {
	input.addEventListener("change", () => setMode(input.value));
});
$("level").addEventListener("change", () => refresh());
$("tc").addEventListener("change", () => {
	applyMode();
	newGame().catch(showError);
});
for (const id of ["tc-minutes", "tc-increment"]) {
	$(id).addEventListener("change", () => {
		// A clock that cannot be is refused in words; the game goes on.
		const minutes = Number($("tc-minutes").value);
		const inc = Number($("tc-increment").value);
		if (!(minutes > 0 && minutes <= 180)) {
			showError(`Clock: ${$("tc-minutes").value || "no"} minutes is no clock: give more than 0 and up to 180 minutes`);
			return;
		}
		if (!(inc >= 0 && inc <= 60)) {
			showError(`Clock: an increment of ${$("tc-increment").value || "no"} seconds is no increment: give 0 to 60 seconds (the minutes stay ${minutes})`);
			return;
		}
		newGame().catch(showError);
	});
}
// New game: the start position, in the mode chosen (in Analyse, an empty
// analysis board).
$("new-game").addEventListener("click", () => newGame().catch(showError));
$("take-back").addEventListener("click", () => takeBack().catch(showError));
$("flip").addEventListener("click", () => {
	state.board.setFlipped(!state.board.flipped);
	render();
});
$("move-now").addEventListener("click", () => {
	if (state.waitRest) {
		state.waitRest.cancel();
	} else if (state.search && state.mode !== "analyse") {
		state.engine.send("stop");
	}
});
$("resign").addEventListener("click", () => {
	if (state.game.result !== "*" || (state.mode !== "white" && state.mode !== "black")) {
		return;
	}
	if (state.game.moves.length === 0) {
		showMessage("No move has been played yet: nothing to resign (New game starts again).");
		return;
	}
	endGame(state.mode === "white" ? "0-1" : "1-0", "resignation");
});
// A draw offer: Matador accepts when its last search saw itself no better
// than a quarter of a pawn up, or the game is a dead draw.
$("offer-draw").addEventListener("click", () => {
	if (state.game.result !== "*" || (state.mode !== "white" && state.mode !== "black")) {
		return;
	}
	const s = state.stats.engineScore;
	if (s && ((s.kind === "cp" && s.value <= 25) || (s.kind === "mate" && s.value < 0))) {
		endGame("1/2-1/2", "agreement");
		showMessage("Matador accepts the draw.");
	} else {
		showMessage(s ? "Matador declines the draw." : "Matador declines: it has not thought about this game yet.");
	}
});
$("nav-first").addEventListener("click", () => goTo(0));
$("nav-prev").addEventListener("click", () => goTo(state.cursor - 1));
$("nav-next").addEventListener("click", () => goTo(state.cursor + 1));
$("nav-last").addEventListener("click", () => goTo(state.game.moves.length));
$("moves").addEventListener("click", (e) => {
	const m = e.target.closest(".move[data-node]");
	const n = m && state.game.byId.get(Number(m.dataset.node));
	if (n) {
		goToNode(n);
	}
});
// A variation's move (a focusable span with the role of a button) is
// followed by Enter or Space, as a button is.
$("moves").addEventListener("keydown", (e) => {
	const m = e.target.closest(".vmove[data-node]");
	const n = m && (e.key === "Enter" || e.key === " ") && state.game.byId.get(Number(m.dataset.node));
	if (n) {
		e.preventDefault();
		goToNode(n);
	}
});
$("pgn-games").addEventListener("change", () => {
	if (state.pgnGames) {
		openGame(state.pgnGames, Number($("pgn-games").value)).catch(showError);
	}
});
// A mode tab clicked keeps the focus, and the arrows then still step
// through the game; but a tab reached from the keyboard keeps its arrows,
// the only way from the keyboard to the other tabs, since Tab stops at
// the checked one alone. (:focus-visible cannot tell the two apart: a key
// pressed makes any focus visible.)
let tabPressed = false;
let tabsByKeyboard = false;
document.querySelector(".tabs").addEventListener("pointerdown", () => {
	tabPressed = true;
});
document.querySelector(".tabs").addEventListener("focusin", () => {
	tabsByKeyboard = !tabPressed;
	tabPressed = false;
});
document.addEventListener("keydown", (e) => {
	tabPressed = false;
	const t = e.target;
	const typing = t && ((t.tagName === "INPUT" && t.type !== "radio" && t.type !== "checkbox") || t.tagName === "TEXTAREA" || t.tagName === "SELECT");
	const tabs = t && t.name === "mode" && tabsByKeyboard;
	// The Techniques tab hides the board: its keys there would change the
	// game unseen, and the arrows scroll its long list as on any page.
	if (typing || tabs || e.altKey || e.ctrlKey || e.metaKey || state.view === "techniques") {
		return;
	}
	const to = { ArrowLeft: state.cursor - 1, ArrowRight: state.cursor + 1, Home: 0, End: state.game.moves.length, ArrowUp: 0, ArrowDown: state.game.moves.length }[e.key];
	if (to !== undefined) {
		e.preventDefault();
		goTo(to);
	} else if (e.key === "f") {
		state.board.setFlipped(!state.board.flipped);
		render();
	}
});
$("move-form").addEventListener("submit", (e) => {
	e.preventDefault();
	const text = $("move-input").value.trim();
	const uci = text && usersTurn() ? parseSAN(viewed(), text) : null;
	if (!uci) {
		showMessage(text ? `"${text}" is not a move you can play now` : "", !!text);
		return;
	}
	$("move-input").value = "";
	state.board.commit(uci);
});
$("fen-form").addEventListener("submit", (e) => {
	e.preventDefault();
	const fen = $("fen").value.trim();
	if (fen === "") {
		// An empty box is no position: the game stays.
		showError("FEN: the box is empty; paste a position to set it (New game starts from the beginning)");
		return;
	}
	newGame(fen).catch((err) => showError(`FEN: ${err.message}`));
	$("fen").blur();
});
$("pgn").addEventListener("input", () => {
	state.pgnEdited = true;
});
$("load-pgn").addEventListener("click", () => openPGN($("pgn").value).catch(showError));
$("pgn-file").addEventListener("change", async () => {
	const file = $("pgn-file").files[0];
	if (file) {
		const text = await file.text();
		$("pgn").value = text;
		await openPGN(text).catch(showError);
		$("pgn-file").value = "";
	}
});

// copyText puts text on the clipboard and says so on the button.
export async function copyText(text, button) {
	let ok = false;
	try {
		await navigator.clipboard.writeText(text);
		ok = true;
	} catch (err) {
		// An older or stricter browser: through a selected text area.
		const area = document.createElement("textarea");
		area.value = text;
		document.body.appendChild(area);
		area.select();
		try {
			ok = document.execCommand("copy");
		} catch (err2) {
			ok = false;
		}
		area.remove();
	}
	const label = button.dataset.label || button.textContent;
	button.dataset.label = label;
	button.textContent = ok ? "Copied ✓" : "Copy failed";
	button.classList.toggle("copied", ok);
	showMessage(ok ? "Copied to the clipboard." : "The browser refused the clipboard: select the text and copy it.", !ok);
	setTimeout(() => {
		button.textContent = label;
		button.classList.remove("copied");
	}, 1500);
}
$("copy-pgn").addEventListener("click", () => copyText(currentPGN(), $("copy-pgn")));
$("copy-fen").addEventListener("click", () => copyText(viewed().fen, $("copy-fen")));
$("download-pgn").addEventListener("click", () => {
	const tags = state.game.tags;
	const name = [tags.White, tags.Black, tags.Date].filter((t) => t && t !== "?").join("-").replace(/[^\w.-]+/g, "_") || "matador";
	const url = URL.createObjectURL(new Blob([currentPGN()], { type: "application/x-chess-pgn" }));
	const a = document.createElement("a");
	a.href = url;
	a.download = `${name}.pgn`;
	document.body.appendChild(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10000);
});
$("review").addEventListener("click", () => reviewGame().catch(showError));
// The share panel's boxes are filled when it opens (view.js fills them
// only while it is open).
$("share").addEventListener("toggle", () => render());
// The engine's analysis on or off; the choice is remembered.
$("engine-on").checked = state.analysisOn;
$("engine-on").addEventListener("change", () => {
	state.analysisOn = $("engine-on").checked;
	localStorage.setItem("matador.engine", state.analysisOn ? "on" : "off");
	clearAnalysis();
	refresh();
});
$("sound").checked = localStorage.getItem("matador.sound") !== "off";
$("sound").addEventListener("change", () => localStorage.setItem("matador.sound", $("sound").checked ? "on" : "off"));
