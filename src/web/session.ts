/**
 * Web sessions: a person signs in with an API key once; the server keeps a session in the store
 * (src/store/web_session_store.ts) and the browser holds only a random token in an HttpOnly,
 * SameSite=Lax cookie (Secure when the public URL is https): a link to a search shared in webmail
 * or chat opens signed in (Strict sent it to sign-in, reviewer W50), while every form that changes
 * state still needs this site's Origin and the session's form token, and no GET changes state. A session ends when it expires,
 * when the person signs out, or when its key is revoked: every request checks the key again.
 *
 * @module
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { apiKeyHash, type ApiKeyRegistry } from "../auth/api_keys.ts";
import { randomSecret, sha256Hex } from "../crypto.ts";
import type { Principal } from "../domain/service.ts";
import type { WebSessionRecord, WebSessionStore } from "../store/web_session_store.ts";

export const SESSION_COOKIE = "jobseek_session";
/** Longer cookies cannot be one of our tokens: not worth a store read. */
const MAX_TOKEN_LENGTH = 128;

export interface WebSession {
  principal: Principal;
  record: WebSessionRecord;
  tokenHash: string;
}

export interface WebSessionOptions {
  store: WebSessionStore;
  apiKeys: ApiKeyRegistry;
  /** How long a session lasts (ms). */
  lifetimeMs: number;
  /** Mark the cookie Secure (the public URL is https). */
  secure: boolean;
  now?: () => number;
}

/** Opens, reads and closes sessions. */
/**
 * The sign-in page's path for a request with no session, back to `next` once signed in; marked
 * `ended` where the request's cookie named a session that no longer is one (its hours over, signed
 * out elsewhere, its key revoked), so the page says why what was asked was not done: a search typed
 * into an open page, or a search saved, had ended on the bare sign-in form (reviewer W, session 42).
 */
export function signInPath(c: Context, next: string): string {
  // A form posted with no cookie at all comes from a page whose session was signed out in another
  // tab (its cookie went with it): what it asked was not done either (reviewer W51).
  const ended =
    getCookie(c, SESSION_COOKIE) !== undefined || !["GET", "HEAD"].includes(c.req.method)
      ? "&ended"
      : "";
  return `/signin?next=${encodeURIComponent(next)}${ended}`;
}

export class WebSessions {
  readonly #options: WebSessionOptions;
  readonly #now: () => number;

  constructor(options: WebSessionOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Signs in with `key`: a new session and its cookie, or null when the key is not valid. The
   * person's previous session (if the cookie named one) ends, so a sign-in never keeps an old
   * token alive.
   */
  async signIn(c: Context, key: string): Promise<Principal | null> {
    const principal = await this.#options.apiKeys.verify(key);
    if (!principal) return null;
    await this.#forget(c);
    const token = randomSecret("jws_");
    const now = this.#now();
    await this.#options.store.saveSession(sha256Hex(token), {
      keyHash: apiKeyHash(key),
      formToken: randomSecret(""),
      createdAt: now,
      expiresAt: now + this.#options.lifetimeMs,
    });
    setCookie(c, SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: this.#options.secure,
      maxAge: Math.floor(this.#options.lifetimeMs / 1000),
    });
    return principal;
  }

  /** Deletes the session the request's cookie names, if any. */
  async #forget(c: Context): Promise<void> {
    const token = getCookie(c, SESSION_COOKIE);
    if (token && token.length <= MAX_TOKEN_LENGTH) {
      await this.#options.store.deleteSession(sha256Hex(token));
    }
  }

  /** The request's session, or null: none, unknown, expired, or its key revoked. */
  async read(c: Context): Promise<WebSession | null> {
    const token = getCookie(c, SESSION_COOKIE);
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const tokenHash = sha256Hex(token);
    const record = await this.#options.store.findSession(tokenHash);
    if (!record) return null;
    if (record.expiresAt <= this.#now()) {
      await this.#options.store.deleteSession(tokenHash);
      return null;
    }
    const principal = await this.#options.apiKeys.verifyHash(record.keyHash);
    if (!principal) {
      await this.#options.store.deleteSession(tokenHash);
      return null;
    }
    return { principal, record, tokenHash };
  }

  /** Ends the request's session (if any) and clears its cookie. */
  async signOut(c: Context): Promise<void> {
    await this.#forget(c);
    deleteCookie(c, SESSION_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: this.#options.secure,
    });
  }
}
