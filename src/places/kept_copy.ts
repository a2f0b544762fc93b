/**
 * A copy kept beside a data file of what a process derives from it (the places' tables, the
 * occupations), so that the next process reads it instead of deriving it again. Its key names the
 * file (path, size, time of change) and the source of the code that derives it: a copy made from
 * another file or by other code is never taken for current.
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * The key a copy derived from `file` by the modules `sources` must carry; null when the code is
 * not read from files (a copy could not be told stale) or the file cannot be read.
 */
export function keptCopyKey(file: string, sources: readonly URL[]): string | null {
  try {
    const hash = createHash("sha256");
    for (const url of sources) {
      if (url.protocol !== "file:") return null;
      hash.update(Deno.readTextFileSync(url));
    }
    const { size, mtime } = Deno.statSync(file);
    hash.update(JSON.stringify([file, size, mtime?.getTime() ?? null]));
    return hash.digest("hex");
  } catch {
    return null;
  }
}

/**
 * Writes a copy whole or not at all (a rename), so that a process never reads one half written by
 * another. A folder it may not write to (a read-only install) leaves the copy unwritten: the next
 * process derives it again.
 */
export function writeKeptCopy(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.${Deno.pid}-${crypto.randomUUID()}`;
  try {
    if (typeof data === "string") Deno.writeTextFileSync(temporary, data);
    else Deno.writeFileSync(temporary, data);
    Deno.renameSync(temporary, path);
  } catch {
    try {
      Deno.removeSync(temporary);
    } catch {
      // Never written.
    }
  }
}
