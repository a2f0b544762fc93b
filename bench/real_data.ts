/**
 * Where the benches find the real JobSpy postings: `../shared/data/jobspy/` beside the checkout
 * (never copied into the repo).
 *
 * @module
 */

export const REAL_DATA_DIR = new URL("../../shared/data/jobspy/", import.meta.url);

/** Paths of every CSV one folder below the data directory, sorted. */
export function realCsvFiles(): string[] {
  const paths: string[] = [];
  for (const dir of Deno.readDirSync(REAL_DATA_DIR)) {
    if (!dir.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${dir.name}/`, REAL_DATA_DIR))) {
      if (file.name.endsWith(".csv")) {
        paths.push(decodeURIComponent(new URL(`${dir.name}/${file.name}`, REAL_DATA_DIR).pathname));
      }
    }
  }
  return paths.sort();
}
