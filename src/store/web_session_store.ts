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
import { KV_LIMITS, sizeOf } from "./kv_limits.ts";

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

/**
 * The CV a session searched last: its text as read and the work typed beside it, so that its
 * results page is a GET that Back, reload and a posting's "back" link open again (a POST's page
 * was "Confirm Form Resubmission" after a posting was opened from it: reviewer W51). One a session;
 * it goes when the session is signed out or ends, or when the next CV replaces it.
 */
export interface WebSessionCv {
  text: string;
  work: string;
  fileName: string;
  /** Characters of the file past what a profile holds, not read. */
  cut: number;
}

const WebSessionCvSchema: z.ZodType<WebSessionCv> = z.object({
  text: z.string(),
  work: z.string(),
  fileName: z.string(),
  cut: z.number().int().min(0),
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

  /** Deletes the session and the CV it searched, at once. */
  async deleteSession(tokenHash: string): Promise<void> {
    await this.#kv.commitOrThrow(
      (op) => op.delete(keys.webSession(tokenHash)).delete(keys.webSessionCv(tokenHash)),
      "end a web session",
    );
  }

  /**
   * Keeps `cv` as the session's until `expiresAt` (the session's end), replacing one before, in an
   * atomic with the session still there: a sign-out while the CV was read (seconds, for a PDF) had
   * left its text stored after the session (reviewer C51). False where the session is gone or the
   * CV is more than one value of KV holds.
   */
  async saveCv(tokenHash: string, cv: WebSessionCv, expiresAt: number): Promise<boolean> {
    const session = await this.#kv.get(keys.webSession(tokenHash), WebSessionSchema);
    if (session.value === null || sizeOf(cv) > KV_LIMITS.valueBytes) return false;
    const expireIn = Math.max(1000, expiresAt - Date.now());
    return await this.#kv.commit((op) =>
      op.check({ key: keys.webSession(tokenHash), versionstamp: session.versionstamp })
        .set(keys.webSessionCv(tokenHash), cv, { expireIn })
    );
  }

  /** The CV the session searched last, or null. */
  async findCv(tokenHash: string): Promise<WebSessionCv | null> {
    return (await this.#kv.get(keys.webSessionCv(tokenHash), WebSessionCvSchema)).value;
  }
}
