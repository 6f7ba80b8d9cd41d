// bench.mjs runs bench.html (matador bench in the worker) in headless
// Chromium and prints its last line, "<nodes> nodes <nps> nps", as the
// native "matador bench" prints it. docs/browser.md compares the three.
//
//   make web && node web/test/bench.mjs
import { chromium } from "playwright-core";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, chromiumOptions } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = await serve(path.resolve(process.env.WEB || path.join(here, "..", "..", "build", "web")));
const browser = await chromium.launch(chromiumOptions);
try {
	const page = await browser.newPage();
	await page.goto(`http://127.0.0.1:${server.address().port}/bench.html`);
	await page.click("#run");
	await page.waitForSelector("#result[data-nps]", { timeout: 600000 });
	console.log(`${await page.getAttribute("#result", "data-nodes")} nodes ${await page.getAttribute("#result", "data-nps")} nps`);
} finally {
	await browser.close();
	server.close();
}
