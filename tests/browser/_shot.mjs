import puppeteer from "puppeteer-core";
import fs from "node:fs";
const KEY = fs.readFileSync("/tmp/s37/key", "utf8").trim();
const BASE = "http://localhost:8732";
const [, , width, ...queries] = process.argv;
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const page = await browser.newPage();
await page.setViewport({ width: Number(width), height: 800 });
await page.goto(`${BASE}/signin`);
await page.type("input[name=api_key]", KEY);
await Promise.all([page.waitForNavigation(), page.click("form[action='/signin'] button[type=submit]")]);
for (const q of queries) {
  await page.goto(`${BASE}/?q=${encodeURIComponent(q)}`);
  const name = q.replace(/[^a-z0-9]+/gi, "_").slice(0, 30);
  await page.screenshot({ path: `/tmp/s39/shots/${name}_${width}.png`, fullPage: false });
  const text = await page.evaluate(() => document.querySelector("main")?.innerText ?? document.body.innerText);
  console.log("=== " + q + "\n" + text.slice(0, 1200));
}
await browser.close();
