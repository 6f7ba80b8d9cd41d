// clock.js: the two clocks of a timed game.
import { current, endGame, whiteToMove } from "./game.js";
import { state } from "./state.js";
import { $ } from "./ui.js";

// The clocks start with the first move, as on lichess; the side to move's
// runs; a move adds the increment to the mover's. setupClock sets them
// for the time control chosen (state.clock), in Analyse too, where they
// are off: a game begun there and played on in Play has them ready.
export function setupClock() {
	const tc = $("tc").value;
	state.clock.running = null;
	state.clock.paused = null;
	state.clock.on = false;
	if (tc === "move") {
		return;
	}
	let minutes;
	let inc;
	if (tc === "custom") {
		minutes = Number($("tc-minutes").value);
		inc = Number($("tc-increment").value);
		if (!(minutes > 0) || !(inc >= 0)) {
			minutes = 15;
			inc = 10;
		}
	} else {
		[minutes, inc] = tc.split("+").map(Number);
	}
	state.clock.on = state.mode !== "analyse";
	state.clock.base = Math.round(minutes * 60000);
	state.clock.inc = Math.round(inc * 1000);
	state.clock.w = state.clock.base;
	state.clock.b = state.clock.base;
}

export function clockLeft(side) {
	const left = state.clock[side];
	return state.clock.running === side ? left - (performance.now() - state.clock.since) : left;
}

// clockMove charges the mover the time since its clock started, adds the
// increment and starts the other clock.
export function clockMove(moverWhite) {
	if (!state.clock.on || state.game.result !== "*") {
		return;
	}
	const mover = moverWhite ? "w" : "b";
	const now = performance.now();
	if (state.clock.running === mover) {
		state.clock[mover] -= now - state.clock.since;
	}
	state.clock[mover] += state.clock.inc;
	state.clock.running = moverWhite ? "b" : "w";
	state.clock.since = now;
}

// clockForMode turns the clocks off in Analyse, the one that ran waiting
// there, and on again in the modes of play: a game on the clock looked at
// in Analyse goes on with its time where it was, the side to move's clock
// running if the game had begun.
export function clockForMode() {
	if (state.mode === "analyse") {
		if (state.clock.running) {
			state.clock.paused = state.clock.running;
			stopClock();
		}
		state.clock.on = false;
		return;
	}
	if (state.view !== "board") {
		return; // the Techniques tab holds the clock (controls.js)
	}
	state.clock.on = $("tc").value !== "move";
	if (state.clock.on && state.clock.paused && state.game.result === "*") {
		state.clock.running = whiteToMove(current()) ? "w" : "b";
		state.clock.since = performance.now();
	}
	state.clock.paused = null;
}

export function stopClock() {
	if (state.clock.running) {
		state.clock[state.clock.running] = clockLeft(state.clock.running);
		state.clock.running = null;
	}
}

export function formatClock(ms) {
	const t = Math.max(0, ms);
	const s = Math.floor(t / 1000);
	const m = Math.floor(s / 60);
	const text = `${m}:${String(s % 60).padStart(2, "0")}`;
	return t < 10000 ? `${text}.${Math.floor((t % 1000) / 100)}` : text;
}

export function renderClocks() {
	for (const side of ["w", "b"]) {
		const el = $(side === "w" ? "clock-white" : "clock-black");
		el.hidden = !state.clock.on;
		if (state.clock.on) {
			el.textContent = formatClock(clockLeft(side));
			el.classList.toggle("running", state.clock.running === side);
			el.classList.toggle("low", clockLeft(side) < 10000);
		}
	}
}

// flagFell ends the game on time if the running clock is out, and says
// whether it did: the timer below looks ten times a second, and a move
// made in between, after the flag fell, must not count (play calls it
// first). The side with time wins, unless it has nothing to mate with.
export function flagFell() {
	const side = state.clock.running;
	if (!state.clock.on || !side || state.game.result !== "*" || clockLeft(side) > 0) {
		return false;
	}
	state.clock[side] = 0;
	state.clock.running = null;
	const pieces = Object.values(current().pieces);
	const winnerHasMaterial = pieces.some((p) => p.toLowerCase() !== "k" && (side === "w") === (p === p.toLowerCase()));
	endGame(winnerHasMaterial ? (side === "w" ? "0-1" : "1-0") : "1/2-1/2", "time");
	return true;
}

// Ten times a second: the clocks drawn, and a flag that falls ends the
// game.
setInterval(() => {
	if (!state.clock.on) {
		return;
	}
	renderClocks();
	flagFell();
}, 100);
