/**
 * Sessions of the web page (src/web/): a person signed in with an API key. Stored by the hash of
 * the session token (the cookie holds the token, the store never does), with the hash of the key
 * it was opened with, so that revoking the key ends the session.
 *
 * @module
 */
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

export interface WebSessionRecord {
  /** SHA-256 hex of the API key the person signed in with. */
  keyHash: string;
  /** The token every state-changing form of this session must carry (CSRF). */
  formToken: string;
  createdAt: number;
  /** When the session ends (ms since the epoch). */
  expiresAt: number;
}

const WebSessionSchema: z.ZodType<WebSessionRecord> = z.object({
  keyHash: z.string().regex(/^[0-9a-f]{64}$/),
  formToken: z.string().min(16),
  createdAt: z.number(),
  expiresAt: z.number(),
});

/** Web sessions by token hash; KV's `expireIn` reclaims the space of ended ones. */
export class WebSessionStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  async saveSession(tokenHash: string, record: WebSessionRecord): Promise<void> {
    const expireIn = Math.max(1000, record.expiresAt - Date.now());
    await this.#kv.set(keys.webSession(tokenHash), record, { expireIn });
  }

  /** The record, whatever its `expiresAt` (the caller's clock judges), or null. */
  async findSession(tokenHash: string): Promise<WebSessionRecord | null> {
    return (await this.#kv.get(keys.webSession(tokenHash), WebSessionSchema)).value;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.#kv.delete(keys.webSession(tokenHash));
  }
}
