import { chromium } from "playwright-core";
import { serve, chromiumOptions } from "./serve.mjs";
const server = await serve("/work/wt72/build/web");
const browser = await chromium.launch(chromiumOptions);
const base = `http://127.0.0.1:${server.address().port}/`;
const errs = [];
for (const [w, h, scheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errs.push(m.text()); });
  page.on("pageerror", (e) => errs.push(String(e)));
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForFunction(() => window.matadorPage && window.matadorPage.state().status === "Your move" && document.querySelector('[data-square="e2"].movable'), null, { polling: 20, timeout: 30000 });
  console.log(w, "playable", Date.now() - t0);
  await page.click('[data-square="e2"]'); await page.click('[data-square="e4"]');
  await page.waitForFunction(() => window.matadorPage.state().moves.length === 2, null, { timeout: 30000 });
  await page.screenshot({ path: `/tmp/dev-${w}.png` });
  await page.check('input[name="mode"][value="analyse"]', { force: true });
  await page.waitForTimeout(4000);
  console.log(JSON.stringify((await page.evaluate(() => window.matadorPage.state())).analysis.map(l => l.sans.join(" "))));
  await page.screenshot({ path: `/tmp/dev-${w}-an.png` });
  await ctx.close();
}
console.log(errs);
await browser.close(); server.close();
