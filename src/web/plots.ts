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

export const PLOTS: Record<string, Figure> = {
  "first-seen": (data, document) =>
    Plot.plot({
      document,
      width: WIDTH,
      height: HEIGHT,
      marginRight: 70,
      x: { type: "utc", label: "Day first seen" },
      y: { label: "Postings", grid: true },
      marks: [
        Plot.ruleY([0]),
        Plot.lineY(data.postings.firstSeen.map((r) => ({ ...r, day: day(r.day) })), {
          x: "day",
          y: "count",
          stroke: "source",
          marker: "dot",
        }),
        lineLabels(
          data.postings.firstSeen.map((r) => ({ ...r, day: day(r.day) })),
          "day",
          "count",
          "source",
        ),
      ],
    }),
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
    return Plot.plot({
      document,
      width: WIDTH,
      height: HEIGHT,
      marginRight: 90,
      x: { type: "utc", label: "Minute (UTC)" },
      y: { label: "Searches per minute / latency (ms)", grid: true },
      marks: [
        Plot.ruleY([0]),
        Plot.lineY(rows, { x: "minute", y: "value", stroke: "series", marker: "dot" }),
        lineLabels(rows, "minute", "value", "series"),
      ],
    });
  },
  publishes: (data, document) =>
    Plot.plot({
      document,
      width: WIDTH,
      height: HEIGHT,
      marginRight: 60,
      x: { type: "utc", label: "When" },
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
  countries: (data, document) =>
    Plot.plot({
      document,
      width: WIDTH,
      height: Math.max(120, 24 * Math.min(20, data.postings.byCountry.length) + 40),
      marginLeft: 80,
      x: { label: "Postings", grid: true },
      y: { label: null },
      marks: [
        Plot.barX(data.postings.byCountry.slice(0, 20), {
          x: "count",
          y: "value",
          sort: { y: "-x" },
          fill: "steelblue",
        }),
        Plot.ruleX([0]),
      ],
    }),
  "work-modes": (data, document) =>
    Plot.plot({
      document,
      width: WIDTH,
      height: Math.max(120, 30 * data.postings.byWorkMode.length + 40),
      marginLeft: 90,
      x: { label: "Postings", grid: true },
      y: { label: null },
      marks: [
        Plot.barX(data.postings.byWorkMode, {
          x: "count",
          y: "value",
          sort: { y: "-x" },
          fill: "darkorange",
        }),
        Plot.ruleX([0]),
      ],
    }),
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
