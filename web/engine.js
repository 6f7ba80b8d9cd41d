// engine.js: one copy of the engine in a Web Worker (matador.worker.js)
// and the UCI conversation with it.

// Engine is one worker and the UCI conversation with it: lines go out with
// send; until() waits for a line matching a test and returns the lines
// that came before it, in order.
// The worker is started by the first line sent, so that a page can draw
// itself before the module's download and compilation take the machine.
export class Engine {
	constructor(url) {
		this.url = url;
		this.worker = null;
		this.waiters = [];
		this.received = [];
		this.listeners = [];
	}

	send(line) {
		if (!this.worker) {
			this.worker = new Worker(this.url);
			this.worker.onmessage = (e) => this.receive(e.data);
			this.worker.onerror = (e) => console.error("matador worker:", e.message || e);
		}
		this.worker.postMessage(line);
	}

	receive(line) {
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

	// until resolves with the first line (from now on) for which test is
	// true, and the lines before it. Waiters are served in turn.
	until(test) {
		return new Promise((resolve) => this.waiters.push({ test, resolve, lines: [] }));
	}

	async start(options) {
		this.send("uci");
		await this.until((l) => l === "uciok");
		for (const [name, value] of Object.entries(options || {})) {
			this.send(`setoption name ${name} value ${value}`);
		}
		await this.ready();
	}

	async ready() {
		this.send("isready");
		await this.until((l) => l === "readyok");
	}
}
