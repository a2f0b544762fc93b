import { strict as assert } from "node:assert";
import { createProgressReporter } from "./progress.ts";

Deno.test("createProgressReporter() prints a line per 10% when not on a terminal", () => {
  const out: string[] = [];
  const progress = createProgressReporter({
    label: "import",
    tty: false,
    write: (t) => out.push(t),
  });
  progress.update(0, 2000, "a.csv");
  progress.update(150, 2000, "a.csv");
  progress.update(250, 2000, "a.csv");
  progress.update(1999, 2000, "b.csv"); // crosses several steps: one line
  progress.update(2000, 2000, "b.csv");
  progress.finish("Imported 2,000 rows");
  assert.deepEqual(out, [
    "import: 10% (250/2,000) a.csv\n",
    "import: 90% (1,999/2,000) b.csv\n",
    "import: 100% (2,000/2,000) b.csv\n",
    "Imported 2,000 rows\n",
  ]);
});

Deno.test("createProgressReporter() redraws one line on a terminal and ends it", () => {
  const out: string[] = [];
  const progress = createProgressReporter({
    label: "index",
    tty: true,
    columns: 60,
    redrawMs: 0,
    write: (t) => out.push(t),
  });
  progress.update(1, 4);
  progress.update(4, 4, "a-rather-long-file-name-that-does-not-fit-the-terminal.csv");
  progress.finish();
  assert.equal(out[0], "\rindex [######------------------]  25% 1/4\x1b[K");
  assert.ok(out[1].startsWith("\rindex [########################] 100% 4/4 a-rather"));
  assert.ok(out[1].endsWith("…\x1b[K"));
  assert.ok(out[1].length - "\r\x1b[K".length <= 59);
  assert.equal(out[2], "\n");
  assert.equal(out.length, 3);
});

Deno.test("createProgressReporter() throttles redraws but always shows the end", () => {
  const out: string[] = [];
  const progress = createProgressReporter({
    tty: true,
    redrawMs: 60_000,
    write: (t) => out.push(t),
  });
  for (let i = 1; i <= 50; i++) progress.update(i, 100);
  progress.finish();
  assert.equal(out.length, 3);
  assert.match(out[0], / 1% 1\/100/);
  assert.match(out[1], / 50% 50\/100/);
  assert.equal(out[2], "\n");
});
