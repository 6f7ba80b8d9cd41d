// serve.mjs: a static server for the folder "make web" writes, as any a
// user would put it on (with the application/wasm type that lets the
// browser compile the module while it downloads).
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml" };

// serve listens on a free port of 127.0.0.1 and resolves with the server.
// wasmRate, in bytes a second, sends .wasm files at that pace, in chunks,
// as a slow line would (the page's progress is then seen).
export function serve(dir, wasmRate = 0) {
	const server = http.createServer((req, res) => {
		const url = new URL(req.url, "http://localhost");
		const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ""));
		const name = file.endsWith(path.sep) ? path.join(file, "index.html") : file;
		fs.readFile(name, (err, data) => {
			if (err) {
				res.writeHead(404);
				res.end();
				return;
			}
			res.writeHead(200, { "Content-Type": types[path.extname(name)] || "application/octet-stream", "Content-Length": data.length });
			if (!wasmRate || path.extname(name) !== ".wasm") {
				res.end(data);
				return;
			}
			const chunk = 64 << 10;
			let at = 0;
			const next = () => {
				if (res.destroyed) {
					return;
				}
				res.write(data.subarray(at, at + chunk));
				at += chunk;
				if (at >= data.length) {
					res.end();
				} else {
					setTimeout(next, (chunk / wasmRate) * 1000);
				}
			};
			next();
		});
	});
	return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// The Chromium of the system, headless, with nothing of its own on the
// network.
export const chromiumOptions = {
	executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
	args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
