/**
 * `deno run -A bench/cv_reader.ts`: what a PDF bomb costs the server that reads CVs for the web page
 * (src/web/cv_reader.ts). Reads three small PDFs, one whose page unpacks to a gigabyte, then six
 * small ones, printing each read's time, outcome and the server process's resident memory after it;
 * then the time of a plain small CV's read, the median of ten (what reading out of process costs).
 *
 * @module
 */
import { pdfBomb } from "../fixtures/pdf_bomb.ts";
import { CvReader } from "../src/web/cv_reader.ts";

const encoder = new TextEncoder();
const print = (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

const reader = new CvReader();
const small = await pdfBomb(64 * 1024);
const bomb = await pdfBomb(1024 * 1024 * 1024);

async function timedRead(label: string, name: string, bytes: Uint8Array): Promise<number> {
  const started = performance.now();
  let outcome: string;
  try {
    const cv = await reader.read(name, bytes);
    outcome = `read, ${cv.text.length} characters`;
  } catch (error) {
    outcome = `refused: ${error instanceof Error ? error.message : error}`;
  }
  const ms = performance.now() - started;
  print(
    `${label.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms  rss ${
      mib(Deno.memoryUsage().rss).padStart(8)
    }  ${outcome}`,
  );
  return ms;
}

print(`load average: ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
print(`start             rss ${mib(Deno.memoryUsage().rss).padStart(8)}`);
for (let i = 1; i <= 3; i++) await timedRead(`small ${i}`, "cv.pdf", small);
await timedRead("bomb", "cv.pdf", bomb);
for (let i = 4; i <= 9; i++) await timedRead(`small ${i}`, "cv.pdf", small);

const text = encoder.encode("Registered nurse in Toronto, ten years on surgical wards.\n");
const times: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await reader.read("cv.txt", text);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
print(`a small .txt CV: median ${times[5].toFixed(0)} ms, fastest ${times[0].toFixed(0)} ms`);
