// matador.worker.js: the Matador chess engine as a Web Worker that speaks
// UCI, the way stockfish.js does:
//
//   const engine = new Worker("matador.worker.js");
//   engine.onmessage = (e) => console.log(e.data); // one line of output
//   engine.postMessage("uci");
//   engine.postMessage("position startpos moves e2e4");
//   engine.postMessage("go movetime 1000");         // ... "bestmove e7e5"
//
// It needs matador.wasm and wasm_exec.js (from the Go toolchain that built
// the module: the two must match) beside it; "make wasm" writes all three.
// Other places can be given in the script's URL:
// matador.worker.js?wasm=URL&exec=URL. "?args=bench" runs "matador bench"
// instead of the engine (words separated by "+" or spaces). When the
// program ends (after "quit", or a crash), the last line posted is
// "info string matador exited with status N".
//
// The module is the same program as the native engine (cmd/matador, built
// with GOOS=js GOARCH=wasm): it reads its standard input and writes its
// standard output. Go's wasm_exec.js does file input and output through a
// global "fs" object shaped like Node's; in a browser it has none, so this
// script supplies one where standard input is the lines the page posts and
// standard output is posted back line by line. Everything else a file
// system would do fails with ENOSYS, which the engine reports like any
// file it cannot open (BookFile, SyzygyPath, Debug Log File).
"use strict";

(() => {
	const here = new URL(self.location.href);
	const wasmURL = new URL(here.searchParams.get("wasm") || "matador.wasm", here);
	const execURL = new URL(here.searchParams.get("exec") || "wasm_exec.js", here);
	const args = (here.searchParams.get("args") || "").split(/[\s+]+/).filter((a) => a !== "");
	// "?progress=1": the download of the module is told, at most ten times
	// a second, as "info string loading N of M bytes" (M is 0 when the
	// server does not say; with a compressed response it is the compressed
	// size, and N, the module's own bytes, passes it).
	const progress = here.searchParams.get("progress") === "1";

	const encoder = new TextEncoder();

	// Standard input: what the page posted and Go has not read yet, as a
	// queue of byte chunks (a long line is read in many small reads; copying
	// the rest of it at each would take quadratic time).
	const input = [];
	let inputOffset = 0; // into input[0]
	let pendingRead = null; // a read of Go's that waits for a line

	function deliver() {
		if (pendingRead === null || input.length === 0) {
			return;
		}
		const { buffer, offset, length, callback } = pendingRead;
		pendingRead = null;
		let n = 0;
		while (n < length && input.length > 0) {
			const chunk = input[0];
			const take = Math.min(length - n, chunk.length - inputOffset);
			buffer.set(chunk.subarray(inputOffset, inputOffset + take), offset + n);
			n += take;
			inputOffset += take;
			if (inputOffset === chunk.length) {
				input.shift();
				inputOffset = 0;
			}
		}
		callback(null, n);
	}

	// Each message is a line, or several separated by newlines; the engine
	// reads lines, so the last one gets its newline here.
	self.onmessage = (event) => {
		if (typeof event.data !== "string") {
			return;
		}
		const text = event.data.endsWith("\n") ? event.data : event.data + "\n";
		input.push(encoder.encode(text));
		deliver();
	};

	// Standard output and error, cut into lines. Output goes to the page;
	// errors (a Go panic's stack trace) to the console, where a developer
	// looks for them, rather than into a UCI parser.
	function lineWriter(emit) {
		const decoder = new TextDecoder("utf-8");
		let partial = "";
		return {
			write(bytes) {
				partial += decoder.decode(bytes, { stream: true });
				let nl;
				while ((nl = partial.indexOf("\n")) !== -1) {
					emit(partial.slice(0, nl));
					partial = partial.slice(nl + 1);
				}
			},
			flush() {
				if (partial !== "") {
					emit(partial);
					partial = "";
				}
			},
		};
	}
	const stdout = lineWriter((line) => self.postMessage(line));
	const stderr = lineWriter((line) => console.error("matador:", line));

	const enosys = () => {
		const err = new Error("not available in the browser");
		err.code = "ENOSYS";
		return err;
	};
	const notHere = (...args) => args[args.length - 1](enosys());

	// The methods of Node's fs that Go's syscall package calls (fs_js.go).
	// The open flags are unused, since every open fails; O_DIRECTORY has a
	// value (Node's) only because Go refuses an open of a directory itself,
	// with a message about Windows, where the flag has none.
	globalThis.fs = {
		constants: { O_WRONLY: -1, O_RDWR: -1, O_CREAT: -1, O_TRUNC: -1, O_APPEND: -1, O_EXCL: -1, O_DIRECTORY: 0x10000 },
		writeSync(fd, bytes) {
			if (fd === 1) {
				stdout.write(bytes);
			} else if (fd === 2) {
				stderr.write(bytes);
			} else {
				throw enosys();
			}
			return bytes.length;
		},
		write(fd, bytes, offset, length, position, callback) {
			if (position !== null || (fd !== 1 && fd !== 2)) {
				callback(enosys());
				return;
			}
			callback(null, this.writeSync(fd, bytes.subarray(offset, offset + length)));
		},
		read(fd, buffer, offset, length, position, callback) {
			if (fd !== 0 || position !== null || pendingRead !== null) {
				callback(enosys());
				return;
			}
			// Answered now if a line is waiting, else when one is posted.
			pendingRead = { buffer, offset, length, callback };
			deliver();
		},
		fsync(fd, callback) { callback(null); },
		// fstat fails for standard input too: the engine then takes it for
		// a pipe from a GUI, not a terminal with a person at it.
		fstat: notHere,
		open: notHere, close: notHere, stat: notHere, lstat: notHere, readdir: notHere,
		mkdir: notHere, rmdir: notHere, unlink: notHere, rename: notHere, readlink: notHere,
		link: notHere, symlink: notHere, truncate: notHere, ftruncate: notHere, utimes: notHere,
		chmod: notHere, fchmod: notHere, chown: notHere, fchown: notHere, lchown: notHere,
	};

	importScripts(execURL.href); // defines Go; keeps the fs above

	const go = new Go();
	go.argv = ["matador", ...args];
	// "quit" (or the end of bench) ends the program; the worker then has
	// nothing left to do. So does a panic, with status 2: the last line
	// tells the page, which would otherwise wait for an answer that never
	// comes, and can start another worker.
	go.exit = (code) => {
		stdout.flush();
		stderr.flush();
		if (code !== 0) {
			console.error("matador: exit status", code);
		}
		self.postMessage(`info string matador exited with status ${code}`);
		self.close();
	};

	// download fetches the module, counting its bytes as they come when
	// asked to (on a slow line the page says how far it has got).
	async function download() {
		const response = await fetch(wasmURL.href);
		if (!progress || !response.ok || !response.body || typeof TransformStream === "undefined") {
			return response;
		}
		const total = Number(response.headers.get("Content-Length")) || 0;
		let loaded = 0;
		let told = 0;
		const tell = () => self.postMessage(`info string loading ${loaded} of ${total} bytes`);
		const counter = new TransformStream({
			transform(chunk, controller) {
				loaded += chunk.byteLength;
				if (Date.now() - told >= 100) {
					told = Date.now();
					tell();
				}
				controller.enqueue(chunk);
			},
			flush() {
				tell();
			},
		});
		tell();
		return new Response(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers: response.headers });
	}

	// Streaming compilation needs the server to send application/wasm; a
	// server that does not gets the slower path instead of a failure.
	async function instantiate() {
		if (WebAssembly.instantiateStreaming) {
			try {
				return await WebAssembly.instantiateStreaming(download(), go.importObject);
			} catch (err) {
				// fall through
			}
		}
		const response = await download();
		if (!response.ok) {
			throw new Error(`${wasmURL.href}: HTTP ${response.status}`);
		}
		return WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
	}

	instantiate().then(
		(result) => go.run(result.instance),
		(err) => {
			// Said in UCI too, so that a page waiting for "uciok" learns why
			// none comes.
			console.error("matador: cannot start:", err);
			self.postMessage(`info string matador.worker.js cannot load ${wasmURL.href}: ${err.message || err}`);
		},
	);
})();
