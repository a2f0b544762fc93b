/**
 * The periodic sweep of OAuth records that nobody can use any more (see
 * {@linkcode OAuthServer.sweep}): run once at start and then every few minutes by each server.
 * Several servers sweeping the same store is harmless: deleting a deleted record is a no-op.
 *
 * @module
 */
import { errorFields, type Logger } from "../log.ts";
import type { OAuthServer } from "./oauth_server.ts";

/** Often enough that pending clients outlive their hour by minutes, rarely enough to cost nothing. */
export const OAUTH_SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Starts sweeping; the returned function stops it. The timer never keeps the process alive. */
export function startOAuthSweep(
  oauth: OAuthServer,
  logger: Logger,
  everyMs = OAUTH_SWEEP_EVERY_MS,
): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await oauth.sweep();
      if (removed.pendingClients + removed.expired > 0) {
        logger.info("oauth records swept", {
          pending_clients: removed.pendingClients,
          expired: removed.expired,
        });
      }
    } catch (error) {
      logger.warn("oauth sweep failed; the next one tries again", errorFields(error));
    } finally {
      running = false;
    }
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, everyMs);
  Deno.unrefTimer(first);
  Deno.unrefTimer(timer);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
