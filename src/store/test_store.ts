/**
 * For the store's own tests: a store over a memory KV that the test can also read and write raw.
 *
 * @module
 */
import { createLogger } from "../log.ts";
import { type Store, storeOn } from "./store.ts";

/** Runs `fn` on a fresh store; the store's log lines (warnings about corrupt records) go to `lines`. */
export async function withStore(
  fn: (store: Store, kv: Deno.Kv, lines: string[]) => Promise<void>,
): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  const lines: string[] = [];
  const store = storeOn(kv, { logger: createLogger({ write: (line) => lines.push(line) }) });
  try {
    await fn(store, kv, lines);
  } finally {
    store.close();
  }
}
