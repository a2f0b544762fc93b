/**
 * A lease at one key: of the servers sharing a store, the owner that holds it does the leased work
 * (publishing, a source's pull, a saved search's deliveries) until it runs out. A server that dies
 * holding one is outlived by it, so the lease ends on its own rather than when released.
 *
 * @module
 */
import { z } from "zod";
import type { KvAccess } from "./kv.ts";

const LeaseSchema = z.object({ owner: z.string(), until: z.number() });

/** Takes the lease at `key` for `ms` unless another owner holds a live one; true when taken. */
export async function takeLease(
  kv: KvAccess,
  key: Deno.KvKey,
  owner: string,
  ms: number,
  now: number,
): Promise<boolean> {
  const held = await kv.get(key, LeaseSchema);
  if (held.value && held.value.owner !== owner && held.value.until > now) return false;
  return await kv.commit((op) => op.check(held).set(key, { owner, until: now + ms }));
}

/** Gives the lease at `key` back, if `owner` still holds it. */
export async function releaseLease(kv: KvAccess, key: Deno.KvKey, owner: string): Promise<void> {
  const held = await kv.get(key, LeaseSchema);
  if (held.value?.owner !== owner) return;
  await kv.commit((op) => op.check(held).delete(key));
}
