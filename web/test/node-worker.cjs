// node-worker.cjs runs matador.worker.js under Node, in a worker thread
// dressed as a browser's Web Worker, and connects it to standard input and
// output: each input line is posted to the worker, each message it posts is
// printed as a line. The worker script then looks like an engine binary,
// and the engine's own UCI conversation tests (cmd/matador, wasm_test.go)
// run against the very script a page loads.
//
//   node web/test/node-worker.cjs build/wasm/matador.worker.js [?query]
//
// The end of input is sent as "quit", a browser page's way to end it.
"use strict";

const { Worker, isMainThread, parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
const vm = require("node:vm");
const { pathToFileURL, fileURLToPath } = require("node:url");

if (isMainThread) {
	if (process.argv.length < 3) {
		console.error("usage: node node-worker.cjs matador.worker.js [?query]");
		process.exit(2);
	}
	const script = pathToFileURL(path.resolve(process.argv[2])).href + (process.argv[3] || "");
	const worker = new Worker(__filename, { workerData: { script } });
	worker.on("message", (line) => process.stdout.write(line + "\n"));
	worker.on("error", (err) => {
		console.error("node-worker:", err);
		process.exit(1);
	});
	worker.on("exit", (code) => process.exit(code));
	const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
	lines.on("line", (line) => worker.postMessage(line));
	lines.on("close", () => worker.postMessage("quit"));
} else {
	// The parts of a WorkerGlobalScope that matador.worker.js uses.
	const local = (url) => fileURLToPath(new URL(url).href.replace(/[?#].*$/, ""));
	globalThis.self = globalThis;
	self.location = { href: workerData.script };
	self.postMessage = (message) => parentPort.postMessage(message);
	self.close = () => process.exit(0); // ends this thread only
	self.importScripts = (...urls) => {
		for (const url of urls) {
			vm.runInThisContext(fs.readFileSync(local(url), "utf8"), { filename: local(url) });
		}
	};
	globalThis.fetch = async (url) =>
		new Response(fs.readFileSync(local(url)), { headers: { "Content-Type": "application/wasm" } });
	parentPort.on("message", (data) => {
		if (self.onmessage) {
			self.onmessage({ data });
		}
	});
	self.importScripts(workerData.script);
}
