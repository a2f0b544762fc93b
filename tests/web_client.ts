/**
 * How the web tests reach a web app in process, as a browser would: at one origin, with a session
 * cookie, redirects left unfollowed, and (for the address limits) a peer address.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { PEER_HEADER } from "../src/http/guarded_connection.ts";
import { SESSION_COOKIE } from "../src/web/session.ts";

export const ORIGIN = "http://127.0.0.1:8000";

export type WebRequest = (
  path: string,
  init?: RequestInit & { peer?: string; cookie?: string },
) => Promise<Response>;

/** Requests to `app` as they arrive from a browser: a redirect is the answer, not followed. */
export function webRequester(
  app: { fetch(request: Request, env?: unknown): Response | Promise<Response> },
): WebRequest {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.peer) headers.set(PEER_HEADER, init.peer);
    const request = new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
    // The peer header counts only on a connection the guard hands over (a unix socket's).
    return Promise.resolve(
      app.fetch(request, init.peer ? { remoteAddr: { transport: "unix", path: "" } } : undefined),
    );
  };
}

/** Signs in with `key`; returns the session cookie (`name=value`). */
export async function signIn(web: { request: WebRequest }, key: string): Promise<string> {
  const response = await web.request("/signin", {
    method: "POST",
    headers: { origin: ORIGIN },
    body: new URLSearchParams({ api_key: key, next: "/" }),
  });
  assert.equal(response.status, 303);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(cookie, "no session cookie");
  return cookie.split(";")[0];
}
