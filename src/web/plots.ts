/**
 * The console's plots, drawn on the server by Observable Plot into SVG over linkedom's DOM (no
 * browser script, no canvas): each is served as an image of its own (`/admin/plots/NAME.svg`), so
 * the page's Content-Security-Policy needs no inline style for Plot's stylesheet, and each sits
 * beside a table of the same numbers. docs/web.md says why this library.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import type { ConsoleData } from "./console_data.ts";
import { valueLabel } from "../domain/value_labels.ts";

const WIDTH = 640;
/** Characters XML 1.0 does not allow: C0 controls but tab, newline and carriage return. */
// deno-lint-ignore no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const HEIGHT = 320;

type PlotDocument = NonNullable<Parameters<typeof Plot.plot>[0]>["document"];
type Figure = (data: ConsoleData, document: PlotDocument) => ReturnType<typeof Plot.plot>;

const day = (text: string) => new Date(`${text}T00:00:00Z`);

/** Labels each line at its last point: no HTML legend, so the SVG stands alone. */
function lineLabels<T>(rows: T[], x: string, y: string, z: string) {
  return Plot.text(rows, Plot.selectLast({ x, y, z, text: z, dx: 4, textAnchor: "start" }));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A time axis's tick in UTC as operators read logs: 24-hour ("17:30", not D3's "05:30" and "PM"),
 * seconds where the tick has them (publishes 45 s apart read "18:17" ten times: reviewer C58), a
 * midnight as its day ("Dec 3"), a new year's as the year.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(utcTick(new Date("2026-12-03T17:30:00Z")), "17:30");
 * assert.equal(utcTick(new Date("2026-12-03T17:30:15Z")), "17:30:15");
 * assert.equal(utcTick(new Date("2026-12-03T00:00:00Z")), "Dec 3");
 * assert.equal(utcTick(new Date("2026-01-01T00:00:00Z")), "2026");
 * ```
 */
export function utcTick(date: Date): string {
  const time = date.toISOString().slice(11, 19);
  if (time !== "00:00:00") return time.endsWith(":00") ? time.slice(0, 5) : time;
  return date.getUTCMonth() === 0 && date.getUTCDate() === 1
    ? String(date.getUTCFullYear())
    : `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** One dotted line a series over time, each named at its end. */
function seriesLines(
  document: PlotDocument,
  rows: Record<string, unknown>[],
  keys: { x: string; y: string; z: string },
  axes: { x: string; y: string; marginRight: number },
) {
  const { x, y, z } = keys;
  return Plot.plot({
    document,
    width: WIDTH,
    height: HEIGHT,
    marginRight: axes.marginRight,
    x: { type: "utc", label: axes.x, tickFormat: utcTick },
    y: { label: axes.y, grid: true },
    marks: [
      Plot.ruleY([0]),
      // z named: left implicit, Plot warns on the console (not a JSON log line) when a series has few
      // points (an operator's trial, session 57).
      Plot.lineY(rows, { x, y, z, stroke: z, marker: "dot" }),
      lineLabels(rows, x, y, z),
    ],
  });
}

/** Stored postings by a field's values, one bar a value, the largest on top. */
function countBars(
  document: PlotDocument,
  counts: { value: string; count: number }[],
  look: { barHeight: number; marginLeft: number; fill: string },
) {
  return Plot.plot({
    document,
    width: WIDTH,
    height: Math.max(120, look.barHeight * counts.length + 40),
    marginLeft: look.marginLeft,
    x: { label: "Postings", grid: true },
    y: { label: null },
    marks: [
      Plot.barX(counts, { x: "count", y: "value", sort: { y: "-x" }, fill: look.fill }),
      Plot.ruleX([0]),
    ],
  });
}

export const PLOTS: Record<string, Figure> = {
  "first-seen": (data, document) =>
    seriesLines(
      document,
      data.postings.firstSeen.map((r) => ({ ...r, day: day(r.day) })),
      { x: "day", y: "count", z: "source" },
      { x: "Day first seen", y: "Postings", marginRight: 70 },
    ),
  searches: (data, document) => {
    const rows = data.searches.flatMap((m) => [
      { minute: new Date(m.minute), value: m.count, series: "searches/min" },
      ...(m.p50Ms === null
        ? []
        : [{ minute: new Date(m.minute), value: m.p50Ms, series: "p50 ms" }]),
      ...(m.p95Ms === null
        ? []
        : [{ minute: new Date(m.minute), value: m.p95Ms, series: "p95 ms" }]),
    ]);
    return seriesLines(document, rows, { x: "minute", y: "value", z: "series" }, {
      x: "Minute (UTC)",
      y: "Searches per minute / latency (ms)",
      marginRight: 90,
    });
  },
  publishes: (data, document) =>
    Plot.plot({
      document,
      width: WIDTH,
      height: HEIGHT,
      marginRight: 60,
      x: { type: "utc", label: "When", tickFormat: utcTick },
      y: { label: "Seconds", grid: true },
      marks: [
        Plot.ruleY([0]),
        Plot.dot(data.publishes.map((p) => ({ ...p, at: new Date(p.at) })), {
          x: "at",
          y: "seconds",
          stroke: "kind",
          symbol: "kind",
        }),
      ],
      symbol: { legend: false },
    }),
  // The 20 largest countries: a long tail would squeeze the bars to nothing.
  countries: (data, document) =>
    countBars(document, data.postings.byCountry.slice(0, 20), {
      barHeight: 24,
      marginLeft: 80,
      fill: "steelblue",
    }),
  "work-modes": (data, document) =>
    countBars(
      document,
      data.postings.byWorkMode.map((row) => ({ ...row, value: valueLabel("remote", row.value) })),
      {
        barHeight: 30,
        marginLeft: 90,
        fill: "darkorange",
      },
    ),
};

/**
 * The plot `name` of `data`, as a standalone SVG document. Plot's own stylesheet (a `<style>`
 * element: font and sizing defaults) is left out, so the image needs no inline style under any
 * Content-Security-Policy; its marks carry their colours as attributes, and the page gives the
 * image its white ground (web.css).
 */
export function renderPlot(name: keyof typeof PLOTS, data: ConsoleData): string {
  const dom = parseHTML("<!doctype html><html><body></body></html>") as unknown as {
    document: PlotDocument;
  };
  const figure = PLOTS[name](data, dom.document);
  for (const style of [...figure.querySelectorAll("style")]) style.remove();
  figure.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  // Names are scraped text: a C0 control (not allowed in XML) would make the image fail whole.
  const text = figure.outerHTML.replace(XML_INVALID, "\uFFFD");
  return `<?xml version="1.0" encoding="utf-8"?>\n${text}`;
}
