/**
 * Which store an operator command works on. Read-only commands open only a store that exists:
 * opening a missing SQLite file would create an empty one (in whatever directory the command ran
 * from) and report "no keys" or "0 postings" about a store nobody uses.
 *
 * @module
 */
import type { Store } from "../src/store/store.ts";
import { resolvePath } from "./io.ts";

function isFileLocation(location: string): boolean {
  return location !== ":memory:" && !/^https?:\/\//.test(location);
}

/**
 * The store's location as a person can find it again: an absolute path for a file (a relative one
 * taken from `cwd`, the run's working directory), else as given.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(storeName(":memory:", "/srv"), ":memory:");
 * assert.equal(storeName("/srv/jobseek.sqlite3", "/home/ada"), "/srv/jobseek.sqlite3");
 * assert.equal(storeName("./data/x.sqlite3", "/srv"), "/srv/data/x.sqlite3");
 * assert.equal(storeName("https://kv.example/db", "/srv"), "https://kv.example/db");
 * ```
 */
export function storeName(location: string, cwd: string): string {
  return isFileLocation(location) ? resolvePath(cwd, location) : location;
}

/**
 * Opens the store at `location` (absolute, or a KV Connect URL, as `resolveConfig` gives it), or
 * throws naming it when it does not exist (and creates nothing).
 */
export async function openExistingStore(location: string): Promise<Store> {
  if (isFileLocation(location)) {
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(location);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      throw new Error(
        `No store at ${location}. Point --kv or JOBSEEK_KV at the server's store (its default is ` +
          "./data/jobseek.sqlite3 in the directory the server runs in); `jobseek serve` or " +
          "`jobseek ingest` creates one.",
      );
    }
    if (!info.isFile) throw new Error(`Cannot open the store ${location}: it is not a file.`);
  }
  return await openStore(location);
}

/** The store's code, loaded on first use: `storeName` alone (`jobseek config`) needs none of it. */
async function openStore(location: string): Promise<Store> {
  const { openStore } = await import("../src/store/store.ts");
  return await openStore(location);
}

/**
 * Runs `fn` on the store at `location` (as `resolveConfig` gives it) and closes it after. Only
 * commands that create something (`create`) may create the store; the others need a store that
 * exists.
 */
export async function withOperatorStore<T>(
  location: string,
  fn: (store: Store, name: string) => Promise<T>,
  { create = false } = {},
): Promise<T> {
  const store = create ? await openStore(location) : await openExistingStore(location);
  try {
    return await fn(store, location);
  } finally {
    store.close();
  }
}
