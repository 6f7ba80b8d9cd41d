// browser.mjs: the page's test in a real browser. It serves the folder
// "make web" writes, opens it in the Chromium of the system (headless,
// through playwright-core, which downloads no browser of its own), and
// checks what a user would: a move played on the board gets a legal
// answer, analysis shows three lines with an evaluation, bad input gets
// the engine's "info string" and the worker goes on, and Matador plays a
// whole game against itself at a low level without an error. It asserts on
// the page's state (window.matadorPage.state()), not on pixels, and keeps a
// screenshot of each stage for a person to look at.
//
//   make web && (cd web/test && npm install) && node web/test/browser.mjs
//
// Environment: WEB (the folder, default build/web), CHROMIUM (default
// /usr/bin/chromium), SHOTS (where screenshots go, default
// $TMPDIR/matador-browser-test, outside the repository), BENCH=1 to also
// run bench.html, print the browser's nodes a second and check its node
// count against the native build's (`go run ./cmd/matador bench`).

import { chromium } from "playwright-core";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, chromiumOptions } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(process.env.WEB || path.join(here, "..", "..", "build", "web"));
const shots = path.resolve(process.env.SHOTS || path.join(os.tmpdir(), "matador-browser-test"));

let failures = 0;
function check(ok, what) {
	console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
	if (!ok) {
		failures++;
	}
}

// nativeBenchNodes is the node count of the native "matador bench" of this
// checkout (its last line: "N nodes M nps").
function nativeBenchNodes() {
	const repo = path.join(here, "..", "..");
	const run = spawnSync("go", ["run", "./cmd/matador", "bench"], { cwd: repo, encoding: "utf8" });
	const m = /(\d+) nodes \d+ nps\s*$/.exec(`${run.stdout}${run.stderr}`);
	return m ? m[1] : `none (go run ./cmd/matador bench: ${run.error || run.status})`;
}

const state = (page) => page.evaluate(() => window.matadorPage.state());

async function waitState(page, test, timeout, what) {
	const start = Date.now();
	for (;;) {
		const s = await state(page);
		if (test(s)) {
			return s;
		}
		if (Date.now() - start > timeout) {
			const brief = { mode: s.mode, fen: s.fen, sans: s.sans.join(" "), result: s.result, status: s.status, thinking: s.thinking, errors: s.errors };
			throw new Error(`timed out after ${timeout} ms waiting for ${what}; state: ${JSON.stringify(brief)}`);
		}
		await page.waitForTimeout(100);
	}
}

async function shot(page, name) {
	const file = path.join(shots, name);
	await page.screenshot({ path: file, fullPage: true });
	console.log(`     screenshot ${file}`);
}

async function main() {
	if (!fs.existsSync(path.join(webDir, "matador.wasm"))) {
		throw new Error(`${webDir} has no matador.wasm: run "make web" first`);
	}
	fs.mkdirSync(shots, { recursive: true });
	const server = await serve(webDir);
	const base = `http://127.0.0.1:${server.address().port}/`;
	const browser = await chromium.launch(chromiumOptions);
	const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
	const consoleErrors = [];
	page.on("console", (msg) => {
		if (msg.type() === "error") {
			consoleErrors.push(msg.text());
		}
	});
	page.on("pageerror", (err) => consoleErrors.push(String(err)));
	// Everything the page loads must come from its own folder.
	const foreign = [];
	page.on("request", (req) => {
		if (!req.url().startsWith(base) && !req.url().startsWith("data:")) {
			foreign.push(req.url());
		}
	});

	try {
		// 1. Play a move by clicks, then one by drag; the engine answers each.
		await page.goto(base);
		await waitState(page, (s) => s.status === "Your move", 30000, "the page to start");
		await page.selectOption("#movetime", "500");
		await page.click('[data-square="e2"]');
		await page.click('[data-square="e4"]');
		let s = await waitState(page, (s) => s.moves.length === 2 && !s.thinking, 20000, "the engine's answer to e4");
		check(s.moves[0] === "e2e4", `the click move is e2e4 (${s.moves[0]})`);
		check(s.legal[1].includes(s.moves[1]), `Matador answered e4 with a legal move: ${s.sans[1]} (${s.moves[1]})`);
		await shot(page, "1-move-and-answer.png");

		const from = await page.locator('[data-square="g1"]').boundingBox();
		const to = await page.locator('[data-square="f3"]').boundingBox();
		await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
		await page.mouse.down();
		await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
		await page.mouse.up();
		s = await waitState(page, (s) => s.moves.length === 4 && !s.thinking, 20000, "the answer to the dragged Nf3");
		check(s.moves[2] === "g1f3" && s.legal[3].includes(s.moves[3]), `drag g1-f3 played; answered ${s.sans[3]}`);

		// An illegal try changes nothing: the knight's f3-f6 is no move.
		await page.click('[data-square="f3"]');
		await page.click('[data-square="f6"]');
		await page.waitForTimeout(300);
		s = await state(page);
		check(s.moves.length === 4, "a click on an unreachable square plays nothing");

		// Take back returns to the user's turn, two plies back.
		await page.click("#take-back");
		s = await waitState(page, (s) => s.moves.length === 2, 5000, "take back");
		check(s.status === "Your move", "take back: the user's turn again after two plies");

		// 2. Analysis: three lines, with a score, their moves legal (the page
		// writes a line in SAN only through the engine's legal moves).
		await page.check('input[name="mode"][value="analyse"]');
		s = await waitState(page, (s) => s.analysis.length === 3 && s.analysis.every((l) => l.sans && l.sans.length >= 3) &&
			s.analysis[0].depth >= 8, 60000, "three analysis lines of depth 8 in SAN");
		check(s.analysis.every((l) => l.sans.length === l.pv.length), "every move of the three principal variations is legal");
		check(s.analysis.every((l) => Number.isFinite(l.score.value)), `evaluation shown: ${s.analysis.map((l) => `${l.score.kind} ${l.score.value} ${l.sans.slice(0, 3).join(" ")}`).join(" | ")}`);
		await page.waitForTimeout(1500);
		await shot(page, "2-analysis.png");

		// A move made while analysing restarts the analysis from there.
		const legalNow = s.legal[s.legal.length - 1];
		const pick = legalNow[0];
		await page.click(`[data-square="${pick.slice(0, 2)}"]`);
		await page.click(`[data-square="${pick.slice(2, 4)}"]`);
		s = await waitState(page, (s) => s.moves.length === 3 && s.analysis.length === 3 && s.analysis.every((l) => l.sans), 30000, "analysis after a move");
		check(true, `analysis went on after ${s.sans[2]}`);

		// 3. Bad input: the FEN box and the worker itself.
		await page.fill("#fen", "8/8/8/8/8/8/8/8 w - - 0 1");
		await page.click("#load-fen");
		s = await waitState(page, (s) => s.errors.length > 0, 5000, "the page to refuse a FEN without kings");
		check(/FEN/.test(s.errors[s.errors.length - 1]), `a FEN without kings refused: "${s.errors[s.errors.length - 1]}"`);
		await shot(page, "3-bad-fen.png");
		const replies = await page.evaluate(() => new Promise((resolve) => {
			const w = new Worker("matador.worker.js");
			const lines = [];
			w.onmessage = (e) => {
				lines.push(e.data);
				if (e.data.startsWith("bestmove")) {
					w.terminate();
					resolve(lines);
				}
			};
			// (A "go" with a bad argument is left out: it still searches, and
			// the next line would stop it.)
			for (const l of ["foo", "position fen garbage", "\u0000\u00ff binary", "setoption name Threads value 4",
				"setoption name Hash value 99999", "position startpos moves e2e4 e7e5 g1f3 zz", "isready", "go depth 4"]) {
				w.postMessage(l);
			}
		}));
		const infos = replies.filter((l) => l.startsWith("info string"));
		check(infos.length >= 6, `bad lines answered with info strings (${infos.length}): ${infos.slice(0, 6).join(" / ")}`);
		check(replies.includes("readyok") && replies[replies.length - 1].startsWith("bestmove"), "the worker answers isready and go after them");

		// PGN round trip.
		await page.fill("#pgn", '[Event "t"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {the Morphy} 4. Ba4 (4. Bxc6 dxc6) Nf6 5. O-O Be7 *');
		await page.click("#load-pgn");
		s = await waitState(page, (s) => s.moves.length === 10, 10000, "the PGN to load");
		check(s.sans.join(" ") === "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7", `PGN read: ${s.sans.join(" ")}`);
		check(s.mode === "analyse", "a loaded game is analysed");

		// 4. Matador against itself at the lowest level, to the end.
		await page.selectOption("#level", "skill:0");
		await page.selectOption("#movetime", "100");
		await page.check('input[name="mode"][value="watch"]');
		await page.click("#new-game");
		// Interruptions while it thinks must not mix a move of the old game
		// into the new one (the legality of every move is checked below).
		await waitState(page, (s) => s.moves.length >= 6, 60000, "six plies of Matador against itself");
		await page.click("#take-back");
		await page.click("#new-game");
		await page.waitForTimeout(50);
		await page.click("#new-game");
		s = await waitState(page, (s) => s.result !== "*", 600000, "the end of a game of Matador against itself");
		check(s.moves.length >= 40, `a whole game: ${s.moves.length} plies, ${s.result} (${s.resultText})`);
		for (let i = 0; i < s.moves.length; i++) {
			if (!s.legal[i].includes(s.moves[i])) {
				check(false, `move ${i + 1} ${s.moves[i]} is legal`);
			}
		}
		const pgn = await page.inputValue("#pgn");
		check(pgn.includes(`[Result "${s.result}"]`) && pgn.trim().endsWith(s.result), "the PGN box holds the game and its result");
		await shot(page, "4-self-play.png");
		console.log(pgn);

		check(s.errors.length === 1, `no error in the page but the refused FEN (${s.errors.join(" | ")})`);
		check(consoleErrors.length === 0, `no error in the console (${consoleErrors.join(" | ")})`);
		check(foreign.length === 0, `nothing loaded from elsewhere (${foreign.join(" ")})`);

		if (process.env.BENCH) {
			const benchPage = await browser.newPage();
			await benchPage.goto(base + "bench.html");
			await benchPage.click("#run");
			await benchPage.waitForSelector("#result[data-nps]", { timeout: 300000 });
			const nodes = await benchPage.getAttribute("#result", "data-nodes");
			const nps = await benchPage.getAttribute("#result", "data-nps");
			console.log(`bench in Chromium: ${nodes} nodes ${nps} nps`);
			const native = nativeBenchNodes();
			check(nodes === native, `bench node count in the browser (${nodes}) is the native one (${native})`);
		}
	} finally {
		await browser.close();
		server.close();
	}
	console.log(failures === 0 ? "PASS" : `FAIL: ${failures} checks`);
	// exitCode rather than exit(): a piped stdout is written out first.
	process.exitCode = failures === 0 ? 0 : 1;
}

main().catch((err) => {
	console.error("FAIL:", err.message || err);
	process.exitCode = 1;
});
