// engine.js: one copy of the engine in a Web Worker (matador.worker.js)
// and the UCI conversation with it.

// EXITED is the worker's last line when its program ends (matador.worker.js).
const EXITED = /^info string matador exited with status (-?\d+)$/;

// Engine is one worker and the UCI conversation with it: lines go out with
// send; until() waits for a line matching a test and returns the lines
// that came before it, in order.
// The worker is started by the first line sent, so that a page can draw
// itself before the module's download and compilation take the machine.
// A worker whose program ends (a crash) is let go: the questions waiting
// for it fail with the reason, the exit listeners hear it, and the next
// line sent starts another worker, given "uci" and the options of start
// first so that it answers as the last did.
export class Engine {
	constructor(url) {
		this.url = url;
		this.worker = null;
		this.waiters = [];
		this.listeners = [];
		this.exitListeners = []; // each called with the reason a worker ended
		this.options = null; // those of start, given again to a new worker
		this.replaying = false; // a new worker's answer to "uci" is not news
	}

	send(line) {
		if (!this.worker) {
			this.spawn();
		}
		this.worker.postMessage(line);
	}

	spawn() {
		const worker = new Worker(this.url);
		this.worker = worker;
		worker.onmessage = (e) => {
			if (this.worker === worker) {
				this.receive(e.data);
			}
		};
		worker.onerror = (e) => {
			const what = e.message || String(e);
			console.error("matador worker:", what);
			// An exception out of the Go program's code leaves it unable to
			// go on, as a panic does.
			if (this.worker === worker) {
				this.ended(`the engine failed (${what})`);
			}
		};
		if (this.options !== null) {
			this.replaying = true;
			worker.postMessage("uci");
			for (const [name, value] of Object.entries(this.options)) {
				worker.postMessage(`setoption name ${name} value ${value}`);
			}
		}
	}

	receive(line) {
		// A new worker's answer to "uci" was heard from the first one; what
		// it says besides (an option refused, a module that cannot load)
		// is news.
		if (this.replaying && !line.startsWith("info string")) {
			this.replaying = line !== "uciok";
			return;
		}
		const exit = EXITED.exec(line);
		if (exit) {
			this.ended(`the engine stopped (exit status ${exit[1]})`);
			return;
		}
		for (const listener of this.listeners) {
			listener(line);
		}
		if (this.waiters.length === 0) {
			return;
		}
		const w = this.waiters[0];
		if (w.test(line)) {
			this.waiters.shift();
			const lines = w.lines;
			w.resolve({ line, lines });
		} else {
			w.lines.push(line);
		}
	}

	// ended lets the worker go: what waited for it fails with reason.
	ended(reason) {
		this.worker.terminate();
		this.worker = null;
		this.replaying = false;
		const waiters = this.waiters;
		this.waiters = [];
		for (const w of waiters) {
			w.reject(new Error(reason));
		}
		for (const listener of this.exitListeners) {
			listener(reason);
		}
	}

	// until resolves with the first line (from now on) for which test is
	// true, and the lines before it. Waiters are served in turn. It
	// rejects if the worker ends first.
	until(test) {
		return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject, lines: [] }));
	}

	async start(options) {
		this.send("uci");
		this.options = Object.assign({}, options);
		await this.until((l) => l === "uciok");
		for (const [name, value] of Object.entries(this.options)) {
			this.send(`setoption name ${name} value ${value}`);
		}
		await this.ready();
	}

	async ready() {
		this.send("isready");
		await this.until((l) => l === "readyok");
	}
}
